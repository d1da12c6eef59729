// The board page's logic: the actions (clicks, typed moves, setups, undo, the engine,
// a new game, the export) go to the wasm package's WebGame; after each one its state is
// read once and shown, the boards by board.js, the rest of the page here. All the rules
// live in the crate: this file only forwards and shows what WebGame says.
import init, { WebGame } from './pkg/arimaa_web.js';
import { drawState, drawTray } from './board.js';

// Everything the page keeps between actions.
const page = {
  game: null, // the WebGame
  state: null, // its state as last read (parsed), what the page shows
  engineSide: 'none', // 'gold' or 'silver' when the engine plays that side
  engineSeed: 1, // the seed of the engine's next tie-breaks
  busy: false, // the engine is thinking: clicks and actions wait
  message: '', // the last action's error, shown until the next action
  info: '', // a hint (not an error), shown until the next action
  flipped: false, // the board drawn turned around, Silver's side below
  setupLetter: null, // the piece chosen in the setup palette, placed by the next click
  // The game's number: an engine request made for an earlier game (New game while it
  // waited) is dropped when its turn comes.
  generation: 0,
};

const $ = (id) => document.getElementById(id);

const sideName = (side) => (side === 'gold' ? 'Gold' : 'Silver');

function describeChange(c) {
  return c.captured ? `${c.piece} ${c.from} captured on ${c.to}` : `${c.piece} ${c.from} to ${c.to}`;
}

// Reads the game's state (the one JSON.parse of an action) and shows it.
function refresh() {
  page.state = JSON.parse(page.game.state());
  show(page.state);
  return page.state;
}

