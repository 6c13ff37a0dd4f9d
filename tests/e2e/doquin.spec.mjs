// Doquin end to end: a whole two-player game against a computer with moves made on the 3D block
// and on the flat faces, checked at every step against an independent copy of the rules below;
// the keyboard's way in (face, row, column) with the holes' accessible names; a capture whose
// push order the player picks; a game resumed after a reload.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, brokenOverLines, open, shareRoute, waitText } from './lib.mjs';
import { autosave, movesPast, movesReach, savedMoves } from './teetotum.mjs';

const golden = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');

const FACES = { F: 'front', R: 'right', T: 'top' };
const COLOURS = ['blue', 'natural', 'green', 'purple'];

/** Doquin's rules, written again from rules/doquin.md, to check what the app shows. */
export class Block {
  constructor(seats, size = 4, pegs = 10) {
    Object.assign(this, { seats, n: size, pegs });
    this.rounds = [];
    this.totals = Array(seats).fill(0);
    this.newRound(0);
  }
  newRound(first) {
    this.cells = new Map(); // "x,y,z" -> hole
    this.holes = new Map(); // hole -> { owner, depth }
    this.supply = Array(this.seats).fill(this.pegs);
    this.captured = Array(this.seats).fill(0);
    this.toMove = first;
    this.pushing = false;
  }
  /** The cell of hole `F2-3` at a depth (the formulas of rules/doquin.md). */
  cell(hole, d) {
    const [f, r, c] = [hole[0], +hole[1], +hole[3]];
    const n = this.n;
    if (f === 'F') return [c - 1, n - r, d].join();
    if (f === 'R') return [n - 1 - d, n - r, c - 1].join();
    return [c - 1, n - 1 - d, n - r].join();
  }
  allHoles() {
    const out = [];
    for (const f of 'FRT') for (let r = 1; r <= this.n; r++) for (let c = 1; c <= this.n; c++) out.push(`${f}${r}-${c}`);
    return out;
  }
  open(hole) { return !this.cells.has(this.cell(hole, 0)); }
  touched(hole) {
    const p = this.holes.get(hole);
    return p && p.depth < this.n ? this.cells.get(this.cell(hole, p.depth)) : undefined;
  }
  canSlide(hole) {
    const p = this.holes.get(hole);
    return !!p && p.depth < this.n && !this.cells.has(this.cell(hole, p.depth));
  }
  slide(hole) {
    const p = this.holes.get(hole);
    while (p.depth < this.n && !this.cells.has(this.cell(hole, p.depth))) this.cells.set(this.cell(hole, p.depth++), hole);
  }
  pegsIn(seat) { return [...this.holes.values()].filter((p) => p.owner === seat && p.depth === this.n).length; }
  canPlay(seat) { return this.supply[seat] > 0 && this.allHoles().some((h) => this.open(h)); }
  play(move) {
    const mover = this.toMove;
    if (move.startsWith('p')) {
      const hole = move.slice(1);
      assert.ok(this.pushing && this.canSlide(hole), `${move} is a legal push`);
      this.slide(hole);
    } else {
      assert.ok(!this.pushing && this.open(move) && this.supply[mover] > 0, `${move} is a legal insertion`);
      this.supply[mover] -= 1;
      this.holes.set(move, { owner: mover, depth: 0 });
      this.slide(move);
      const target = this.touched(move);
      const victim = target && this.holes.get(target);
      const held = victim && victim.owner !== mover && [...this.holes.keys()].some((h) => h !== move && this.holes.get(h).owner === mover && this.touched(h) === target);
      if (held) {
        for (let d = 0; d < victim.depth; d++) this.cells.delete(this.cell(target, d));
        this.holes.delete(target);
        this.captured[mover] += 1;
        this.pushing = true;
      }
    }
    if (this.pushing) this.pushing = this.allHoles().some((h) => this.canSlide(h));
    if (!this.pushing) this.endTurn(mover);
  }
  endTurn(mover) {
    if (this.captured[mover] >= 5 || this.pegsIn(mover) >= 5) return this.endRound(mover);
    for (let k = 1; k <= this.seats; k++) {
      const seat = (mover + k) % this.seats;
      if (this.canPlay(seat)) { this.toMove = seat; return; }
    }
    this.endRound(null);
  }
  endRound(bonus) {
    const scores = this.captured.map((c, s) => c + this.pegsIn(s) + (s === bonus ? 1 : 0));
    scores.forEach((s, i) => { this.totals[i] += s; });
    this.rounds.push(scores);
    if (this.rounds.length < this.seats) this.newRound(this.rounds.length);
  }
  get over() { return this.rounds.length >= this.seats; }
  /** A hole's accessible name as the app must give it. */
  name(hole) {
    const place = `${FACES[hole[0]]} ${hole.slice(1)}`;
    const p = this.holes.get(hole);
    if (p) return `${place}, ${COLOURS[p.owner]} peg, ${p.depth} deep`;
    return `${place}, ${this.open(hole) ? 'open' : 'blocked'}`;
  }
}

