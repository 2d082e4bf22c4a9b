// Altiplano's table, drawn from a seat's view: the circle of locations with the figures and the
// general supply, the market (extension strip with prices, orders, houses, boats, carts), the
// own board (planning tiles, action fields, role, extensions, movement fields and carts, bag,
// container, warehouse, order, missions) and every other seat's board as the view shows it.
//
// No rule lives here. Clickable things carry `data-element` ids from the server's web module
// (meeple/games/altiplano/web.py documents them); only the own board carries them, so that no
// other seat's things light up. The component figures the view names by id (extension names,
// order goods, prices) come once from /api/tables/<id>/facts.
//
// Every English text the page writes is in WORDS; the #words JSON (English → translation)
// overrides it.

import {translate} from "/static/words.js";

const WORDS = {
  round: "Round {n}",
  phase_roles: "Choosing roles",
  phase_missions: "Mission draft",
  phase_draw: "Phase 1: draw",
  phase_plan: "Phase 2: plan",
  phase_actions: "Phase 3: actions",
  phase_final: "Final storage",
  phase_over: "Game over",
  turn: "{seat} to act",
  last_round: "Last round: the game ends after round {n}",
  done_order: "“Done” goes round from the start player: next is {seat}.",
  start: "start player",
  you: "you",
  seat: "Seat {n}",
  circle: "The circle of locations",
  strip: "Extension strip",
  stack: "stack",
  orders: "Orders",
  houses: "Houses",
  boats: "Boats",
  carts: "carts",
  no_order: "none left",
  none_left: "none left",
  sale: "Sale prices at the market",
  price: "{n}¢",
  points: "{n} VP",
  planning: "Planning board",
  bag: "Bag",
  container: "Container",
  role: "Role",
  movement: "Movement",
  top_cart: "top cart",
  used: "used",
  cart: "cart",
  buy_cart: "buy cart",
  warehouse: "Warehouse",
  order: "Order",
  orders_done: "orders done",
  road: "road",
  road_plan: "Road step: one more planning field",
  road_corn: "Road step: 1 corn",
  build_road: "build road",
  buffer: "corn buffer",
  corn_received: "corn received: store it",
  final: "Drawn for the final storage",
  missions: "Missions",
  missions_hidden: "{n} secret",
  mission_hand: "In hand",
  revealed: "revealed",
  sell: "sell",
  tiles: "{n} tiles",
  roles_free: "Roles to choose",
  button_done: "Done",
  button_pass: "Pass",
  button_end_turn: "End turn",
  button_no_swap: "Do not swap",
  wild: "wildcard",
  passed: "passed",
  ready: "done",
  good_food: "food",
  good_corn: "corn",
  good_fish: "fish",
  good_alpaca: "alpaca",
  good_wood: "wood",
  good_stone: "stone",
  good_cacao: "cacao",
  good_ore: "ore",
  good_wool: "wool",
  good_cloth: "cloth",
  good_silver: "silver",
  good_glass: "glass",
  good_coins: "coins",
  legend: "What the goods' pictures stand for",
  loc_village: "village",
  loc_market: "market",
  loc_road: "road",
  loc_harbor: "harbor",
  loc_farm: "farm",
  loc_mine: "mine",
  loc_forest: "forest",
  loc_any: "any location",
  loc_movement: "movement",
  loc_planning: "planning",
  loc_end: "game end",
};
const word = (key, values = {}) =>
  translate(WORDS[key] ?? key.replace(/^[a-z]+_/, "").replace(/_/g, " "), values);

