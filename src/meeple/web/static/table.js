// The plain table page: shows the seat's position and sends its moves over the WebSocket.
(function () {
  "use strict";
  const table = document.currentScript.dataset.table;
  const $ = (id) => document.getElementById(id);
  let log = [];
  let version = 0;
  let counter = 0;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws/${table}`);
  const nonce = () => `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const send = (message) => socket.send(JSON.stringify(message));
  const line = (entry) => {
    const li = document.createElement("li");
    li.textContent = entry.text;
    return li;
  };

  function show(state) {
    version = state.version;
    log = log.slice(0, state.log_start).concat(state.log);
    $("version").textContent = version;
    $("status").textContent = state.over ? "The game is over." :
      (state.legal.length ? "Your move." : "Waiting for " + state.to_move.map((s) => s + 1).join(", ") + ".");
    $("view").textContent = JSON.stringify(state.view, null, 1);
    $("log").replaceChildren(...log.map(line));
    $("recap").replaceChildren(...(state.recap_start === null ? [] : log.slice(state.recap_start).map(line)));
    $("legal").replaceChildren(...state.legal.map((entry) => {
      const button = document.createElement("button");
      button.textContent = entry.label;
      button.onclick = () => send({type: "move", action: entry.action, version: version, nonce: nonce()});
      return button;
    }));
    $("undo").hidden = !state.can_undo;
    clock = state.clock;
    tick();
    if (state.over) {
      $("end").hidden = false;
      $("sheet").textContent = JSON.stringify(state.score_sheet, null, 1);
    }
  }

  let clock = null;
  function tick() {
    if (!clock) { $("clock").textContent = ""; return; }
    const now = Date.now() / 1000;
    $("clock").textContent = Object.entries(clock.deadlines).map(([seat, deadline]) =>
      `Seat ${Number(seat) + 1}: ${Math.max(0, Math.round(deadline - now))} s left.`).join(" ");
  }
  setInterval(tick, 1000);

  $("undo").onclick = () => send({type: "undo", version: version, nonce: nonce()});
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") { $("error").textContent = ""; show(message); }
    else if (message.type === "answer" && !message.ok) { $("error").textContent = `[${message.rule}] ${message.reason}`; }
    else if (message.type === "error") { $("error").textContent = message.reason; }
  };
  socket.onclose = (event) => { $("error").textContent = `Disconnected (${event.code} ${event.reason}); reload the page.`; };
})();
