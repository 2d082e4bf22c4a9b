// The table page's core: the socket, the position, and choosing a move by clicking.
//
// No rule lives here. The server sends the seat's legal actions, each with the board elements
// it involves (`elements`, ids such as "hex:C4"). The game's module, /static/games/<game>.js,
// draws the view into #board and marks each clickable thing with `data-element="<id>"`, and
// may mark an area holding such things (a board space) with `data-area`, and each movable
// piece with `data-piece` and `data-at` (motion.js slides a piece another seat moved).
// A click keeps the legal actions that involve every element clicked so far; when one is
// left it is played at once (Undo takes it back), or, where the player asked for it in this
// browser (localStorage), shown in the action bar to be confirmed. The action bar (#bar) stays
// at the top of the window: the status, the moves still open after a click, Confirm, Cancel,
// Undo. A click on a drawn thing that no legal move goes on with asks the server why not
// (/api/tables/<id>/why: the engine's rule and reason) and says it next to the thing. The
// same actions are always listed as buttons (#legal) for the keyboard and screen readers.
//
// At a tutorial table the position says the learner's step (`tutorial`): the page shows its
// texts in the bar (those to read first, each closed with Next), lets the player choose only
// the move the step asks for, by clicking its elements in order (the next one glows), and
// asks the server why not for any other click (the step's text, or the rule's reason).
//
// A game module exports `render(board, state, previous)`: `state` is the server's position
// (see docs/protocol.md), `previous` the one shown before it (or null), so that a module can
// highlight what others changed. Words the page itself writes come from the JSON in #words.

import {updateHints} from "/static/hints.js";
import {follow} from "/static/motion.js";
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
let seated = root.dataset.seat !== "";
let askedWhy = 0;

/** This browser's choice: confirm each move (true), or play a move once one is left. */
const CONFIRM_KEY = "meeple.confirm-moves";
const askConfirm = () => { try { return localStorage.getItem(CONFIRM_KEY) === "1"; } catch { return false; } };
/** At most this many moves are offered as buttons in the action bar after a click. */
const OFFERED = 12;
/** Moves this few are all offered in the bar before any click (the bag, a pass). */
const FEW = 3;

/** What the page says for the protocol's own refusals, by their code (a refusal by a game's
 * rule comes with its reason already said in the reader's language). */
const REFUSALS = {
  "stale": say("The table has changed since you chose: choose again."),
  "malformed": say("The server could not read that move."),
  "not a seat": say("Only a seat of this table may move."),
  "game over": say("The game is over."),
  "undo": say("Nothing to undo: your turn has just started, something was revealed, or another seat has acted since."),
  "tutorial": say("Not now: this step of the tutorial asks for another move."),
};
const TOO_MANY = say("Too many messages at once: wait a moment and try again.");
const UNREADABLE = say("The server could not read that message.");
const GONE = say("Your seat was taken over: its link was used in another browser, or the table's creator handed it to a bot or gave it a new link. You are watching as a spectator now. To play again, ask the creator for a new invite link.");
const MUTE = say("Mute");
const MUTED = say("Muted in this browser:");

/** What the page says for a click that no rule of the game answers, by the server's code. */
const WHY = {
  "not your turn": say("It is not your turn."),
  "game over": say("The game is over."),
  "not a seat": say("Spectators cannot move."),
  "no choice": say("Nothing can be done with that now."),
  "tutorial": say("Not now: this step of the tutorial asks for another move."),
};

/** A refusal in words; the tutorial's adds what its step asks for. */
const refusal = (answer) => withStep(answer.rule, REFUSALS[answer.rule] ?? `[${answer.rule}] ${answer.reason}`);
const withStep = (rule, text) => (rule === "tutorial" && state?.tutorial?.text ? `${text} ${state.tutorial.text}` : text);