//: Each seat's colour and shape, from the game's one declaration (meeple.games.altiplano.seats),
//: which the server sends in the position's `seats`; set by `render`.
let looks = [];
const lookOf = (seat) => looks[seat] ?? {colour: "#767676", shape: "hexagon"};
const GOODS = {
  food: "#f2d16b", corn: "#f5e663", fish: "#7fb7d9", alpaca: "#e8d9c0", wood: "#8f5f35",
  stone: "#a3a3a3", cacao: "#6b3e26", ore: "#555b66", wool: "#f5f0e6", cloth: "#a83a56",
  silver: "#d9dde3", glass: "#9fe3d0", coins: "#e0b030",
};
const DARK = new Set(["wood", "cacao", "ore", "cloth"]);
//: Each good's own picture (our drawings, 16x16), a shape of its own so that it reads without
//: its colour: a bowl, a cob, a fish, an alpaca, a log, a stone, a pod, crystals, a skein, a
//: woven cloth, an ingot, a goblet, a coin.
const SYMBOLS = {
  food: "M2 7h12a6 6 0 0 1-12 0z M5 4q1-2 0-3 M8 4q1-2 0-3 M11 4q1-2 0-3",
  corn: "M8 1c3 2 3 9 0 12c-3-3-3-10 0-12z M6.5 4h3 M6 7h4 M6.5 10h3 M8 13l-5 2 M8 13l5 2",
  fish: "M1.5 8q5-6 10 0q-5 6-10 0z M11.5 8l3.5-3.5v7z M5 7h.5",
  alpaca: "M4 15v-5h6V3h3v2.5h-1.5V15 M7 10v5 M10 10v5 M11 3l.5-2 M12.5 3l.5-2",
  wood: "M2 5h10v6H2z M12 5a2.5 3 0 0 1 0 6a2.5 3 0 0 1 0-6z M12 7.2a.8.8 0 0 1 0 1.6 M4 7h4 M5 9h5",
  stone: "M2 12.5L3.5 6L8 3l5.5 3l1 6.5l-6 1.5z M8 3l-1 5l7.5-2 M7 8l-5 4.5",
  cacao: "M8 1c5 3 5 11 0 14c-5-3-5-11 0-14z M8 2v12 M5 4.5c-1 3-1 5 0 7.5 M11 4.5c1 3 1 5 0 7.5",
  ore: "M2 14.5l2-7l3 3l2-8.5l3 7l2-2l1 7.5z M9 2l-.5 12.5",
  wool: "M8 2a6 6 0 1 1 0 12a6 6 0 1 1 0-12z M2.5 6.5q5.5 3 11 0 M2.3 9.5q5.7 3 11.4 0 M5 3.5q3 4.5 1 10",
  cloth: "M2 3h12v10H2z M2 6.3h12 M2 9.7h12 M5.5 3v10 M9 3v10 M12.5 3v10",
  silver: "M1.5 12.5l3-6.5h7l3 6.5z M4.5 6l1.5-2h4l1.5 2",
  glass: "M4.5 1.5h7l-1 6a2.5 2.5 0 0 1-5 0z M8 10v4 M5 14.5h6 M5 4h6",
  coins: "M8 2a6 6 0 1 1 0 12a6 6 0 1 1 0-12z M8 4.5a3.5 3.5 0 1 1 0 7a3.5 3.5 0 1 1 0-7z",
};

/** A good's picture as an SVG (inside a tile, or at x, y of a board's SVG). */
function symbol(good, {x = null, y = null, size = 20} = {}) {
  return el("svg:svg", {class: "alt-sym", viewBox: "0 0 16 16", width: size, height: size, x, y,
    "aria-hidden": "true", focusable: "false"},
    el("svg:path", {d: SYMBOLS[good] || "M3 3h10v10H3z", fill: "none", stroke: "currentColor",
      "stroke-width": 1.4, "stroke-linejoin": "round", "stroke-linecap": "round"}));
}

const root = document.getElementById("table");
const facts = await fetch(`/api/tables/${root?.dataset.table}/facts`)
  .then((response) => (response.ok ? response.json() : {}))
  .catch(() => ({}));

const SVG = "http://www.w3.org/2000/svg";
let marks = new Set(); // keys of things other seats changed since this seat's last move
let shown = {state: null, signatures: new Map()}; // the position drawn last, and what it showed

function el(tag, attrs = {}, ...children) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "element") {
      node.dataset.thing = value; // kept when not clickable: a click on it asks why not
      node.dataset.element = value;
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    } else if (name === "key") node.dataset.key = value;
    else if (name === "sig") node.dataset.sig = value;
    else node.setAttribute(name, value);
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** The element id only on the own board: other seats' things are not clickable. */
const own = (mine, id) => (mine ? id : null);

function tile(good, {element = null, count = null, key = null} = {}) {
  const name = word(`good_${good}`) + (count === null ? "" : ` ×${count}`);
  const node = el("span", {
    class: `alt-tile${DARK.has(good) ? " dark" : ""}`, style: `--good:${GOODS[good] || "#ddd"}`,
    title: name, "aria-label": name, element, key,
    sig: key === null ? null : String(count),
  }, symbol(good), count === null ? null : `×${count}`);
  if (!element) node.setAttribute("role", "img");
  return node;
}

/** The goods' tiles with their names: the picture on a tile says the good without its colour. */
function legend() {
  const goods = Object.keys(GOODS).filter((good) => good !== "coins");
  return el("details", {class: "alt-legend"}, el("summary", {}, word("legend")),
    el("ul", {}, goods.map((good) => el("li", {}, tile(good), " ", word(`good_${good}`)))));
}

function counts(bag) {
  return Object.entries(bag || {}).filter(([, n]) => n > 0);
}

