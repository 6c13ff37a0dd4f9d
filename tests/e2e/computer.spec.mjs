// Morris against the computer end to end: a whole game against it, input answered while it
// thinks, undo takes back its reply too, hints, a computer-against-computer game with pause.
import { assert, open, waitText } from './lib.mjs';
import { assertMenWhereLabelsSay, moveList, touch } from './morris.mjs';

/** Sets up a game from the new-game screen; seats are 'human' or a level name. */
async function startAgainst(page, base, { variant = 'Morelles', white = 'human', black = 'beginner', pace = 'quick' } = {}) {
  await page.goto(base + '#/new/morris');
  await page.waitForSelector('form.setup');
  await page.getByLabel(new RegExp(`^${variant}`)).check();
  await page.selectOption('#seat-1-kind', white);
  await page.selectOption('#seat-2-kind', black);
  await page.locator('input[name=first]').nth(1).check(); // player 1 plays White
  await page.click('button[type=submit]');
  await page.waitForSelector('svg.board');
  if (await page.locator('#pace').count()) await page.selectOption('#pace', pace);
}

/** The points whose accessible names end with one of the suffixes. */
async function pointsLabelled(page, suffixes) {
  const labels = await page.locator('.points circle').evaluateAll((circles) =>
    circles.map((c) => c.getAttribute('aria-label')));
  return labels.filter((l) => suffixes.some((s) => l.endsWith(s))).map((l) => l.split(',')[0]);
}

/** Plays one legal move for the person to move, choosing among the highlighted points. */
async function playSomething(page, turn) {
  const first = await pointsLabelled(page, [', open', ', can move', ', can be removed']);
  assert.ok(first.length > 0, 'a person to move has somewhere to touch');
  await touch(page, first[turn % first.length]);
  for (let step = 0; step < 3; step += 1) {
    const next = await pointsLabelled(page, [', open', ', can be removed']);
    const status = await page.locator('.status').textContent();
    if (!/picked up|made a mill/.test(status)) return;
    assert.ok(next.length > 0, `after "${status}" there is a target`);
    await touch(page, next[turn % next.length]);
  }
}

async function humanToMove(page) {
  await page.waitForFunction(() => {
    const s = document.querySelector('.status')?.textContent ?? '';
    return !s.includes('thinking') || document.querySelector('.end-panel');
  }, null, { timeout: 20000 });
}

