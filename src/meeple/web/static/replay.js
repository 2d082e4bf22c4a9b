// The replay page: a finished game drawn one step at a time, as the reader saw it.
//
// Each step's frame (GET /api/tables/<id>/replay/<step>, docs/protocol.md) is drawn by the
// game's module, /static/games/<game>.js, as the table page draws a position: the frame is
// made into a position with no legal actions (nothing is clickable). A game without a drawing
// shows the view as JSON. The whole log is a list of the turns, each line a link to the step
// that made it (the frames' `log_at`); the arrow keys step, Home and End go to either end.
// The score sheet is the finished table's, drawn by sheet.js.
//
// Every English text this page writes is in WORDS; the page's #words JSON (English text ->
// translation) overrides them.

import {inLanguage, sayer} from "/static/words.js";
import {renderSheet} from "/static/sheet.js";
import {markStep, showAnalysis} from "/static/analysis.js";

const WORDS = {
  start: "The start.",
  after: "After a move of seat {number}.",
  afterNamed: "After a move of {name}.",
  step: "Move {step}",
  seat: "Seat {number}",
  keys: "Arrow keys: one move back or forward; Home and End: the start and the end.",
};

const say = sayer(WORDS);

const root = document.getElementById("table");
const table = root.dataset.table;
const game = root.dataset.game;
const steps = Number(root.dataset.steps);
const $ = (id) => document.getElementById(id);

let drawing = null;
try {
  drawing = await import(`/static/games/${game}.js`);
} catch {
  drawing = null; // a game without a drawing is shown as its view's JSON
}

/** The finished table as this reader sees it: its seats' names and its score sheet. */
const finished = await fetch(inLanguage(`/api/tables/${table}`)).then((response) => (response.ok ? response.json() : null)).catch(() => null);
const frames = new Map();
let step = -1;
let shown = null;
let wanted = 0;

async function frame(number) {
  if (!frames.has(number)) {
    frames.set(number, fetch(inLanguage(`/api/tables/${table}/replay/${number}`)).then(async (response) => {
      const data = await response.json();
      if (!response.ok) { frames.delete(number); throw new Error(data.detail || response.statusText); }
      return data;
    }));
  }
  return frames.get(number);
}

/** A frame as the drawing modules take a position: nobody may act in a replay. */
function position(data) {
  return {
    type: "state", table, game, version: data.step, seat: data.seat,
    seats: finished?.seats ?? [], to_move: [], view: data.view, legal: [], can_undo: false,
    log_start: 0, log: data.log, log_size: data.log.length, recap_start: null,
    over: data.step === data.steps, clock: null,
  };
}

/** The position before `number` (null when it cannot be had: no marks then). */
async function previousPosition(number) {
  return frame(number - 1).then(position, () => null);
}

function seatName(seat) {
  return finished?.seats?.[seat]?.name || null;
}

