// Plays a scripted game on the board page in headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core), by clicks on the SVG board and one typed Lightvector move.
//
//   node tests/web/game.mjs URL SCREENSHOT_DIR
//
// After every move it checks the page against the crate: a second, independent WebGame of
// the same wasm package replays the intended moves, written here in official notation
// (steps, not clicks), and the page's board (the pieces drawn in the SVG), side to move,
// move list (official and Lightvector columns) and result must equal that game's. So the
// click path (clicks -> arimaa::clicks -> Lightvector resolution -> move) is checked
// against the plain official-notation path of the crate. Any console error fails the run.
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../web/package.json'));
const { chromium } = require('playwright-core');

const [url, shots] = process.argv.slice(2);
if (!url || !shots) {
  console.error('usage: node tests/web/game.mjs URL SCREENSHOT_DIR');
  process.exit(2);
}
mkdirSync(shots, { recursive: true });

let checks = 0;
let moves = 0;
let shot = 0;
function check(cond, what, detail) {
  if (!cond) {
    throw new Error(`check failed: ${what}${detail === undefined ? '' : `\n  ${JSON.stringify(detail)}`}`);
  }
  checks += 1;
}
function checkEq(actual, expected, what) {
  check(JSON.stringify(actual) === JSON.stringify(expected), what, { actual, expected });
}

// The AEI short form of a position given as piece lists ("Ed4 Hf4 ..."), `side` to move.
function shortForm(side, pieces) {
  const squares = Array(64).fill(' ');
  for (const p of pieces.split(/\s+/)) {
    const file = 'abcdefgh'.indexOf(p[1]);
    const rank = Number(p[2]);
    squares[(8 - rank) * 8 + file] = p[0];
  }
  return `${side} [${squares.join('')}]`;
}

// The scripted game: Gold E d4, H f4, C e3, R a1, R h1 around Silver's lone rabbit on
// e4, with Silver's elephant e8 and horse b8. Silver loses its last rabbit on move 4g.
const START = shortForm('g', 'Ed4 Hf4 Ce3 Ra1 Rh1 re4 ee8 hb8');

