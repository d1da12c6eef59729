// The board page: draws what the wasm package's WebGame says, sends it clicks and typed
// moves. All the rules live in the crate; this file only draws and forwards.
import init, { WebGame } from './pkg/arimaa_web.js';

const SVG = 'http://www.w3.org/2000/svg';
const FILES = 'abcdefgh';
const CELL = 50;
const MARGIN = 20;
const TRAPS = new Set(['c3', 'f3', 'c6', 'f6']);

let game = null;
let engineSide = 'none';
let engineSeed = 1;
let busy = false;
let lastMessage = '';

const $ = (id) => document.getElementById(id);

function squareName(col, row) {
  return FILES[col] + String(8 - row);
}

function center(sq) {
  const col = FILES.indexOf(sq[0]);
  const row = 8 - Number(sq[1]);
  return [MARGIN + col * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2];
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Draws `board` (64 characters a8..h1, '.' empty) into `svg`; returns the pieces' group.
function drawBoard(svg, board, { clickable, selected, also }) {
  svg.replaceChildren();
  el('rect', { x: 0, y: 0, width: 440, height: 440, fill: '#d8c9a3' }, svg);
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const sq = squareName(col, row);
      let cls = (row + col) % 2 === 0 ? 'sq-light' : 'sq-dark';
      if (TRAPS.has(sq)) cls = 'sq-trap';
      if (selected === sq) cls = 'sq-selected';
      const r = el('rect', {
        x: MARGIN + col * CELL, y: MARGIN + row * CELL, width: CELL, height: CELL,
        class: cls, 'data-square': sq,
      }, svg);
      if (clickable) r.addEventListener('click', () => onSquare(sq));
    }
  }
  for (let i = 0; i < 8; i++) {
    el('text', { x: MARGIN + i * CELL + CELL / 2, y: 436, class: 'coord', 'text-anchor': 'middle' }, svg)
      .textContent = FILES[i];
    el('text', { x: 6, y: MARGIN + i * CELL + CELL / 2 + 4, class: 'coord' }, svg)
      .textContent = String(8 - i);
  }
  const pieces = el('g', {}, svg);
  for (let idx = 0; idx < 64; idx++) {
    const c = board[idx];
    if (c === '.') continue;
    const sq = squareName(idx % 8, Math.floor(idx / 8));
    const [x, y] = center(sq);
    const gold = c === c.toUpperCase();
    const g = el('g', {
      class: `piece ${gold ? 'gold' : 'silver'}${also && also.has(sq) ? ' also' : ''}`,
      'data-piece': c, 'data-square': sq,
    }, pieces);
    el('circle', { cx: x, cy: y, r: 19 }, g);
    el('text', { x, y }, g).textContent = c;
    if (clickable) g.addEventListener('click', () => onSquare(sq));
  }
  return pieces;
}