async function show(number) {
  wanted = Math.max(0, Math.min(steps, number));
  let data;
  try {
    data = await frame(wanted);
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  if (data.step !== wanted) return; // a later request won
  // The drawing marks what the move changed: stepping forward, from the position shown; after
  // a jump, from the step before (a position it did not draw last, so earlier marks go).
  const previous = !drawing || data.step === 0 ? null :
    step === data.step - 1 ? shown : await previousPosition(data.step);
  if (data.step !== wanted) return; // a later request won while the step before was fetched
  $("error").textContent = "";
  step = data.step;
  $("step").value = step;
  const name = data.mover === null ? null : seatName(data.mover);
  $("mover").textContent = data.mover === null ? say("start") :
    name ? say("afterNamed", {name}) : say("after", {number: data.mover + 1});
  const next = position(data);
  if (drawing) {
    drawing.render($("board"), next, previous);
  } else {
    $("board").replaceChildren(Object.assign(document.createElement("pre"), {textContent: JSON.stringify(data.view, null, 1)}));
  }
  shown = next;
  $("board").dataset.step = String(step); // the step drawn (the input may be ahead of it)
  markTurns(data);
  markStep(step);
  for (const [id, disabled] of [["first", step === 0], ["back", step === 0], ["forward", step === steps], ["last", step === steps]]) {
    $(id).disabled = disabled;
  }
}

/** The whole log, each line a link to the step that made it. */
async function listTurns() {
  const last = await frame(steps);
  const stepOf = (index) => last.log_at.findIndex((size) => size > index);
  $("log").replaceChildren(...last.log.map((entry, index) => {
    const made = Math.max(0, stepOf(index));
    const link = Object.assign(document.createElement("a"), {href: `#move-${made}`, textContent: entry.text});
    const who = entry.seat === null ? null : seatName(entry.seat) || finished?.seats?.[entry.seat]?.word || say("seat", {number: entry.seat + 1});
    if (who) link.prepend(Object.assign(document.createElement("b"), {textContent: `${who}: `}));
    link.onclick = (event) => { event.preventDefault(); show(made); };
    const item = document.createElement("li");
    item.dataset.step = made;
    item.value = made; // numbered by its move, as "Move N of M" counts (a move's lines share it)
    if (entry.seat !== null) item.dataset.seat = entry.seat;
    item.title = say("step", {step: made});
    item.append(link);
    return item;
  }));
}

/** Marks the lines made up to the step shown, the step's own lines most. */
function markTurns(data) {
  const lines = [...$("log").children];
  let current = null;
  for (const item of lines) {
    const made = Number(item.dataset.step);
    item.classList.toggle("past", made <= data.step);
    item.classList.toggle("now", made === data.step && data.step > 0);
    if (made === data.step && current === null) current = item;
  }
  const box = $("log");
  if (current) box.scrollTop = current.offsetTop - box.clientHeight / 2; // the list only, not the page
}

const STYLE = `
.replay #controls { position: sticky; top: 0; z-index: 2; background: #fff; padding: .4rem 0; margin: 0;
  display: flex; flex-wrap: wrap; align-items: center; gap: .35rem; border-bottom: 1px solid #ddd; }
.replay #controls button { min-width: 2.6rem; min-height: 2.2rem; font-size: 1rem; }
.replay #controls input { width: 4.5rem; font-size: 1rem; }
.replay #keys { color: #666; flex-basis: 100%; }
.replay #mover { font-weight: 600; margin: .4rem 0; }
.replay h3 { margin: .6rem 0 .3rem; }
.replay #board { margin-top: .8rem; }
.replay #log { position: relative; max-height: 9.5rem; overflow-y: auto; margin: 0; padding: .3rem .3rem .3rem 2.6rem;
  border: 1px solid #ddd; border-radius: 4px; background: #fafaf7; font-size: .92em; }
.replay #log li { padding: .1rem .2rem; color: #666; }
.replay #log li.past { color: #222; }
.replay #log li.now { background: #ffeeb8; font-weight: 600; }
.replay #log a { color: inherit; text-decoration: none; }
.replay #log li.costly::before { content: "▼ "; color: #a00; }
.replay #analysis { border: 1px solid #cbbf9f; border-radius: 8px; background: #faf7ef; padding: .3rem .8rem .6rem; margin: .6rem 0; }
.replay #analysis-chart { width: 100%; height: auto; max-height: 16rem; cursor: pointer; background: #fff; border: 1px solid #ddd; }
.replay #analysis-chart .costly-mark { cursor: pointer; }
.replay #analysis-seats { border-collapse: collapse; margin: .4rem 0; overflow-wrap: normal; }
.replay #analysis-seats th, .replay #analysis-seats td { padding: .15rem .5rem; text-align: right; border-bottom: 1px solid #ddd; }
.replay #analysis-seats th:first-child, .replay #analysis-seats td:first-child { text-align: left; white-space: nowrap; }
.replay .swatch { display: inline-block; width: .8em; height: .8em; border-radius: 50%; margin-right: .35em; vertical-align: baseline; }
.replay #analysis-worst { padding-left: 1.4rem; }
.replay #analysis-worst li { margin: .2rem 0; }
.replay #analysis progress { vertical-align: middle; }
.replay #log a:hover, .replay #log a:focus { text-decoration: underline; }
@media (max-width: 480px) {
  .replay #keys { display: none; }
  .replay #controls { gap: .2rem; }
  .replay #controls button { min-width: 2.3rem; padding: 0 .3rem; }
  .replay #controls input { width: 3.6rem; }
}
`;
document.head.append(Object.assign(document.createElement("style"), {textContent: STYLE}));

$("first").onclick = () => show(0);
$("back").onclick = () => show(wanted - 1);
$("forward").onclick = () => show(wanted + 1);
$("last").onclick = () => show(steps);
$("step").onchange = () => show(Number($("step").value));
$("keys").textContent = say("keys");
document.addEventListener("keydown", (event) => {
  if (event.target.closest?.("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
  const moves = {ArrowLeft: () => wanted - 1, ArrowRight: () => wanted + 1, Home: () => 0, End: () => steps};
  if (!(event.key in moves)) return;
  event.preventDefault();
  show(moves[event.key]());
});
if (finished?.over) {
  renderSheet($("sheet"), {
    sheet: finished.score_sheet, words: finished.score_words, scores: finished.scores,
    winners: finished.winners, seats: finished.seats, seat: finished.seat,
  });
  $("end").hidden = false;
}
await listTurns().catch((error) => { $("error").textContent = error.message; });
await show(0);
root.dataset.ready = "true";
if (finished?.over) {
  const nameOf = (seat) => seatName(seat) || finished.seats?.[seat]?.word || say("seat", {number: seat + 1});
  showAnalysis($("analysis"), table, finished.seats ?? [], nameOf, show, $("log"));
}
