// The analysis of a finished game on the replay page (GET /api/tables/<id>/analysis,
// docs/protocol.md): while it is made, its progress; then every seat's estimated win chance
// across the game as a chart (a click on it goes to that move), each seat's summary, and the
// costliest moves with the move the search preferred, each a link to its step. The log's lines
// of a costly move are marked.
//
// Every English text this module writes is in WORDS (translated through the page's #words).

import {inLanguage, sayer} from "/static/words.js";

const WORDS = {
  title: "Analysis",
  making: "The game is being analysed: {done} of {total} moves.",
  failed: "The analysis could not be fetched: {reason}",
  about: "Each move is judged by the search from the mover's own view at the time ({budget} a move): its estimated win chance before and after. A move is marked costly when it costs at least {costly} %.",
  chart: "Each seat's estimated win chance, move by move",
  seat: "Seat",
  decisions: "Decisions",
  meanLoss: "Mean loss",
  costlyMoves: "Costly moves",
  worst: "The costliest moves",
  moveLine: "Move {step}: {name} — {label} ({before} % → {after} %).",
  preferred: "The search preferred: {label}.",
  none: "No costly move.",
  costlyMark: "costly move",
};

const say = sayer(WORDS);
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 720;
const HEIGHT = 220;
const PAD = 28;

function svg(tag, attributes = {}) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

const percent = (chance) => Math.round(chance * 100);

/** Moves the chart's marker to the step the replay shows (set once the chart is drawn). */
let placeStep = () => {};
let stepShown = 0;

/** The replay shows `step`: the chart marks its move. */
export function markStep(step) {
  stepShown = step;
  placeStep(step);
}