function drawInstructions(svg, input) {
  const defs = el('defs', {}, svg);
  for (const [id, color] of [['head', '#1f5fbf'], ['head-enemy', '#b0207a'], ['head-step', '#1d7a3a']]) {
    const m = el('marker', { id, viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: color }, m);
  }
  const side = game ? JSON.parse(game.state()).side : 'gold';
  for (const ins of input.instructions) {
    const [x1, y1] = center(ins.from);
    const [x2, y2] = center(ins.to);
    const own = (ins.piece === ins.piece.toUpperCase()) === (side === 'gold');
    if (ins.hold) {
      el('circle', { cx: x1, cy: y1, r: 23, class: 'hold', 'data-hold': ins.from }, svg);
    } else {
      el('line', {
        x1, y1, x2, y2, class: `${own ? 'arrow' : 'arrow enemy'}${input.mode === 'steps' ? ' faded' : ''}`,
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
    const [ax, ay] = center(st.from);
    const [bx, by] = center(st.to);
    const [x1, y1] = [ax + (bx - ax) * 0.3, ay + (by - ay) * 0.3];
    const [x2, y2] = [ax + (bx - ax) * 0.7, ay + (by - ay) * 0.7];
    el('line', { x1, y1, x2, y2, class: 'step', 'marker-end': 'url(#head-step)', 'data-step': st.token }, svg);
    const [tx, ty] = [(x1 + x2) / 2 + (by - ay) * 0.18, (y1 + y2) / 2 + (ax - bx) * 0.18];
    el('text', { x: tx, y: ty, class: 'step-number' }, svg).textContent = String(n + 1);
  });
  if (input.selection.kind === 'head') {
    const [x, y] = center(input.selection.square);
    el('rect', { x: x - 24, y: y - 24, width: 48, height: 48, class: 'head-selected' }, svg);
  }
}

function describeChange(c) {
  return c.captured ? `${c.piece} ${c.from} captured on ${c.to}` : `${c.piece} ${c.from} to ${c.to}`;
}

function render() {
  const s = JSON.parse(game.state());
  const input = s.input;
  const selected = input && ['piece', 'step'].includes(input.selection.kind) ? input.selection.square : null;
  // In step mode the clicks name squares of the step board (the position with the steps
  // drawn so far), so that is the board drawn.
  const steps = input && input.mode === 'steps';
  drawBoard($('board'), steps ? input.step_board : s.board, { clickable: true, selected });
  if (input) drawInstructions($('board'), input);
  for (const r of document.querySelectorAll('input[name="click-mode"]')) r.checked = r.value === s.mode;

  const over = s.outcome !== null;
  let status = `${s.kind}: `;
  if (over) status += 'game over';
  else if (s.phase.startsWith('setup')) status += `${s.side === 'gold' ? 'Gold' : 'Silver'} to set up`;
  else status += `${s.side === 'gold' ? 'Gold' : 'Silver'} to move`;
  $('status').textContent = status;
  $('status').dataset.side = s.side;
  $('status').dataset.phase = s.phase;

  // The preview.
  let previewBoard = s.board;
  let previewText = '';
  let also = '';
  let message = lastMessage;
  let alsoSet = new Set();
  if (input) {
    const p = input.preview;
    if (p.kind === 'move') {
      previewBoard = p.board;
      previewText = `${p.official} (${p.steps} of ${p.steps_left} steps${p.complete ? ', complete' : ''})`;
      if (p.also_moving.length > 0) {
        also = 'Also moving: ' + p.also_moving.map(describeChange).join(', ') + '.';
        alsoSet = new Set(p.also_moving.map((c) => c.from));
      }
    } else if (p.kind === 'ambiguous') {
      message = message || p.message;
      previewText = `ambiguous: ${p.count} moves fit`;
    } else if (p.kind === 'nomove') {
      message = message || p.message;
      previewText = 'no legal move fits';
    }
    if (input.rejection) message = `Refused: ${input.rejection}`;
    else if (!message && input.selection.kind === 'piece') {
      message = 'A piece is selected. Click a square to send it there, or click it again to keep it where it is.';
    } else if (!message && input.selection.kind === 'step') {
      message = 'A piece is selected. Click a square beside it to step there.';
    }
    $('tokens').textContent = input.text;
    $('submit').disabled = !input.can_submit;
    $('preview').dataset.kind = p.kind;
  } else {
    $('tokens').textContent = '';
    $('submit').disabled = true;
    $('preview').dataset.kind = 'none';
  }
  drawBoard($('preview'), previewBoard, { clickable: false, also: new Set() });
  // Mark "also moving" pieces where they start, on the main board (when it shows the
  // start position).
  for (const sq of steps ? [] : alsoSet) {
    const g = $('board').querySelector(`g.piece[data-square="${sq}"]`);
    if (g) g.classList.add('also');
  }
  $('preview').dataset.board = previewBoard;
  $('preview-text').textContent = previewText;
  $('also-moving').textContent = also;
  $('message').textContent = message;

  // Move list.
  const tbody = $('moves').querySelector('tbody');
  tbody.replaceChildren();
  for (const m of s.moves) {
    const tr = document.createElement('tr');
    if (!m.setup) tr.title = `legacy notation: ${m.legacy}`;
    for (const text of [m.label, m.official, m.setup ? '' : m.lightvector]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    tbody.appendChild(tr);
  }
  $('result').textContent = over ? s.outcome.text : '';
  $('setup-controls').hidden = !s.phase.startsWith('setup');
  $('engine').disabled = s.phase !== 'play';
  $('undo').disabled = s.moves.length === 0;
  document.body.dataset.moves = String(s.moves.length);
  document.body.dataset.ready = busy ? 'no' : 'yes';
  return s;
}

function answer(text) {
  const a = JSON.parse(text);
  lastMessage = a.ok ? '' : a.error;
  return a;
}

function onSquare(sq) {
  if (busy) return;
  lastMessage = '';
  const a = JSON.parse(game.click(sq));
  if (!a.ok && !JSON.parse(game.state()).input) lastMessage = a.error;
  render();
}

function afterTurn() {
  render();
  maybeEngine();
}

function maybeEngine() {
  const s = JSON.parse(game.state());
  if (engineSide === 'none' || s.phase !== 'play' || s.side !== engineSide) {
    if (s.phase.startsWith('setup') && s.side === engineSide) {
      answer(game.setup_99of9());
      afterTurn();
    }
    return;
  }
  busy = true;
  render();
  $('message').className = 'info';
  $('message').textContent = 'The engine is thinking...';
  setTimeout(() => {
    const a = answer(game.engine_move(BigInt(engineSeed++), Number($('engine-ms').value) || 1500));
    busy = false;
    $('message').className = '';
    if (a.ok) lastMessage = '';
    render();
  }, 30);
}

function newGame() {
  const kind = $('kind').value;
  lastMessage = '';
  try {
    if (kind === 'standard') game = WebGame.standard();
    else if (kind === 'setup') game = new WebGame();
    else if (kind === 'endless') game = WebGame.endless_endgame(BigInt(Date.now()));
    else game = WebGame.from_position($('position-text').value);
  } catch (e) {
    lastMessage = String(e.message || e);
    if (!game) game = WebGame.standard();
  }
  engineSide = $('opponent').value;
  $('record').hidden = true;
  afterTurn();
}

async function main() {
  await init();
  $('kind').addEventListener('change', () => { $('position-text').hidden = $('kind').value !== 'position'; });
  $('new-game').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
  $('submit').addEventListener('click', () => { if (!busy) { answer(game.submit()); afterTurn(); } });
  $('click-undo').addEventListener('click', () => { game.click_undo(); lastMessage = ''; render(); });
  $('click-clear').addEventListener('click', () => { game.click_clear(); lastMessage = ''; render(); });
  for (const r of document.querySelectorAll('input[name="click-mode"]')) {
    r.addEventListener('change', () => { answer(game.set_click_mode(r.value)); render(); });
  }
  $('undo').addEventListener('click', () => {
    if (busy) return;
    answer(game.undo());
    // Against the engine, take back its reply too so that it is the person's turn.
    const s = JSON.parse(game.state());
    if (engineSide !== 'none' && s.side === engineSide && s.moves.length > 0) answer(game.undo());
    render();
  });
  $('engine').addEventListener('click', () => {
    if (busy) return;
    const side = JSON.parse(game.state()).side;
    const saved = engineSide;
    engineSide = side;
    maybeEngine();
    engineSide = saved;
  });
  $('typed').addEventListener('submit', (e) => {
    e.preventDefault();
    if (busy) return;
    const text = $('typed-text').value;
    const s = JSON.parse(game.state());
    const a = answer(s.phase.startsWith('setup') ? game.play_setup(text) : game.play_text(text, $('notation').value));
    if (a.ok) $('typed-text').value = '';
    afterTurn();
  });
  $('setup-99of9').addEventListener('click', () => { answer(game.setup_99of9()); afterTurn(); });
  $('export').addEventListener('click', () => {
    const text = game.record();
    $('record').value = text;
    $('record').hidden = false;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'arimaa-game.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { game.click_clear(); render(); }
  });
  newGame();
  window.arimaaPage = { WebGame, state: () => JSON.parse(game.state()) };
}

main().catch((e) => {
  document.body.dataset.ready = 'error';
  $('message').textContent = `The page could not start: ${e}`;
  console.error(e);
});