function token(seat, size = 18) {
  const {colour, shape} = lookOf(seat);
  const h = size / 2;
  const shapes = {
    circle: () => el("svg:circle", {cx: h, cy: h, r: h - 1}),
    square: () => el("svg:rect", {x: 1, y: 1, width: size - 2, height: size - 2}),
    triangle: () => el("svg:polygon", {points: `${h},0 ${size},${size} 0,${size}`}),
    diamond: () => el("svg:polygon", {points: `${h},0 ${size},${h} ${h},${size} 0,${h}`}),
    hexagon: () => el("svg:polygon", {points: `${h / 2},1 ${size - h / 2},1 ${size},${h} ${size - h / 2},${size - 1} ${h / 2},${size - 1} 0,${h}`}),
  };
  const figure = shapes[shape]();
  figure.setAttribute("fill", colour);
  figure.setAttribute("stroke", "#222");
  return el("svg:svg", {class: "alt-token", width: size, height: size, viewBox: `0 0 ${size} ${size}`},
    figure,
    el("svg:text", {x: h, y: h + size * 0.22 + (shape === "triangle" ? 2 : 0), "text-anchor": "middle",
      "font-size": size * 0.6, "font-weight": "bold", fill: "#111"}, String(seat + 1)));
}

/** A cart: a box on two wheels. */
function cartIcon() {
  return el("svg:svg", {class: "alt-cart-icon", width: 18, height: 12, viewBox: "0 0 18 12", "aria-hidden": "true"},
    el("svg:rect", {x: 1, y: 1, width: 16, height: 6, rx: 1, fill: "#8a5a2b"}),
    el("svg:circle", {cx: 5, cy: 9.5, r: 2.2, fill: "#333"}), el("svg:circle", {cx: 13, cy: 9.5, r: 2.2, fill: "#333"}));
}

function seatName(state, seat) {
  const entry = state.seats?.[seat];
  return entry?.name || entry?.word || word("seat", {n: seat + 1});
}

function conversionText(conv) {
  if (!conv) return "";
  // Coins as the price tags write them ("1¢"): "1 coins" would need plural forms here.
  const cost = conv.in.map(([good, n]) => (good === "coins" ? word("price", {n}) : `${n} ${word(`good_${good}`)}`)).join(" + ");
  return `${cost} → ${conv.out.map((good) => word(`good_${good}`)).join(" / ")}`;
}

// -- the shared table ------------------------------------------------------------------------

function status(state, s) {
  const parts = [word("round", {n: s.round}), word(`phase_${s.phase}`)];
  if (s.phase === "actions") parts.push(word("turn", {seat: seatName(state, s.turn.seat)}));
  if (s.phase === "plan") {
    const n = s.players.length;
    const next = [...Array(n).keys()].map((i) => (s.start + i) % n).find((seat) => !s.ready[seat]);
    if (next !== undefined) parts.push(word("done_order", {seat: seatName(state, next)}));
  }
  if (s.end_round !== null) parts.push(word("last_round", {n: s.end_round}));
  return el("p", {class: "alt-status"}, parts.join(" · "));
}

function circle(s) {
  const size = 340;
  const centre = size / 2;
  const radius = 120;
  const svg = el("svg:svg", {class: "alt-circle", viewBox: `0 0 ${size} ${size}`, role: "group",
    "aria-label": word("circle")});
  svg.append(el("svg:circle", {cx: centre, cy: centre, r: radius, fill: "none", stroke: "#c9b99a", "stroke-width": 10}));
  const food = el("svg:g", {element: "supply:food", key: "supply:food", sig: String(s.supply.food)},
    el("svg:rect", {x: centre - 34, y: centre - 16, width: 68, height: 32, rx: 6, fill: GOODS.food, stroke: "#8a7a4a"}),
    el("svg:g", {color: "#111"}, symbol("food", {x: centre - 28, y: centre - 10, size: 20})),
    el("svg:text", {x: centre + 8, y: centre + 5, "text-anchor": "middle", "font-size": 13},
      `×${s.supply.food ?? 0}`),
    el("svg:title", {}, word("good_food")));
  svg.append(food);
  s.circle.forEach((loc, i) => {
    const angle = (2 * Math.PI * i) / s.circle.length - Math.PI / 2;
    const x = centre + radius * Math.cos(angle);
    const y = centre + radius * Math.sin(angle);
    const here = s.players.map((p, seat) => (p.figure === loc ? seat : null)).filter((seat) => seat !== null);
    const group = el("svg:g", {element: `location:${loc}`, key: `location:${loc}`, sig: here.join(","), class: "alt-loc"},
      el("svg:circle", {cx: x, cy: y, r: 48, fill: "#f7f1e3", stroke: "#8a7a4a", "stroke-width": 2}),
      el("svg:text", {x, y: y - 32, "text-anchor": "middle", "font-size": 12, "font-weight": "bold"}, word(`loc_${loc}`)));
    const supplies = (facts.supplies?.[loc] || []).filter((item) => item in GOODS && item !== "food");
    // Each supply a tile a finger can take (27x32, its picture 20 px), side by side.
    const [width, gap] = [27, 2];
    supplies.forEach((good, j) => {
      const sx = x - (supplies.length * (width + gap) - gap) / 2 + j * (width + gap);
      const sy = y - 24;
      group.append(el("svg:g", {element: `supply:${good}`, key: `supply:${good}`, sig: String(s.supply[good] ?? 0)},
        el("svg:rect", {x: sx, y: sy, width, height: 32, rx: 3, fill: GOODS[good], stroke: "#555"}),
        el("svg:g", {color: DARK.has(good) ? "#fff" : "#111"}, symbol(good, {x: sx + (width - 20) / 2, y: sy + 1, size: 20})),
        el("svg:text", {x: sx + width / 2, y: sy + 29.5, "text-anchor": "middle", "font-size": 10, fill: DARK.has(good) ? "#fff" : "#111"}, String(s.supply[good] ?? 0)),
        el("svg:title", {}, word(`good_${good}`))));
    });
    here.forEach((seat, j) => {
      const figure = token(seat, 18);
      figure.setAttribute("x", x - 9 * here.length + j * 18);
      figure.setAttribute("y", y + 12);
      // In a group of its own, which a slide (motion.js) moves when another seat moves it.
      group.append(el("svg:g", {"data-piece": `${seat}:figure`, "data-at": loc}, figure));
    });
    svg.append(group);
  });
  return svg;
}

