// The replay page: steps through a finished game, one move at a time or by a jump.
(function () {
  "use strict";
  const script = document.currentScript;
  const table = script.dataset.table;
  const steps = Number(script.dataset.steps);
  const $ = (id) => document.getElementById(id);
  // The page's words in the reader's language: the JSON in #words (English text -> translation).
  const words = JSON.parse($("words")?.textContent || "{}");
  const say = (key, values = {}) =>
    (words[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
  let step = 0;

  async function show(wanted) {
    step = Math.max(0, Math.min(steps, wanted));
    $("step").value = step;
    const response = await fetch(`/api/tables/${table}/replay/${step}`);
    const data = await response.json();
    if (!response.ok) { $("error").textContent = data.detail; return; }
    $("error").textContent = "";
    $("mover").textContent = data.mover === null ? say("The start.") : say("After a move of seat {number}.", {number: data.mover + 1});
    $("view").textContent = JSON.stringify(data.view, null, 1);
    $("log").replaceChildren(...data.log.map((entry) => {
      const li = document.createElement("li");
      li.textContent = entry.text;
      return li;
    }));
  }

  $("first").onclick = () => show(0);
  $("back").onclick = () => show(step - 1);
  $("forward").onclick = () => show(step + 1);
  $("last").onclick = () => show(steps);
  $("step").onchange = () => show(Number($("step").value));
  show(0);
})();
