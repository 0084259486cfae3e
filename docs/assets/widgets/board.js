// The play widget's board: the engine's SVG kept at one scale for the whole game, the
// move nearest to a pointer (distance to a groove's segment, or to a cell or counter),
// and the preview of a move (highlighted, with the part of the bar it would take away).

const SVG_NS = "http://www.w3.org/2000/svg";
const REACH_PX = 28; // a pointer farther than this from every move picks none
const TIE_PX = 2; // moves this close to equally near: the one whose middle is nearer wins

/** Distance from (px, py) to the segment (ax, ay)-(bx, by). */
function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const s = len2 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
  return Math.hypot(px - ax - s * dx, py - ay - s * dy);
}

/** The groove of a cut move (its line), or null for cells and counters. */
function grooveOf(move) {
  return move.querySelector("line.hit") || move.querySelector("line.cut");
}

/** [distance, distance to its middle] of a move element to the client point (x, y), in CSS
 *  pixels. Where two grooves cross, the point is on both: the one it is the middle of wins. */
function reach(move, x, y) {
  const line = grooveOf(move);
  if (line) {
    const m = line.getScreenCTM();
    const a = new DOMPoint(line.x1.baseVal.value, line.y1.baseVal.value).matrixTransform(m);
    const b = new DOMPoint(line.x2.baseVal.value, line.y2.baseVal.value).matrixTransform(m);
    return [segmentDistance(x, y, a.x, a.y, b.x, b.y), Math.hypot(x - (a.x + b.x) / 2, y - (a.y + b.y) / 2)];
  }
  const shape = move.querySelector(".hit, .counter, .dot") || move;
  const r = shape.getBoundingClientRect();
  const dx = Math.max(r.left - x, 0, x - r.right);
  const dy = Math.max(r.top - y, 0, y - r.bottom);
  return [Math.hypot(dx, dy), Math.hypot(x - (r.left + r.right) / 2, y - (r.top + r.bottom) / 2)];
}