function card(attrs, ...children) {
  return el("div", {...attrs, class: `alt-card ${attrs.class || ""}`}, ...children);
}

/** An extension by its name, then the letter on its back ("alpaca for food (A)"): the letter
 * first would read as an article ("A alpaca for food"). */
function extensionName(eid) {
  const ext = facts.extensions?.[eid];
  return ext?.letter ? `${ext.name ?? eid} (${ext.letter})` : `${ext?.name ?? eid}`;
}

function market(s) {
  const strip = s.strip.map((eid, slot) => {
    const ext = facts.extensions?.[eid];
    const price = (ext?.cost ?? 0) + (facts.surcharge?.[slot] ?? 0);
    return card({element: eid ? `slot:${slot}` : null, key: `slot:${slot}`, sig: String(eid)},
      eid ? [el("b", {}, extensionName(eid)),
        el("small", {}, `${word(`loc_${ext?.location}`)}${ext?.effect ? ": " + conversionText(ext.effect) : ""}`),
        el("span", {class: "alt-price"}, word("price", {n: price}))] : "–");
  });
  const letters = {};
  for (const letter of s.stack) letters[letter] = (letters[letter] || 0) + 1;
  const orders = s.orders.map((oid) => orderCard(oid, [], `order:${oid}`));
  if (!s.orders.length) orders.push(card({element: "order:none", key: "order:none"}, word("no_order")));
  const pile = (kind, list) => {
    const kinds = [...new Set(list)];
    const cards = kinds.map((good) => card({element: `${kind}:${good}`, key: `${kind}:${good}`,
      sig: String(list.filter((g) => g === good).length), class: "alt-small"}, tile(good),
    list.filter((g) => g === good).length > 1 ? `×${list.filter((g) => g === good).length}` : ""));
    if (!kinds.length) cards.push(card({element: `${kind}:none`, key: `${kind}:none`}, word("none_left")));
    return cards;
  };
  return el("section", {class: "alt-market"},
    el("h4", {}, word("strip"), " ", el("small", {}, `${word("stack")}: ${Object.entries(letters).map(([l, n]) => `${n}×${l}`).join(" ") || "0"}`)),
    el("div", {class: "alt-row"}, strip),
    el("h4", {}, word("orders"), " ", el("small", {}, word("price", {n: facts.order_cost ?? 1}))),
    el("div", {class: "alt-row"}, orders),
    el("h4", {}, word("sale")),
    el("div", {class: "alt-row"}, Object.entries(facts.sale_price || {}).map(([good, price]) =>
      el("span", {class: "alt-sale"}, tile(good), word("price", {n: price})))),
    el("h4", {}, word("houses"), " ", el("small", {}, `${costText(facts.house?.cost)} · ${word("points", {n: facts.house?.points ?? "?"})}`)),
    el("div", {class: "alt-row"}, pile("house", s.houses)),
    el("h4", {}, word("boats"), " ", el("small", {}, `${costText(facts.boat?.cost)} · ${word("points", {n: facts.boat?.points ?? "?"})}`)),
    el("div", {class: "alt-row"}, pile("boat", s.boats)),
    el("p", {key: "carts", sig: String(s.carts)}, `${word("loc_village")}: ${s.carts} ${word("carts")}`));
}

function costText(cost) {
  return (cost || []).map(([good, n]) => `${n} ${word(`good_${good}`)}`).join(" + ");
}

