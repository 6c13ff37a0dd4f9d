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

/**
 * The arrow keys that walk the board's focus from point `from` to point `to` along the lines (the
 * lines are read from the board as drawn; an arrow key follows the line that way, if any).
 */
export async function keysBetween(page, from, to) {
  const { points, lines } = await page.evaluate(() => {
    const points = [...document.querySelectorAll('svg.board circle.point')].map((c) => ({
      id: c.id.replace('point-', ''), x: Number(c.getAttribute('cx')), y: Number(c.getAttribute('cy')),
    }));
    const at = (x, y) => points.find((p) => Math.hypot(p.x - x, p.y - y) < 1)?.id;
    const lines = [...document.querySelectorAll('svg.board line.line')].map((l) => [
      at(Number(l.getAttribute('x1')), Number(l.getAttribute('y1'))),
      at(Number(l.getAttribute('x2')), Number(l.getAttribute('y2'))),
    ]);
    return { points, lines };
  });
  const where = Object.fromEntries(points.map((p) => [p.id, p]));
  const step = (a, key) => {
    const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
    const next = lines.flatMap(([p, q]) => (p === a ? [q] : q === a ? [p] : [])).find((b) =>
      Math.sign(where[b].x - where[a].x) === dx && Math.sign(where[b].y - where[a].y) === dy);
    return next ?? null;
  };
  const paths = new Map([[from, []]]);
  const queue = [from];
  while (queue.length && !paths.has(to)) {
    const a = queue.shift();
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
      const b = step(a, key);
      if (b && !paths.has(b)) {
        paths.set(b, [...paths.get(a), key]);
        queue.push(b);
      }
    }
  }
  assert.ok(paths.has(to), `the arrow keys lead from ${from} to ${to}`);
  return paths.get(to);
}

/** The point the board's keyboard focus is on (the board must have the focus). */
export async function focusedPoint(page) {
  const id = await page.locator('svg.board').getAttribute('aria-activedescendant');
  assert.ok(id?.startsWith('point-'), `the board names the point in focus (${id})`);
  return id.replace('point-', '');
}

/** Plays one move written in notation with the board focused: arrows to each point, then Enter. */
export async function playByKeys(page, move) {
  const [step, ...removals] = move.split('x');
  for (const point of [...step.split('-'), ...removals]) {
    for (const key of await keysBetween(page, await focusedPoint(page), point)) await page.keyboard.press(key);
    assert.equal(await focusedPoint(page), point, 'the arrow keys reached the point');
    await page.keyboard.press('Enter');
  }
}

/** The points the board offers to touch now, by what touching them does: { remove, open, move }. */
export async function offered(page) {
  const labels = await page.locator('svg.board circle.point').evaluateAll((cs) => cs.map((c) => [c.id.replace('point-', ''), c.getAttribute('aria-label')]));
  const of = (words) => labels.filter(([, l]) => l.endsWith(words)).map(([p]) => p);
  return { remove: of(', can be removed'), open: of(', open'), move: of(', can move') };
}
