// Playing Morris in the browser: points are touched by their ids (`#point-d6`).
import { assert } from './lib.mjs';

/** Clicks a point of the board. */
export async function touch(page, point) {
  await page.locator(`#point-${point}`).click({ force: true });
}

/** Plays one move written in notation by clicks: place, move, then removals. */
export async function playByClicks(page, move) {
  const [step, ...removals] = move.split('x');
  for (const point of step.split('-')) await touch(page, point);
  for (const point of removals) await touch(page, point);
}

/** Drags the man on `from` to `to` with the mouse. */
export async function drag(page, from, to) {
  const a = await page.locator(`#point-${from}`).boundingBox();
  const b = await page.locator(`#point-${to}`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** The moves in the move list, in order. */
export async function moveList(page) {
  const plies = await page.locator('.moves .ply').allTextContents();
  return plies.filter((p) => p.trim() !== '');
}

/** Starts a new game from the setup screen with two named players, the first as White. */
export async function startGame(page, base, { variant = 'Morelles', white = 'Ada', black = 'Bob' } = {}) {
  await page.goto(base + '#/new/morris');
  await page.waitForSelector('form.setup');
  await page.getByLabel(new RegExp(`^${variant}`)).check();
  await page.fill('#seat-1', white);
  await page.fill('#seat-2', black);
  await page.getByLabel(white, { exact: true }).check();
  await page.click('button[type=submit]');
  await page.waitForSelector('svg.board');
  assert.match(page.url(), /#\/play\/[\w-]+$/, 'a game in progress has its own URL');
}

/** Every man is drawn on the point whose accessible name says it holds a man of that side. */
export async function assertMenWhereLabelsSay(page) {
  // Men still sliding to their points are between points: wait for them to arrive.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const wrong = await page.evaluate(() => {
    const points = [...document.querySelectorAll('.points circle')].map((c) => ({
      x: Number(c.getAttribute('cx')), y: Number(c.getAttribute('cy')), label: c.getAttribute('aria-label'),
    }));
    const out = [];
    const men = document.querySelectorAll('.men g.man');
    for (const man of men) {
      const at = new DOMMatrix(getComputedStyle(man).transform);
      const point = points.find((p) => Math.hypot(p.x - at.e, p.y - at.f) < 5);
      const side = man.classList.contains('white') ? 'White' : 'Black';
      if (!point?.label.includes(`${side} man`)) out.push(`a ${side} man is drawn at ${at.e},${at.f}: ${point?.label}`);
    }
    const named = points.filter((p) => / man\b/.test(p.label)).length;
    if (named !== men.length) out.push(`${named} points name a man but ${men.length} men are drawn`);
    return out;
  });
  assert.deepEqual(wrong, [], 'the men drawn match the points\' names');
}