const nonce = () =>
  `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
/** Sends a message over the socket; whether it could be sent. */
function send(message) {
  if (socket?.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}
/** Sends a move; the action bar is busy (`aria-busy`) until the server's answer or the next
 * position comes, so that nothing clicked meanwhile is taken for a choice in the old one. */
const move = (entry) => {
  if (send({type: "move", action: entry.action, version: state.version, nonce: nonce()})) $("bar").setAttribute("aria-busy", "true");
};
const idle = () => $("bar").removeAttribute("aria-busy");

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

// -- the tutorial -------------------------------------------------------------------------------
/** How many of each step's texts to read the player has closed with Next, by step number:
 * kept for the tab (sessionStorage), so that a reload does not show them again. */
const READS_KEY = `meeple.tutorial-read.${table}`;
const readsDone = new Map((() => { try { return JSON.parse(sessionStorage.getItem(READS_KEY) || "[]"); } catch { return []; } })());
/** The same action, whatever the order of its fields. */
const sameAction = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
/** The tutorial's step while the player is to make its move (its texts read), else null. */
function guide() {
  const step = state?.tutorial;
  if (!step?.action || !state.legal.length || (readsDone.get(step.step) ?? 0) < step.reads.length) return null;
  return step;
}
/** The element of the step's move to click next (null when all are chosen, or no step). */
function guideNext() {
  return guide()?.highlight.find((id) => !selection.includes(id)) ?? null;
}
/** The moves the player may choose now: every legal one, or the step's at a tutorial table
 * (none while its texts are being read). */
function playable() {
  if (!state?.tutorial?.action || !state.legal.length) return state?.legal ?? [];
  const step = guide();
  return step ? state.legal.filter((entry) => sameAction(entry.action, step.action)) : [];
}

/** The tutorial's panel in the bar: the next text to read (with Next), or what to do now. */
function showTutorial() {
  const step = state?.tutorial;
  $("tutorial").hidden = !step;
  if (!step) return;
  const read = readsDone.get(step.step) ?? 0;
  const reading = read < step.reads.length ? step.reads[read] : null;
  const text = reading ? reading.text : (step.waiting ? "" : step.text);
  const rule = reading ? reading.rule : step.rule;
  $("tutorial-count").textContent = step.done ? say("Tutorial: the end.") : say("Tutorial: step {step} of {steps}", {step: Math.min(step.step, step.steps), steps: step.steps});
  $("tutorial-text").textContent = text ?? "";
  $("tutorial-rule").hidden = !rule || !text;
  $("tutorial-rule").href = `/rules/${game}${rule ? `#${rule}` : ""}`;
  $("tutorial-next").hidden = !reading;
  if (step.done && !reading) $("tutorial").hidden = true; // read to the end: a free game
}
$("tutorial-next").onclick = () => {
  const step = state.tutorial;
  readsDone.set(step.step, (readsDone.get(step.step) ?? 0) + 1);
  try { sessionStorage.setItem(READS_KEY, JSON.stringify([...readsDone])); } catch { /* this page only */ }
  selection = [];
  showTutorial();
  showChoices();
  if (guide()) showNext();
};

/** The legal actions that involve every element selected so far. */
function candidates() {
  if (!state) return [];
  return playable().filter((entry) => selection.every((id) => (entry.elements || []).includes(id)));
}

function markBoard() {
  const left = candidates();
  const next = guideNext();
  // At a tutorial's step only its elements are open (the next one glows); else every element
  // of a move left.
  const open = new Set(guide() ? guide().highlight : left.flatMap((entry) => entry.elements || []));
  for (const node of $("board").querySelectorAll("[data-element]")) {
    const id = node.dataset.element;
    node.classList.toggle("selected", selection.includes(id));
    node.classList.toggle("candidate", open.has(id) && !selection.includes(id));
    node.classList.toggle("guide", id === next);
  }
}

function moveButton(entry) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = entry.label;
  button.onclick = () => { selection = []; move(entry); };
  return button;
}

/** Whether an action is one of the game's buttons (end the turn, pass, done) only. */
const buttonOnly = (entry) => (entry.elements || []).every((id) => id.startsWith("button:"));

function showChoices() {
  const left = candidates();
  $("legal").replaceChildren(...left.map(moveButton));
  $("clear").hidden = selection.length === 0;
  // A tutorial's move is complete once each of its highlighted elements is chosen.
  const complete = !guide() || guideNext() === null;
  const single = complete && selection.length > 0 && left.length === 1 ? left[0] : null;
  $("confirm").hidden = single === null;
  if (single) {
    $("confirm-label").textContent = single.label;
    $("confirm-send").onclick = () => { selection = []; move(single); };
  }
  // The action bar offers the moves still open after a click (a few), or else the game's
  // buttons (end the turn, pass): what is to do next is where the player looks.
  let offered = [];
  if (guide()) offered = left.filter(buttonOnly); // the board shows the way: only its buttons here
  else if (single === null && selection.length > 0 && left.length <= OFFERED) offered = left;
  else if (selection.length === 0) offered = left.length <= FEW ? left : left.filter(buttonOnly);
  $("actions").replaceChildren(...offered.map(moveButton));
  const prompt = single !== null || guide() ? "" : selection.length === 0 ? "" :
    left.length <= OFFERED ? say("Choose one:") : say("{count} moves fit your choice: go on choosing on the board.", {count: left.length});
  $("prompt").textContent = prompt;
  $("prompt").hidden = prompt === "";
  markBoard();
}

/** Offers the legal move whose action is `action` in the action bar, to be confirmed (a
 * suggestion of "What would a bot do?"). */
function offerMove(action) {
  const wanted = JSON.stringify(action);
  const entry = state?.legal.find((legal) => JSON.stringify(legal.action) === wanted);
  if (!entry) return;
  selection = [];
  showChoices();
  $("confirm").hidden = false;
  $("confirm-label").textContent = entry.label;
  $("confirm-send").onclick = () => { move(entry); };
}

/** A click at a tutorial's step: one of its elements is chosen (the move is made once all
 * are, in any order); a chosen one clicked again starts the move over. */
function guidedChoose(id) {
  if (selection.includes(id)) selection = [];
  else if (guide().highlight.includes(id)) selection = selection.concat([id]);
  if (guideNext() === null && !askConfirm()) {
    const [entry] = candidates();
    selection = [];
    if (entry) move(entry);
  }
  showChoices();
  showNext();
}

function choose(id) {
  hideWhy();
  if (guide()) { guidedChoose(id); return; }
  if (selection.includes(id)) {
    selection = selection.filter((other) => other !== id);
  } else {
    const next = selection.concat([id]);
    const involved = (entry) => next.every((e) => (entry.elements || []).includes(e));
    selection = playable().some(involved) ? next : [id];
    if (!playable().some((entry) => (entry.elements || []).includes(id))) selection = [];
  }
  const left = candidates();
  if (selection.length > 0 && left.length === 1 && !askConfirm()) {
    selection = [];
    move(left[0]); // one move left: played at once (Undo is at hand)
  }
  showChoices();
  if (selection.length > 0) showNext();
}

/** After a choice, the things that may be clicked next are scrolled into the window, below
 * the action bar (which grows with the moves it offers): a figure chosen at the foot of the
 * board must not leave the spaces it can walk to out of sight. Where they do not all fit,
 * the first of them stays in view. */
function showNext() {
  const margin = 8;
  for (let tries = 0; tries < 3; tries++) {
    const boxes = [...$("board").querySelectorAll("[data-element].candidate")]
      .map((node) => node.getBoundingClientRect()).filter((box) => box.width || box.height);
    if (!boxes.length) return;
    const top = Math.min(...boxes.map((box) => box.top));
    const bottom = Math.max(...boxes.map((box) => box.bottom));
    const below = Math.max(0, $("bar").getBoundingClientRect().bottom) + margin;
    let step = 0;
    if (top < below) step = top - below;
    else if (bottom > innerHeight - margin) step = Math.max(0, Math.min(bottom - innerHeight + margin, top - ($("bar").offsetHeight + margin)));
    if (Math.abs(step) < 1) return;
    window.scrollBy({top: step, behavior: "instant"});
  }
}

/** Asks the server why the thing `node` (an id in `data-thing`) cannot be used now, and says
 * the engine's reason, with its rule, next to it. Nothing is chosen or played. */
async function whyNot(node) {
  const asked = ++askedWhy;
  const picked = selection.filter((id) => id !== node.dataset.thing).concat([node.dataset.thing]);
  const query = picked.map((id) => `element=${encodeURIComponent(id)}`).join("&");
  let answer = null;
  try {
    const response = await fetch(`/api/tables/${table}/why?${query}`, {headers: {Accept: "application/json"}});
    answer = response.ok ? await response.json() : null;
  } catch {
    answer = null;
  }
  if (asked !== askedWhy || answer === null) return;
  const bubble = $("whynot");
  const reason = answer.game ? answer.reason : withStep(answer.rule, WHY[answer.rule] ?? WHY["no choice"]);
  bubble.replaceChildren(document.createTextNode(reason));
  if (answer.game) {
    const rule = Object.assign(document.createElement("a"), {
      href: `/rules/${game}`, target: "_blank", rel: "noopener", className: "rule",
      textContent: say("rule {rule}", {rule: answer.rule}),
    });
    bubble.append(" ", rule);
  }
  const box = node.getBoundingClientRect();
  const width = Math.min(320, document.documentElement.clientWidth - 16);
  bubble.style.width = `${width}px`;
  bubble.style.left = `${Math.max(8, Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8))}px`;
  bubble.style.top = `${box.bottom + window.scrollY + 6}px`;
  bubble.hidden = false;
  clearTimeout(whyNot.timer);
  whyNot.timer = setTimeout(hideWhy, 5000);
}

function hideWhy() {
  askedWhy++;
  $("whynot").hidden = true;
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
  idle();
  previous = state;
  state = next;
  // A choice half made stays while some move still fits it (another seat's move in a step
  // that all seats play at once, such as planning, changes nothing of it).
  if (!candidates().length) selection = [];
  log = log.slice(0, state.log_start).concat(state.log);
  $("version").textContent = state.version;
  const movers = state.to_move.map((seat) => seatName(seat)).join(", ");
  $("status").textContent = state.over ? say("The game is over.") :
    (state.legal.length ? say("Your move.") : say("Waiting for {seats}.", {seats: movers}));
  $("bar").classList.toggle("mine", state.legal.length > 0);
  hideWhy();
  if (drawing) {
    drawing.render($("board"), state, previous);
    follow($("board"), othersMoved(previous, state));
  } else {
    $("board").replaceChildren(Object.assign(document.createElement("pre"), {
      textContent: JSON.stringify(state.view, null, 1),
    }));
  }
  $("log").replaceChildren(...log.map(line));
  $("recap").replaceChildren(...(state.recap_start === null ? [] : log.slice(state.recap_start).map(line)));
  $("undo").hidden = !state.can_undo;
  showTutorial();
  showChoices();
  updateHints(table, state, offerMove);
  if (guide()) showNext(); // the thing to click next is in the window, also on a phone
  tick();
  notice(state.legal.length > 0);
  root.classList.toggle("over", state.over);
  if (state.over) {
    showResult();
    $("end").hidden = false;
    renderSheet($("sheet"), {
      sheet: state.score_sheet, words: state.score_words, scores: state.scores,
      winners: state.winners, seats: state.seats, seat: state.seat,
    });
  }
}

/** Whether `next` follows `before` by the move of a seat other than this page's (any seat's,
 * for a spectator): then the pieces it moved slide to their places. */
function othersMoved(before, next) {
  if (!before || next.version <= before.version) return false;
  const mover = log.findLast((entry) => entry.seat !== null)?.seat;
  return mover !== undefined && mover !== next.seat;
}

/** The result panel at the top: the winner, the placings with their points, the links to
 * the score sheet, the replay and the record, and a new table with the same seats. */
function showResult() {
  const seats = state.seats.map((entry, seat) => ({seat, name: seatName(seat), points: state.scores[seat]}));
  const winners = state.winners.map((seat) => seatName(seat));
  $("result-title").textContent = state.winners.includes(state.seat) ?
    (winners.length > 1 ? say("You share the win with {names}.", {names: winners.filter((n) => n !== seatName(state.seat)).join(", ")}) : say("You won!")) :
    say("Winner: {names}.", {names: winners.join(", ")});
  seats.sort((a, b) => b.points - a.points);
  const ratings = new Map((state.ratings || []).map((change) => [change.seat, change]));
  $("placings").replaceChildren(...seats.map((entry) => {
    const li = document.createElement("li");
    li.dataset.seat = entry.seat;
    const name = Object.assign(document.createElement("span"), {className: "name", textContent: entry.name});
    const points = Object.assign(document.createElement("span"), {className: "points", textContent: say("Points: {points}", {points: entry.points})});
    li.append(name, " ");
    if (entry.seat === state.seat) li.append(say("(you)"), " ");
    li.append(points);
    const change = ratings.get(entry.seat);
    if (change) li.append(" · ", ratingChange(change));
    if (state.winners.includes(entry.seat)) li.classList.add("winner");
    if (entry.seat === state.seat) li.classList.add("me");
    return li;
  }));
  // The same seats: people get new invite links; a person alone with bots sits down at once
  // (seat 1, the bots after it, each the same bot).
  const others = state.seats.filter((_, seat) => seat !== state.seat);
  const alone = state.seat !== null && others.every((entry) => entry.kind === "bot");
  const order = alone ? [state.seats[state.seat], ...others] : state.seats;
  const field = (name, value) => Object.assign(document.createElement("input"), {type: "hidden", name, value});
  const fields = [field("players", String(order.length)), ...(alone ? [field("quick", "1")] : []),
    ...order.flatMap((entry, seat) => entry.kind === "bot" ?
      [field(`seat_${seat}`, "human"), field(`seat_${seat}_spec`, entry.bot || "")] : [field(`seat_${seat}`, "human")])];
  $("again-fields").replaceChildren(...fields);
  $("result").hidden = false;
}

/** A seat's rating change at the end of a rated game: the new rating and the change, linked
 * to the player's profile (a deleted account has none). */
function ratingChange(change) {
  const moved = change.after - change.before;
  const text = say("Rating {rating} ({change})", {
    rating: change.after.toFixed(1), change: (moved >= 0 ? "+" : "-") + Math.abs(moved).toFixed(1),
  }) + (change.abandoned ? " " + say("(left to a bot)") : "");
  const node = document.createElement(change.player === null ? "span" : "a");
  Object.assign(node, {className: "rating", textContent: text});
  if (change.player !== null) node.href = `/players/${encodeURIComponent(change.player)}`;
  return node;
}

/** The seat this page played is gone (its link used elsewhere, handed to a bot, reissued):
 * the browser's cookie for it is dropped, and the page becomes the spectator's. */
async function seatGone() {
  try {
    await fetch(`/tables/${table}/forget`, {method: "POST"});
  } catch {
    // the cookie stays; the spectator's page still shows the message
  }
  becomeSpectator(GONE);
  log = [];
  connect();
}

function becomeSpectator(message) {
  seated = false;
  root.classList.add("spectator");
  $("who").firstChild.textContent = say("Watching as a spectator.") + " ";
  $("gone").textContent = message;
  $("gone").hidden = false;
  selection = [];
  hideWhy();
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

/** The position a `delta` frame makes of `held` (docs/protocol.md): a new object, with copies
 * of only the objects on a changed path, so that `previous` stays as it was shown. */
function applied(held, delta) {
  const result = {...held};
  const copied = new Set([result]);
  for (const [path, ...value] of delta.changes) {
    let node = result;
    for (const key of path.slice(0, -1)) {
      if (!copied.has(node[key])) {
        node[key] = Array.isArray(node[key]) ? [...node[key]] : {...node[key]};
        copied.add(node[key]);
      }
      node = node[key];
    }
    if (value.length) node[path.at(-1)] = value[0];
    else delete node[path.at(-1)];
  }
  return {...result, type: "state", version: delta.version, log_start: delta.log_start, log: delta.log};
}

// The table's chat: lines come in `chat` frames (docs/protocol.md), each with its number, so a
// line sent again after a reconnection is shown once. A line is text as its writer wrote it:
// it is put in with textContent, never as markup. Muting a seat hides its lines in this
// browser only (localStorage, per table).
const chatLines = new Map();
const chatNonces = new Set();
const MUTED_KEY = `meeple.muted.${table}`;
function mutedSeats() {
  try { return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]")); } catch { return new Set(); }
}
function setMuted(seat, muted) {
  const seats = mutedSeats();
  if (muted) seats.add(seat); else seats.delete(seat);
  try { localStorage.setItem(MUTED_KEY, JSON.stringify([...seats])); } catch { /* kept for this page only */ }
  showChat();
}
function chatLine(entry, mine) {
  const li = line({seat: entry.seat, text: entry.text});
  li.dataset.number = entry.number;
  if (!mine) {
    const mute = document.createElement("button");
    mute.type = "button";
    mute.className = "mute";
    mute.textContent = MUTE;
    mute.setAttribute("aria-label", `${MUTE}: ${seatName(entry.seat)}`);
    mute.addEventListener("click", () => setMuted(entry.seat, true));
    li.append(mute);
  }
  return li;
}
let chatShown = "";
function showChat() {
  if (!state) return; // the names come with the first position
  const muted = mutedSeats();
  // Drawn again only when something shown changed: the list is a live region, and a screen
  // reader would read it all out again at every move.
  const shownKey = JSON.stringify([chatLines.size, [...muted], state.seats.map((_, seat) => seatName(seat))]);
  if (shownKey === chatShown) return;
  chatShown = shownKey;
  const mySeat = seated ? Number(root.dataset.seat) : null;
  const shown = [...chatLines.values()].filter((entry) => !muted.has(entry.seat));
  $("chat-lines").replaceChildren(...shown.map((entry) => chatLine(entry, entry.seat === mySeat)));
  $("chat-empty").hidden = chatLines.size > 0;
  const list = $("chat-lines");
  list.scrollTop = list.scrollHeight;
  const unmute = [...muted].filter((seat) => state.seats[seat]).map((seat) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = say("Unmute {name}", {name: seatName(seat)});
    button.addEventListener("click", () => setMuted(seat, false));
    return button;
  });
  $("muted").replaceChildren(MUTED, ...unmute);
  $("muted").hidden = unmute.length === 0;
}
function heardChat(message) {
  for (const entry of message.lines) chatLines.set(entry.number, entry);
  showChat();
}
$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value;
  if (!text.trim()) return;
  const id = nonce();
  if (send({type: "say", text, nonce: id})) { chatNonces.add(id); $("chat-error").textContent = ""; }
});
function chatAnswered(answer) {
  chatNonces.delete(answer.nonce);
  if (answer.ok) $("chat-text").value = "";
  else $("chat-error").textContent = answer.reason;
}

/** The answer to a chat line, or to a move or an undo: a refused one says why. */
function heardAnswer(answer) {
  if (chatNonces.has(answer.nonce)) chatAnswered(answer);
  else if (!answer.ok) { idle(); $("error").textContent = refusal(answer); }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  // Deltas from the position this page holds when it connects again as the same reader (not
  // a seat's page become a spectator's), else a whole one.
  const same = state && (state.seat === null) === !seated;
  const held = same ? `&version=${state.version}&log_start=${log.length}` : "";
  const opened = new WebSocket(`${scheme}//${location.host}/ws/${table}?deltas=1&answers=1${held}`);
  socket = opened;
  opened.onopen = () => { retry = 500; $("offline").hidden = true; };
  opened.onmessage = (event) => {
    // Answers decided before a position come in it (`?answers=1`): one frame, not two. They
    // are not part of the position held.
    let {answers = [], ...message} = JSON.parse(event.data);
    if (message.type === "delta") {
      if (state?.version !== message.from) {
        send({type: "sync", deltas: true, log_start: 0});
        answers.forEach(heardAnswer);
        return;
      }
      message = applied(state, message);
    }
    if (message.type === "chat") { heardChat(message); return; }
    if (message.type === "answer") { heardAnswer(message); return; }
    if (message.type === "state") {
      $("error").textContent = "";
      show(message);
      showChat();
      answers.forEach(heardAnswer);
    }
    else if (message.type === "error") { idle(); $("error").textContent = "retry_after" in message ? TOO_MANY : UNREADABLE; }
  };
  opened.onclose = (event) => {
    if (socket !== opened) return;
    socket = null;
    idle();
    if (event.code === 4401) { seatGone(); return; } // retrying with this cookie cannot help
    $("offline").hidden = false;
    if (event.code === 4403 || event.code === 4404) return; // another site's page; no such table
    // 1008 (over the connection rate) and every other close: try again, later and later.
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
  if (!state) return;
  const node = picked(event.target, event);
  const usable = node && (node.classList.contains("candidate") || node.classList.contains("selected"));
  if (usable && !state.over) { choose(node.dataset.element); return; }
  const thing = event.target.closest("[data-thing]");
  if (thing && seated && !state.over) whyNot(thing);
  else if (node && !state.over) choose(node.dataset.element);
});
$("board").addEventListener("keydown", (event) => {
  const node = event.target.closest("[data-element]");
  if (node && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); choose(node.dataset.element); }
});
$("ask-confirm").checked = askConfirm();
$("ask-confirm").onchange = (event) => {
  try { localStorage.setItem(CONFIRM_KEY, event.target.checked ? "1" : "0"); } catch { /* no storage: the default */ }
};
document.addEventListener("keydown", (event) => { if (event.key === "Escape") { hideWhy(); selection = []; showChoices(); } });
$("clear").onclick = () => { selection = []; hideWhy(); showChoices(); };
$("confirm-cancel").onclick = () => { selection = []; showChoices(); };
$("undo").onclick = () => send({type: "undo", version: state.version, nonce: nonce()});
$("notify").onclick = () => Notification.requestPermission();
$("notify").hidden = !("Notification" in window) || Notification.permission !== "default";
window.addEventListener("offline", () => { $("offline").hidden = false; });
window.addEventListener("online", reconnect);
setInterval(tick, 1000);
if (root.dataset.gone) becomeSpectator(GONE);
connect();