/** The chart: a step line per seat, costly moves as triangles; a click goes to that move. */
function chart(analysis, seats, go) {
  const moves = analysis.moves.length;
  const x = (index) => PAD + (WIDTH - 2 * PAD) * (moves <= 1 ? 0 : index / (moves - 1));
  const y = (chance) => HEIGHT - PAD - (HEIGHT - 2 * PAD) * chance;
  const picture = svg("svg", {viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", id: "analysis-chart"});
  picture.append(Object.assign(svg("title"), {textContent: say("chart")}));
  for (const level of [0, 0.5, 1]) {
    picture.append(svg("line", {x1: PAD, x2: WIDTH - PAD, y1: y(level), y2: y(level), stroke: "#ccc"}));
    picture.append(Object.assign(svg("text", {x: 2, y: y(level) + 4, "font-size": 11, fill: "#555"}), {textContent: `${percent(level)} %`}));
  }
  analysis.chart.forEach((series, seat) => {
    const colour = seats[seat]?.colour || "#333";
    let path = "";
    series.forEach((chance, index) => {
      if (chance === null) return;
      path += path ? ` H${x(index).toFixed(1)} V${y(chance).toFixed(1)}` : `M${x(index).toFixed(1)} ${y(chance).toFixed(1)}`;
    });
    if (path) picture.append(svg("path", {d: path, fill: "none", stroke: colour, "stroke-width": 2}));
    for (const move of analysis.moves) {
      if (move.seat !== seat || !move.costly) continue;
      const mark = svg("path", {
        d: `M${x(move.index) - 5} ${y(move.after) - 8} h10 l-5 8 z`, fill: colour, stroke: "#000",
        "stroke-width": 0.5, class: "costly-mark", "data-step": move.index + 1, tabindex: 0,
      });
      mark.append(Object.assign(svg("title"), {textContent: `${say("costlyMark")}: ${move.label}`}));
      mark.addEventListener("click", () => go(move.index + 1));
      mark.addEventListener("keydown", (event) => { if (event.key === "Enter") go(move.index + 1); });
      picture.append(mark);
    }
  });
  const now = svg("line", {y1: PAD - 6, y2: HEIGHT - PAD + 6, stroke: "#c60", "stroke-width": 1.5, id: "analysis-now", visibility: "hidden"});
  picture.append(now);
  placeStep = (step) => {
    now.setAttribute("visibility", step > 0 ? "visible" : "hidden");
    now.setAttribute("x1", x(Math.max(0, step - 1)));
    now.setAttribute("x2", x(Math.max(0, step - 1)));
  };
  picture.addEventListener("click", (event) => {
    if (event.target.classList.contains("costly-mark")) return;
    const box = picture.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * WIDTH;
    const index = Math.round(((at - PAD) / (WIDTH - 2 * PAD)) * (moves - 1));
    go(Math.max(0, Math.min(moves, index + 1)));
  });
  return picture;
}

function summary(analysis, seats, name) {
  const grid = document.createElement("table");
  grid.id = "analysis-seats";
  const head = grid.createTHead().insertRow();
  for (const text of [say("seat"), say("decisions"), say("meanLoss"), say("costlyMoves")]) {
    head.append(Object.assign(document.createElement("th"), {textContent: text}));
  }
  const body = grid.createTBody();
  for (const line of analysis.seats) {
    const row = body.insertRow();
    const who = row.insertCell();
    who.append(Object.assign(document.createElement("span"), {className: "swatch", style: `background:${seats[line.seat]?.colour || "#333"}`}), name(line.seat));
    row.insertCell().textContent = String(line.decisions);
    row.insertCell().textContent = `${(line.mean_loss * 100).toFixed(1)} %`;
    row.insertCell().textContent = String(line.costly);
  }
  return grid;
}

function worst(analysis, name, go) {
  const list = document.createElement("ol");
  list.id = "analysis-worst";
  const shown = analysis.seats.flatMap((line) => line.worst.map((index) => analysis.moves[index]))
    .filter((move) => move.costly).sort((a, b) => a.index - b.index);
  for (const move of shown) {
    const item = document.createElement("li");
    const link = Object.assign(document.createElement("a"), {
      href: `#move-${move.index + 1}`,
      textContent: say("moveLine", {step: move.index + 1, name: name(move.seat), label: move.label, before: percent(move.before), after: percent(move.after)}),
    });
    link.onclick = (event) => { event.preventDefault(); go(move.index + 1); };
    item.append(link);
    if (move.best_label) item.append(" ", say("preferred", {label: move.best_label}));
    list.append(item);
  }
  if (!shown.length) list.replaceChildren(Object.assign(document.createElement("li"), {textContent: say("none")}));
  return list;
}

/** Marks the log's lines of each costly move. */
function markLog(analysis, log) {
  const costly = new Set(analysis.moves.filter((move) => move.costly).map((move) => move.index + 1));
  for (const item of log.children) {
    if (costly.has(Number(item.dataset.step))) {
      item.classList.add("costly");
      item.title = `${item.title} · ${say("costlyMark")}`;
    }
  }
}

/**
 * Shows the analysis of `table` in `box`, polling while it is made. `seats` are the finished
 * table's seats, `name(seat)` a seat's name, `go(step)` shows a step, `log` the log's list.
 */
export async function showAnalysis(box, table, seats, name, go, log) {
  const heading = Object.assign(document.createElement("h3"), {textContent: say("title")});
  const status = Object.assign(document.createElement("p"), {id: "analysis-status"});
  status.setAttribute("role", "status");
  box.replaceChildren(heading, status);
  box.hidden = false;
  for (;;) {
    let found;
    try {
      const response = await fetch(inLanguage(`/api/tables/${table}/analysis`));
      found = await response.json();
      if (!response.ok) throw new Error(found.detail || response.statusText);
    } catch (error) {
      status.textContent = say("failed", {reason: error.message});
      return;
    }
    if (found.status === "done") {
      const analysis = found.analysis;
      status.textContent = say("about", {budget: analysis.budget, costly: percent(analysis.costly_at)});
      box.append(chart(analysis, seats, go), summary(analysis, seats, name),
        Object.assign(document.createElement("h4"), {textContent: say("worst")}), worst(analysis, name, go));
      markLog(analysis, log);
      placeStep(stepShown);
      box.dataset.ready = "true";
      return;
    }
    const progress = Object.assign(document.createElement("progress"), {max: found.total, value: found.done});
    status.replaceChildren(say("making", {done: found.done, total: found.total}), " ", progress);
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}
