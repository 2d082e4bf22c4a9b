// The table page's core: the socket, the position, and choosing a move by clicking.
//
// No rule lives here. The server sends the seat's legal actions, each with the board elements
// it involves (`elements`, ids such as "hex:C4"). The game's module, /static/games/<game>.js,
// draws the view into #board and marks each clickable thing with `data-element="<id>"`, and
// may mark an area holding such things (a board space) with `data-area`.
// A click keeps the legal actions that involve every element clicked so far; when one is
// left it is shown to be confirmed. The same actions are always listed as buttons (#legal)
// for the keyboard and screen readers.
//
// A game module exports `render(board, state, previous)`: `state` is the server's position
// (see docs/protocol.md), `previous` the one shown before it (or null), so that a module can
// highlight what others changed. Words the page itself writes come from the JSON in #words.

import {renderSheet} from "/static/sheet.js";
import {translate as say} from "/static/words.js";

const root = document.getElementById("table");
const table = root.dataset.table;
const game = root.dataset.game;
const $ = (id) => document.getElementById(id);

let drawing = null;
try {
  drawing = await import(`/static/games/${game}.js`);
} catch {
  drawing = null; // a game without a drawing is played from the list
}

let socket = null;
let state = null;
let previous = null;
let log = [];
let selection = [];
let counter = 0;
let retry = 500;
let myTurn = false;

/** What the page says for the protocol's own refusals, by their code (a refusal by a game's
 * rule comes with its reason already said in the reader's language). */
const REFUSALS = {
  "stale": say("The table has changed since you chose: choose again."),
  "malformed": say("The server could not read that move."),
  "not a seat": say("Only a seat of this table may move."),
  "game over": say("The game is over."),
  "undo": say("Nothing to undo: your turn has just started, something was revealed, or another seat has acted since."),
};
const TOO_MANY = say("Too many messages at once: wait a moment and try again.");
const UNREADABLE = say("The server could not read that message.");
const NO_SEAT = say("This link or cookie holds no seat at this table.");

const refusal = (answer) => REFUSALS[answer.rule] ?? `[${answer.rule}] ${answer.reason}`;