/** Replays a record's moves on the copy of the rules. */
export function replay(moves, seats = 2, size = 4, pegs = 10) {
  const block = new Block(seats, size, pegs);
  for (const m of moves) block.play(m);
  return block;
}

/** Starts a game of Doquin from its setup screen. */
async function startDoquin(page, base, { players, size, pegs, first = 0 }) {
  await page.goto(base + '#/new/doquin');
  await page.waitForSelector('form.setup');
  await page.selectOption('#player-count', String(players.length));
  for (const [i, { name, kind = 'human' }] of players.entries()) {
    await page.selectOption(`#seat-${i + 1}-kind`, kind);
    await page.fill(`#seat-${i + 1}`, name);
  }
  if (size) await page.selectOption('#doquin-size', String(size));
  if (pegs) {
    await page.fill('#doquin-pegs', String(pegs));
    await page.locator('#doquin-pegs').dispatchEvent('change');
  }
  await page.locator('input[name="first"]').nth(first + 1).check();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForSelector('.doquin-screen .doquin-faces');
  assert.match(page.url(), /#\/play\/[\w-]+$/, 'a game in progress has its own URL');
}

/**
 * Opens, by a share link, a game between Ada and Bob at Ada's turn, where Bob's F2-2 is touched
 * by Ada's R2-1, so that R2-2 (or T2-2) would touch it a second time and capture it; resolves to
 * the moves so far.
 */
async function openCapture(page, base) {
  const setUp = ['F4-4', 'F2-2', 'R2-1', 'F2-1', 'T4-1', 'T4-2'];
  const record = {
    format: 'parlour-record', version: 1, game: 'doquin', options: {},
    players: [{ name: 'Ada', kind: 'human' }, { name: 'Bob', kind: 'human' }], moves: setUp,
  };
  await open(page, base, shareRoute(record));
  await page.waitForSelector('.doquin-screen .doquin-faces');
  return setUp;
}

/** Waits (3 s at most) for the element to be in the upper half of the screen. */
async function comesIntoSight(page, selector, what) {
  await page.waitForFunction((selector) => {
    const top = document.querySelector(selector).getBoundingClientRect().top;
    return top >= 0 && top < innerHeight / 2;
  }, selector, { timeout: 3000 }).catch(() => assert.fail(what));
}

/** The flat face views' holes, each with its accessible name. */
async function faceNames(page) {
  return page.locator('.doquin-faces [data-hole]').evaluateAll((holes) =>
    Object.fromEntries(holes.map((h) => [h.dataset.hole, h.getAttribute('aria-label')])));
}

/** Every hole the faces show is named as the copy of the rules says. */
async function assertFaces(page, block) {
  assertNames(await faceNames(page), block);
}

/** The faces' names (read from the page) are those the copy of the rules gives. */
function assertNames(names, block) {
  const holes = block.allHoles();
  assert.equal(Object.keys(names).length, holes.length, 'every hole of the three faces is drawn');
  for (const hole of holes) {
    assert.ok(names[hole]?.startsWith(block.name(hole)), `${hole}: "${names[hole]}" should start "${block.name(hole)}"`);
  }
}

/** The seat whose turn the status names, by its first word. */
async function statusStarts(page, name) {
  return ((await page.locator('.status').textContent()) ?? '').startsWith(name);
}

export const tests = [
  {
    name: 'on the block, a tap on a hole that a peg sticking out is drawn over goes to the hole, not to the peg',
    async run(t) {
      // R1-1 stops against F1-1 with one cell of it sticking out, drawn over R2-2 on a phone.
      const record = {
        format: 'parlour-record', version: 1, game: 'doquin', options: { size: 4 },
        players: [{ name: 'Ada', kind: 'human' }, { name: 'Bea', kind: 'human' }],
        moves: ['F1-1', 'R1-1'],
      };
      const page = await t.page({ width: 390, height: 844 });
      await page.goto(t.base + shareRoute(record));
      await page.waitForSelector('.doquin-block .rod[data-hole="R1-1"]:not(.hole)');
      const centre = await page.locator('.doquin-block .hole[data-hole="R2-2"] circle').first().evaluate((c) => {
        const b = c.getBoundingClientRect();
        return [b.left + b.width / 2, b.top + b.height / 2];
      });
      const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-hole]')?.getAttribute('data-hole'), centre);
      // (Drawn over it whether or not the peg takes the pointer: its shapes hold the point.)
      const drawnOver = await page.evaluate(([x, y]) => [...document.querySelectorAll('.doquin-block .rod:not(.hole)[data-hole="R1-1"] :is(path, polygon, rect, circle, ellipse)')]
        .some((shape) => shape.isPointInFill(new DOMPoint(x, y).matrixTransform(shape.getScreenCTM().inverse()))), centre);
      assert.ok(drawnOver, 'the peg in R1-1 is drawn over the middle of R2-2');
      assert.equal(under, 'R2-2', 'a tap there reaches R2-2');
      await page.mouse.click(...centre);
      await movesReach(page, 3);
      assert.deepEqual(await savedMoves(page), ['F1-1', 'R1-1', 'R2-2']);
    },
  },
  {
    name: 'on a wide screen the three faces are beside the block, in view with it; narrower, they are under it, and they follow the window',
    async run(t) {
      const page = await t.page({ width: 1280, height: 800 });
      await startDoquin(page, t.base, { players: [{ name: 'Ada' }, { name: 'Bob' }] });
      const place = () => page.evaluate(() => {
        const faces = document.querySelector('.doquin-faces').getBoundingClientRect();
        const block = document.querySelector('.doquin-block').getBoundingClientRect();
        return { aside: !!document.querySelector('.side-column .doquin-faces'), beside: faces.left >= block.right, bottom: faces.bottom, below: faces.top >= block.bottom - 1 };
      });
      let at = await place();
      assert.ok(at.aside && at.beside, `at 1280 px the faces are beside the block: ${JSON.stringify(at)}`);
      assert.ok(at.bottom <= 800, `and in the first screen: ${JSON.stringify(at)}`);
      // A face still plays: a hole picked there is the move.
      await page.locator('.doquin-faces [data-hole="F1-1"]').click();
      await movesReach(page, 1);
      // The keyboard's place on the faces goes with them.
      await page.locator('.doquin-faces [data-hole="R2-3"]').focus();
      await page.setViewportSize({ width: 1000, height: 800 });
      await page.waitForFunction(() => !document.querySelector('.side-column .doquin-faces'));
      at = await place();
      assert.ok(!at.aside && at.below, `at 1000 px the faces are under the block: ${JSON.stringify(at)}`);
      assert.equal(await page.locator('.doquin-faces').count(), 1, 'drawn once');
      await page.waitForFunction(() => document.activeElement?.dataset?.hole === 'R2-3', null, { timeout: 2000 })
        .catch(() => assert.fail('the focused hole keeps the focus as the faces move'));
      assert.match(await page.locator('.doquin-faces [data-hole="F1-1"]').getAttribute('aria-label'), /peg/, 'the peg played is on the face drawn anew');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.waitForFunction(() => !!document.querySelector('.side-column .doquin-faces'));
      await t.shot(page, 'faces-beside-1280');
    },
  },
  {
    name: 'on a touch screen a hole tapped leaves no preview behind: the focus handed on to a face says nothing until the keyboard moves it',
    async run(t) {
      const page = await t.page({ width: 390, height: 844, hasTouch: true, isMobile: true });
      const setUp = await openCapture(page, t.base);
      await page.locator('.doquin-faces [data-hole="R2-2"]').tap();
      await movesReach(page, setUp.length + 1);
      // Push as hinted, once the pushes are made, is gone, and hands the focus on to the faces:
      // to a hole which the finger that tapped the button is not over.
      await page.getByRole('button', { name: 'Hint', exact: true }).tap();
      await page.locator('.hint-text').waitFor({ timeout: 15000 });
      // The holes the hint names each stay on one line ("front 2-" and "1." apart, before).
      assert.ok(await page.locator('.hint-text .unbroken').count() >= 2, 'the hint names holes');
      assert.deepEqual(await brokenOverLines(page.locator('.hint-text .unbroken')), [], 'no hole named in the hint is broken over two lines');
      await page.locator('#push-hinted').tap();
      await waitText(page.locator('.status'), 'Bob to play', 20000);
      await page.waitForFunction(() => document.activeElement?.closest?.('.doquin-faces'), null, { timeout: 2000 });
      await page.waitForTimeout(200);
      assert.equal((await page.locator('.preview-line').textContent()).trim(), '', 'no preview of a hole nobody points at');
      assert.ok((await page.locator('#doquin-keys').boundingBox()).height <= 1, 'nor the keys, for a finger');
      // The keyboard's focus previews its hole.
      await page.keyboard.press('ArrowRight');
      await waitText(page.locator('.preview-line'), /: the peg would/);
      // The holes it names stay whole, as the hint's do.
      assert.ok(await page.locator('.preview-line .unbroken').count() >= 1, 'the preview names its hole');
      assert.deepEqual(await brokenOverLines(page.locator('.preview-line .unbroken')), [], 'no hole named in the preview is broken over two lines');
    },
  },
  {
    name: 'what a pick puts in above the block (Push as hinted after a capture, a refusal) leaves the holes under the pointer',
    async run(t) {
      for (const [width, height] of [[1280, 800], [390, 844]]) {
        const page = await t.page({ width, height });
        await openCapture(page, t.base);
        // Where the block stands on the screen, not on the page: what the pointer is over.
        const top = () => page.locator('.doquin-block').evaluate((e) => Math.round(e.getBoundingClientRect().top));
        const hole = page.locator('.doquin-block [data-hole="R2-2"]').first();
        await hole.scrollIntoViewIfNeeded();
        const before = await top();
        await hole.click();
        await page.waitForSelector('#push-hinted');
        await page.waitForTimeout(100);
        assert.equal(await top(), before, `at ${width}px the block stays put when Push as hinted comes`);
        // A hole that cannot be played now: refused, with the block where it was.
        await page.locator('.doquin-block [data-hole="F3-3"]').first().click({ force: true });
        await page.locator('.doquin-screen .error').waitFor();
        await page.waitForTimeout(100);
        assert.equal(await top(), before, `at ${width}px the block stays put when a pick is refused`);
        await t.shot(page, `pushes-block-in-place-${width}`);
      }
    },
  },
  {
    name: 'on a phone a hole refused on the faces is said where the finger is, and the faces stay put',
    async run(t) {
      const page = await t.page({ width: 390, height: 844, hasTouch: true, isMobile: true });
      await openCapture(page, t.base);
      // T4-1 has a peg in it already. The faces are scrolled so that it is low on the screen,
      // with the block and the top of the page far out of view.
      const hole = page.locator('.doquin-faces [data-hole="T4-1"]');
      await hole.scrollIntoViewIfNeeded();
      await page.evaluate(() => {
        const box = document.querySelector('.doquin-faces [data-hole="T4-1"]').getBoundingClientRect();
        scrollBy(0, box.bottom - innerHeight + 40);
      });
      const faceTop = () => page.locator('.doquin-faces').evaluate((e) => Math.round(e.getBoundingClientRect().top));
      const before = await faceTop();
      assert.ok(await page.locator('.status').evaluate((e) => e.getBoundingClientRect().bottom < 0), 'the status line is out of view');
      await hole.tap({ force: true });
      const said = page.locator('.doquin-screen .error.at-faces[role=alert]');
      await said.waitFor({ timeout: 3000 });
      assert.equal(await page.locator('.doquin-screen .error').count(), 1, 'said once, by the faces');
      await page.waitForTimeout(100);
      assert.equal(await faceTop(), before, 'the faces stay under the finger');
      const box = await said.boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 844, `the refusal is in view (${Math.round(box.y)}..${Math.round(box.y + box.height)})`);
      await t.shot(page, 'refused-on-faces-390');
      // A hole that can be played puts it away; a refusal on the block is said above it.
      await page.locator('.doquin-faces [data-hole="R2-2"]').tap();
      await page.waitForFunction(() => !document.querySelector('.doquin-screen .error'), null, { timeout: 3000 });
      await page.locator('.doquin-block [data-hole="F4-4"]').first().tap({ force: true });
      await page.locator('.doquin-screen .error').waitFor({ timeout: 3000 });
      assert.equal(await page.locator('.doquin-screen .error.at-faces').count(), 0, 'a refusal on the block is said above it');
    },
  },
  {
    name: 'on a phone the end of a round, played on a face far below, is brought into view; Redo of that move shows it again',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      // Bob has five pegs all the way in; Ada's F4-2 ends round 1.
      const moves = 'F1-1 R3-2 F3-1 R2-2 R1-1 R3-1 T1-3 R3-4 F2-2 R2-4 pR2-4 pR3-4 R1-4'.split(' ');
      await open(page, t.base, shareRoute({
        format: 'parlour-record', version: 1, game: 'doquin', options: { pegs: 6 },
        players: [{ name: 'Ada', kind: 'human' }, { name: 'Bob', kind: 'human' }], moves,
      }));
      await page.waitForSelector('.doquin-screen .doquin-faces');
      // The panel is brought into view only for a move made a while after the screen opened.
      await page.waitForTimeout(1200);
      const hole = page.locator('.doquin-faces [data-hole="F4-2"]');
      await hole.scrollIntoViewIfNeeded();
      assert.ok(await page.evaluate(() => scrollY > 300), 'the faces are well below the top');
      await hole.click();
      await page.waitForSelector('#next-round');
      const inView = () => page.evaluate(() => {
        const box = document.querySelector('#next-round').getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight;
      });
      await page.waitForFunction(() => {
        const box = document.querySelector('#next-round').getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight;
      }, null, { timeout: 3000 }).catch(async () => assert.fail(`Start round 2 is out of view (top ${await page.locator('#next-round').evaluate((b) => b.getBoundingClientRect().top)})`));
      assert.ok(await inView());
      await t.shot(page, 'round-end-in-view-390');
      await page.getByRole('button', { name: 'Undo' }).click();
      await movesReach(page, moves.length);
      assert.equal(await page.locator('#next-round').count(), 0, 'taken back, the round goes on');
      await page.getByRole('button', { name: 'Redo' }).click();
      await movesReach(page, moves.length + 1);
      await page.waitForSelector('#next-round', { timeout: 3000 })
        .catch(() => assert.fail('Redo of the move that ended round 1 goes past its end unseen'));
      await waitText(page.locator('#round-title'), /Round 1/);
    },
  },
  {
    name: 'against the computer, Undo takes back the person\'s peg and the reply, and Redo brings back the same reply',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      await startDoquin(page, t.base, { players: [{ name: 'Ada' }, { name: 'Robot', kind: 'easy' }] });
      if (await page.locator('#pace').count()) await page.selectOption('#pace', 'quick');
      await page.locator('.doquin-faces [data-hole="F1-1"]').click();
      const both = await movesReach(page, 2, 20000);
      await page.click('button:has-text("Undo")');
      await movesReach(page, 0); // the reply and the peg are taken back
      // At the slow pace a reply chosen afresh would take 1.8 s at least; the one redone is at once.
      await page.selectOption('#pace', 'slow');
      await page.click('button:has-text("Redo")');
      assert.deepEqual(await movesReach(page, 2, 1000), both, 'the same reply came back with the peg');
      await page.waitForTimeout(1500);
      assert.deepEqual(await savedMoves(page), both, 'and the computer did not choose again');
      assert.ok(await page.locator('button:has-text("Redo")').isDisabled());
    },
  },
  {
    name: 'a game that ends below the fold brings its result into view; a finished game opened again stays at the top',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      const record = JSON.parse(await readFile(join(golden, 'doquin/two-players-shared-win.record.json'), 'utf8'));
      record.players = record.players.map((p) => ({ name: p.name, kind: 'human' }));
      const last = record.moves.at(-1);
      await page.goto(t.base + shareRoute({ ...record, moves: record.moves.slice(0, -1) }));
      await page.waitForSelector('.doquin-faces');
      await page.waitForTimeout(1200);
      // The last peg goes in on a face grid, far below the top of the screen.
      const hole = page.locator(`.doquin-faces [data-hole="${last}"]`);
      await hole.scrollIntoViewIfNeeded();
      assert.ok(await page.evaluate(() => scrollY > 300), 'the grids are below the fold');
      await hole.click();
      await page.waitForSelector('#end-title');
      await comesIntoSight(page, '.end-panel', 'the result is brought into view');
      // Other finished games, opened one after the other in the tab, open at their top.
      for (const file of ['quoits/one-pitch-shared-win', 'archery/solo']) {
        const done = JSON.parse(await readFile(join(golden, `${file}.record.json`), 'utf8'));
        done.players = done.players.map((p) => ({ ...p, kind: 'human', level: undefined }));
        await page.goto(t.base + shareRoute(done));
        await page.waitForSelector('#end-title');
        await page.waitForTimeout(1500);
        assert.equal(await page.evaluate(() => scrollY), 0, `${file}, opened finished, is not scrolled to its result`);
        // ... which lies low enough that a game ending as it is watched would be scrolled to it.
        const low = await page.evaluate(() => document.querySelector('.end-panel').getBoundingClientRect().top / innerHeight);
        assert.ok(low > 0.8, `${file}'s result is low on the screen (${low.toFixed(2)} of its height)`);
      }
    },
  },
  {
    name: 'a first player whose seat a smaller count takes away: the form falls back to drawing lots',
    async run(t) {
      const page = await t.page({ width: 360, theme: 'light' });
      await page.goto(t.base + '#/new/doquin');
      await page.waitForSelector('form.setup');
      const first = page.locator('input[name="first"]');
      await page.selectOption('#player-count', '3');
      await first.nth(3).check();
      assert.ok(await first.nth(3).isChecked(), 'Player 3 is chosen to play first');
      await page.selectOption('#player-count', '2');
      assert.ok(!(await first.nth(3).isVisible()), 'Player 3 is gone from the choice');
      assert.ok(await first.nth(0).isChecked(), 'with Player 3 gone, lots are drawn');
      await t.shot(page, 'setup-first-gone-360-light');
      await page.selectOption('#player-count', '3');
      assert.ok(await first.nth(3).isChecked(), 'Player 3 back, the choice is back');
      await page.selectOption('#player-count', '2');
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.waitForSelector('.doquin-screen .doquin-faces');
      const players = (await autosave(page)).record.players.map((p) => p.name).sort();
      assert.deepEqual(players, ['Player 1', 'Player 2'], 'two players, whichever the lots put first');
    },
  },
  {
    name: 'a whole two-player game against the computer, moves made on the block and on the faces',
    async run(t) {
      const page = await t.page({ width: 1280, theme: 'light' });
      await startDoquin(page, t.base, {
        players: [{ name: 'Ada' }, { name: 'Robot', kind: 'easy' }], pegs: 5,
      });
      await page.selectOption('#pace', 'quick');
      let useBlock = true;
      let shots = 0;
      let reloaded = false;
      let pushesChosen = 0;
      let onTheBlock = 0;
      for (let step = 0; step < 300; step += 1) {
        if (await page.locator('#end-title').count()) break;
        const alert = page.locator('.doquin-screen .error[role=alert]');
        if (await alert.count()) throw new Error(await alert.textContent());
        const moves = await savedMoves(page);
        const block = replay(moves, 2, 4, 5);
        if (await page.locator('#next-round').count()) {
          await t.shot(page, 'round-end-1280-light');
          // The record read above may be from before the computer's last move ended the round:
          // read it again now that the round is over (nothing moves until Next round).
          let ended = replay(await savedMoves(page), 2, 4, 5);
          let table = await page.locator('.round-panel table').textContent();
          for (let wait = 0; wait < 30 && !(table.includes(String(ended.totals[0])) && table.includes(String(ended.totals[1]))); wait += 1) {
            await page.waitForTimeout(100);
            ended = replay(await savedMoves(page), 2, 4, 5);
            table = await page.locator('.round-panel table').textContent();
          }
          assert.ok(table.includes(String(ended.totals[0])) && table.includes(String(ended.totals[1])), `the round's table shows the totals ${ended.totals}`);
          await page.click('#next-round');
          continue;
        }
        if (block.toMove !== 0 || !(await statusStarts(page, 'Ada')) || (await page.locator('.doquin-faces [data-target]').count()) === 0) {
          await page.waitForTimeout(100);
          continue;
        }
        // The page and the saved record are compared only when the record did not move on
        // while the page was read (the computer may answer at any moment).
        const names = await faceNames(page);
        const targets = await page.locator('.doquin-faces [data-target]').evaluateAll((h) => h.map((e) => e.dataset.hole));
        if ((await savedMoves(page)).length !== moves.length) continue;
        assertNames(names, block);
        const legal = block.allHoles().filter((h) => (block.pushing ? block.canSlide(h) : block.open(h)));
        assert.deepEqual([...targets].sort(), [...legal].sort(), 'the targets are the legal moves');
        const hole = targets[(step * 7) % targets.length];
        const before = moves.length;
        // On the block a peg sticking out may hide a hole, as on a real block: then the faces.
        const onBlock = page.locator(`.doquin-block [data-hole="${hole}"]`).first();
        let reachable = false;
        if (useBlock && (await onBlock.count())) {
          await onBlock.scrollIntoViewIfNeeded();
          reachable = await onBlock.evaluate((g) => {
            const r = g.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return !!hit && g.contains(hit);
          });
        }
        if (reachable) {
          onTheBlock += 1;
          // Hovering shows where the peg would stop; a click inserts (or pushes).
          await page.locator(`.doquin-block [data-hole="${hole}"]`).first().hover();
          await waitText(page.locator('.preview-line'), /would (stop|go all the way in)/);
          await page.locator(`.doquin-block [data-hole="${hole}"]`).first().click();
        } else {
          await page.locator(`.doquin-faces [data-hole="${hole}"]`).click();
        }
        if (block.pushing) pushesChosen += 1;
        useBlock = !useBlock;
        await movesPast(page, before).catch(async () => {
          throw new Error(`no move after clicking ${hole}: ${await page.locator('.status').textContent()}`);
        });
        if (shots === 0 && before > 6) {
          await t.shot(page, 'play-1280-light');
          shots = 1;
        }
        if (!reloaded && before > 8) {
          // Saved and resumed: a reload comes back to the same game.
          const saved = await savedMoves(page);
          await page.reload();
          await page.waitForSelector('.doquin-screen .doquin-faces');
          assert.deepEqual(await savedMoves(page), saved, 'the reload keeps every move');
          await page.selectOption('#pace', 'quick');
          reloaded = true;
        }
      }
      await waitText(page.locator('#end-title'), /(wins|share)/, 10000);
      const final = replay(await savedMoves(page), 2, 4, 5);
      assert.ok(final.over, 'the record holds a whole game');
      const best = Math.max(...final.totals);
      await waitText(page.locator('#end-title'), `${best} points`);
      const saved = await autosave(page);
      assert.ok(saved.finished, 'the autosave is marked finished');
      assert.ok(reloaded, 'the game was resumed after a reload');
      assert.ok(onTheBlock >= 3, `moves were made on the 3D block (${onTheBlock})`);
      await t.shot(page, 'end-1280-light');
      // Play again: the same seats and options, a new record.
      const finishedUrl = page.url();
      await page.getByRole('button', { name: 'Play again' }).click();
      await page.waitForFunction((old) => location.href !== old, finishedUrl);
      await page.waitForSelector('.doquin-faces');
      const again = (await autosave(page)).record;
      assert.deepEqual(again.players, saved.record.players, 'the same seats');
      assert.deepEqual(again.options, saved.record.options, 'the same options');
      assert.ok(again.moves.length <= 1, 'a new game');
      console.log(`     ${final.rounds.length} rounds, totals ${final.totals}, ${onTheBlock} moves on the block, ${pushesChosen} pushes picked by the player`);
    },
  },
  {
    name: 'by keyboard alone: face, row and column, named holes, a capture and the push order chosen',
    async run(t) {
      const page = await t.page({ width: 360, theme: 'dark' });
      const setUp = await openCapture(page, t.base);
      await assertFaces(page, replay(setUp));
      // Tab into the faces: one stop for all three.
      for (let i = 0; i < 40; i += 1) {
        if (await page.evaluate(() => !!document.activeElement?.closest('.doquin-faces'))) break;
        await page.keyboard.press('Tab');
      }
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.doquin-faces')), 'Tab reaches the faces');
      const keys = await page.locator('#doquin-keys').boundingBox();
      assert.ok(keys && keys.height > 10, `the keys are shown under the faces while the keyboard is there (${JSON.stringify(keys)})`);
      await page.keyboard.press('r');
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      assert.match(await focused(), /^right 2-2, open, can insert/);
      await waitText(page.locator('.preview-line'), "would stop 2 deep, touching Bob's peg in front 2-2, and capture it");
      await page.keyboard.press('f');
      assert.match(await focused(), /^front 2-2, natural peg, 4 deep/, 'a peg is named by colour and depth');
      await page.keyboard.press('r');
      await page.keyboard.press('Enter');
      await movesReach(page, setUp.length + 1);
      await waitText(page.locator('[aria-live="polite"].visually-hidden'), "Ada inserts a peg at right 2-2; it stops 2 deep, touching Bob's peg in front 2-2, and captures it.");
      await waitText(page.locator('.status'), 'push in the highlighted pegs');
      const pushes = await page.locator('.doquin-faces [data-target]').evaluateAll((h) => h.map((e) => e.dataset.hole).sort());
      assert.deepEqual(pushes, ['R2-1', 'R2-2', 'T4-2'], 'the pegs that can slide are the targets');
      await t.shot(page, 'pushes-360-dark');
      // Push T4-2 first (Bob's peg goes all the way in); then only R2-2 can move, and the app
      // pushes it.
      await page.keyboard.press('t');
      await page.keyboard.press('Control+Home');
      for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      assert.match(await focused(), /^top 4-2, natural peg, 1 deep, can push/);
      await page.keyboard.press('Enter');
      const moves = await movesReach(page, setUp.length + 3);
      assert.deepEqual(moves.slice(setUp.length), ['R2-2', 'pT4-2', 'pR2-2'], 'the chosen order, then the forced push');
      // The push chosen is said, and the push the app made after it, not one in place of the other.
      await waitText(page.locator('[aria-live="polite"].visually-hidden'), /pushes .* at top 4-2 in;.*pushes .* at right 2-2 in/);
      const block = replay(moves);
      assert.equal(block.toMove, 1, "Bob's turn");
      await assertFaces(page, block);
      await waitText(page.locator('.status'), 'Bob to play');
      // Undo goes back to the choice of order (the forced push is taken back with it).
      await page.getByRole('button', { name: 'Undo' }).click();
      await movesReach(page, setUp.length + 1);
      await waitText(page.locator('.status'), 'push in the highlighted pegs');
      // Push as hinted: the push the hint gives first, then the one left, which the app makes.
      await page.getByRole('button', { name: 'Hint', exact: true }).click();
      await page.locator('.hint-text').waitFor({ timeout: 15000 });
      const [hinted] = await page.locator('.doquin-faces .hinted').evaluateAll((h) => h.map((e) => e.dataset.hole));
      assert.ok(pushes.includes(hinted), `the hint is a push (${hinted})`);
      await page.click('#push-hinted');
      await waitText(page.locator('.status'), 'Bob to play', 20000);
      const suggested = await savedMoves(page);
      const turn = suggested.slice(setUp.length);
      assert.deepEqual(turn.slice(0, 2), ['R2-2', `p${hinted}`], "the hint's push first");
      assert.ok(turn.length >= 3 && turn.slice(1).every((m) => m.startsWith('p')), `then pushes to the end: ${turn}`);
      const pushed = replay(suggested);
      assert.equal(pushed.toMove, 1, "Bob's turn");
      await assertFaces(page, pushed);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the screen at 360px fits (${overflow}px over)`);
      await t.shot(page, 'keyboard-360-dark');
    },
  },
  {
    name: 'a hint marks its hole on the block and its face, says what the move would do, and goes once a move is made',
    async run(t) {
      const page = await t.page({ width: 1280, theme: 'light' });
      const setUp = await openCapture(page, t.base);
      assert.equal(await page.locator('.hinted').count(), 0, 'no hint before one is asked for');
      await page.getByRole('button', { name: 'Hint' }).click();
      const words = await page.locator('.hint-text').textContent({ timeout: 15000 });
      const hinted = await page.locator('.doquin-faces .hinted').evaluateAll((h) => h.map((e) => e.dataset.hole));
      assert.equal(hinted.length, 1, 'one hole of the faces is the hint');
      const [hole] = hinted;
      const block = replay(setUp);
      assert.ok(block.open(hole), `the hint ${hole} is a hole Ada may insert into`);
      assert.ok(words.startsWith(`Hint: ${block.name(hole).split(',')[0]}: the peg would `), `the hint names its hole: "${words}"`);
      assert.match(words, /(Ada is (winning|a little better|a little worse|losing)|The game is even)\.$/, 'with a verdict');
      assert.match(await page.locator(`.doquin-faces [data-hole="${hole}"]`).getAttribute('aria-label'), /, the hint/);
      assert.equal(await page.locator(`.doquin-block .hole.hinted[data-hole="${hole}"]`).count(), 1, 'the block marks it too');
      assert.equal(await page.locator('.doquin-block .rod.ghost').count(), 1, 'the block shows where its peg would stop');
      await t.shot(page, 'hint-1280-light');
      await page.locator(`.doquin-faces [data-hole="${hole}"]`).click();
      const moves = await movesReach(page, setUp.length + 1);
      assert.equal(moves[setUp.length], hole, 'the hinted hole is played');
      assert.equal(await page.locator('.hint-text').count(), 0, 'the hint goes once the move is made');
      assert.equal(await page.locator('.hinted').count(), 0);
      // On a phone the Hint button is far below the line that says the hint: it is brought into sight.
      const phone = await t.page({ width: 390, height: 844 });
      await openCapture(phone, t.base);
      const hint = phone.getByRole('button', { name: 'Hint' });
      await hint.scrollIntoViewIfNeeded();
      assert.ok(await phone.evaluate(() => scrollY > 500), 'Hint is far down the page');
      await hint.click();
      await phone.waitForSelector('.hint-text');
      await comesIntoSight(phone, '.hint-text', 'the hint is brought into sight');
    },
  },
  {
    name: 'three players (one person, two computers) and four computers play whole games to the end',
    async run(t) {
      const page = await t.page({ width: 1280, theme: 'dark' });
      await startDoquin(page, t.base, {
        players: [{ name: 'Ada' }, { name: 'Bot B', kind: 'beginner' }, { name: 'Bot C', kind: 'medium' }],
        pegs: 5, first: 1,
      });
      await page.selectOption('#pace', 'quick');
      const seats = (await autosave(page)).record.players.map((p) => p.name);
      assert.deepEqual(seats, ['Bot B', 'Bot C', 'Ada'], 'the seats turn so that the player chosen to go first sits in seat 1');
      const ada = seats.indexOf('Ada');
      for (let step = 0; step < 400; step += 1) {
        if (await page.locator('#end-title').count()) break;
        if (await page.locator('#next-round').count()) {
          await page.click('#next-round');
          continue;
        }
        const moves = await savedMoves(page);
        const block = replay(moves, 3, 4, 5);
        const targets = await page.locator('.doquin-faces [data-target]').evaluateAll((h) => h.map((e) => e.dataset.hole));
        if (block.toMove !== ada || targets.length === 0) {
          await page.waitForTimeout(100);
          continue;
        }
        const names = await faceNames(page);
        if ((await savedMoves(page)).length !== moves.length) continue;
        assertNames(names, block);
        await page.locator(`.doquin-faces [data-hole="${targets[(step * 5) % targets.length]}"]`).click();
        await movesPast(page, moves.length);
      }
      await waitText(page.locator('#end-title'), /(wins|share)/, 20000);
      const three = replay(await savedMoves(page), 3, 4, 5);
      assert.ok(three.over && three.rounds.length === 3, 'three rounds, each player first once');
      await t.shot(page, 'three-end-1280-dark');

      const watch = await t.page({ width: 360, theme: 'light' });
      await startDoquin(watch, t.base, {
        players: ['A', 'B', 'C', 'D'].map((n) => ({ name: `Bot ${n}`, kind: 'beginner' })), pegs: 5, size: 5,
      });
      await watch.selectOption('#pace', 'quick');
      await waitText(watch.locator('#end-title'), /(wins|share)/, 60000);
      const four = replay(await savedMoves(watch), 4, 5, 5);
      assert.ok(four.over && four.rounds.length === 4, 'a table of computers plays all four rounds by itself');
      const best = Math.max(...four.totals);
      await waitText(watch.locator('#end-title'), `${best} points`);
      await t.shot(watch, 'four-end-360-light');
    },
  },
];
