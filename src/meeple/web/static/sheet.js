// The score sheet at the end of a game, as a table: a row per scoring part, a column per
// player, the totals, the winners marked and a tie explained. Used by the table page and by
// the replay page.
//
// No rule lives here, and nothing of one game: the sheet is read by its shape, the one both
// games' `score_sheet()` share (docs/protocol.md):
// - `players`: a list of per-seat records (each with `seat`): every number is a part, `total`
//   the sum, `detail` what each part is made of (by part name);
// - a list of rounds (each with `entries`, per-seat records): a group of rows per round;
// - `scores` (a number per seat) or each record's `total`: the totals; `winners`: the seats
//   that won; `tie_break`: the parts that break a tie on the totals, in order.
// Headings are the sheet's keys said with the server's `score_words` (key -> text in the
// reader's language), else the key itself.
//
// Every English text this module writes is in WORDS; the page's #words JSON (English text ->
// translation) overrides them, as it does the core's words.

import {sayer} from "/static/words.js";

const WORDS = {
  part: "Part",
  total: "Total",
  winner: "Winner",
  wins: "{names} wins with a total of {total}.",
  share: "{names} share the victory with a total of {total}.",
  tied: "{names} are tied with a total of {total}.",
  broken: "The tie is broken by: {parts}.",
  tieBreak: "tie-break",
  round: "Round {number}",
  finalRound: "Round {number} (final)",
  seat: "Seat {number}",
};

const say = sayer(WORDS);

/** Keys that name or group a record rather than score a part. */
const STRUCTURE = new Set(["seat", "detail", "entries", "total", "round", "final", "complete"]);

