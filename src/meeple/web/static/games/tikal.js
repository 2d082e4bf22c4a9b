// Tikal's table drawing: the hex board as printed, the players, the tile to place, the auction.
//
// No rule lives here. Everything comes from the view the server sends (docs/protocol.md) and
// from the unchanging board geometry, /static/games/tikal-board.json, which a test keeps equal
// to the engine's edition (meeple.games.tikal.web.board_geometry). Clickable things carry
// `data-element` ids as meeple.games.tikal.web documents them; the core (table.js) marks them
// `candidate` and `selected` as the player narrows the legal actions.
//
// Every English text this page writes is in WORDS; the page's #words JSON (English text ->
// translation) overrides them, as it does the core's words.

import {sayer} from "/static/words.js";

const WORDS = {
  place: "{name} places a tile",
  act: "{name} spends action points",
  bid: "{name} bids for the next tile",
  choose: "{name} chooses a tile",
  over: "The game is over",
  actionPoints: "Action points left: {ap} of {total}",
  volcanoScoring: "A volcano: a scoring round. Each acts, then scores, in turn: {names}",
  finalScoring: "The final scoring. Each acts, then scores, in turn: {names}",
  tileToPlace: "Tile to place",
  tileInHand: "Tile in hand",
  turnIt: "Turn it:",
  turned: "Turned {degrees}° clockwise",
  unturned: "Not turned",
  tileLetter: "Tile {letter}: {kind}",
  stack: "Stack: {size} tiles, next letter {letter}",
  stackEmpty: "Stack: empty",
  score: "Score",
  scoreTrack: "Score track",
  points: "Score: {points}",
  workers: "Workers in supply: {count}",
  leaderSupply: "Leader in supply",
  leaderOut: "Leader out of the game",
  camps: "Camps in supply: {count}",
  treasures: "Treasures",
  noTreasures: "no treasures",
  you: "you",
  bot: "bot",
  seat: "Seat {number}",
  endTurn: "End the turn",
  guard: "Place a guard (then a temple)",
  pass: "Pass",
  bidOf: "Bid {amount}",
  yourBid: "Your bid:",
  auction: "Auction",
  revealed: "Revealed tiles",
  highBid: "Highest bid: {amount} by {name}",
  noBid: "No bid yet",
  passed: "passed",
  moved: "has moved this round",
  toMove: "to move",
  base: "Base camp",
  temple: "Temple, value {value}",
  treasureTile: "Treasure tile, {tokens} tokens left",
  volcano: "Volcano",
  jungle: "Jungle",
  empty: "Empty space {name}",
  unknown: "This edition's board cannot be drawn.",
};

const say = sayer(WORDS);

const geometry = await fetch("/static/games/tikal-board.json").then((response) => response.json());

/** Each seat's colour and shape, from the game's one declaration (meeple.games.tikal.seats),
 * which the server sends in the position's `seats`; set by `render`. */
let looks = [];
const lookOf = (seat) => looks[seat] ?? {colour: "#767676", shape: "hexagon"};
const TREASURE_COLOURS = ["#d4a017", "#8e6fcf", "#3a9bd9", "#d9534f", "#5cb85c", "#e07b39", "#9aa0a6", "#c2185b"];
//: A treasure's mask (our own drawing, 16x16): a face with two eye holes, on a treasure tile and beside
//: the number of each treasure held.
const MASK = "M2 3q6-3 12 0v5q0 6-6 7.5q-6-1.5-6-7.5z M4.3 6.3h3.2l-.4 2h-2.4z M8.5 6.3h3.2l-.4 2h-2.4z";
const KIND_FILL = {jungle: "#6a9f4b", temple: "#b9a37a", treasure: "#caa86a", volcano: "#7b4a3a", base_camp: "#d8c39a"};

const KIND_WORD = {base_camp: "base", jungle: "jungle", volcano: "volcano", temple: "temple", treasure: "treasureTile"};

const SIZE = 50; // hex radius in board units
const ROOT3 = Math.sqrt(3);
const SVG = "http://www.w3.org/2000/svg";
const NO_SEAT = -1;

let changed = new Set(); // spaces others changed since this seat last moved (a spectator: in the last move)
let drawnLast = null; // the position drawn last: the next one follows it, or comes after a jump
let changedScores = new Set();
let previewObserver = null;

// -- small helpers ---------------------------------------------------------------------------

function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== null && value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