// Shows `s`, a parsed state: the boards, then the texts and controls around them.
function show(s) {
  const typed = typedPreview(s);
  drawState(s, { board: $('board'), preview: $('preview') }, onSquare, page.flipped, typed.ok ? typed : null, $('letters').checked);
  // The trays: each side's captured pieces, by the side of the board it plays from.
  const [top, bottom] = page.flipped ? ['gold', 'silver'] : ['silver', 'gold'];
  for (const [id, side] of [['tray-top', top], ['tray-bottom', bottom]]) {
    drawTray($(id), s, s.captured[side]);
    $(id).dataset.side = side;
    $(id).dataset.label = `${sideName(side)} lost:`;
  }
  const input = s.input;
  for (const r of document.querySelectorAll('input[name="click-mode"]')) r.checked = r.value === s.mode;

  const over = s.outcome !== null;
  let status = `${s.kind}: `;
  if (over) status += 'game over';
  else if (s.phase.startsWith('setup')) status += `${sideName(s.side)} to set up`;
  else status += `${sideName(s.side)} to move`;
  $('status').textContent = status;
  $('status').dataset.side = s.side;
  $('status').dataset.phase = s.phase;

  // The preview's texts.
  let previewText = '';
  let also = '';
  let message = page.message;
  // Hints (not errors) are shown when there is no error, in the colour of information.
  let hint = page.info;
  if (input) {
    const p = input.preview;
    if (p.kind === 'move') {
      previewText = `${p.official} (${p.steps} of ${p.steps_left} steps${p.complete ? ', complete' : ''})`;
      if (p.also_moving.length > 0) {
        also = 'Also moving: ' + p.also_moving.map(describeChange).join(', ') + '.';
      }
    } else if (p.kind === 'ambiguous') {
      hint = p.message;
      previewText = `ambiguous: ${p.count} moves fit (numbered on the board where their pieces end)`;
    } else if (p.kind === 'nomove') {
      message = message || p.message;
      previewText = 'no legal move fits';
    }
    if (input.unchanged) {
      // Steps out and back (found by the wrapper): say so, not what the resolver makes of it.
      hint = 'The steps so far leave the board unchanged, and a turn must change it: step on, or take the steps back.';
      previewText = 'board unchanged';
    }
    if (input.rejection) message = `Refused: ${input.rejection}`;
    else if (input.selection.kind === 'piece') {
      hint = 'A piece is selected. Click a square to send it there, or click it again to keep it where it is.';
    } else if (input.selection.kind === 'step') {
      hint = 'A piece is selected. Click a square beside it to step there.';
    }
    $('tokens').textContent = input.text;
    $('submit').disabled = !input.can_submit;
  } else {
    $('tokens').textContent = '';
    $('submit').disabled = true;
  }
  // A typed move, previewed before it is played: its squares framed, the board after it
  // in the preview; its error, when it is not a legal move, and no preview.
  if (typed.ok) {
    const caps = typed.captured ? `, captures ${typed.captured}` : '';
    previewText = `typed: ${typed.official}${caps}. Press Play to play it.`;
    also = '';
  } else if (typed.error) {
    message = message || typed.error;
  }
  $('preview-text').textContent = previewText;
  $('also-moving').textContent = also;
  $('message').textContent = message || hint;
  $('message').className = message ? '' : 'info';

  // Move list, scrolled to the latest turn.
  const tbody = $('moves').querySelector('tbody');
  tbody.replaceChildren();
  s.moves.forEach((m, i) => {
    const tr = document.createElement('tr');
    if (i === s.moves.length - 1) tr.className = 'latest';
    if (!m.setup) tr.title = `legacy notation: ${m.legacy}`;
    for (const text of [m.label, m.official, m.setup ? '' : m.lightvector]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    tbody.appendChild(tr);
  });
  $('moves-box').scrollTop = $('moves-box').scrollHeight;
  $('result').textContent = over ? s.outcome.text : '';
  $('banner').textContent = over ? s.outcome.text : '';
  $('banner').hidden = !over;
  $('setup-controls').hidden = !s.setup;
  showPalette(s);
  $('engine').disabled = s.phase !== 'play';
  $('resign').disabled = over;
  $('undo').disabled = s.moves.length === 0 && !over;
  document.body.dataset.moves = String(s.moves.length);
  document.body.dataset.ready = page.busy ? 'no' : 'yes';
}

// The setup palette: one button for each kind of piece still to place (with how many),
// the chosen one marked. The choice moves on by itself when its kind is all placed.
function showPalette(s) {
  const palette = $('palette');
  palette.replaceChildren();
  if (!s.setup) return;
  const left = s.setup.remaining;
  if (!left.includes(page.setupLetter)) page.setupLetter = left ? left[0] : null;
  for (const c of new Set(left)) {
    const b = document.createElement('button');
    b.dataset.letter = c;
    b.className = c === page.setupLetter ? 'selected' : '';
    const chip = document.createElement('span');
    chip.className = `chip ${s.layout.pieces[c].color}`;
    chip.textContent = c;
    b.append(chip, `\u00d7${[...left].filter((x) => x === c).length}`);
    b.title = s.layout.pieces[c].kind;
    b.addEventListener('click', () => { page.setupLetter = c; show(page.state); });
    palette.appendChild(b);
  }
}

// The typed move's preview: {} when nothing (or a setup) is typed, else
// WebGame.preview_text's answer for the text and notation chosen.
function typedPreview(s) {
  const text = $('typed-text').value.trim();
  if (text === '' || s.phase !== 'play' || page.busy) return {};
  return JSON.parse(page.game.preview_text(text, $('notation').value));
}

// Reads an action's answer ({"ok":true,...} or {"ok":false,"error":...}) and keeps its
// error as the page's message.
function answer(text) {
  const a = JSON.parse(text);
  page.message = a.ok ? '' : a.error;
  page.info = '';
  return a;
}

// The side the person plays against the engine ('gold' or 'silver'), or null when two
// people play at the screen.
const personSide = () => (page.engineSide === 'none' ? null : page.engineSide === 'gold' ? 'silver' : 'gold');

function onSquare(sq) {
  if (page.busy) return;
  page.message = '';
  page.info = '';
  if (page.state.setup) {
    // A piece taken off is the one chosen next, to be put elsewhere.
    const a = answer(page.game.setup_click(sq, page.setupLetter || ''));
    if (a.ok && a.removed) page.setupLetter = a.removed;
    refresh();
    return;
  }
  // Clicks make the move: a typed text (and its preview) gives way.
  $('typed-text').value = '';
  const a = JSON.parse(page.game.click(sq));
  const s = JSON.parse(page.game.state());
  // A refused click shows the input's own rejection; without an input, the error.
  if (!a.ok && !s.input) page.message = a.error;
  page.state = s;
  show(s);
}

// After a turn was played or taken back: show it, and let the engine answer.
function afterTurn() {
  maybeEngine(refresh());
}

// When the engine plays the side due in `s`: its setup at once, its move after a
// moment (so that the page shows "thinking" first). One request at a time: none is made
// while one waits, and one made for an earlier game is dropped.
function maybeEngine(s) {
  if (page.engineSide === 'none' || s.side !== page.engineSide || s.outcome !== null) return;
  if (s.phase.startsWith('setup')) {
    answer(page.game.setup_99of9());
    afterTurn();
    return;
  }
  if (s.phase !== 'play' || page.busy) return;
  runEngine(page.engineSide, () => maybeEngine(refresh()));
}

// Lets the engine play `side`'s move, once, after the page has shown "thinking"; then
// `then()`. The game it was asked for must still be the page's game.
function runEngine(side, then) {
  const generation = page.generation;
  page.busy = true;
  show(page.state);
  $('message').className = 'info';
  $('message').textContent = 'The engine is thinking...';
  setTimeout(() => {
    if (generation !== page.generation) return;
    const ms = Number($('engine-ms').value) || 1500;
    const a = answer(page.game.engine_move_as(side, BigInt(page.engineSeed++), ms));
    page.busy = false;
    if (a.ok) page.message = '';
    then();
  }, 30);
}

function newGame() {
  const kind = $('kind').value;
  page.generation += 1;
  page.busy = false;
  page.message = '';
  page.info = '';
  if (page.game) page.game.free();
  page.game = null;
  try {
    if (kind === 'standard') page.game = WebGame.standard();
    else if (kind === 'setup') page.game = new WebGame();
    else if (kind === 'endless') page.game = WebGame.endless_endgame(BigInt(Date.now()));
    else page.game = WebGame.from_position($('position-text').value);
  } catch (e) {
    page.message = String(e.message || e);
    if (!page.game) page.game = WebGame.standard();
  }
  page.engineSide = $('opponent').value;
  // Against an engine playing Gold, the person plays Silver from below.
  page.flipped = page.engineSide === 'gold';
  $('record').hidden = true;
  $('typed-text').value = '';
  afterTurn();
}

// Takes back a turn: against the engine, the person's last move and the engine's reply
// (never the setups; refused with a message when there is no move of the person's);
// between two people, the last turn.
function undoTurn() {
  if (page.busy) return;
  const person = personSide();
  answer(person ? page.game.undo_for(person) : page.game.undo());
  refresh();
}

// The engine plays the side to move now, once; against the engine, only its own side.
function engineMove() {
  if (page.busy) return;
  const side = page.state.side;
  if (personSide() === side) {
    page.message = `It is your move (${sideName(side)}): the engine plays ${sideName(page.engineSide)}.`;
    show(page.state);
    return;
  }
  page.message = '';
  runEngine(side, refresh);
}

// The person resigns (against the engine), or the side to move (two at the screen).
function resign() {
  if (page.busy) return;
  answer(page.game.resign(personSide() || page.state.side));
  refresh();
}

function playTyped() {
  if (page.busy) return;
  const text = $('typed-text').value;
  const a = answer(page.state.phase.startsWith('setup')
    ? page.game.play_setup(text)
    : page.game.play_text(text, $('notation').value));
  if (a.ok) $('typed-text').value = '';
  afterTurn();
}

function exportRecord() {
  const text = page.game.record();
  $('record').value = text;
  $('record').hidden = false;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'arimaa-game.txt';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function main() {
  await init();
  $('kind').addEventListener('change', () => { $('position-text').hidden = $('kind').value !== 'position'; });
  $('new-game').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
  $('submit').addEventListener('click', () => { if (!page.busy) { answer(page.game.submit()); afterTurn(); } });
  $('click-undo').addEventListener('click', () => { page.game.click_undo(); page.message = ''; refresh(); });
  $('click-clear').addEventListener('click', () => { page.game.click_clear(); page.message = ''; refresh(); });
  for (const r of document.querySelectorAll('input[name="click-mode"]')) {
    r.addEventListener('change', () => { answer(page.game.set_click_mode(r.value)); refresh(); });
  }
  $('undo').addEventListener('click', undoTurn);
  $('engine').addEventListener('click', engineMove);
  for (const id of ['typed-text', 'notation']) {
    $(id).addEventListener('input', () => { page.message = ''; page.info = ''; show(page.state); });
  }
  $('typed').addEventListener('submit', (e) => { e.preventDefault(); playTyped(); });
  $('setup-99of9').addEventListener('click', () => { answer(page.game.setup_99of9()); afterTurn(); });
  $('setup-play').addEventListener('click', () => { answer(page.game.setup_play_draft()); afterTurn(); });
  $('setup-fill').addEventListener('click', () => { answer(page.game.setup_fill_rabbits()); refresh(); });
  $('setup-clear').addEventListener('click', () => { page.game.setup_clear(); page.message = ''; refresh(); });
  $('setup-random').addEventListener('click', () => {
    answer(page.game.setup_random(BigInt(Math.floor(Math.random() * 2 ** 32))));
    afterTurn();
  });
  $('resign').addEventListener('click', resign);
  $('letters').addEventListener('change', () => show(page.state));
  $('flip').addEventListener('click', () => { page.flipped = !page.flipped; show(page.state); });
  $('export').addEventListener('click', exportRecord);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { page.game.click_clear(); refresh(); }
  });
  newGame();
  // For the browser test (tests/web/game.mjs): the package's class and the state now.
  window.arimaaPage = { WebGame, state: () => JSON.parse(page.game.state()) };
}

main().catch((e) => {
  document.body.dataset.ready = 'error';
  $('message').textContent = `The page could not start: ${e}`;
  console.error(e);
});
