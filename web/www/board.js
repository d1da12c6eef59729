// Draws a parsed state of the wasm package's WebGame (the object JSON.parse gives for
// WebGame.state()) into the page's two SVG boards, and nothing else: no rule is stated
// here. The square names, the order of the board texts, the traps and the colour of
// each piece letter come from the state's `layout`, written by web/src/lib.rs; this
// file only lays the squares out, 'files' columns to a row, the first row on top.

import { drawAnimal } from './pieces.js';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 50;
const MARGIN = 20;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Where each square is drawn, from the state's layout; `flipped` turns the board
// around (the layout's last row on top, its last column on the left).
function geometry(layout, flipped) {
  const columns = layout.files.length;
  const rows = layout.ranks.length;
  const index = new Map(layout.squares.map((sq, i) => [sq, i]));
  const cell = (sq) => {
    const i = index.get(sq);
    const [col, row] = [i % columns, Math.floor(i / columns)];
    return flipped ? [columns - 1 - col, rows - 1 - row] : [col, row];
  };
  return {
    layout,
    columns,
    rows,
    // The labels in the order drawn: left to right, top to bottom.
    files: flipped ? [...layout.files].reverse() : layout.files,
    ranks: flipped ? [...layout.ranks].reverse() : layout.ranks,
    width: 2 * MARGIN + columns * CELL,
    height: 2 * MARGIN + rows * CELL,
    traps: new Set(layout.traps),
    cell,
    center(sq) {
      const [col, row] = cell(sq);
      return [MARGIN + col * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2];
    },
    // Whether the piece with this letter belongs to `side` ('gold' or 'silver').
    owns(letter, side) {
      return layout.pieces[letter].color === side;
    },
  };
}