const nonce = () =>
  `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const send = (message) => socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message));
const move = (entry) => send({type: "move", action: entry.action, version: state.version, nonce: nonce()});

/** The outline of a seat's chip in the log, by the shape the game declares for the seat. */
const CHIP_SHAPES = {
  diamond: "polygon(50% 0, 100% 50%, 50% 100%, 0 50%)",
  triangle: "polygon(50% 0, 100% 100%, 0 100%)",
  hexagon: "polygon(25% 0, 75% 0, 100% 50%, 75% 100%, 25% 100%, 0 50%)",
};

/** A log line: who acted (a chip in the seat's colour and shape, then the seat's name), then
 * what they did; a line of the game itself (a scoring, a new round) has no actor. */
function line(entry) {
  const li = document.createElement("li");
  if (entry.seat !== null) {
    li.dataset.seat = entry.seat;
    const look = state?.seats?.[entry.seat] ?? {};
    const chip = document.createElement("span");
    chip.className = `chip shape-${look.shape ?? "circle"}`;
    chip.setAttribute("aria-hidden", "true");
    Object.assign(chip.style, {display: "inline-block", width: ".8em", height: ".8em", marginRight: ".3em",
      verticalAlign: "-.05em", background: look.colour ?? "#767676", clipPath: CHIP_SHAPES[look.shape] ?? "none",
      borderRadius: look.shape === "circle" ? "50%" : "0"});
    const who = document.createElement("b");
    who.className = "actor";
    who.textContent = `${seatName(entry.seat)}: `;
    li.append(chip, who);
  } else {
    li.className = "event";
  }
  li.append(entry.text);
  return li;
}

/** The legal actions that involve every element selected so far. */
function candidates() {
  if (!state) return [];
  return state.legal.filter((entry) => selection.every((id) => (entry.elements || []).includes(id)));
}

function markBoard() {
  const left = candidates();
  const open = new Set(left.flatMap((entry) => entry.elements || []));
  for (const node of $("board").querySelectorAll("[data-element]")) {
    const id = node.dataset.element;
    node.classList.toggle("selected", selection.includes(id));
    node.classList.toggle("candidate", open.has(id) && !selection.includes(id));
  }
}

function showChoices() {
  const left = candidates();
  $("legal").replaceChildren(...left.map((entry) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = entry.label;
    button.onclick = () => { selection = []; move(entry); };
    return button;
  }));
  $("clear").hidden = selection.length === 0;
  const single = selection.length > 0 && left.length === 1 ? left[0] : null;
  $("confirm").hidden = single === null;
  if (single) {
    $("confirm-label").textContent = single.label;
    $("confirm-send").onclick = () => { selection = []; move(single); };
  }
  markBoard();
}

function choose(id) {
  if (selection.includes(id)) {
    selection = selection.filter((other) => other !== id);
  } else {
    const next = selection.concat([id]);
    const involved = (entry) => next.every((e) => (entry.elements || []).includes(e));
    selection = state.legal.some(involved) ? next : [id];
    if (!state.legal.some((entry) => (entry.elements || []).includes(id))) selection = [];
  }
  showChoices();
}

function notice(nowMine) {
  if (nowMine && !myTurn) {
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification(root.dataset.title, {body: say("Your move.")});
    }
    if (document.hidden) beep();
  }
  myTurn = nowMine;
  document.title = (nowMine ? "● " : "") + root.dataset.title;
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = 660;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.15);
  } catch {
    // no sound in this browser
  }
}

function show(next) {
  previous = state;
  state = next;
  selection = [];
  log = log.slice(0, state.log_start).concat(state.log);
  $("version").textContent = state.version;
  const movers = state.to_move.map((seat) => seatName(seat)).join(", ");
  $("status").textContent = state.over ? say("The game is over.") :
    (state.legal.length ? say("Your move.") : say("Waiting for {seats}.", {seats: movers}));
  if (drawing) {
    drawing.render($("board"), state, previous);
  } else {
    $("board").replaceChildren(Object.assign(document.createElement("pre"), {
      textContent: JSON.stringify(state.view, null, 1),
    }));
  }
  $("log").replaceChildren(...log.map(line));
  $("recap").replaceChildren(...(state.recap_start === null ? [] : log.slice(state.recap_start).map(line)));
  $("undo").hidden = !state.can_undo;
  showChoices();
  tick();
  notice(state.legal.length > 0);
  if (state.over) {
    $("end").hidden = false;
    renderSheet($("sheet"), {
      sheet: state.score_sheet, words: state.score_words, scores: state.scores,
      winners: state.winners, seats: state.seats, seat: state.seat,
    });
  }
}

/** A seat as people know it: the name its player chose, else (a bot) its colour word. */
function seatName(seat) {
  const entry = state.seats[seat];
  return entry?.name || entry?.word || say("Seat {number}", {number: seat + 1});
}

function tick() {
  const clock = state?.clock;
  if (!clock) { $("clock").textContent = ""; return; }
  const now = Date.now() / 1000;
  $("clock").textContent = Object.entries(clock.deadlines).map(([seat, deadline]) =>
    say("{seat}: {seconds} s left.", {seat: seatName(Number(seat)), seconds: Math.max(0, Math.round(deadline - now))}),
  ).join(" ");
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const opened = new WebSocket(`${scheme}//${location.host}/ws/${table}`);
  socket = opened;
  opened.onopen = () => { retry = 500; $("offline").hidden = true; };
  opened.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") { $("error").textContent = ""; show(message); }
    else if (message.type === "answer" && !message.ok) { $("error").textContent = refusal(message); }
    else if (message.type === "error") { $("error").textContent = "retry_after" in message ? TOO_MANY : UNREADABLE; }
  };
  opened.onclose = (event) => {
    if (socket !== opened) return;
    socket = null;
    if (event.code === 4401) { $("error").textContent = NO_SEAT; return; } // retrying cannot help
    $("offline").hidden = false;
    if (event.code === 4403) return;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  };
}

/** A socket that the browser keeps open while offline would deliver nothing: drop it. */
function reconnect() {
  const old = socket;
  socket = null;
  old?.close();
  log = [];
  connect();
}

/** What a click picks: the drawn thing clicked, or, when that is no choice now, the choice
 * nearest to the click inside the area clicked (`data-area`, such as a board space): a figure
 * on a phone-sized board is a few pixels wide, and a tap anywhere on its space will do. */
function picked(target, event) {
  const node = target.closest("[data-element]");
  if (node && (node.classList.contains("candidate") || node.classList.contains("selected"))) return node;
  const area = target.closest("[data-area]");
  const distance = (inner) => {
    const box = inner.getBoundingClientRect();
    return Math.hypot(box.x + box.width / 2 - event.clientX, box.y + box.height / 2 - event.clientY);
  };
  const inside = [...(area?.querySelectorAll("[data-element].candidate") ?? [])];
  return inside.sort((a, b) => distance(a) - distance(b))[0] ?? node;
}

$("board").addEventListener("click", (event) => {
  const node = picked(event.target, event);
  if (node && state && !state.over) choose(node.dataset.element);
});
$("board").addEventListener("keydown", (event) => {
  const node = event.target.closest("[data-element]");
  if (node && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); choose(node.dataset.element); }
});
$("clear").onclick = () => { selection = []; showChoices(); };
$("confirm-cancel").onclick = () => { selection = []; showChoices(); };
$("undo").onclick = () => send({type: "undo", version: state.version, nonce: nonce()});
$("notify").onclick = () => Notification.requestPermission();
$("notify").hidden = !("Notification" in window) || Notification.permission !== "default";
window.addEventListener("offline", () => { $("offline").hidden = false; });
window.addEventListener("online", reconnect);
setInterval(tick, 1000);
connect();