function html(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

/** Shown in a cell that has nothing. */
const NOTHING = "–";
/** Between the words of one item of a list: a line breaks between items only. */
const KEEP = "\u00a0";

/** A key or a value of the sheet in the reader's words: the server's `score_words`, else
 * itself (a heading begins with a capital). */
function wordFor(words, key, heading = false) {
  const plain = String(key).replace(/_/g, " ");
  return words?.[key] ?? (heading ? plain.charAt(0).toUpperCase() + plain.slice(1) : plain);
}

/** Names as a list in the page's language ("Ana and Bea", "Ana und Bea"). */
function listOf(names) {
  try {
    return new Intl.ListFormat(document.documentElement.lang || "en", {type: "conjunction"}).format(names);
  } catch {
    return names.join(", ");
  }
}

const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const perSeat = (list) => Array.isArray(list) && list.length > 0 && list.every((item) => isRecord(item) && "seat" in item);

/** A value of a part in words: a number as it is, a list or a record as a short phrase. */
function phrase(value, words) {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "✓" : "";
  if (typeof value === "string") return wordFor(words, value);
  if (Array.isArray(value)) return value.map((item) => phrase(item, words)).filter(Boolean).join(", ");
  if ("name" in value) {
    // A named thing (a temple): its name, its value, and the flags it has.
    const flags = Object.entries(value).filter(([, flag]) => flag === true).map(([key]) => wordFor(words, key));
    const worth = "value" in value ? `${KEEP}${value.value}` : "";
    return `${wordFor(words, value.name)}${worth}${flags.length ? `${KEEP}(${flags.join(", ")})` : ""}`;
  }
  // Counts or points by thing (goods, sets): the ones that are not nothing.
  return Object.entries(value)
    .filter(([, count]) => count !== 0 && count !== false && count !== null)
    .map(([key, count]) => `${wordFor(words, key)}${typeof count === "number" ? ":" : ""}${KEEP}${phrase(count, words)}`)
    .join(", ");
}

/** The parts of per-seat records, in the order they first appear. */
function partsOf(records) {
  const parts = [];
  for (const record of records) {
    for (const key of Object.keys(record)) if (!STRUCTURE.has(key) && !parts.includes(key)) parts.push(key);
  }
  return parts;
}

/** Rows of a group of per-seat records, a row per part: its label, its cell and the
 * cell's detail by seat. A detail of no part (what a seat owns) is a row of its own. */
function rowsOf(records, players, words, tieBreak) {
  const bySeat = new Map(records.map((record) => [record.seat, record]));
  const parts = partsOf(records);
  const rows = parts.map((part) => ({
    part,
    label: wordFor(words, part, true) + (tieBreak.includes(part) ? ` (${say("tieBreak")})` : ""),
    cells: players.map((seat) => (bySeat.has(seat) ? phrase(bySeat.get(seat)[part], words) : "")),
    details: players.map((seat) => phrase(bySeat.get(seat)?.detail?.[part], words)),
    numeric: records.every((record) => typeof (record[part] ?? 0) === "number"),
  }));
  const extra = partsOf(records.map((record) => (isRecord(record.detail) ? record.detail : {})));
  for (const key of extra.filter((key) => !parts.includes(key))) {
    rows.push({
      part: key,
      label: wordFor(words, key, true),
      cells: players.map((seat) => phrase(bySeat.get(seat)?.detail?.[key], words)),
      details: players.map(() => ""),
      numeric: false,
    });
  }
  return rows;
}

/** The totals by seat: `scores`, else each record's `total`, else the given scores. */
function totalsOf(sheet, scores, players) {
  if (Array.isArray(sheet.scores)) return players.map((seat) => sheet.scores[seat]);
  if (perSeat(sheet.players)) {
    const bySeat = new Map(sheet.players.map((record) => [record.seat, record.total]));
    if ([...bySeat.values()].every((total) => typeof total === "number")) return players.map((seat) => bySeat.get(seat));
  }
  return players.map((seat) => scores?.[seat]);
}

/** A phrase as nodes: each item of its list kept on one line where there is room (a span
 * the style may let break on a phone), the items apart by ", ". */
function itemNodes(text) {
  const nodes = [];
  text.split(", ").forEach((item, index) => {
    if (index) nodes.push(", ");
    nodes.push(html("span", {class: "item", text: item.replaceAll(KEEP, " ")}));
  });
  return nodes;
}

function rowNode(row, winners, players) {
  const tr = html("tr", {class: row.numeric ? "part" : "part words"}, [html("th", {scope: "row", text: row.label})]);
  players.forEach((seat, column) => {
    const cell = html("td", {class: winners.has(seat) ? "won" : ""}, [html("span", {class: "value"}, itemNodes(row.cells[column] || NOTHING))]);
    if (row.details[column]) cell.append(html("small", {class: "detail"}, itemNodes(row.details[column])));
    tr.append(cell);
  });
  return tr;
}

/** What the result is, in a sentence or two: who won, and how a tie was settled. */
function verdict(totals, winners, tieBreak, names, words) {
  const nameList = (seats) => listOf(seats.map((seat) => names[seat]));
  const numbers = totals.filter((total) => typeof total === "number");
  const best = numbers.length ? Math.max(...numbers) : "";
  const sentences = [];
  const tied = totals.flatMap((total, seat) => (total === best ? [seat] : []));
  if (tied.length > 1) {
    sentences.push(say("tied", {names: nameList(tied), total: best}));
    if (winners.length < tied.length && tieBreak.length) {
      sentences.push(say("broken", {parts: listOf(tieBreak.map((part) => wordFor(words, part, true)))}));
    }
  }
  const total = winners.length ? totals[winners[0]] : best;
  if (winners.length === 1) sentences.push(say("wins", {names: nameList(winners), total}));
  else if (winners.length > 1) sentences.push(say("share", {names: nameList(winners), total}));
  return sentences.join(" ");
}

/**
 * Draws a finished game's score sheet into `container`.
 * `data`: {sheet, words (score_words), scores, winners, seats (the payload's seats), seat}.
 */
export function renderSheet(container, data) {
  ensureStyle();
  const sheet = data.sheet ?? {};
  const words = data.words ?? {};
  const tieBreak = Array.isArray(sheet.tie_break) ? sheet.tie_break : [];
  const count = perSeat(sheet.players) ? sheet.players.length : Number(sheet.players) || data.scores?.length || 0;
  const players = [...Array(count).keys()];
  // A seat is named as its player chose, else by its colour word (the game's declaration).
  const names = players.map((seat) => data.seats?.[seat]?.name || data.seats?.[seat]?.word || say("seat", {number: seat + 1}));
  const winners = new Set(data.winners ?? sheet.winners ?? []);
  const totals = totalsOf(sheet, data.scores, players);

  const head = html("tr", {}, [html("th", {scope: "col", text: say("part")})]);
  players.forEach((seat) => {
    const th = html("th", {scope: "col", class: `seat seat-${seat}${winners.has(seat) ? " won" : ""}${seat === data.seat ? " me" : ""}`}, [
      html("span", {class: "number", text: String(seat + 1), style: data.seats?.[seat]?.colour ? `background: ${data.seats[seat].colour}` : null}),
      html("span", {class: "name", text: names[seat]}),
    ]);
    if (winners.has(seat)) th.append(html("span", {class: "badge", text: `★ ${say("winner")}`}));
    head.append(th);
  });

  const bodies = [];
  let tieRows = [];
  if (perSeat(sheet.players)) {
    const rows = rowsOf(sheet.players, players, words, tieBreak);
    tieRows = rows.filter((row) => tieBreak.includes(row.part));
    const parts = rows.filter((row) => !tieBreak.includes(row.part));
    bodies.push(html("tbody", {}, parts.map((row) => rowNode(row, winners, players))));
  }
  for (const [key, list] of Object.entries(sheet)) {
    if (!Array.isArray(list) || !list.every((group) => isRecord(group) && perSeat(group.entries))) continue;
    list.forEach((group, index) => {
      const number = group.round ?? index + 1;
      const title = group.final ? say("finalRound", {number}) : say("round", {number});
      const rows = rowsOf(group.entries, players, words, tieBreak);
      bodies.push(html("tbody", {class: "group", "data-group": key}, [
        html("tr", {class: "heading"}, [html("th", {colspan: String(count + 1), scope: "rowgroup", text: title})]),
        ...rows.map((row) => rowNode(row, winners, players)),
      ]));
    });
  }
  const total = html("tr", {class: "total"}, [html("th", {scope: "row", text: say("total")})]);
  players.forEach((seat) => total.append(html("td", {class: winners.has(seat) ? "won" : "", text: String(totals[seat] ?? "")})));
  bodies.push(html("tbody", {}, [total, ...tieRows.map((row) => rowNode(row, winners, players))]));

  const table = html("table", {class: "score-sheet", style: `--seats: ${count}`}, [
    html("thead", {}, [head]),
    ...bodies,
  ]);
  const result = verdict(totals, [...winners].sort((a, b) => a - b), tieBreak, names, words);
  container.replaceChildren(
    html("p", {class: "sheet-verdict", text: result}),
    html("div", {class: "sheet-scroll"}, [table]),
  );
}

const STYLE = `
.sheet-verdict { font-weight: 600; margin: .3rem 0 .5rem; }
.sheet-scroll { overflow-x: auto; max-width: 100%; margin-bottom: .6rem; }
.score-sheet { border-collapse: collapse; font-variant-numeric: tabular-nums; min-width: 16rem; }
.score-sheet th, .score-sheet td { padding: .3rem .6rem; border-bottom: 1px solid #e2e2dc; vertical-align: top; }
.score-sheet thead th { border-bottom: 2px solid #444; text-align: center; vertical-align: bottom; }
.score-sheet thead th:first-child, .score-sheet tbody th { text-align: left; font-weight: normal; color: #333; white-space: nowrap; }
.score-sheet td { text-align: center; min-width: 3.2rem; }
.score-sheet .part.words td { font-size: .85em; }
.score-sheet .seat .number { display: inline-block; width: 1.3em; height: 1.3em; line-height: 1.3em; border-radius: 50%;
  background: #444; color: #fff; text-shadow: 0 0 2px #000; font-size: .8em; margin-right: .3em; }
.score-sheet .seat .name { font-weight: 600; }
.score-sheet .seat.me .name { text-decoration: underline; }
.score-sheet .badge { display: block; font-size: .75em; color: #7a5200; font-weight: 600; }
.score-sheet .won { background: #fff6da; }
.score-sheet .detail { display: block; color: #666; font-size: .75em; line-height: 1.25; max-width: 11rem; margin: 0 auto; }
.score-sheet .group .heading th { background: #f1f1ec; font-weight: 600; color: #222; padding-top: .4rem; }
.score-sheet .total th, .score-sheet .total td { font-weight: 700; border-top: 2px solid #444; font-size: 1.1em; }
.score-sheet .item { white-space: nowrap; }
/* On a phone a row's heading takes a line of its own above the players' cells, which share
   the whole width, and an item of a list may break: the sheet fits the page's width. */
@media (max-width: 480px) {
  .score-sheet { display: block; min-width: 0; }
  .score-sheet thead, .score-sheet tbody { display: block; }
  .score-sheet tr { display: grid; grid-template-columns: repeat(var(--seats), minmax(0, 1fr)); }
  .score-sheet tr > th:first-child { grid-column: 1 / -1; }
  .score-sheet thead th:first-child { display: none; }
  .score-sheet th, .score-sheet td { padding: .25rem .3rem; }
  .score-sheet tbody th { white-space: normal; border-bottom: none; padding-bottom: 0; }
  .score-sheet .group .heading th { border-bottom: 1px solid #e2e2dc; padding-bottom: .25rem; }
  .score-sheet td { min-width: 0; overflow-wrap: anywhere; }
  .score-sheet .item { white-space: normal; }
  .score-sheet .seat .name { display: block; font-size: .85em; overflow-wrap: anywhere; }
  .score-sheet .detail { max-width: none; }
}
`;

function ensureStyle() {
  if (document.getElementById("sheet-style")) return;
  document.head.append(html("style", {id: "sheet-style"}, [document.createTextNode(STYLE)]));
}
