// "What would a bot do?" on the table page (GET /api/tables/<id>/hint, docs/protocol.md): at a
// table that offers hints, on the seat's turn, the search's three best moves from the seat's
// own view, each with its estimated win chance; choosing one marks its things on the board and
// offers it in the action bar to be confirmed (the player still makes the move). A hint for a
// position that has moved on is dropped.

import {inLanguage, translate as say} from "/static/words.js";

const $ = (id) => document.getElementById(id);
let asked = 0;
let version = null;
/** The table page's way to offer a suggested move in its action bar (`updateHints`). */
let propose = () => {};

/** Marks the board elements of a suggested move (and only those). */
function markHinted(elements) {
  for (const node of $("board").querySelectorAll("[data-element]")) {
    node.classList.toggle("hinted", elements.includes(node.dataset.element));
  }
  $("board").querySelector(".hinted")?.scrollIntoView({block: "nearest"});
}

function suggestion(hint, index) {
  const item = document.createElement("li");
  const button = Object.assign(document.createElement("button"), {
    type: "button",
    textContent: say("{label} ({chance} % to win)", {label: hint.label, chance: Math.round(hint.chance * 100)}),
  });
  button.onclick = () => { markHinted(hint.elements || []); propose(hint.action); };
  item.append(button);
  return item;
}

async function ask(table) {
  const mine = ++asked;
  const button = $("hint");
  button.disabled = true;
  $("hints").hidden = false;
  $("hints").replaceChildren(Object.assign(document.createElement("li"), {textContent: say("The bot is thinking…")}));
  try {
    const response = await fetch(inLanguage(`/api/tables/${table}/hint`));
    const answer = await response.json();
    if (mine !== asked) return;
    if (!response.ok) throw new Error(answer.detail || response.statusText);
    if (answer.version !== version) { $("hints").hidden = true; return; }
    $("hints").replaceChildren(
      Object.assign(document.createElement("li"), {className: "hint-title", textContent: say("A bot would play, best first:")}),
      ...answer.hints.map(suggestion),
    );
    if (answer.hints.length) markHinted(answer.hints[0].elements || []);
  } catch (error) {
    if (mine === asked) $("hints").replaceChildren(Object.assign(document.createElement("li"), {className: "error", textContent: error.message}));
  } finally {
    button.disabled = false;
  }
}

/** Called with every position shown: the button while a hint may be asked (a choice of two
 * moves or more), no stale hint. `offer(action)` puts a suggested move in the action bar. */
export function updateHints(table, state, offer) {
  const button = $("hint");
  if (!button) return;
  propose = offer;
  button.hidden = !(state.hints && state.legal.length > 1 && !state.over && state.seat !== null);
  if (state.version !== version) {
    version = state.version;
    asked += 1;
    $("hints").hidden = true;
    $("hints").replaceChildren();
    for (const node of $("board").querySelectorAll(".hinted")) node.classList.remove("hinted");
  }
  button.onclick = () => ask(table);
}