export const tests = [
  {
    name: 'a computer whose files cannot be fetched says so and pauses the game; Resume, with the network back, plays on',
    async run(t) {
      // No service worker, and the worker's files fail, as offline before they were ever kept.
      const page = await t.page({ width: 390, height: 844, serviceWorkers: 'block', failingLoads: true });
      let offline = true;
      await page.route('**/parlour-worker*', (route) => (offline ? route.abort() : route.continue()));
      await open(page, t.base, '#/new/morris');
      await page.selectOption('#seat-1-kind', 'easy');
      await page.selectOption('#seat-2-kind', 'easy');
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.waitForSelector('svg.board');
      await waitText(page.locator('.message'), 'The computer could not choose (its files could not be fetched: it needs the network the first time it plays); the game is paused.', 10000);
      await waitText(page.locator('.status'), 'paused');
      offline = false;
      await page.getByRole('button', { name: 'Resume' }).click();
      await page.waitForFunction(() => {
        const id = location.hash.match(/#\/play\/(.+)$/)?.[1];
        return JSON.parse(localStorage.getItem(`parlour/game/${id}`)).record.moves.length >= 2;
      }, null, { timeout: 20000 });
    },
  },
  {
    name: 'a computer with a name of its own has its level on its card',
    async run(t) {
      const page = await t.page();
      await page.goto(t.base + '#/new/morris');
      await page.waitForSelector('form.setup');
      await page.selectOption('#seat-2-kind', 'easy');
      await page.fill('#seat-2', 'Robot');
      await page.locator('input[name=first]').nth(1).check(); // player 1 plays White, Robot Black
      await page.click('button[type=submit]');
      await page.waitForSelector('svg.board');
      await waitText(page.locator('.player.black .name'), 'Robot');
      assert.match((await page.locator('.player.black .side').textContent()).trim(), /^Black · computer, Easy$/);
    },
  },
  {
    name: 'a person plays a whole game against the computer',
    async run(t) {
      const page = await t.page();
      await startAgainst(page, t.base, { variant: 'Morelles', black: 'beginner' });
      await waitText(page.locator('.player.black'), 'Beginner computer');
      // Its card names the level once: the name says it, so the side line does not repeat it.
      assert.equal((await page.locator('.player.black .side').textContent()).trim(), 'Black', 'the level is not said twice');
      for (let turn = 0; turn < 400; turn += 1) {
        await humanToMove(page);
        if (await page.locator('.end-panel').count()) break;
        await playSomething(page, turn);
      }
      await waitText(page.locator('.end-panel'), /wins|Drawn/);
      await assertMenWhereLabelsSay(page);
      const moves = await moveList(page);
      assert.ok(moves.length >= 10, `a real game was played (${moves.length} moves)`);
      await t.shot(page, 'game-over');
      // The saved game keeps the computer and its level.
      await page.reload();
      await page.waitForSelector('svg.board');
      await waitText(page.locator('.player.black'), 'Beginner computer');
      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem(`parlour/game/${location.hash.split('/').pop()}`)));
      assert.deepEqual(saved.record.players[1], { name: 'Beginner computer', kind: 'computer', level: 'beginner' });
    },
  },
  {
    name: 'input is answered while the computer thinks; undo takes back its reply too',
    async run(t) {
      const page = await t.page();
      await startAgainst(page, t.base, { variant: 'Morrice', black: 'hardest', pace: 'slow' });
      await touch(page, 'd6');
      await waitText(page.locator('.status'), 'thinking');
      const clickedAt = Date.now();
      await touch(page, 'a1');
      await waitText(page.locator('.message'), 'the computer is thinking');
      const answeredIn = Date.now() - clickedAt;
      assert.deepEqual(await moveList(page), ['d6'], 'nothing was played for the person meanwhile');
      await page.locator('.controls a:has-text("Rules")').click({ trial: true }); // the page still takes input
      console.log(`     (a click during the computer's thinking was answered in ${answeredIn} ms)`);
      await t.shot(page, 'thinking');
      await page.waitForFunction(() => document.querySelectorAll('.moves .ply').length >= 2
        && [...document.querySelectorAll('.moves .ply')].filter((p) => p.textContent.trim()).length === 2, null, { timeout: 20000 });
      const both = await moveList(page);
      await page.click('button:has-text("Undo")');
      assert.deepEqual(await moveList(page), [], 'undo took back the reply and the move');
      await waitText(page.locator('.status'), 'to place a man');
      // Redo brings back the move and the same reply, not a fresh choice of the computer's.
      await page.click('button:has-text("Redo")');
      assert.deepEqual(await moveList(page), both, 'redo brought back the move and its reply');
      assert.ok(await page.locator('button:has-text("Redo")').isDisabled(), 'nothing more to play again');
      await waitText(page.locator('.status'), 'to place a man');
      // A hint marks a move and says how the game stands.
      await page.click('button:has-text("Hint")');
      await waitText(page.locator('.hint-text'), /^Hint: [a-g][1-7]\. /);
      assert.equal(await page.locator('.hints circle.hint-to').count(), 1, 'the hinted point is marked');
      await t.shot(page, 'hint');
    },
  },
  {
    name: 'when the computer moves first, Undo waits for a move of the person\'s: it would only have the computer choose again',
    async run(t) {
      const page = await t.page();
      await startAgainst(page, t.base, { white: 'easy', black: 'human' });
      await page.waitForFunction(() => [...document.querySelectorAll('.moves .ply')].filter((p) => p.textContent.trim()).length === 1, null, { timeout: 20000 });
      const opening = await moveList(page);
      assert.ok(await page.locator('button:has-text("Undo")').isDisabled(), 'only the computer has moved: Undo is off');
      await playSomething(page, 0);
      await page.waitForFunction(() => [...document.querySelectorAll('.moves .ply')].filter((p) => p.textContent.trim()).length === 3, null, { timeout: 20000 });
      await page.click('button:has-text("Undo")');
      assert.deepEqual(await moveList(page), opening, 'undo goes back to the person\'s turn, the opening kept');
      assert.ok(await page.locator('button:has-text("Undo")').isDisabled());
    },
  },
  {
    name: 'the computer plays against itself, with a pace and a pause',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      // At the steady pace, so that the game is still going when Pause is pressed.
      await startAgainst(page, t.base, { variant: 'Six', white: 'easy', black: 'beginner', pace: 'steady' });
      await page.waitForFunction(() => document.querySelectorAll('.moves .ply').length >= 3
        || document.querySelector('.end-panel'), null, { timeout: 20000 });
      // A very short game may end before Pause can be pressed (it goes at the end): nothing to
      // pause then.
      try {
        await page.locator('button:has-text("Pause")').click({ timeout: 5000 });
      } catch (e) {
        if (await page.locator('.end-panel').count()) return;
        throw e;
      }
      await page.waitForTimeout(300);
      const paused = await moveList(page);
      await page.waitForTimeout(1200);
      assert.deepEqual(await moveList(page), paused, 'no moves while paused');
      await assertMenWhereLabelsSay(page);
      if (!(await page.locator('.end-panel').count())) {
        await waitText(page.locator('.status'), 'paused');
        await t.shot(page, 'paused-phone');
        await page.click('button:has-text("Resume")');
        await page.waitForFunction((n) => document.querySelectorAll('.moves .ply').length > n
          || document.querySelector('.end-panel'), paused.length, { timeout: 20000 });
      }
    },
  },
];