function orderCard(oid, delivered, element, key = element) {
  const order = facts.orders?.[oid];
  const left = [...delivered];
  const goods = (order?.goods || []).map((good) => {
    const i = left.indexOf(good);
    const done = i >= 0;
    if (done) left.splice(i, 1);
    const node = tile(good);
    if (done) node.classList.add("delivered");
    return node;
  });
  return card({element, key, sig: delivered.join(","), class: "alt-order"}, goods,
    el("small", {}, word("points", {n: order?.points ?? "?"})));
}

// -- a player's board --------------------------------------------------------------------------

function placedTiles(mine, target, goods) {
  return goods.map((good) => tile(good, {element: own(mine, `placed:${target}:${good}`)}));
}

function field(mine, seat, target, goods, capacity, label, extra = []) {
  const empty = Math.max(0, capacity - goods.length);
  return el("div", {class: "alt-field", element: own(mine, `field:${target}`), key: `${seat}:field:${target}`, sig: goods.join(",")},
    el("div", {class: "alt-field-name"}, label),
    el("div", {class: "alt-slots"}, placedTiles(mine, target, goods), Array.from({length: empty}, () => el("span", {class: "alt-slot"}))),
    extra);
}

function expand(bag) {
  return counts(bag).flatMap(([good, n]) => Array(n).fill(good));
}