function html(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (name === "text") node.textContent = value; else node.setAttribute(name, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function text(x, y, content, attrs = {}) {
  const node = svg("text", {x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs});
  node.textContent = content;
  return node;
}

/** Marks `node` as the board element `id` when a legal action involves it: then it can be
 * clicked and focused. Only then, so that a click on a figure or a temple that takes part in
 * no action falls through to the space under it (which says why not, when clicked). */
function element(node, id, label, clickable) {
  node.dataset.thing = id; // also when not clickable: a click on it asks why not
  if (clickable.has(id)) {
    node.dataset.element = id;
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
  }
  if (label) node.setAttribute("aria-label", label);
  if (label && node.namespaceURI === SVG) node.prepend(svg("title", {}, [document.createTextNode(label)]));
  return node;
}

function hexPoints(radius) {
  return Array.from({length: 6}, (_, i) => {
    const angle = (Math.PI / 3) * i;
    return `${(radius * Math.cos(angle)).toFixed(2)},${(radius * Math.sin(angle)).toFixed(2)}`;
  }).join(" ");
}

function centre(space) {
  return {x: SIZE * 1.5 * space.q, y: SIZE * ROOT3 * (space.r + space.q / 2)};
}

/** A turn of the tile as people say it (the engine counts sides, 0 to 5). */
function turnWords(rotation) {
  return rotation % 6 ? say("turned", {degrees: 60 * (rotation % 6)}) : say("unturned");
}

/** A tile as its face shows it: its letter and what it is (never the edition's id, "A5"). */
function tileWords(tile) {
  const kind = tile.kind === "temple" ? say("temple", {value: tile.temple_value}) :
    tile.kind === "treasure" ? say("treasureTile", {tokens: tile.masks}) : say(KIND_WORD[tile.kind] ?? tile.kind);
  return say("tileLetter", {letter: tile.letter, kind});
}

function rotated(steps, rotation) {
  const r = ((rotation % 6) + 6) % 6;
  return r ? steps.slice(6 - r).concat(steps.slice(0, 6 - r)) : steps.slice();
}

function shape(kind, radius, fill, attrs = {}) {
  const r = radius;
  if (kind === "circle") return svg("circle", {r, fill, ...attrs});
  if (kind === "square") return svg("rect", {x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: 2, fill, ...attrs});
  if (kind === "diamond") return svg("polygon", {points: `0,${-r * 1.2} ${r * 1.2},0 0,${r * 1.2} ${-r * 1.2},0`, fill, ...attrs});
  return svg("polygon", {points: `0,${-r * 1.2} ${r * 1.15},${r * 0.85} ${-r * 1.15},${r * 0.85}`, fill, ...attrs});
}

/** The tiles of this game: the built-in ones, and those of an edition given as an option. */
function tileTable(options) {
  const own = {};
  const terrain = unwrap(unwrap(options?.edition?.terrain_tiles)?.tiles);
  for (const tile of Array.isArray(terrain) ? terrain : []) own[tile.id] = tile;
  return (id) => geometry.tiles[id] ?? own[id] ?? {kind: "jungle", steps: [0, 0, 0, 0, 0, 0], letter: ""};
}

const unwrap = (node) => (node && typeof node === "object" && "value" in node ? node.value : node);

/** Action points a turn: the built-in edition's, or those of an edition given as an option. */
function actionPoints(options) {
  return unwrap(options?.edition?.action_points_per_turn) ?? geometry.action_points;
}

function seatName(state, seat) {
  const entry = state.seats?.[seat];
  const name = entry?.name || entry?.word || say("seat", {number: seat + 1});
  return seat === state.seat ? `${name} (${say("you")})` : name;
}

// -- what changed since this seat last moved ---------------------------------------------------

function noteChanges(state, previous) {
  if (!previous || previous.view?.game !== "tikal") { changed = new Set(); changedScores = new Set(); return; }
  if (previous !== drawnLast) { changed = new Set(); changedScores = new Set(); } // a jump: this move's only
  if (previous.legal.length > 0) { changed = new Set(); changedScores = new Set(); return; } // own move
  if (state.seat === null) { changed = new Set(); changedScores = new Set(); } // a spectator: the last move
  const before = new Map(previous.view.board.map((entry) => [entry.space, JSON.stringify(entry)]));
  for (const entry of state.view.board) if (before.get(entry.space) !== JSON.stringify(entry)) changed.add(entry.space);
  state.view.players.forEach((player, seat) => {
    if (previous.view.players[seat]?.score !== player.score) changedScores.add(seat);
  });
}

// -- the board --------------------------------------------------------------------------------

function stones(steps) {
  const group = svg("g", {class: "stones"});
  steps.forEach((count, side) => {
    const angle = (-90 + 60 * side) * (Math.PI / 180);
    const inset = SIZE * ROOT3 / 2 - 6;
    for (let i = 0; i < count; i++) {
      const along = (i - (count - 1) / 2) * 9;
      const x = inset * Math.cos(angle) - along * Math.sin(angle);
      const y = inset * Math.sin(angle) + along * Math.cos(angle);
      group.append(svg("rect", {
        x: -3.5, y: -2.5, width: 7, height: 5, rx: 1,
        transform: `translate(${x.toFixed(2)},${y.toFixed(2)}) rotate(${-90 + 60 * side + 90})`,
        fill: "#9a9a94", stroke: "#4a4a44", "stroke-width": 0.8,
      }));
    }
  });
  return group;
}

function temple(value, id, label, clickable) {
  const group = svg("g", {class: "temple", transform: "translate(0,-12)"}, [
    svg("rect", {class: "hit", x: -17, y: -15, width: 34, height: 28, rx: 4, fill: "transparent"}),
    svg("polygon", {points: "-15,10 15,10 11,2 -11,2", fill: "#8a7a5a", stroke: "#4b3f2a"}),
    svg("polygon", {points: "-11,2 11,2 8,-6 -8,-6", fill: "#9c8a64", stroke: "#4b3f2a"}),
    svg("polygon", {points: "-8,-6 8,-6 5,-13 -5,-13", fill: "#ad9a70", stroke: "#4b3f2a"}),
    text(0, 3, String(value), {class: "value"}),
  ]);
  return element(group, id, label, clickable);
}

function treasureTile(tokens, masks, id, label, clickable) {
  // The treasures left to recover: the mask (24 units, a face when some are left, an outline
  // when none), and how many of how many.
  const group = svg("g", {class: "treasure", transform: "translate(0,-12)"}, [
    svg("rect", {class: "hit", x: -22, y: -15, width: 44, height: 28, rx: 4, fill: "transparent"}),
    svg("path", {d: MASK, transform: "translate(-21,-13) scale(1.5)", "fill-rule": "evenodd",
      fill: tokens > 0 ? "#5b4a2f" : "none", stroke: tokens > 0 ? "#e9d9a8" : "#5b4a2f", "stroke-width": 0.8}),
  ]);
  group.append(text(11, 0, `${tokens}/${masks}`, {class: "small-value"}));
  return element(group, id, label, clickable);
}

function volcano() {
  return svg("g", {transform: "translate(0,-10)"}, [
    svg("polygon", {points: "-20,12 -6,-10 6,-10 20,12", fill: "#4a2a20", stroke: "#2a140e"}),
    svg("ellipse", {cx: 0, cy: -10, rx: 6, ry: 2.5, fill: "#e2471e"}),
    svg("path", {d: "M-2,-12 q-4,-8 2,-12 M3,-12 q5,-6 0,-11", stroke: "#e2471e", fill: "none", "stroke-width": 1.5}),
  ]);
}

function tent(colour, attrs = {}) {
  return svg("g", attrs, [
    svg("polygon", {class: "hit", points: "0,-10 11,7 -11,7", fill: colour, stroke: "#222", "stroke-width": 1.2}),
    svg("polygon", {points: "0,-2 4,7 -4,7", fill: "#222"}),
  ]);
}

function shield(player) {
  return svg("g", {transform: "translate(27,-14)"}, [
    svg("path", {d: "M-8,-9 L8,-9 L8,0 Q8,8 0,11 Q-8,8 -8,0 Z", fill: player.colour, stroke: "#111", "stroke-width": 1.5}),
    shape(player.shape, 3, "#fff"),
  ]);
}

/** A figure token: a worker shows how many stand here; a leader wears a crown. */
function figureToken(player, figure, count) {
  const group = svg("g", {class: `figure ${figure}`});
  if (figure === "leader") {
    group.append(shape(player.shape, 10, player.colour, {class: "hit", stroke: "#111", "stroke-width": 2.2}));
    group.append(svg("path", {d: "M-6,3 L-6,-5 L-3,-1 L0,-7 L3,-1 L6,-5 L6,3 Z", fill: "#fff", stroke: "#111", "stroke-width": 0.8}));
  } else {
    group.append(shape(player.shape, 8.5, player.colour, {class: "hit", stroke: "#fff", "stroke-width": 1.4}));
    group.append(text(0, 0.5, String(count), {class: "count"}));
  }
  return group;
}

function figures(state, entry, name, clickable) {
  const view = state.view;
  const tokens = [];
  view.players.forEach((player, seat) => {
    const look = lookOf(seat);
    if (player.leader === entry.space) tokens.push({seat, figure: "leader", count: 1, node: figureToken(look, "leader", 1)});
    const count = entry.workers[seat];
    if (count > 0) tokens.push({seat, figure: "worker", count, node: figureToken(look, "worker", count)});
  });
  const group = svg("g", {class: "figures"});
  const rows = [tokens.slice(0, 3), tokens.slice(3, 6), tokens.slice(6)];
  rows.forEach((row, index) => {
    row.forEach((token, i) => {
      const x = (i - (row.length - 1) / 2) * 21;
      const y = 15 + index * 19;
      // The figure stands in a placed group of its own: a slide (motion.js) moves the figure.
      Object.assign(token.node.dataset, {piece: `${token.seat}:${token.figure}`, at: name, count: token.count});
      if (token.seat === state.seat) {
        element(token.node, `figure:${token.figure}:${name}`, null, clickable);
      }
      group.append(svg("g", {transform: `translate(${x},${y})`}, [token.node]));
    });
  });
  return group;
}

function spaceNode(state, space, index, entry, tileOf, clickable) {
  const name = space.name;
  const {x, y} = centre(space);
  const node = svg("g", {class: "space", transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`});
  node.dataset.area = name; // a tap on the space picks the choice in it nearest to the tap
  if (!entry) {
    node.classList.add("empty");
    node.append(svg("polygon", {class: "hit", points: hexPoints(SIZE - 1.5), fill: "#eef3e6", stroke: "#b8c4a8", "stroke-dasharray": "5 4"}));
    node.append(text(0, 0, name, {class: "name empty-name"}));
    return element(node, `hex:${name}`, say("empty", {name}), clickable);
  }
  const tile = tileOf(entry.tile);
  const kind = tile.kind;
  if (changed.has(entry.space)) node.classList.add("changed");
  node.append(svg("polygon", {class: "hit", points: hexPoints(SIZE - 1.5), fill: KIND_FILL[kind] ?? "#ccc", stroke: "#3d5230", "stroke-width": 1.5}));
  node.append(svg("polygon", {class: "ring", points: hexPoints(SIZE - 5), fill: "none"}));
  node.append(stones(rotated(tile.steps, entry.rotation)));
  const label = say(KIND_WORD[kind] ?? "jungle", {value: entry.temple_value, tokens: entry.tokens});
  if (kind === "temple") {
    node.append(temple(entry.temple_value, `temple:${name}`, label, clickable));
  } else if (kind === "treasure") {
    node.append(treasureTile(entry.tokens, tile.masks, `treasure:${name}`, label, clickable));
  } else if (kind === "volcano") {
    node.append(volcano());
  } else if (kind === "base_camp") {
    node.append(element(tent("#f4efe2", {transform: "translate(0,-14) scale(1.4)"}), `camp:${name}`, label, clickable));
  }
  if (entry.camp !== NO_SEAT) {
    const look = lookOf(entry.camp);
    const camp = tent(look.colour, {transform: "translate(-27,-14)"});
    if (entry.camp === state.seat) element(camp, `camp:${name}`, null, clickable);
    node.append(camp);
  }
  if (entry.guard !== NO_SEAT) node.append(shield(lookOf(entry.guard)));
  node.append(figures(state, entry, name, clickable));
  node.append(text(0, SIZE * ROOT3 / 2 - 15, name, {class: "name"}));
  return element(node, `hex:${name}`, `${name}: ${label}`, clickable);
}

function drawTile(tile, rotation, radius, lettered = true) {
  const scale = radius / SIZE;
  const group = svg("g", {transform: `scale(${scale})`}, [
    svg("polygon", {class: "hit", points: hexPoints(SIZE - 1.5), fill: KIND_FILL[tile.kind] ?? "#ccc", stroke: "#3d5230", "stroke-width": 2}),
    stones(rotated(tile.steps, rotation)),
  ]);
  if (tile.kind === "temple") group.append(temple(tile.temple_value, "", null, new Set()));
  if (tile.kind === "treasure") group.append(treasureTile(tile.masks, tile.masks, "", null, new Set()));
  if (tile.kind === "volcano") group.append(volcano());
  if (tile.letter && lettered) group.append(text(-SIZE * 0.55, SIZE * 0.45, tile.letter, {class: "letter"}));
  return group;
}

function boardSvg(state, tileOf, clickable) {
  const bySpace = new Map(state.view.board.map((entry) => [entry.space, entry]));
  const centres = geometry.spaces.map(centre);
  const xs = centres.map((c) => c.x);
  const ys = centres.map((c) => c.y);
  const pad = 6;
  const minX = Math.min(...xs) - SIZE - pad;
  const minY = Math.min(...ys) - SIZE * ROOT3 / 2 - pad;
  const width = Math.max(...xs) - Math.min(...xs) + 2 * (SIZE + pad);
  const height = Math.max(...ys) - Math.min(...ys) + SIZE * ROOT3 + 2 * pad;
  const root = svg("svg", {class: "tikal-board", viewBox: `${minX} ${minY} ${width} ${height}`, role: "group"});
  root.append(svg("rect", {x: minX, y: minY, width, height, rx: 12, fill: "#dfe8d2"}));
  geometry.spaces.forEach((space, index) => root.append(spaceNode(state, space, index, bySpace.get(index), tileOf, clickable)));
  root.append(svg("g", {class: "preview", "pointer-events": "none"}));
  return root;
}

// -- the tile in hand and its preview on the board ----------------------------------------------

/** The rotations the legal placements offer, by space name ("" for any space). */
function placements(state) {
  const found = new Map();
  for (const entry of state.legal) {
    if (entry.action.kind !== "place_tile") continue;
    const hex = entry.elements.find((id) => id.startsWith("hex:")).slice(4);
    const rotation = Number(entry.elements.find((id) => id.startsWith("rotation:")).slice(9));
    for (const key of [hex, ""]) {
      if (!found.has(key)) found.set(key, []);
      if (!found.get(key).includes(rotation)) found.get(key).push(rotation);
    }
  }
  return found;
}

function handPanel(state, tileOf, clickable) {
  const view = state.view;
  const panel = html("section", {class: "tikal-hand"});
  const stack = view.stack_size ? say("stack", {size: view.stack_size, letter: view.stack_top_letter}) : say("stackEmpty");
  if (!view.hand) { panel.append(html("p", {text: stack})); return panel; }
  const tile = tileOf(view.hand);
  panel.append(html("h4", {text: say(view.step === "place" ? "tileToPlace" : "tileInHand")}));
  const big = svg("svg", {viewBox: "-54 -50 108 100", class: "hand-tile"});
  big.append(element(svg("g", {class: "pick"}, [drawTile(tile, 0, 48)]), "tile:drawn", say("tileToPlace"), clickable));
  panel.append(big);
  const rotations = placements(state).get("") ?? [];
  if (rotations.length) {
    const row = html("div", {class: "rotations"}, [html("span", {text: say("turnIt")})]);
    for (const rotation of rotations.sort((a, b) => a - b)) {
      const small = svg("svg", {viewBox: "-30 -28 60 56", class: "rotation"});
      small.append(element(svg("g", {class: "pick"}, [drawTile(tile, rotation, 26, false)]), `rotation:${rotation}`, turnWords(rotation), clickable));
      row.append(small);
    }
    panel.append(row);
  }
  panel.append(html("p", {text: stack}));
  return panel;
}

/** Shows the tile in hand on the selected space, turned as selected (or as first offered). */
function updatePreview(board, state, tileOf) {
  const layer = board.querySelector(".tikal-board .preview");
  const hand = board.querySelector(".hand-tile .pick");
  if (!layer) return;
  layer.replaceChildren();
  const view = state.view;
  if (!view.hand || view.step !== "place") return;
  const selected = [...board.querySelectorAll("[data-element].selected")].map((node) => node.dataset.element);
  const hex = selected.find((id) => id.startsWith("hex:"))?.slice(4);
  const offered = placements(state).get(hex ?? "") ?? [];
  const chosen = selected.find((id) => id.startsWith("rotation:"));
  const rotation = chosen ? Number(chosen.slice(9)) : (hex ? offered[0] : 0);
  hand?.replaceChildren(drawTile(tileOf(view.hand), rotation ?? 0, 48));
  if (!hex || rotation === undefined) return;
  const space = geometry.spaces.find((entry) => entry.name === hex);
  const {x, y} = centre(space);
  layer.append(svg("g", {transform: `translate(${x},${y})`, opacity: 0.85}, [drawTile(tileOf(view.hand), rotation, SIZE)]));
}

// -- the players, the score track, the buttons, the auction ------------------------------------

function pawnIcon(seat, size = 18) {
  const look = lookOf(seat);
  return svg("svg", {viewBox: "-11 -11 22 22", width: size, height: size, class: "pawn", "aria-hidden": "true"}, [
    shape(look.shape, 8, look.colour, {stroke: "#111", "stroke-width": 1.2}),
  ]);
}

function treasureChip(seat, kind, count, clickable) {
  const chip = html("span", {class: "treasure-chip", style: `--kind: ${TREASURE_COLOURS[kind % TREASURE_COLOURS.length]}`}, [
    svg("svg", {class: "mask", viewBox: "0 0 16 16", width: 20, height: 20, "aria-hidden": "true", focusable: "false"}, [
      svg("path", {d: MASK, "fill-rule": "evenodd", style: "fill: var(--kind)", stroke: "#111", "stroke-width": 0.8}),
    ]),
    html("b", {text: String(kind + 1)}),
    html("span", {text: `×${count}`}),
  ]);
  return element(chip, `held:${seat}:${kind}`, `${say("treasures")} ${kind + 1}: ${count}`, clickable);
}

function playersPanel(state, clickable) {
  const view = state.view;
  const list = html("ol", {class: "tikal-players"});
  view.players.forEach((player, seat) => {
    const campsOnBoard = view.board.filter((entry) => entry.camp === seat).length;
    const campsLeft = geometry.camps - campsOnBoard;
    const moving = view.to_move.includes(seat);
    const item = html("li", {class: `player${moving ? " moving" : ""}${seat === state.seat ? " me" : ""}`, "data-seat": seat});
    const head = html("div", {class: "head"}, [pawnIcon(seat), html("strong", {text: `${seat + 1}. ${seatName(state, seat)}`})]);
    if (state.seats?.[seat]?.bot) head.append(html("span", {class: "tag", text: say("bot")}));
    if (moving) head.append(html("span", {class: "tag moving", text: say("toMove")}));
    head.append(html("span", {class: `score${changedScores.has(seat) ? " changed" : ""}`, text: say("points", {points: player.score})}));
    item.append(head);
    const supply = html("div", {class: "supply"});
    const workers = html("span", {text: say("workers", {count: player.supply})});
    const camps = html("span", {text: say("camps", {count: campsLeft})});
    if (seat === state.seat) {
      element(workers, "supply:worker", null, clickable);
      element(camps, "supply:camp", null, clickable);
    }
    supply.append(workers, camps);
    if (player.leader === -1) {
      const leader = html("span", {text: say("leaderSupply")});
      if (seat === state.seat) element(leader, "supply:leader", null, clickable);
      supply.append(leader);
    } else if (player.leader === -2) {
      supply.append(html("span", {text: say("leaderOut")}));
    }
    item.append(supply);
    const held = html("div", {class: "held"}, [html("span", {text: `${say("treasures")}: `})]);
    const kinds = player.treasures.map((count, kind) => [kind, count]).filter(([, count]) => count > 0);
    if (!kinds.length) held.append(html("span", {class: "none", text: say("noTreasures")}));
    for (const [kind, count] of kinds) held.append(treasureChip(seat, kind, count, clickable));
    item.append(held);
    if (view.options.auction) {
      const notes = [];
      if (view.auction.passed[seat]) notes.push(say("passed"));
      if (view.moved[seat]) notes.push(say("moved"));
      if (notes.length) item.append(html("div", {class: "notes", text: notes.join(" · ")}));
    }
    list.append(item);
  });
  return list;
}

function scoreTrack(state) {
  const scores = state.view.players.map((player) => player.score);
  const top = Math.max(100, Math.ceil(Math.max(...scores) / 10) * 10);
  const width = 300;
  const track = svg("svg", {viewBox: `-12 -6 ${width + 24} 46`, class: "score-track", role: "img", "aria-label": say("scoreTrack")});
  const x = (score) => (score / top) * width;
  track.append(svg("rect", {x: 0, y: 14, width, height: 6, rx: 3, fill: "#cbbf9f"}));
  for (let tick = 0; tick <= top; tick += 10) {
    track.append(svg("line", {x1: x(tick), x2: x(tick), y1: 11, y2: 23, stroke: "#7b6d4b"}));
    if (tick % 20 === 0) track.append(text(x(tick), 32, String(tick), {class: "tick"}));
  }
  const placed = new Map();
  scores.forEach((score, seat) => {
    const look = lookOf(seat);
    const stacked = placed.get(score) ?? 0;
    placed.set(score, stacked + 1);
    track.append(svg("g", {transform: `translate(${x(score)},${8 - stacked * 7})`}, [
      shape(look.shape, 6, look.colour, {stroke: "#111", "stroke-width": 1}),
    ]));
  });
  return track;
}

function statusPanel(state) {
  const view = state.view;
  const panel = html("section", {class: "tikal-status"});
  const mover = view.to_move[0];
  const who = mover === undefined ? "" : seatName(state, mover);
  panel.append(html("p", {class: "doing", text: say(view.step, {name: who})}));
  const scoring = view.scoring?.queue ?? [];
  if (scoring.length && view.step !== "over") {
    const names = scoring.map((seat) => seatName(state, seat)).join(", ");
    panel.append(html("p", {class: "scoring", text: say(view.scoring.final ? "finalScoring" : "volcanoScoring", {names})}));
  }
  if (view.step === "act") {
    const total = actionPoints(view.options);
    const pips = html("div", {class: "pips", role: "img", "aria-label": say("actionPoints", {ap: view.ap, total})});
    for (let i = 0; i < total; i++) pips.append(html("span", {class: i < view.ap ? "pip on" : "pip"}));
    panel.append(html("p", {class: "ap", text: say("actionPoints", {ap: view.ap, total})}), pips);
  }
  return panel;
}

function buttons(clickable) {
  const row = html("div", {class: "tikal-buttons"});
  const offered = [["button:end", "endTurn"], ["button:guard", "guard"]];
  for (const [id, word] of offered) {
    if (clickable.has(id)) row.append(element(html("span", {class: "chip button", text: say(word)}), id, say(word), clickable));
  }
  return row;
}

function auctionPanel(state, tileOf, clickable) {
  const view = state.view;
  const panel = html("section", {class: "tikal-auction"}, [html("h4", {text: say("auction")})]);
  const high = view.auction.high_bidder;
  panel.append(html("p", {text: high === NO_SEAT ? say("noBid") : say("highBid", {amount: view.auction.high_bid, name: seatName(state, high)})}));
  if (view.revealed.length) {
    const row = html("div", {class: "revealed"}, [html("span", {text: `${say("revealed")}: `})]);
    for (const id of view.revealed) {
      const tile = tileOf(id);
      const small = svg("svg", {viewBox: "-30 -28 60 56", class: "rotation"});
      small.append(element(svg("g", {class: "pick"}, [drawTile(tile, 0, 26)]), `tile:${id}`, tileWords(tile), clickable));
      row.append(small);
    }
    panel.append(row);
  }
  const bids = [...clickable].filter((id) => id.startsWith("bid:")).sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)));
  if (bids.length || clickable.has("button:pass")) {
    const row = html("div", {class: "bids"}, [html("span", {text: say("yourBid")})]);
    if (clickable.has("button:pass")) row.append(element(html("span", {class: "chip button", text: say("pass")}), "button:pass", say("pass"), clickable));
    for (const id of bids) row.append(element(html("span", {class: "chip", text: id.slice(4)}), id, say("bidOf", {amount: id.slice(4)}), clickable));
    panel.append(row);
  }
  return panel;
}

// -- the page ---------------------------------------------------------------------------------

const STYLE = `
#board .tikal { display: grid; grid-template-columns: minmax(0, 2fr) minmax(15rem, 1fr); gap: .75rem; align-items: start; }
#board .tikal .main { border-radius: 12px; }
#board .tikal .tikal-board { width: 100%; height: auto; display: block; }
#board .tikal .side { display: flex; flex-direction: column; gap: .5rem; min-width: 0; }
#board .tikal section, #board .tikal .tikal-players li { background: #f6f3ea; border-radius: 8px; padding: .4rem .6rem; }
#board .tikal h4, #board .tikal p { margin: .2rem 0; }
#board .tikal text { font-family: system-ui, sans-serif; pointer-events: none; }
#board .tikal text.value { font-size: 13px; font-weight: 700; fill: #fff; paint-order: stroke; stroke: #2b2214; stroke-width: 2.5px; }
#board .tikal text.small-value { font-size: 11px; font-weight: 700; fill: #2b2214; }
#board .tikal text.count { font-size: 11px; font-weight: 700; fill: #fff; paint-order: stroke; stroke: #111; stroke-width: 2px; }
#board .tikal text.name { font-size: 9px; fill: #233; opacity: .75; }
#board .tikal text.empty-name { font-size: 12px; opacity: .5; }
#board .tikal text.letter { font-size: 13px; font-weight: 700; fill: #fff; paint-order: stroke; stroke: #333; stroke-width: 2px; }
#board .tikal text.tick { font-size: 10px; fill: #554; }
#board .tikal [data-element].candidate, #board .tikal [data-element].selected { outline: none; stroke: none; }
#board .tikal [data-element]:focus { outline: none; }
#board .tikal [data-element]:focus-visible > .hit { stroke: #000; stroke-width: 3; }
#board .tikal g.candidate > .hit, #board .tikal g.pick.candidate > g > .hit { stroke: #ffd000; stroke-width: 4; }
#board .tikal g.space.candidate > .hit { stroke: #ffd000; stroke-width: 5; stroke-dasharray: none; }
#board .tikal g.selected > .hit, #board .tikal g.pick.selected > g > .hit { stroke: #d00060; stroke-width: 5; }
#board .tikal g.space.selected > .hit { stroke: #d00060; stroke-width: 6; stroke-dasharray: none; }
#board .tikal g.candidate > .hit { animation: tikal-pulse 1.4s ease-in-out infinite; }
@keyframes tikal-pulse { 50% { stroke-opacity: .45; } }
@media (prefers-reduced-motion: reduce) { #board .tikal g.candidate > .hit { animation: none; } }
#board .tikal g.space.changed > .ring { stroke: #fff; stroke-width: 3; stroke-dasharray: 6 4; }
#board .tikal .hand-tile { width: 7rem; height: auto; }
#board .tikal .rotations, #board .tikal .revealed, #board .tikal .bids, #board .tikal-buttons { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; }
#board .tikal svg.rotation { width: 3.6rem; height: auto; }
#board .tikal .revealed svg.rotation { width: 4.2rem; }
#board .tikal .chip { display: inline-block; padding: .25rem .6rem; border-radius: 999px; background: #fff; border: 1px solid #998; font-weight: 600; }
#board .tikal .chip.button { background: #2f4d24; color: #fff; border-color: #2f4d24; }
#board .tikal span[data-element].candidate, #board .tikal .chip.candidate { outline: 3px solid #ffd000; outline-offset: 1px; }
#board .tikal span[data-element].selected { outline: 3px solid #d00060; outline-offset: 1px; }
#board .tikal span[data-element] { border-radius: 6px; padding: 0 .2rem; display: inline-flex; align-items: center; min-height: 24px; min-width: 24px; }
#board .tikal .tikal-players { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: .35rem; }
#board .tikal .tikal-players li.moving { box-shadow: inset 4px 0 0 #2f4d24; }
#board .tikal .tikal-players .head { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
#board .tikal .tikal-players .score { margin-left: auto; font-weight: 700; }
#board .tikal .tikal-players .score.changed { background: #ffe680; border-radius: 6px; padding: 0 .3rem; }
#board .tikal .tikal-players .supply, #board .tikal .tikal-players .held { display: flex; flex-wrap: wrap; gap: .2rem .7rem; font-size: .9em; margin-top: .2rem; align-items: center; }
#board .tikal .tag { font-size: .75em; background: #ddd6c2; border-radius: 4px; padding: 0 .3rem; }
#board .tikal .tag.moving { background: #2f4d24; color: #fff; }
#board .tikal .treasure-chip { display: inline-flex; gap: .15rem; align-items: center; }
#board .tikal .treasure-chip b { display: inline-block; min-width: 1.1rem; text-align: center; color: #fff; background: var(--kind); border-radius: 4px; font-size: .85em; }
#board .tikal .none, #board .tikal .notes { color: #665; font-size: .9em; }
#board .tikal .score-track { width: 100%; height: auto; }
#board .tikal .pips { display: flex; gap: 3px; }
#board .tikal .pip { width: 14px; height: 14px; border-radius: 50%; border: 2px solid #2f4d24; }
#board .tikal .pip.on { background: #2f4d24; }
#board .tikal .doing { font-weight: 700; }
#board .tikal .scoring { background: #7b4a3a; color: #fff; border-radius: 6px; padding: .15rem .4rem; }
@media (max-width: 760px) {
  #board .tikal { grid-template-columns: minmax(0, 1fr); }
}
`;

/** Whether the game's board is the one the geometry draws (an edition given as an option may
bring its own tiles, drawn from the option, but its own board cannot be drawn). */
function sameBoard(options) {
  const spaces = unwrap(unwrap(options?.edition?.board)?.spaces);
  if (!spaces) return true;
  return spaces.length === geometry.spaces.length &&
    spaces.every(([q, r], index) => geometry.spaces[index].q === q && geometry.spaces[index].r === r);
}

function ensureStyle() {
  if (document.getElementById("tikal-style")) return;
  document.head.append(html("style", {id: "tikal-style"}, [document.createTextNode(STYLE)]));
}

export function render(board, state, previous) {
  ensureStyle();
  looks = state.seats ?? [];
  const view = state.view;
  const tileOf = tileTable(view.options);
  const clickable = new Set(state.legal.flatMap((entry) => entry.elements || []));
  noteChanges(state, previous);
  drawnLast = state;
  if (!sameBoard(view.options)) {
    board.replaceChildren(html("p", {text: say("unknown")}), html("pre", {text: JSON.stringify(view, null, 1)}));
    return;
  }
  const layout = html("div", {class: "tikal"});
  const side = html("div", {class: "side"});
  side.append(statusPanel(state), handPanel(state, tileOf, clickable), buttons(clickable));
  if (view.options.auction) side.append(auctionPanel(state, tileOf, clickable));
  side.append(playersPanel(state, clickable), html("section", {}, [html("h4", {text: say("scoreTrack")}), scoreTrack(state)]));
  layout.append(html("div", {class: "main"}, [boardSvg(state, tileOf, clickable)]), side);
  board.replaceChildren(layout);
  previewObserver?.disconnect();
  previewObserver = new MutationObserver(() => updatePreview(board, state, tileOf));
  previewObserver.observe(layout, {subtree: true, attributes: true, attributeFilter: ["class"]});
  updatePreview(board, state, tileOf);
}