// Draws `board` (a board text: one character a square, in the layout's order, '.'
// empty) into `svg`. `onSquare(name)` is called for a click on a square or a piece, when
// given; `selected` is a square to highlight; `also` the squares whose pieces are
// marked as also moving; `marks` the squares the last turn changed, framed.
function drawBoard(svg, geo, board, { onSquare, selected, also, marks, frozen, typed, letters }) {
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${geo.width} ${geo.height}`);
  el('rect', { x: 0, y: 0, width: geo.width, height: geo.height, fill: '#d8c9a3' }, svg);
  geo.layout.squares.forEach((sq) => {
    const [col, row] = geo.cell(sq);
    let cls = (row + col) % 2 === 0 ? 'sq-light' : 'sq-dark';
    if (geo.traps.has(sq)) cls = 'sq-trap';
    if (selected === sq) cls = 'sq-selected';
    const r = el('rect', {
      x: MARGIN + col * CELL, y: MARGIN + row * CELL, width: CELL, height: CELL,
      class: cls, 'data-square': sq,
    }, svg);
    if (onSquare) r.addEventListener('click', () => onSquare(sq));
  });
  for (const sq of marks || []) {
    const [col, row] = geo.cell(sq);
    el('rect', {
      x: MARGIN + col * CELL + 2, y: MARGIN + row * CELL + 2, width: CELL - 4, height: CELL - 4,
      class: 'last-move', 'data-last': sq,
    }, svg);
  }
  // The squares a typed move (not played yet) would change, framed in its own colour.
  for (const sq of typed || []) {
    const [col, row] = geo.cell(sq);
    el('rect', {
      x: MARGIN + col * CELL + 5, y: MARGIN + row * CELL + 5, width: CELL - 10, height: CELL - 10,
      class: 'typed-mark', 'data-typed': sq,
    }, svg);
  }
  geo.files.forEach((f, i) => {
    el('text', { x: MARGIN + i * CELL + CELL / 2, y: geo.height - 4, class: 'coord', 'text-anchor': 'middle' }, svg)
      .textContent = f;
  });
  geo.ranks.forEach((r, i) => {
    el('text', { x: 6, y: MARGIN + i * CELL + CELL / 2 + 4, class: 'coord' }, svg).textContent = r;
  });
  const pieces = el('g', {}, svg);
  geo.layout.squares.forEach((sq, i) => {
    const c = board[i];
    if (c === '.') return;
    const [x, y] = geo.center(sq);
    const color = geo.layout.pieces[c].color;
    const g = el('g', {
      class: `piece ${color}${also && also.has(sq) ? ' also' : ''}${frozen && frozen.has(sq) ? ' frozen' : ''}`,
      'data-piece': c, 'data-square': sq,
    }, pieces);
    el('circle', { cx: x, cy: y, r: 19 }, g);
    // The drawn animal, or the letter when asked (or when no drawing fits).
    if (letters || !drawAnimal(g, geo.layout.pieces[c].kind, x, y)) el('text', { x, y }, g).textContent = c;
    g.setAttribute('aria-label', `${color} ${geo.layout.pieces[c].kind}`);
    if (onSquare) g.addEventListener('click', () => onSquare(sq));
  });
}

// The click input's arrows, holds, capture marks, steps and selected arrow head, over
// the board of `svg`; `side` is the side to move.
function drawInput(svg, geo, side, input) {
  const defs = el('defs', {}, svg);
  for (const [id, color] of [['head', '#1f5fbf'], ['head-enemy', '#b0207a'], ['head-step', '#1d7a3a']]) {
    // The head's tip at the line's end (refX 10), 4 stroke widths long (24 px).
    const m = el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: color }, m);
  }
  for (const ins of input.instructions) {
    const [x1, y1] = geo.center(ins.from);
    const [x2, y2] = geo.center(ins.to);
    const own = geo.owns(ins.piece, side);
    if (ins.hold) {
      el('circle', { cx: x1, cy: y1, r: 23, class: 'hold', 'data-hold': ins.from }, svg);
    } else {
      // The line starts at the edge of the piece's letter and ends near the centre of
      // the square it goes to, so that a one-square arrow keeps a visible body and
      // its whole head (24 px of the 50 px between the centres).
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
      el('line', {
        x1: x1 + ux * 13, y1: y1 + uy * 13, x2: x2 - ux * 3, y2: y2 - uy * 3, class: `${own ? 'arrow' : 'arrow enemy'}${input.mode === 'steps' ? ' faded' : ''}`,
        'marker-end': own ? 'url(#head)' : 'url(#head-enemy)',
        'data-arrow': `${ins.from}-${ins.to}`,
      }, svg);
    }
    if (ins.capture) {
      el('path', { d: `M ${x2 - 14} ${y2 - 14} L ${x2 + 14} ${y2 + 14} M ${x2 + 14} ${y2 - 14} L ${x2 - 14} ${y2 + 14}`, class: 'capture-mark', 'data-capture': ins.to }, svg);
    }
  }
  // Steps: a short arrow across the edge between the two squares, numbered in order.
  input.steps.forEach((st, n) => {
    const [ax, ay] = geo.center(st.from);
    const [bx, by] = geo.center(st.to);
    const [x1, y1] = [ax + (bx - ax) * 0.3, ay + (by - ay) * 0.3];
    const [x2, y2] = [ax + (bx - ax) * 0.7, ay + (by - ay) * 0.7];
    el('line', { x1, y1, x2, y2, class: 'step', 'marker-end': 'url(#head-step)', 'data-step': st.token }, svg);
    const [tx, ty] = [(x1 + x2) / 2 + (by - ay) * 0.18, (y1 + y2) / 2 + (ax - bx) * 0.18];
    el('text', { x: tx, y: ty, class: 'step-number' }, svg).textContent = String(n + 1);
  });
  // An ambiguous input's candidates (the crate's): a small numbered mark on each square
  // where a piece of candidate n ends, the marks of several candidates side by side.
  const cands = input.preview.kind === 'ambiguous' ? input.preview.candidates || [] : [];
  cands.forEach((c, n) => {
    for (const sq of c.ends) {
      const [x, y] = geo.center(sq);
      const [cx, cy] = [x - 18 + (n % 4) * 12, y + 18 - Math.floor(n / 4) * 12];
      const g = el('g', { class: 'candidate', 'data-candidate': String(n + 1), 'data-square': sq }, svg);
      el('circle', { cx, cy, r: 6 }, g);
      el('text', { x: cx, y: cy }, g).textContent = String(n + 1);
      el('title', {}, g).textContent = `candidate ${n + 1}: ${c.lightvector}`;
    }
  });
  if (input.selection.kind === 'head') {
    const [x, y] = geo.center(input.selection.square);
    el('rect', { x: x - 24, y: y - 24, width: 48, height: 48, class: 'head-selected' }, svg);
  }
}

// Draws `state` into the SVG elements `board` (the position, clickable through
// `onSquare`, with the click input over it) and `preview` (the board after the move the
// input identifies, else the position). In step mode the main board is the step board
// (the position with the steps drawn so far), since that is the board the clicks name.
// The preview's `data-kind` and `data-board` say what it shows. The squares the last
// movement turn changed (`state.last_move.changed`, found by the crate) are framed on
// the main board, and the frozen pieces dashed. `flipped` draws both boards turned around (Silver's side below).
// `typed`, when given, is a typed move's preview (WebGame.preview_text's answer): the
// squares it changes are framed on the main board and the preview shows the board after
// it, in place of the click input's.
// `letters` draws the pieces as letters instead of the animals of pieces.js.
export function drawState(state, { board, preview }, onSquare, flipped = false, typed = null, letters = false) {
  const geo = geometry(state.layout, flipped);
  const input = state.input;
  const steps = input !== null && input.mode === 'steps';
  const selected = input && ['piece', 'step'].includes(input.selection.kind) ? input.selection.square : null;
  const p = input ? input.preview : null;
  const moving = p && p.kind === 'move';
  // "Also moving" pieces are marked where they start, on the main board when it shows
  // the position the move starts from.
  const also = moving && !steps ? new Set(p.also_moving.map((c) => c.from)) : new Set();
  const marks = state.last_move ? state.last_move.changed : [];
  // Frozen pieces (found by the crate) are marked on the position, not the step board.
  const frozen = new Set(steps ? [] : state.frozen);
  // During a setup the board shows the pieces placed by clicks so far.
  const shown = state.setup ? state.setup.board : steps ? input.step_board : state.board;
  drawBoard(board, geo, shown, { onSquare, selected, also, marks, frozen, typed: typed ? typed.changed : [], letters });
  board.dataset.pieces = letters ? 'letters' : 'drawn';
  board.dataset.flipped = flipped ? 'yes' : 'no';
  if (input) drawInput(board, geo, state.side, input);
  const previewBoard = typed ? typed.board : moving ? p.board : state.board;
  drawBoard(preview, geo, previewBoard, { also: new Set(), marks: typed ? typed.changed : [], letters });
  preview.dataset.kind = typed ? 'typed' : p ? p.kind : 'none';
  preview.dataset.board = previewBoard;
}

// Draws the letters of captured pieces (`letters`, as the state's `captured` gives them)
// into `tray` as small pieces, the colour of each from the layout.
export function drawTray(tray, state, letters) {
  tray.replaceChildren();
  tray.dataset.pieces = letters;
  for (const c of letters) {
    const span = document.createElement('span');
    span.className = `chip ${state.layout.pieces[c].color}`;
    span.textContent = c;
    span.title = `${state.layout.pieces[c].color} ${state.layout.pieces[c].kind}`;
    tray.appendChild(span);
  }
}