function playerBoard(state, s, seat, me) {
  const p = s.players[seat];
  const mine = seat === me;
  const role = facts.roles?.[p.role];
  const head = el("div", {class: "alt-head"}, token(seat, 22),
    el("b", {}, seatName(state, seat) + (mine ? ` (${word("you")})` : "")),
    seat === s.start ? el("small", {}, word("start")) : null,
    s.passed[seat] && s.phase === "actions" ? el("small", {class: "alt-flag"}, word("passed")) : null,
    s.ready[seat] && ["draw", "plan", "final"].includes(s.phase) ? el("small", {class: "alt-flag"}, word("ready")) : null,
    el("span", {class: "alt-coins", element: own(mine, "good:coins"), key: `${seat}:coins`, sig: String(p.coins)}, word("price", {n: p.coins})));

  const planning = el("div", {class: "alt-box", key: `${seat}:planning`, sig: JSON.stringify(p.planning)},
    el("h5", {}, word("planning")),
    counts(p.planning).map(([good, n]) => tile(good, {element: own(mine, `good:${good}`), count: n})));
  const bagText = mine ? counts(p.bag).map(([g, n]) => `${n} ${word(`good_${g}`)}`).join(", ") : "";
  const bagSize = mine ? Object.values(p.bag).reduce((a, b) => a + b, 0) : p.bag_size;
  const containerSize = mine ? Object.values(p.container).reduce((a, b) => a + b, 0) : p.container_size;
  const bag = el("div", {class: "alt-box alt-bag", element: own(mine, "bag"), key: `${seat}:bag`, sig: String(bagSize), title: bagText},
    el("h5", {}, word("bag")), word("tiles", {n: bagSize}));
  const container = el("div", {class: "alt-box", element: own(mine, "container"), key: `${seat}:container`, sig: String(containerSize)},
    el("h5", {}, word("container")), mine && containerSize ? counts(p.container).map(([good, n]) => tile(good, {element: `container:${good}`, count: n}))
      : word("tiles", {n: containerSize}));

  const locations = (facts.locations || Object.keys(p.fields)).map((loc) => {
    const actions = mine ? (facts.basic?.[loc] || []).map((conv) =>
      el("button", {type: "button", class: "alt-action", element: `action:${conv.key}`, title: conversionText(conv)}, conversionText(conv))) : [];
    if (mine && loc === "market") actions.push(el("button", {type: "button", class: "alt-action", element: "action:sell"}, word("sell")));
    if (mine && loc === "road") actions.push(el("button", {type: "button", class: "alt-action", element: "action:build_road", title: costText(facts.road_cost)}, `${word("build_road")}: ${costText(facts.road_cost)}`));
    return field(mine, seat, `loc:${loc}`, p.fields[loc] || [], facts.fields?.[loc] ?? 0, word(`loc_${loc}`), actions);
  });
  const roleField = p.role ? field(mine, seat, "role", expand(p.role_fields), 0,
    `${word("role")}: ${role?.name ?? p.role}`, el("small", {}, `${word(`loc_${role?.location}`)}: ${conversionText(role)}`)) : null;
  const extensions = p.ext.map((eid) => {
    const ext = facts.extensions?.[eid];
    const name = extensionName(eid);
    if (eid in p.ext_fields) {
      return field(mine, seat, `ext:${eid}`, expand(p.ext_fields[eid]), 0, name,
        el("small", {}, `${word(`loc_${ext?.location}`)}: ${conversionText(ext?.effect)}`));
    }
    if (eid in p.wild) return field(mine, seat, `wild:${eid}`, p.wild[eid] ? [p.wild[eid]] : [], 1, `${name} (${word("wild")})`);
    return card({key: `${seat}:ext:${eid}`}, name);
  });
  const moves = p.move.map((good, i) => field(mine, seat, `move:${i}`, good ? [good] : [], 1, `${i + 1}`,
    p.carts[i] ? el("span", {class: "alt-cart"}, cartIcon(), ` ${word("cart")}`)
      : el("span", {class: "alt-cart empty", element: own(mine, `cart:${i}`)}, word("buy_cart"))));
  const top = el("span", {class: `alt-cart${p.top_used ? " used" : ""}`, element: own(mine, "cart:top"), key: `${seat}:top`, sig: String(p.top_used)},
    cartIcon(), ` ${word("top_cart")}${p.top_used ? ` (${word("used")})` : ""}`);

  const rows = p.warehouse.map((row, i) => {
    const spaces = facts.rows?.[i]?.spaces ?? row.length;
    return el("div", {class: "alt-wrow", element: own(mine, `row:${i}`), key: `${seat}:row:${i}`, sig: row.join(",")},
      el("small", {}, word("points", {n: facts.rows?.[i]?.points ?? "?"})),
      row.map((good) => tile(good)), Array.from({length: Math.max(0, spaces - row.length)}, () => el("span", {class: "alt-slot"})));
  });
  const extras = [];
  if (p.buffer || mine) extras.push(el("span", {class: "alt-box", element: own(mine, "buffer"), key: `${seat}:buffer`, sig: String(p.buffer)}, `${word("buffer")}: ${p.buffer}`));
  if (p.pending_corn) extras.push(el("span", {class: "alt-box alt-alert", element: own(mine, "corn:received")}, tile("corn", {count: p.pending_corn}), " ", word("corn_received")));
  if (counts(p.final).length) extras.push(el("div", {class: "alt-box"}, el("h5", {}, word("final")),
    counts(p.final).map(([good, n]) => tile(good, {element: own(mine, `final:${good}`), count: n}))));

  const missions = [];
  if (mine) {
    for (const mid of p.hand || []) missions.push(missionCard(mid, `mission:${mid}`, word("mission_hand")));
    for (const mid of p.missions || []) missions.push(missionCard(mid, null, p.revealed.includes(mid) ? word("revealed") : ""));
  } else {
    for (const mid of p.missions || []) missions.push(missionCard(mid, null, word("revealed")));
    const hidden = (p.missions_count ?? 0) - (p.missions || []).length;
    if (hidden > 0) missions.push(card({key: `${seat}:missions`, sig: String(hidden)}, word("missions_hidden", {n: hidden})));
  }

  return el("section", {class: `alt-player${mine ? " mine" : ""}`, style: `--seat:${lookOf(seat).colour}`},
    head,
    el("div", {class: "alt-row"}, planning, bag, container, extras),
    el("div", {class: "alt-fields"}, locations),
    el("div", {class: "alt-row"}, roleField, extensions),
    el("div", {class: "alt-row alt-moves"}, el("h5", {}, word("movement")), top, moves),
    el("div", {class: "alt-row"},
      el("div", {class: "alt-box alt-warehouse"}, el("h5", {}, word("warehouse")), rows),
      el("div", {class: "alt-box"}, el("h5", {}, word("order")),
        p.order ? orderCard(p.order.id, p.order.delivered, own(mine, `order:${p.order.id}`), `${seat}:order`) : "–",
        el("small", {key: `${seat}:done`, sig: String(p.orders_done.length)}, ` ${p.orders_done.length} ${word("orders_done")}`),
        el("h5", {}, word("houses")), el("div", {key: `${seat}:houses`, sig: p.houses.join(",")}, p.houses.map((g) => tile(g))),
        el("h5", {}, word("boats")), el("div", {key: `${seat}:boats`, sig: p.boats.join(",")}, p.boats.map((g) => tile(g))),
        el("h5", {}, word("road")), el("span", {key: `${seat}:road`, sig: String(p.road)}, roadTrack(p.road))),
      missions.length ? el("div", {class: "alt-box"}, el("h5", {}, word("missions")), missions) : null));
}

function roadTrack(done) {
  return (facts.road_track || []).map((step, i) =>
    el("span", {class: `alt-road${i < done ? " built" : ""}`, title: word(`road_${step}`)}, step === "corn" ? symbol("corn") : "+"));
}

function missionCard(mid, element, note) {
  const mission = facts.missions?.[mid];
  return card({element, key: `mission:${mid}`, class: "alt-mission"}, mission?.text ?? mid,
    el("small", {}, ` ${word("points", {n: mission?.points ?? "?"})} ${note}`));
}