const userData = mkdtempSync(path.join(tmpdir(), 'arimaa-web-chromium-'));
const browser = await chromium.launchPersistentContext(userData, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  acceptDownloads: true,
  viewport: { width: 1100, height: 860 },
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});
const errors = [];
let failed = false;
let page = null;
try {
  page = browser.pages()[0] ?? (await browser.newPage());
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));

  const encodings = {};
  page.on('response', (r) => {
    const name = r.url().split('/').pop();
    if (name.endsWith('.wasm') || name === 'app.js') encodings[name] = r.headers()['content-encoding'] || 'none';
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="yes"]');
  checkEq(encodings, { 'app.js': 'gzip', 'arimaa_web_bg.wasm': 'gzip' }, 'the page and its wasm are served compressed');

  const screenshot = async (name) => {
    shot += 1;
    await page.screenshot({ path: path.join(shots, `${String(shot).padStart(2, '0')}-${name}.png`) });
  };

  // What the page shows.
  const pageView = () => page.evaluate(() => {
    const board = Array(64).fill('.');
    for (const g of document.querySelectorAll('#board g.piece')) {
      const sq = g.dataset.square;
      board[(8 - Number(sq[1])) * 8 + 'abcdefgh'.indexOf(sq[0])] = g.dataset.piece;
    }
    const rows = [...document.querySelectorAll('#moves tbody tr')]
      .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    return {
      board: board.join(''),
      side: document.getElementById('status').dataset.side,
      rows,
      result: document.getElementById('result').textContent,
      preview: document.getElementById('preview').dataset.kind,
      previewBoard: document.getElementById('preview').dataset.board,
      tokens: document.getElementById('tokens').textContent,
      message: document.getElementById('message').textContent,
      also: document.getElementById('also-moving').textContent,
      submitEnabled: !document.getElementById('submit').disabled,
      marks: [...document.querySelectorAll('#board rect.last-move')].map((r) => r.dataset.last).sort(),
      typedMarks: [...document.querySelectorAll('#board rect.typed-mark')].map((r) => r.dataset.typed).sort(),
      previewText: document.getElementById('preview-text').textContent,
      trays: Object.fromEntries(['gold', 'silver'].map((side) => [side, document.querySelector(`.tray[data-side="${side}"]`).dataset.pieces])),
      banner: document.getElementById('banner').hidden ? '' : document.getElementById('banner').textContent,
    };
  });

  // What the crate gives for the moves so far, replayed in official notation by a WebGame
  // of its own.
  const expected = (start, official) => page.evaluate(([start, official]) => {
    const { WebGame } = window.arimaaPage;
    const g = start === 'standard' ? WebGame.standard()
      : start === 'setups' ? new WebGame() : WebGame.from_position(start);
    try {
      for (const m of official) {
        const setup = JSON.parse(g.state()).phase.startsWith('setup');
        const a = JSON.parse(setup ? g.play_setup(m) : g.play_text(m, 'official'));
        if (!a.ok) return { error: `${m}: ${a.error}` };
      }
      return { state: JSON.parse(g.state()), record: g.record() };
    } finally {
      g.free();
    }
  }, [start, official]);

  let played = [];
  let start = START;
  // The squares whose letters differ between two board texts (in the layout's order).
  const squareNames = [];
  for (let r = 8; r >= 1; r -= 1) for (const f of 'abcdefgh') squareNames.push(`${f}${r}`);
  const differing = (a, b) => squareNames.filter((_, i) => a[i] !== b[i]).sort();
  // The letters of `a` missing from `b`, for one colour (`upper`: Gold's), strongest first.
  const missing = (a, b, upper) => {
    const order = upper ? 'EMHDCR' : 'emhdcr';
    const count = (t, c) => [...t].filter((x) => x === c).length;
    return [...order].map((c) => c.repeat(Math.max(0, count(a, c) - count(b, c)))).join('');
  };
  const verify = async (name) => {
    const want = await expected(start, played);
    check(!want.error, `the crate replays ${played.join(' / ')}`, want.error);
    const s = want.state;
    const view = await pageView();
    checkEq(view.board, s.board, `${name}: the board`);
    checkEq(view.side, s.side, `${name}: the side to move`);
    checkEq(view.rows, s.moves.map((m) => [m.label, m.official, m.setup ? '' : m.lightvector]), `${name}: the move list`);
    checkEq(view.result, s.outcome ? s.outcome.text : '', `${name}: the result`);
    checkEq(view.banner, s.outcome ? s.outcome.text : '', `${name}: the banner`);
    // The last-move marks: the squares whose contents the last movement turn changed,
    // found here from the crate's boards before and after it (a replay one move shorter).
    const lastIsMove = s.moves.length > 0 && !s.moves[s.moves.length - 1].setup;
    let marks = [];
    if (lastIsMove) {
      const before = await expected(start, played.slice(0, -1));
      marks = differing(before.state.board, s.board);
    }
    checkEq(view.marks, marks, `${name}: the last move marked`);
    // The trays: the pieces of each side missing since the first board of the replay
    // with the setups played (the start, or the board after both setups).
    const setups = start === 'setups' ? s.moves.filter((m) => m.setup).length : 0;
    const first = (await expected(start, played.slice(0, setups))).state.board;
    const trays = start === 'setups' && setups < 2 ? { gold: '', silver: '' }
      : { gold: missing(first, s.board, true), silver: missing(first, s.board, false) };
    checkEq(view.trays, trays, `${name}: the capture trays`);
    if (!name.startsWith('whole-game-') || view.banner) await screenshot(name);
    return { view, want };
  };

  const at = (board, sq) => board[(8 - Number(sq[1])) * 8 + 'abcdefgh'.indexOf(sq[0])];
  const clickSquare = async (sq) => {
    const box = await page.locator(`#board rect[data-square="${sq}"]`).boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };
  const clicks = async (...squares) => {
    for (const sq of squares) await clickSquare(sq);
  };
  const submit = async (official, name) => {
    const view = await pageView();
    check(view.submitEnabled, `${name}: the move can be submitted`, view);
    await page.click('#submit');
    played.push(official);
    moves += 1;
    return verify(name);
  };

  // Where an element is drawn (its bounding box in the viewport), and whether it is
  // wholly inside the viewport without scrolling.
  const boxOf = (sel) => page.evaluate((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
  }, sel);
  const inView = (sel) => page.evaluate((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  }, sel);
  // At each of the two sizes: the board is a square that fits the width, the page does
  // not scroll sideways, and the board, the trays and the move controls are all in view
  // at once, at the top of the page. Screenshots of both go to the screenshot folder.
  const SIZES = [{ width: 390, height: 844 }, { width: 1366, height: 768 }];
  const checkSizes = async (name) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      const tag = `${name} at ${size.width}x${size.height}`;
      const b = await boxOf('#board');
      check(b.width > 300 && Math.abs(b.width - b.height) < 1, `${tag}: the board is a square`, b);
      check(b.left >= 0 && b.right <= size.width, `${tag}: the board fits the width`, b);
      const scroll = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      check(scroll[0] <= scroll[1], `${tag}: no horizontal scroll`, scroll);
      for (const sel of ['#board', '#tray-top', '#tray-bottom', '#submit', '#undo', '#engine', '#resign', '#flip', '#message']) {
        check(await inView(sel), `${tag}: ${sel} in view with the board`, await boxOf(sel));
      }
      shot += 1;
      await page.screenshot({ path: path.join(shots, `${String(shot).padStart(2, '0')}-${name}-${size.width}x${size.height}.png`) });
    }
    await page.setViewportSize({ width: 1100, height: 860 });
  };

  // A game from a position, two people at one screen.
  await page.selectOption('#kind', 'position');
  await page.fill('#position-text', START);
  await page.selectOption('#opponent', 'none');
  await page.click('#new-button');
  let { view } = await verify('start');
  // The pieces: drawn animals by default (the kind of each from the layout), letters
  // when the toggle asks; the board read the same either way.
  const pieceLook = () => page.evaluate(() => {
    const { layout } = window.arimaaPage.state();
    return [...document.querySelectorAll('#board g.piece')].map((g) => ({
      kind: layout.pieces[g.dataset.piece].kind,
      animal: g.querySelector('g.animal') ? g.querySelector('g.animal').dataset.kind : null,
      shapes: g.querySelectorAll('g.animal > *').length,
      text: g.querySelector('text') ? g.querySelector('text').textContent : null,
      letter: g.dataset.piece,
    }));
  });
  {
    const drawn = await pieceLook();
    check(drawn.length > 0 && drawn.every((p) => p.animal === p.kind && p.shapes >= 3 && p.text === null), 'the pieces are drawn animals', drawn);
    checkEq(await page.$eval('#board', (b) => b.dataset.pieces), 'drawn', 'the board says drawn pieces');
    await page.check('#letters');
    const letters = await pieceLook();
    check(letters.length === drawn.length && letters.every((p) => p.animal === null && p.text === p.letter), 'the letters toggle draws letters', letters);
    checkEq((await pageView()).board, view.board, 'letters: the same board');
    await screenshot('start-letters');
    await page.uncheck('#letters');
    checkEq((await pieceLook()).filter((p) => p.animal !== null).length, drawn.length, 'the toggle back draws the animals');
  }
  checkEq(view.rows.length, 0, 'a new game has no moves');

  // 2g: an ambiguous push. The rabbit e4 to e5 can be pushed by the elephant (d4), the
  // horse (f4) or the cat (e3): three boards fit. A second arrow, the elephant onto e4
  // (clicked after the rabbit's arrow, so the click draws rather than selects), settles it.
  await clicks('e4', 'e5');
  view = await pageView();
  checkEq(view.preview, 'ambiguous', '2g: re4e5 alone is ambiguous');
  // A one-square arrow: its whole head (4 stroke widths) fits on the line, past the
  // piece's letter, with some body left.
  {
    const a = await page.$eval('#board line[data-arrow="e4-e5"]', (l) => {
      const n = (k) => Number(l.getAttribute(k));
      const marker = document.querySelector('#board marker#head-enemy');
      return {
        len: Math.hypot(n('x2') - n('x1'), n('y2') - n('y1')),
        head: Number(marker.getAttribute('markerWidth')) * parseFloat(getComputedStyle(l).strokeWidth),
      };
    });
    check(a.head >= 20 && a.len >= a.head + 6, '2g: the one-square arrow shows its head and a body', a);
  }
  check(/That fits 3 different moves/.test(view.message), '2g: the page says how many moves fit', view.message);
  check(!view.submitEnabled, '2g: an ambiguous input cannot be submitted');
  // The candidates (the crate's, in the state) drawn on the board: a numbered mark on
  // each square where a piece of each ends; here the pusher on e4 and the rabbit on e5.
  {
    const c = await page.evaluate(() => {
      const s = window.arimaaPage.state();
      const at = (board, sq) => board[s.layout.squares.indexOf(sq)];
      return {
        count: s.input.preview.count,
        crate: s.input.preview.candidates.map((k) => ({ ends: k.ends, e4: at(k.board, 'e4'), e5: at(k.board, 'e5') })),
        drawn: [...document.querySelectorAll('#board g.candidate')].map((g) => `${g.dataset.candidate}:${g.dataset.square}`),
      };
    });
    checkEq(c.crate.length, 3, '2g: the state has the three candidates');
    checkEq(c.crate.length, c.count, '2g: as many candidates as the count');
    checkEq(c.crate.map((k) => k.e4).sort().join(''), 'CEH', '2g: the candidates are the pushes by cat, elephant and horse');
    check(c.crate.every((k) => k.e5 === 'r'), '2g: each candidate pushes the rabbit to e5', c.crate);
    const want = c.crate.flatMap((k, n) => k.ends.map((sq) => `${n + 1}:${sq}`)).sort();
    checkEq(c.drawn.sort().join(' '), want.join(' '), '2g: the board draws exactly the candidates\' end squares, numbered');
    check(c.crate.every((k) => k.ends.includes('e4') && k.ends.includes('e5')), '2g: each candidate ends a piece on e4 and e5', c.crate);
  }
  await screenshot('2g-ambiguous');
  await clicks('d4', 'e4');
  view = await pageView();
  checkEq(view.tokens, 're4e5 Ed4e4', '2g: the tokens of the two arrows');
  checkEq(view.preview, 'move', '2g: two arrows resolve to one move');
  await submit('re4n Ed4e', '2g-push');

  // 2s: a typed Lightvector move: the elephant e8 to e6.
  await page.selectOption('#notation', 'lightvector');
  await page.fill('#typed-text', 'ee8e6');
  // Typed, not played yet: previewed (the crate's board after it, its squares framed).
  {
    const before = await pageView();
    const after = (await expected(start, [...played, 'ee8s ee7s'])).state;
    checkEq(before.preview, 'typed', '2s: the typed move is previewed');
    checkEq(before.previewBoard, after.board, '2s: the preview is the crate\'s board after the typed move');
    checkEq(before.typedMarks, differing(before.board, after.board), '2s: the typed move\'s squares are framed');
    check(/ee8s ee7s\. Press Play/.test(before.previewText), '2s: the preview names the move and asks for Play', before.previewText);
    checkEq(before.rows.length, played.length, '2s: the typed move is not played before Play');
  }
  await page.click('#typed-play');
  played.push('ee8s ee7s');
  moves += 1;
  await verify('2s-typed-lightvector');

  // Undo that turn: Silver is to move again, the list is one row shorter.
  await page.click('#undo');
  played.pop();
  ({ view } = await verify('2s-undone'));
  checkEq(view.rows.length, 1, 'undo removes the last row');

  // 2s again, by clicks: the elephant e8 to e6.
  await clicks('e8', 'e6');
  await submit('ee8s ee7s', '2s-clicks');

  // 3g: a pull with one arrow onto an occupied square: the rabbit e5 is sent onto the
  // elephant's square e4 (click the rabbit, the elephant, the elephant again). The
  // elephant must make room and its only way is d4 (the horse holds f4, the cat e3): it
  // pulls the rabbit, and the page shows it as "also moving".
  await clicks('e5', 'e4');
  view = await pageView();
  check(/A piece is selected/.test(view.message), '3g: the page asks where the selected piece goes', view.message);
  checkEq(await page.$eval('#message', (m) => m.className), 'info', '3g: a hint is not shown as an error');
  await clicks('e4');
  view = await pageView();
  checkEq(view.tokens, 're5e4', '3g: the token of the pull');
  checkEq(view.preview, 'move', '3g: the arrow resolves to one move');
  checkEq(view.also, 'Also moving: E e4 to d4.', '3g: the elephant is shown as also moving');
  await screenshot('3g-also-moving');
  await submit('Ee4w re5s', '3g-pull');

  // 3s: first an unsatisfiable click: the elephant e6 cannot reach d1 in four steps. The
  // click is refused with the resolver's reason, and the input stays as it was (the
  // elephant still selected), so the next click sends it to e7 (one step).
  await clicks('e6', 'd1');
  view = await pageView();
  check(/^Refused: .*ee6d1/.test(view.message), '3s: the refused click and its reason', view.message);
  checkEq(await page.$eval('#message', (m) => m.className), '', '3s: a refusal is shown as an error');
  checkEq(view.tokens, '', '3s: a refused click draws nothing');
  await screenshot('3s-refused');
  await clicks('e7');
  await submit('ee6n', '3s');

  // 4g: a capture: the rabbit e4 onto the trap f3, marked as a capture by two more
  // clicks on the arrow's head. The horse pulls it to f4 and pushes it onto the trap,
  // ending where it started: no other piece changes square.
  await clicks('e4', 'f3');
  view = await pageView();
  checkEq(view.preview, 'move', '4g: one arrow onto the trap resolves');
  checkEq(view.also, '', '4g: nothing else changes square');
  await clicks('f3', 'f3');
  view = await pageView();
  checkEq(view.tokens, 're4f3 re4x', '4g: the capture mark');
  await submit('Hf4n re4e rf4s rf3x Hf5s', '4g-capture');

  // The game is over: Silver has no rabbit left.
  view = await pageView();
  checkEq(view.result, 'Gold wins by elimination', 'the result and its reason');
  checkEq(view.banner, 'Gold wins by elimination', 'the banner says the result');
  check(await inView('#banner'), 'the banner is in view', await boxOf('#banner'));
  checkEq(view.trays.silver, 'r', 'the tray holds Silver\'s captured rabbit');
  checkEq(await page.$$eval('#tray-top .chip', (cs) => cs.map((c) => c.textContent)), ['r'], 'Silver\'s tray is drawn above the board');
  check(await page.isDisabled('#resign'), 'resign is off once the game is over');

  // Export: the record the page downloads is the crate's record of the game.
  const want = await expected(start, played);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const file = await download.path();
  const text = readFileSync(file, 'utf8');
  checkEq(text, want.record, 'the exported record');
  checkEq(await page.inputValue('#record'), want.record, 'the record shown');
  // One line a move (no empty turn after the last), then the result.
  checkEq(text.trim().split('\n').slice(-1)[0], '# result: Gold wins by elimination', 'the record ends with the result');
  checkEq(text.trim().split('\n').slice(-2)[0].split(' ')[0], '4g', 'the record has no empty last turn');
  checkEq(text.trim().split('\n').length, played.length + 1, 'the record has one line a move, and the result');
  await screenshot('game-over');

  // Against the engine: a standard game with the 99of9 setups, the engine (the AEI
  // example's one-turn search) playing Silver. Gold's elephant goes e2 to e4 by clicks;
  // the engine answers by itself. Its move is checked by replaying the page's move list
  // (official notation) in the crate: the board must follow.
  await page.selectOption('#kind', 'standard');
  await page.selectOption('#opponent', 'silver');
  await page.fill('#engine-ms', '300');
  await page.click('#new-button');
  start = 'standard';
  played = [];
  ({ view } = await verify('engine-start'));
  checkEq(view.rows.map((r) => r[0]), ['1g', '1s'], 'the 99of9 setups are the first two turns');
  await clicks('e2', 'e4');
  checkEq((await pageView()).tokens, 'Ee2e4', 'engine game: the elephant\'s arrow');
  await page.click('#submit');
  await page.waitForFunction(() => document.body.dataset.moves === '4' && document.body.dataset.ready === 'yes');
  moves += 2;
  view = await pageView();
  played = view.rows.slice(2).map((r) => r[1]);
  checkEq(played[0], 'Ee2n Ee3n', 'engine game: Gold\'s move');
  await verify('engine-reply');
  // Undo against the engine takes back its reply and the person's move.
  await page.click('#undo');
  played = [];
  ({ view } = await verify('engine-undone'));
  checkEq(view.rows.length, 2, 'undo against the engine takes back both moves');
  // A second undo: no move of Gold's is left, and the setups stay.
  await page.click('#undo');
  ({ view } = await verify('engine-undo-setups-stay'));
  checkEq(view.rows.length, 2, 'undo never takes back the setups against the engine');
  check(/Gold has no move to take back/.test(view.message), 'the refused undo says why', view.message);

  // Again e2 to e4, and the engine's reply: the page at the two sizes, with the last
  // move (the engine's) marked.
  await clicks('e2', 'e4');
  await page.click('#submit');
  await page.waitForFunction(() => document.body.dataset.moves === '4' && document.body.dataset.ready === 'yes');
  moves += 2;
  played = (await pageView()).rows.slice(2).map((r) => r[1]);
  ({ view } = await verify('engine-reply-2'));
  check(view.marks.length >= 2, 'the engine\'s move is marked on the board', view.marks);
  await checkSizes('engine-reply');
  checkEq(await page.$eval('#moves-box', (b) => getComputedStyle(b).overflowY), 'auto', 'the move list is a scroll box');
  check(await page.$eval('#moves-box', (b) => {
    const last = b.querySelector('tbody tr:last-child').getBoundingClientRect();
    return last.bottom <= b.getBoundingClientRect().bottom + 1;
  }), 'the move list shows its latest turn');

  // "Engine move" on the person's side is refused, the game unchanged.
  await page.click('#engine');
  view = await pageView();
  check(/It is your move \(Gold\): the engine plays Silver/.test(view.message), 'engine move on the person\'s side refused', view.message);
  checkEq(view.rows.length, 4, 'the refused engine move plays nothing');
  // "Any notation": well-formed official notation is read as official only, so Ef7s
  // (no elephant on f7) is refused with the official reason, not read as Lightvector.
  await page.selectOption('#notation', 'auto');
  await page.fill('#typed-text', 'Ef7s');
  view = await pageView();
  check(/^as official notation: /.test(view.message), 'Ef7s typed: its refusal shown before Play', view.message);
  check(view.preview !== 'typed' && view.typedMarks.length === 0, 'Ef7s typed: no preview', view);
  await page.fill('#typed-text', 'Zq9x');
  view = await pageView();
  check(view.message !== '' && view.preview !== 'typed', 'a malformed typed move: its message, no preview', view);
  await page.fill('#typed-text', 'Ef7s');
  await page.click('#typed-play');
  view = await pageView();
  check(/^as official notation: /.test(view.message) && !/Lightvector/.test(view.message), 'Ef7s in any notation: the official refusal', view.message);
  checkEq(view.rows.length, 4, 'Ef7s plays nothing');

  // Flip: the same board drawn turned around (a1 top right), Gold's tray on top.
  await page.click('#flip');
  const a1 = await boxOf('#board rect[data-square="a1"]');
  const h8 = await boxOf('#board rect[data-square="h8"]');
  check(a1.top < h8.top && a1.left > h8.left, 'flipped: a1 is drawn at the top right', { a1, h8 });
  await verify('flipped');
  checkEq(await page.$eval('#tray-top', (t) => t.dataset.side), 'gold', 'flipped: Gold\'s tray on top');
  await page.click('#flip');
  checkEq(await page.$eval('#board', (b) => b.dataset.flipped), 'no', 'flipped back');

  // Resign: the banner names the winner; undo takes the resignation back.
  await page.click('#resign');
  view = await pageView();
  await screenshot('resigned');
  checkEq(view.banner, 'Silver wins by resignation', 'resign: the banner');
  checkEq(view.result, 'Silver wins by resignation', 'resign: the result under the moves');
  checkEq(view.rows.length, 4, 'resign: the moves stay');
  check(!view.submitEnabled && await page.isDisabled('#resign'), 'resign: no more moves, no second resignation');
  check(await inView('#banner'), 'resign: the banner is in view');
  await page.click('#undo');
  ({ view } = await verify('resignation-undone'));
  checkEq(view.banner, '', 'undo takes the resignation back');
  checkEq(view.rows.length, 4, 'undoing the resignation keeps the moves');

  // New game while the engine is about to think: the old request is dropped, and the
  // engine plays nothing into the new game.
  await page.click('#undo');
  played = [];
  await verify('engine-undone-2');
  await clicks('e2', 'e4');
  await page.evaluate(() => {
    document.getElementById('submit').click();
    document.getElementById('new-button').click();
  });
  await page.waitForTimeout(600);
  ({ view } = await verify('new-game-while-thinking'));
  checkEq(view.rows.length, 2, 'new game while the engine thinks: the old request plays nothing');
  checkEq(view.side, 'gold', 'new game while the engine thinks: Gold to move');
  moves += 1;

  // Against the engine playing Gold: the person plays Silver from below (the board
  // flipped by itself); the engine opens, the person answers by clicks, the engine
  // replies; undo takes back the person's move and the reply, not the engine's opening.
  await page.selectOption('#opponent', 'gold');
  await page.click('#new-button');
  await page.waitForFunction(() => document.body.dataset.moves === '3' && document.body.dataset.ready === 'yes');
  moves += 1;
  checkEq(await page.$eval('#board', (b) => b.dataset.flipped), 'yes', 'Silver plays from below against a Gold engine');
  played = (await pageView()).rows.slice(2).map((r) => r[1]);
  ({ view } = await verify('engine-gold-opens'));
  checkEq(await page.$eval('#tray-bottom', (t) => t.dataset.side), 'silver', 'Silver\'s tray below');
  await page.click('#undo');
  view = await pageView();
  check(/Silver has no move to take back/.test(view.message), 'undo before Silver\'s first move refused', view.message);
  checkEq(view.rows.length, 3, 'the engine\'s opening stays');
  const silverMove = at(view.board, 'a6') === '.' ? ['a7', 'a6', 'ra7s'] : ['h7', 'h6', 'rh7s'];
  await clicks(silverMove[0], silverMove[1]);
  await page.click('#submit');
  await page.waitForFunction(() => document.body.dataset.moves === '5' && document.body.dataset.ready === 'yes');
  moves += 2;
  view = await pageView();
  played = view.rows.slice(2).map((r) => r[1]);
  checkEq(played[1], silverMove[2], 'Silver\'s move by clicks on the flipped board');
  await verify('engine-gold-replies');
  await page.click('#undo');
  played = played.slice(0, 1);
  ({ view } = await verify('engine-gold-undone'));
  checkEq(view.rows.length, 3, 'undo takes back Silver\'s move and the reply');

  // Setups by buttons: random for Gold, 99of9 for Silver, two at the screen; then a
  // goal: the crate's position with Gold's rabbit two steps from it, played by "Engine
  // move" (which takes a goal when there is one).
  await page.selectOption('#kind', 'setup');
  await page.selectOption('#opponent', 'none');
  await page.click('#new-button');
  start = 'setups';
  played = [];
  // Gold by clicks: the eight pieces that are not rabbits (a palette button, then the
  // square), a refused square, one taken off and put back, then the rabbits filled in
  // (the crate's autofill): the 99of9 setup, played.
  checkEq(await page.$$eval('#palette button', (bs) => bs.map((b) => b.textContent)),
    ['E\u00d71', 'M\u00d71', 'H\u00d72', 'D\u00d72', 'C\u00d72', 'R\u00d78'], 'the palette: the army to place');
  await page.click('#palette button[data-letter="E"]');
  await clicks('e4');
  check(/e4 is outside the home ranks/.test((await pageView()).message), 'setup: a square off the home ranks refused');
  for (const [letter, squares] of [['E', ['e2']], ['M', ['d2']], ['H', ['b2', 'g2']], ['D', ['d1', 'e1']], ['C', ['c2', 'f2']]]) {
    await page.click(`#palette button[data-letter="${letter}"]`);
    await clicks(...squares);
  }
  await clicks('d2');
  checkEq(at((await pageView()).board, 'd2'), '.', 'setup: a click on a placed piece takes it off');
  checkEq(await page.$$eval('#palette button', (bs) => bs.map((b) => b.dataset.letter)), ['M', 'R'], 'setup: the camel back in the palette');
  await clicks('d2');
  checkEq(at((await pageView()).board, 'd2'), 'M', 'setup: the piece taken off is the one chosen next');
  await screenshot('setup-by-clicks');
  await page.click('#setup-fill');
  await page.click('#setup-play');
  view = await pageView();
  played = [view.rows[0][1]];
  ({ view } = await verify('setup-gold-by-clicks'));
  const ninetyNine = await page.evaluate(() => {
    const g = new window.arimaaPage.WebGame();
    g.setup_99of9();
    const board = JSON.parse(g.state()).board;
    g.free();
    return board;
  });
  checkEq(view.board, ninetyNine, 'setup by clicks: the 99of9 setup\'s board');
  await page.click('#setup-random');
  view = await pageView();
  played = view.rows.map((r) => r[1]);
  ({ view } = await verify('setup-silver-random'));
  // Undo between two people takes back one turn: Silver's setup, not Gold's.
  await page.click('#undo');
  played = played.slice(0, 1);
  ({ view } = await verify('setup-silver-undone'));
  checkEq(view.rows.length, 1, 'undo takes back only the last setup');
  // The 99of9 setup for Silver, so that the whole game below is the same each run.
  await page.click('#setup-99of9');
  view = await pageView();
  played = view.rows.map((r) => r[1]);
  ({ view } = await verify('setups-done'));
  checkEq(view.side, 'gold', 'after both setups Gold is to move');

  // The whole game from these setups: "Engine move" for the side to move, turn after
  // turn, to a result (or a resignation after 60 turns), the page checked against the
  // crate after every turn (board, move list, last-move marks, trays, banner).
  // A time limit the engine hardly ever reaches, so that the game is the same each run.
  await page.fill('#engine-ms', '3000');
  let turnsPlayed = 0;
  while (!view.banner && turnsPlayed < 60) {
    const before = view.rows.length;
    await page.click('#engine');
    await page.waitForFunction((n) => Number(document.body.dataset.moves) === n + 1 && document.body.dataset.ready === 'yes', before);
    turnsPlayed += 1;
    moves += 1;
    played = (await pageView()).rows.map((r) => r[1]);
    ({ view } = await verify(`whole-game-${turnsPlayed}`));
  }
  if (!view.banner) {
    await page.click('#resign');
    view = await pageView();
  }
  check(turnsPlayed >= 30, 'the whole game: at least 30 turns', turnsPlayed);
  check(/ wins by /.test(view.banner), 'the whole game ends with a result in the banner', view.banner);
  console.log(`   the whole game: ${turnsPlayed} turns, ${view.banner}; trays ${JSON.stringify(view.trays)}`);
  await checkSizes('whole-game-end');

  const GOAL = 'g [    r           R                  e                        E   ]';
  await page.selectOption('#kind', 'position');
  await page.fill('#position-text', GOAL);
  await page.click('#new-button');
  start = GOAL;
  await page.click('#engine');
  await page.waitForFunction(() => document.body.dataset.moves === '1' && document.body.dataset.ready === 'yes');
  moves += 1;
  played = [(await pageView()).rows[0][1]];
  ({ view } = await verify('goal'));
  checkEq(view.banner, 'Gold wins by goal', 'the engine takes the goal: the banner');
  await checkSizes('goal');

  // Step mode: a move arrows cannot enter (the survival example of arimaa::clicks): the
  // elephant steps beside the trap f3, the rabbit f2 steps onto it and survives, the
  // rabbit f1 follows, the elephant steps back. The arrows f2->f3, f1->f2 give the
  // two-step move where the rabbit dies on f3; the elephant's two steps, clicked in step
  // mode, make it the survival; then the whole move by its four steps alone is played.
  const SURVIVAL = 'g [rrrdcrrrmrcdrheh                                HMRDERCHRCRRDRRR]';
  await page.selectOption('#kind', 'position');
  await page.fill('#position-text', SURVIVAL);
  await page.selectOption('#opponent', 'none');
  await page.click('#new-button');
  start = SURVIVAL;
  played = [];
  await verify('steps-start');
  await clicks('f2', 'f3', 'f1', 'f2');
  view = await pageView();
  checkEq(view.tokens, 'Rf2f3 Rf1f2', 'steps: the two arrows');
  checkEq(at(view.previewBoard, 'f3'), '.', 'steps: by the arrows, the rabbit dies on f3');
  await page.click('#mode-steps');
  checkEq((await page.evaluate(() => window.arimaaPage.state().mode)), 'steps', 'steps: the toggle sets the mode');
  await clicks('e2', 'e3');
  view = await pageView();
  checkEq(at(view.board, 'e3'), 'E', 'steps: the board shows the step board (the elephant on e3)');
  checkEq(at(view.board, 'e2'), '.', 'steps: the elephant has left e2 on the step board');
  checkEq(await page.$$eval('#board line.step', (ls) => ls.map((l) => l.dataset.step)), ['Ee2n'], 'steps: the step drawn');
  await clicks('e3', 'e2');
  view = await pageView();
  checkEq(view.tokens, 'Rf2f3 Rf1f2 Ee2n Ee3s', 'steps: arrows and steps mixed');
  checkEq(view.preview, 'move', 'steps: arrows and two steps resolve to one move');
  checkEq(at(view.previewBoard, 'f3'), 'R', 'steps: with the steps, the rabbit survives on f3');
  await screenshot('steps-mixed');
  // Steps alone out and back: the page says the board is unchanged.
  await page.click('#click-clear');
  await clicks('e2', 'e3', 'e3', 'e2');
  view = await pageView();
  check(/leave the board unchanged/.test(view.message), 'steps: out and back, the board is unchanged', view.message);
  checkEq(view.previewText, 'board unchanged', 'steps: out and back, the preview says unchanged');
  check(!view.submitEnabled, 'steps: out and back cannot be submitted');
  // Clear, and the move by its steps alone (pieces clicked on the step board).
  await page.click('#click-clear');
  await clicks('e2', 'e3', 'f2', 'f3', 'f1', 'f2');
  checkEq(await page.$$eval('#board line.step', (ls) => ls.length), 3, 'steps: three steps drawn');
  view = await pageView();
  checkEq(at(view.board, 'f3'), 'R', 'steps: the rabbit stands on f3 on the step board');
  await screenshot('steps-three');
  await clicks('e3', 'e2');
  view = await pageView();
  checkEq(view.tokens, 'Ee2n Rf2n Rf1n Ee3s', 'steps: the four steps');
  await submit('Ee2n Rf2n Rf1n Ee3s', '2g-steps-survival');
  check(await page.isChecked('#mode-steps'), 'steps: the mode is kept for the next turn');
  await page.click('#mode-arrows');
  checkEq((await page.evaluate(() => window.arimaaPage.state().mode)), 'arrows', 'steps: back to arrows');

  check(errors.length === 0, 'no console errors', errors);
} catch (e) {
  failed = true;
  console.error(e.stack || String(e));
  if (page) await page.screenshot({ path: path.join(shots, 'failure.png') }).catch(() => {});
  if (errors.length) console.error(errors.join('\n'));
} finally {
  await browser.close();
  rmSync(userData, { recursive: true, force: true });
}
if (failed || errors.length) {
  console.error(`web: FAILED after ${moves} moves and ${checks} checks`);
  process.exit(1);
}
console.log(`web: ${moves} moves played, ${checks} checks passed`);
