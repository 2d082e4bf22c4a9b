// Other seats' moves shown happening: a piece that another seat moved slides, in about 300 ms,
// from where the board last showed it to where it is now.
//
// No rule lives here, and no game: a game's drawing marks each movable piece with
// `data-piece` (whose piece it is and of what kind, such as "1:worker") and `data-at` (where
// it stands, such as a space's name), with `data-count` where one drawing stands for several
// (a stack of workers). Where the pieces stand on the screen is measured once a frame of the
// screen, before it is painted (when the browser lays the page out anyway), so that a burst
// of positions costs one measure, not one each; between two paints, for each kind of piece,
// the places that gained one and those that lost one are found, and the new piece slides from
// the place that lost it. A piece that came from nowhere on the board (a supply) does not
// slide: the board marks its space as changed. A reader who asked for less motion
// (`prefers-reduced-motion: reduce`) sees no slide.

/** How long a slide takes (ms). */
const DURATION = 300;

const calm = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

let painted = new Map(); // where the pieces stood when the board was last painted
let waiting = false; // a measure is asked for before the next paint
let others = false; // another seat moved since the last paint

/** Where each piece on `board` stands: kind -> place -> {count, box, node}. */
function where(board) {
  const pieces = new Map();
  for (const node of board.querySelectorAll("[data-piece]")) {
    const kind = node.dataset.piece;
    if (!pieces.has(kind)) pieces.set(kind, new Map());
    const count = Number(node.dataset.count ?? 1);
    pieces.get(kind).set(node.dataset.at, {count, box: node.getBoundingClientRect(), node});
  }
  return pieces;
}

/** Called after each position is drawn on `board`; `othersMove`: whether it came by another
 * seat's move. Before the next paint, the pieces that moved since the last one slide to
 * their places (where another seat moved), carrying the class `moved` until the next
 * position is drawn. */
export function follow(board, othersMove) {
  others ||= othersMove;
  if (waiting) return;
  waiting = true;
  requestAnimationFrame(() => {
    waiting = false;
    const now = where(board);
    if (others && !calm()) slide(painted, now);
    others = false;
    painted = now;
  });
}

function slide(before, after) {
  const count = (places, at) => places.get(at)?.count ?? 0;
  for (const [kind, places] of after) {
    const was = before.get(kind) ?? new Map();
    const lost = [...was.keys()].filter((at) => count(was, at) > count(places, at));
    const gained = [...places.keys()].filter((at) => count(places, at) > count(was, at));
    for (const at of gained) {
      const from = lost.shift();
      if (from === undefined) break;
      const {node, box} = places.get(at);
      const start = was.get(from).box;
      // The step on the screen, in the node's own units (an SVG board is drawn scaled).
      const scale = node.getScreenCTM?.()?.a || 1;
      const dx = (start.x + start.width / 2 - (box.x + box.width / 2)) / scale;
      const dy = (start.y + start.height / 2 - (box.y + box.height / 2)) / scale;
      if (Math.hypot(dx, dy) < 1) continue;
      node.classList.add("moved");
      node.animate([{transform: `translate(${dx}px, ${dy}px)`}, {transform: "translate(0, 0)"}],
        {duration: DURATION, easing: "ease-out"});
    }
  }
}