function roleDraft(s) {
  if (!Array.isArray(s.roles_free) || s.phase !== "roles") return null;
  return el("section", {class: "alt-market"}, el("h4", {}, word("roles_free")),
    el("div", {class: "alt-row"}, s.roles_free.map((rid) => {
      const role = facts.roles?.[rid];
      return card({element: `role:${rid}`}, el("b", {}, role?.name ?? rid),
        el("small", {}, `${word(`loc_${role?.location}`)}: ${conversionText(role)}`));
    })));
}

function buttons(state) {
  const names = new Set(state.legal.flatMap((entry) => entry.elements || []).filter((id) => id.startsWith("button:")));
  return el("div", {class: "alt-buttons"}, [...names].sort().map((id) =>
    el("button", {type: "button", class: "alt-button", element: id}, word(id.replace(/[:-]/g, "_")))));
}

// -- what others changed -----------------------------------------------------------------------

function signatures(node) {
  return new Map([...node.querySelectorAll("[data-key]")].map((n) => [n.dataset.key, n.dataset.sig ?? ""]));
}

function lastMover(state) {
  for (let i = (state.log || []).length - 1; i >= 0; i--) {
    if (state.log[i].seat !== null && state.log[i].seat !== undefined) return state.log[i].seat;
  }
  return null;
}

function draw(state) {
  const view = state.view;
  const s = view.state;
  const me = view.seat ?? null;
  const order = s.players.map((_, seat) => seat);
  if (me !== null) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  return el("div", {class: "alt"},
    status(state, s),
    legend(),
    buttons(state),
    el("div", {class: "alt-table"}, circle(s), el("div", {}, roleDraft(s), market(s))),
    order.map((seat) => playerBoard(state, s, seat, me)));
}

export function render(board, state, previous) {
  injectStyle();
  looks = state.seats ?? [];
  const drawn = draw(state);
  const now = signatures(drawn);
  const mover = lastMover(state);
  const me = state.view.seat ?? null;
  // Marks add up over the moves of others while each position follows the one drawn last; a
  // jump (the replay's) or a spectator's next position starts them afresh: that move's only.
  const following = previous !== null && shown.state === previous;
  if (!following || me === null) marks = new Set();
  if (previous && mover !== null && mover !== me) {
    // What the previous position showed: remembered from drawing it, else drawn again.
    const before = following ? shown.signatures : signatures(draw(previous));
    for (const [key, sig] of now) if (before.has(key) && before.get(key) !== sig) marks.add(key);
  } else if (mover === me && me !== null) {
    marks = new Set();
  }
  shown = {state, signatures: now};
  // A thing drawn inside another clickable thing (a supply inside its location, a tile on a
  // field) takes the click only when some action involves it; else the click goes through.
  const involved = new Set((state.legal || []).flatMap((entry) => entry.elements || []));
  for (const node of drawn.querySelectorAll("[data-element] [data-element]")) {
    if (!involved.has(node.dataset.element)) unclickable(node);
  }
  if (me === null) drawn.querySelectorAll("[data-element]").forEach(unclickable); // a spectator clicks nothing
  // A clickable thing holding clickable things (a field with its tiles) is a group of them
  // for assistive technologies (a button holds no other controls); its keys still choose it.
  for (const node of drawn.querySelectorAll("[data-element]")) {
    if (node.querySelector("[data-element], button, a, input, [tabindex]")) node.setAttribute("role", "group");
  }
  for (const node of drawn.querySelectorAll("[data-key]")) node.classList.toggle("changed", marks.has(node.dataset.key));
  board.replaceChildren(drawn);
}

function unclickable(node) {
  node.removeAttribute("data-element");
  node.removeAttribute("tabindex");
  node.removeAttribute("role");
}