/** The centre of an element, in client pixels. */
function centre(node) {
  const r = node.getBoundingClientRect();
  return [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
}

const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

function parseBox(svg) {
  return (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
}

export class Board {
  /** element: the container; the SVG inside is replaced by render(). */
  constructor(element) {
    this.element = element;
    this.frame = null;
  }

  /** Forget the scale (a new game starts). */
  reset() {
    this.frame = null;
  }

  /** Show an SVG string, at the scale and in the frame of the game's first picture. */
  render(svgText) {
    this.element.innerHTML = svgText;
    const svg = this.element.querySelector("svg");
    if (!svg) return;
    svg.setAttribute("focusable", "false");
    const [x, y, w, h] = parseBox(svg);
    if (![x, y, w, h].every(Number.isFinite)) return;
    if (!this.frame) this.frame = { x, y, w, h, unit: Number(svg.getAttribute("width")) / w || 1 };
    const f = this.frame;
    const x0 = Math.min(f.x, x);
    const y0 = Math.min(f.y, y);
    Object.assign(f, { w: Math.max(f.x + f.w, x + w) - x0, h: Math.max(f.y + f.h, y + h) - y0, x: x0, y: y0 });
    svg.setAttribute("viewBox", `${f.x} ${f.y} ${f.w} ${f.h}`);
    svg.setAttribute("width", f.w * f.unit);
    svg.setAttribute("height", f.h * f.unit);
  }

  moves() {
    return [...this.element.querySelectorAll(".move")];
  }

  /** The move element with this data-to ("c1,c2,..."), if drawn. */
  find(to) {
    return this.moves().find((m) => m.getAttribute("data-to") === to) || null;
  }

  /** One Tab stop for the board (a roving tabindex): `active` (else the first move) is
   *  in the tab order, the other moves are reached by the arrow keys (step). Returns it. */
  rove(active = null) {
    const moves = this.moves();
    const chosen = moves.includes(active) ? active : moves[0] || null;
    for (const move of moves) move.setAttribute("tabindex", move === chosen ? "0" : "-1");
    return chosen;
  }

  /** Name each move for a screen reader: name(element) -> its accessible name. */
  name(name) {
    for (const move of this.moves()) move.setAttribute("aria-label", name(move));
  }

  /** The move a key leads to from the move `from`: an arrow, the nearest move in its
   *  direction on the picture (the distance across it counted twice), null at the edge;
   *  Home and End, the first and the last move. */
  step(from, key) {
    const moves = this.moves();
    if (key === "Home") return moves[0] || null;
    if (key === "End") return moves[moves.length - 1] || null;
    const [dx, dy] = ARROWS[key] || [0, 0];
    const [x, y] = centre(from);
    let best = null;
    let bestScore = Infinity;
    for (const move of moves) {
      const [mx, my] = centre(move);
      const along = (mx - x) * dx + (my - y) * dy;
      const score = along + 2 * Math.abs((mx - x) * dy - (my - y) * dx);
      if (move !== from && along > 0.5 && score < bestScore) {
        best = move;
        bestScore = score;
      }
    }
    return best;
  }

  /** The move nearest to the client point (x, y), or null if none is within reach. */
  nearest(x, y) {
    let best = null;
    let bestScore = [REACH_PX, Infinity];
    for (const move of this.moves()) {
      const score = reach(move, x, y);
      if (score[0] >= REACH_PX) continue;
      const tie = Math.abs(score[0] - bestScore[0]) < TIE_PX;
      if (tie ? score[1] < bestScore[1] : score[0] < bestScore[0]) {
        best = move;
        bestScore = score;
      }
    }
    return best;
  }

  /** Highlight a move and what it takes away (cls: gw-selected or gw-computer-move). */
  mark(move, cls = "gw-selected") {
    this.unmark();
    if (!move) return;
    move.classList.add(cls);
    const groove = grooveOf(move);
    if (groove) this.#shadeCut(move, groove);
    else if (move.getAttribute("data-eats") === "up-right") this.#shadeCorner(move);
    else this.#shadeCounters(move);
  }

  unmark() {
    for (const node of this.element.querySelectorAll(".gw-selected, .gw-computer-move, .gw-eaten")) {
      node.classList.remove("gw-selected", "gw-computer-move", "gw-eaten");
    }
    for (const node of this.element.querySelectorAll(".gw-eaten-area")) node.remove();
  }

  /** Shade the part of the bar beyond the cut (the side away from the bitter part). */
  #shadeCut(move, groove) {
    const svg = move.ownerSVGElement;
    const bar = svg.querySelector(".bar");
    const bitter = svg.querySelector(".bitter");
    if (!bar || !bitter) return;
    const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((k) => groove[k].baseVal.value);
    const b = bitter.getBBox();
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy) || 1;
    let nx = -dy / len;
    let ny = dx / len;
    if ((b.x + b.width / 2 - x1) * nx + (b.y + b.height / 2 - y1) * ny > 0) {
      nx = -nx;
      ny = -ny;
    }
    const far = 1e4;
    const ux = (dx / len) * far;
    const uy = (dy / len) * far;
    this.#shadeInBar(svg, [[x1 - ux, y1 - uy], [x2 + ux, y2 + uy],
      [x2 + ux + nx * far, y2 + uy + ny * far], [x1 - ux + nx * far, y1 - uy + ny * far]]);
  }

  /** Chomp: the chosen cell and every cell above it and to its right (a corner of the bar). */
  #shadeCorner(move) {
    const svg = move.ownerSVGElement;
    const cell = move.querySelector(".hit");
    if (!cell || !svg.querySelector(".bar")) return;
    const x = cell.x.baseVal.value;
    const y = cell.y.baseVal.value + cell.height.baseVal.value;
    const far = 1e4;
    this.#shadeInBar(svg, [[x, y], [x + far, y], [x + far, y - far], [x, y - far]]);
  }

  /** Shade the polygon `corners` where it overlaps the bar. */
  #shadeInBar(svg, corners) {
    const bar = svg.querySelector(".bar");
    const clipId = `gw-clip-${Math.random().toString(36).slice(2)}`;
    const clip = document.createElementNS(SVG_NS, "clipPath");
    clip.id = clipId;
    clip.classList.add("gw-eaten-area");
    const outline = document.createElementNS(SVG_NS, "polygon");
    outline.setAttribute("points", bar.getAttribute("points"));
    clip.append(outline);
    const shade = document.createElementNS(SVG_NS, "polygon");
    shade.classList.add("gw-eaten-area");
    shade.setAttribute("points", corners.map((p) => p.join(",")).join(" "));
    shade.setAttribute("clip-path", `url(#${clipId})`);
    shade.setAttribute("pointer-events", "none");
    svg.append(clip, shade);
  }

  /** Nim: the chosen counter and every counter above it in its heap. */
  #shadeCounters(move) {
    const chosen = move.querySelector(".counter");
    if (!chosen) return;
    const cx = chosen.getAttribute("cx");
    const cy = Number(chosen.getAttribute("cy"));
    for (const counter of move.ownerSVGElement.querySelectorAll(".counter")) {
      if (counter.getAttribute("cx") === cx && Number(counter.getAttribute("cy")) <= cy) {
        counter.classList.add("gw-eaten");
      }
    }
  }
}