function injectStyle() {
  if (document.getElementById("altiplano-style")) return;
  document.head.append(el("style", {id: "altiplano-style"}, `
.alt { font-size: 14px; line-height: 1.3; }
.alt h4, .alt h5 { margin: .3rem 0 .15rem; }
.alt h5 { font-size: 12px; color: #555; }
.alt-status { font-weight: 600; margin: .2rem 0; }
.alt-table { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-start; }
.alt-circle { width: min(340px, 100%); flex: 0 0 auto; }
.alt-table > div { flex: 1 1 20rem; min-width: 0; }
.alt-row { display: flex; flex-wrap: wrap; gap: .3rem; align-items: flex-start; }
.alt-card { border: 1px solid #b8a98a; border-radius: 6px; background: #fffaf0; padding: .2rem .35rem; max-width: 11rem; font-size: 12px; }
.alt-card small { display: block; color: #555; }
.alt-card.alt-small { display: flex; gap: .2rem; align-items: center; }
.alt-price { font-weight: bold; }
.alt-sale { white-space: nowrap; font-size: 12px; margin-right: .3rem; }
/* A good's tile: its picture (20 px) readable, and big enough for a finger (WCAG 2.5.8). */
.alt-tile { display: inline-flex; align-items: center; justify-content: center; box-sizing: border-box; min-width: 24px; min-height: 24px; padding: 0 .15em; margin: 1px; border: 1px solid #555; border-radius: 3px; background: var(--good); color: #111; font-size: 11px; font-weight: 600; vertical-align: middle; }
.alt-tile.dark { color: #fff; }
.alt-tile .alt-sym { vertical-align: middle; }
.alt-tile.delivered { text-decoration: line-through; box-shadow: inset 0 0 0 3px #2f4d24; }
.alt-slot { display: inline-block; box-sizing: border-box; width: 24px; height: 24px; margin: 1px; border: 1px dashed #aaa; border-radius: 3px; vertical-align: middle; }
.alt-player { border: 2px solid var(--seat); border-left-width: 8px; border-radius: 8px; padding: .3rem .5rem; margin: .5rem 0; background: #fcfbf7; }
.alt-player.mine { background: #fff; }
.alt-head { display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; }
.alt-coins { margin-left: auto; font-weight: bold; background: ${GOODS.coins}; border-radius: 1em; padding: 0 .5em; }
.alt-coins[data-element] { min-height: 24px; line-height: 24px; display: inline-block; } /* a finger's target, like the tiles */
.alt-flag { background: #eee; border-radius: 3px; padding: 0 .3em; }
.alt-box { border: 1px solid #ddd; border-radius: 4px; padding: .15rem .3rem; background: #fff; }
.alt-alert { border-color: #c60; }
.alt-fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr)); gap: .3rem; margin: .3rem 0; }
.alt-field { border: 1px solid #c9b99a; border-radius: 4px; padding: .15rem; background: #f7f1e3; min-height: 2.5em; }
.alt-field-name { font-size: 11px; font-weight: bold; text-transform: capitalize; }
.alt-field small { display: block; font-size: 10px; color: #555; }
.alt-action { display: block; width: 100%; min-height: 24px; margin-top: 2px; font-size: 10px; padding: 1px 2px; text-align: left; }
/* The own board's other things to click: at least a finger's height. */
#board .alt .alt-cart[data-element], #board .alt span.alt-box[data-element] { display: inline-flex; align-items: center; min-height: 24px; box-sizing: border-box; }
.alt-moves .alt-field { min-width: 4.5rem; }
.alt-cart { display: inline-block; font-size: 11px; border: 1px solid #8a7a4a; border-radius: 3px; padding: 0 .25em; background: #efe3c4; }
.alt-cart.empty { border-style: dashed; background: none; }
.alt-legend { margin: .2rem 0; }
.alt-legend summary { cursor: pointer; min-height: 24px; }
.alt-legend ul { display: flex; flex-wrap: wrap; gap: .2rem .9rem; list-style: none; padding: 0; margin: .2rem 0; }
.alt-cart.used { color: #555; background-image: repeating-linear-gradient(45deg, transparent 0 4px, rgba(0, 0, 0, .12) 4px 6px); }
.alt-warehouse { display: grid; grid-template-columns: auto auto; grid-auto-flow: column; grid-template-rows: auto repeat(5, auto); column-gap: .5rem; }
.alt-warehouse h5 { grid-column: 1 / -1; }
.alt-wrow { display: flex; align-items: center; gap: 2px; }
.alt-wrow small { width: 3.2em; white-space: nowrap; }
.alt-road { display: inline-flex; align-items: center; justify-content: center; box-sizing: border-box; width: 24px; height: 24px; border: 1px solid #999; margin-right: 1px; font-size: 12px; vertical-align: middle; }
.alt-road.built { background: #8a7a4a; color: #fff; }
.alt-buttons { display: flex; gap: .4rem; flex-wrap: wrap; }
.alt-button { font-size: 15px; padding: .3rem .9rem; }
.alt-mission { max-width: 14rem; }
#board .alt .candidate { outline: 3px dashed #0a58ca; outline-offset: 1px; }
#board .alt .selected { outline: 3px solid #c60; outline-offset: 1px; }
#board .alt g[data-element] { outline: none; stroke: none; }
#board .alt g.candidate > circle:first-child, #board .alt g.candidate > rect:first-child { stroke: #0a58ca; stroke-width: 4; stroke-dasharray: 6 3; }
#board .alt g.selected > circle:first-child, #board .alt g.selected > rect:first-child { stroke: #c60; stroke-width: 4; }
#board .alt .changed { box-shadow: 0 0 0 3px #f0e442; }
#board .alt g.changed > circle:first-child, #board .alt g.changed > rect:first-child { stroke: #b8860b; stroke-width: 4; }
@media (max-width: 600px) {
  .alt { font-size: 13px; }
  .alt-fields { grid-template-columns: repeat(auto-fill, minmax(5.3rem, 1fr)); }
  .alt-card { max-width: 9rem; }
}
`));
}
