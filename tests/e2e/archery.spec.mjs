// Archery end to end: whole games by mouse and by keyboard (against a computer archer), undo and
// redo of a spin, the autosave and the share link, and hints. After every step the screen is
// compared with the saved record replayed by the rules (teetotum.mjs).
import { readFile } from 'node:fs/promises';
import { assert, open, shareRoute, waitText } from './lib.mjs';
import {
  animationsOff, assertBoardStillThroughLead, archeryFromRecord, archeryPoints, archeryTurn, arrowAfter, assertArcheryScreen, assertChoices,
  assertTeetotumShows, inFlight, movesReach, parseSpin, savedMoves, settled, startArchery,
  teetotumShows, topsAtRest, winWords,
} from './teetotum.mjs';

/**
 * Where on the screen a click picks arrow `k` on the board: the arrow itself (`g.arrow`, only
 * drawn once it has left the quiver) or its landing ghost (`g.ghost`), if that is what a click
 * there would hit (a ghost may overlap an arrow or another ghost a little).
 */
async function boardSpot(page, selector, k) {
  await page.locator('svg.board.archery').scrollIntoViewIfNeeded();
  return page.evaluate(({ selector, k }) => {
    for (const g of document.querySelectorAll(`svg.board.archery ${selector}`)) {
      const label = g.querySelector('text');
      if (label?.textContent.trim() !== String(k)) continue;
      const box = label.getBoundingClientRect();
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      if (document.elementFromPoint(x, y)?.closest('g.arrow, g.ghost') === g) return { x, y };
    }
    return null;
  }, { selector, k });
}

/**
 * Chooses an arrow with the mouse, in one of three ways taken in turn: its choice button, the
 * arrow on the board, or the ghost showing where it would land. Returns { how, k }.
 */
async function chooseByMouse(page, offered, turn) {
  const ways = ['button', 'arrow', 'ghost'];
  for (let w = 0; w < ways.length; w += 1) {
    const how = ways[(turn + w) % ways.length];
    for (let j = 0; j < offered.length; j += 1) {
      const k = offered[(turn + j) % offered.length];
      if (how === 'button') {
        await page.locator('.choice-button', { hasText: `Arrow ${k}` }).click();
        return { how, k };
      }
      const spot = await boardSpot(page, how === 'arrow' ? 'g.arrow.movable' : 'g.ghost', k);
      if (spot) {
        await page.mouse.click(spot.x, spot.y);
        return { how, k };
      }
    }
  }
  throw new Error('no way to choose an arrow');
}

/** Spins for lead (by the Spin button) until somebody leads. */
async function spinForLead(page, names) {
  for (let i = 0; i < 40; i += 1) {
    const moves = await savedMoves(page);
    const game = archeryFromRecord(moves, names.length);
    if (game.lead.leader !== null) return game;
    await page.click('.spin-button');
    await movesReach(page, moves.length + 1);
    await topsAtRest(page);
  }
  throw new Error('the spin for lead never ended');
}

/** What the screen shows of a game, to compare one showing with another. */
async function showing(page) {
  return {
    status: await page.locator('.status').textContent(),
    lead: await page.locator('section.lead').textContent(),
    teetotum: await page.locator('.teetotum svg').getAttribute('aria-label'),
    arrows: await page.locator('[aria-label="Where the arrows are"]').textContent(),
    scores: await page.locator('table.scores').textContent(),
    choices: await page.locator('.choice-button').allTextContents(),
    drawn: await page.locator('svg.board.archery g.arrow').count(),
  };
}

/**
 * Plays Ada's and Bob's arrows, asking for a hint at each choice of a person's, until two hints
 * were given and one told arrows apart (at a phone's width, one hint): each hint's expected
 * scores are checked, and the board has not moved for it.
 */
async function hintedGame(t, width) {
  const page = await t.page({ width, height: 844 });
  await animationsOff(page, t.base);
  const names = ['Ada', 'Bob'];
  await startArchery(page, t.base, names.map((name) => ({ name })));
  await spinForLead(page, names);
  assert.ok(await page.locator('button:has-text("Hint")').isDisabled(), 'no hint before the spin');
  const phone = width < 600;
  const boardTop = () => page.evaluate(() => Math.round(document.querySelector('svg.board').getBoundingClientRect().top + scrollY));
  let hinted = 0;
  let distinct = false;
  for (let turn = 0; turn < 30 && !(phone ? hinted >= 1 : hinted >= 2 && distinct); turn += 1) {
    const game = await settled(() => assertArcheryScreen(page, names));
    if (game.over) break;
    if (game.phase === 'spin') {
      await page.click('.spin-button');
      continue;
    }
    const offered = await assertChoices(page, game);
    assert.equal(await page.locator('.choice-button .expect').count(), 0, 'no expectations before the hint');
    const before = await boardTop();
    await page.click('button:has-text("Hint")');
    await page.waitForFunction((n) => document.querySelectorAll('.choice-button .expect').length === n, offered.length, { timeout: 20000 });
    assert.equal(await boardTop(), before, `at ${width} px the board has not moved for the hint`);
    const expect = (await page.locator('.choice-button .expect').allTextContents()).map((e) => {
      const m = /^expected score (\d+\.\d\d)$/.exec(e.trim());
      assert.ok(m, `an expectation reads "expected score N.NN" (${e})`);
      return Number(m[1]);
    });
    const [a, b] = game.spin;
    const mine = game.arrows[game.player];
    const score = game.scores[game.player];
    for (const [i, k] of offered.entries()) {
      // The expected final score: at least what the player has plus what this arrow scores
      // now, at most that plus a bull's-eye for every other arrow still in flight.
      const to = arrowAfter(mine[k - 1], a + b);
      const now = score + (to.at === 'target' ? archeryPoints(to.space) : 0);
      const flying = mine.filter((x, j) => j !== k - 1 && inFlight(x)).length + (to.at === 'flying' ? 1 : 0);
      assert.ok(expect[i] >= now - 0.005 && expect[i] <= now + 6 * flying + 0.005,
        `arrow ${k}: expected ${expect[i]} lies between ${now} and ${now + 6 * flying}`);
    }
    // Arrows that would land on the same place from the same place expect the same.
    for (const [i, k] of offered.entries()) {
      for (const [j, l] of offered.entries()) {
        if (JSON.stringify(mine[k - 1]) === JSON.stringify(mine[l - 1])) assert.equal(expect[i], expect[j], `arrows ${k} and ${l} are alike`);
      }
    }
    // The best is marked, and the announcement says the same numbers.
    const best = Math.max(...expect);
    const marked = await page.locator('.choice-button').evaluateAll((bs) => bs.map((b) => b.classList.contains('best')));
    // (Values apart by less than the 0.01 shown may differ: only the truly best are marked.)
    assert.ok(marked.some(Boolean), 'a best arrow is marked');
    marked.forEach((m, i) => {
      if (m) assert.equal(expect[i], best, `a marked arrow expects the most (${expect})`);
      if (best - expect[i] > 0.015) assert.equal(m, false, `an arrow that expects less is not marked (${expect})`);
    });
    for (const [i, k] of offered.entries()) {
      for (const [j, l] of offered.entries()) {
        if (JSON.stringify(mine[k - 1]) === JSON.stringify(mine[l - 1])) assert.equal(marked[i], marked[j], `arrows ${k} and ${l} are alike`);
      }
    }
    // When every arrow is best, the hint says that any will do.
    const anyWillDo = await page.locator('.hint-text', { hasText: 'any arrow will do' }).count();
    assert.equal(anyWillDo === 1, offered.length > 1 && marked.every(Boolean),
      `"any arrow will do" is said when, and only when, every arrow offered is best (${expect})`);
    const said = await waitText(page.locator('[aria-live="polite"]'), 'Expected final score');
    const announced = [...said.matchAll(/moving arrow (\d), (\d+\.\d)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    assert.deepEqual(announced.map(([k]) => k), offered, `the hint is announced for every arrow: ${said}`);
    announced.forEach(([k, e], i) => assert.ok(Math.abs(e - expect[i]) <= 0.056, `arrow ${k}: announced ${e}, shown ${expect[i]}`));
    hinted += 1;
    if (new Set(expect).size > 1) distinct = true;
    if (hinted === 1) await t.shot(page, `hint-${width}`);
    // Choosing an arrow clears the hint.
    await page.locator('.choice-button.best').first().click();
    await page.waitForFunction(() => !document.querySelector('.choice-button .expect'));
  }
  assert.ok(hinted >= (phone ? 1 : 2), `hints were given (${hinted})`);
}

export const tests = [
  {
    name: 'the board stays where it is through the spin for lead: the lead stands over it, at a phone\'s width and a desk\'s',
    run: (t) => assertBoardStillThroughLead(t, startArchery, 'Archery'),
  },
  {
    name: 'a choice button with the focus still takes 1, 2 and 3; a tied spin for lead says who spin again',
    async run(t) {
      const page = await t.page({ width: 390, height: 844, reducedMotion: 'reduce' });
      const choosing = JSON.parse(await readFile(new URL('../golden/archery/choosing.record.json', import.meta.url), 'utf8'));
      await open(page, t.base, shareRoute(choosing));
      await page.waitForSelector('.choice-button');
      await page.locator('.choice-button').first().focus();
      const before = (await savedMoves(page)).length;
      await page.keyboard.press('3');
      const after = await movesReach(page, before + 1);
      assert.equal(after.at(-1), 'a3', 'the 3 key chose arrow 3 though a button had the focus');
      // Three archers: Ada and Cy tie at 11, Bea spun less. Cy's spin is taken back and spun
      // again (a spin taken back comes again as it was): it is told with the tie.
      const players = [...choosing.players, { name: 'Cy', kind: 'human' }];
      await open(page, t.base, shareRoute({ ...choosing, players, moves: ['5+6', '2+3', '6+5'] }));
      await page.waitForSelector('.spin-button');
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByRole('button', { name: 'Spin' }).click();
      const live = page.locator('section.play > p[aria-live=polite]');
      await waitText(live, 'A tie between Ada and Cy: they spin again, Ada first.');
    },
  },
  {
    name: 'two people play a whole game by mouse: lead, turns, choices, score board, winner',
    async run(t) {
      const page = await t.page();
      await animationsOff(page, t.base);
      const names = ['Ada', 'Bob'];
      await startArchery(page, t.base, names.map((name) => ({ name })));
      await waitText(page.locator('.status'), 'Spin for lead: Ada to spin');
      assert.equal(await page.locator('section.lead').count(), 0, 'no lead panel before the first spin');
      const used = { button: 0, arrow: 0, ghost: 0 };
      let turns = 0;
      let game;
      for (let step = 0; step < 300; step += 1) {
        game = await settled(() => assertArcheryScreen(page, names));
        if (game.over) break;
        const moves = await savedMoves(page);
        if (game.phase === 'lead' || game.phase === 'spin') {
          assert.equal(await page.locator('.choice-button').count(), 0, 'nothing to choose before the spin');
          assert.ok(await page.locator('.spin-button').isEnabled(), 'the Spin button is ready');
          await page.click('.spin-button');
          const after = await movesReach(page, moves.length + 1);
          assert.ok(parseSpin(after.at(-1)), `a spin was recorded (${after.at(-1)})`);
          await assertTeetotumShows(page, after.at(-1), { by: names[game.player] });
          if (game.phase === 'lead') await page.waitForSelector('section.lead h2:has-text("Spin for lead")');
        } else {
          assert.ok(await page.locator('.spin-button').isDisabled(), 'no spinning while an arrow is to be chosen');
          const offered = await assertChoices(page, game);
          // Every arrow that may move is marked on the board, with a ghost where it would land.
          assert.equal(await page.locator('svg.board.archery g.ghost').count(), offered.length, 'a ghost per arrow that may move');
          // Ghosts landing on one space stand one above the other, each number readable.
          const centres = await page.evaluate(() => [...document.querySelectorAll('svg.board.archery g.ghost circle')]
            .map((c) => `${c.getAttribute('cx')},${c.getAttribute('cy')}`));
          assert.equal(new Set(centres).size, centres.length, `no two ghosts stand in one place (${centres})`);
          const drawn = game.arrows[game.player].filter((a) => a.at === 'flying').length;
          assert.equal(await page.locator('svg.board.archery g.arrow.movable').count(), drawn, 'arrows in flight are marked movable');
          const { how, k } = await chooseByMouse(page, offered, turns);
          used[how] += 1;
          turns += 1;
          const after = await movesReach(page, moves.length + 1);
          assert.equal(after.at(-1), `a${k}`, `clicking the ${how} chose arrow ${k}`);
          // The arrow went where its button said.
          const now = archeryFromRecord(after, names.length);
          const [a, b] = game.spin;
          assert.deepEqual(now.arrows[game.player][k - 1], arrowAfter(game.arrows[game.player][k - 1], a + b));
          await page.waitForSelector('svg.board.archery g.arrow.last');
        }
      }
      assert.ok(game.over, 'the game reached its end');
      assert.ok(used.button > 0 && used.arrow + used.ghost > 0, `arrows chosen by button and on the board (${JSON.stringify(used)})`);
      // The end panel names the winner(s) with the highest total, which is the sum of the points shown.
      const panel = page.locator('.end-panel');
      await waitText(panel, 'Every arrow has reached the target or missed.');
      const top = Math.max(...game.scores);
      assert.equal((await panel.locator('h2').textContent()).trim(), winWords(names, game.winners, top));
      for (const row of await page.locator('table.scores tbody tr').all()) {
        const cells = await row.locator('td:not(.total)').allTextContents();
        assert.ok(cells.every((c) => /^(\d+ pt|miss)$/.test(c.trim())), `every arrow has landed or missed: ${cells}`);
      }
      const totals = (await page.locator('table.scores td.total').allTextContents()).map(Number);
      assert.deepEqual(totals, game.scores);
      assert.equal(Math.max(...totals), top);
      assert.ok(await page.locator('.spin-button').isDisabled(), 'no spinning after the end');
      assert.equal(await page.locator('.choice-button').count(), 0);
      const saved = await settled(async () => {
        const s = await page.evaluate(() => JSON.parse(localStorage.getItem(`parlour/game/${location.hash.split('/')[2]}`)));
        assert.equal(s.finished, true, 'the autosave knows the game is over');
        return s;
      });
      assert.equal(saved.record.moves.length, (await savedMoves(page)).length);
      await t.shot(page, 'mouse-game-over');
    },
  },
  {
    name: 'a whole game by keyboard against a computer archer, the result announced',
    async run(t) {
      const page = await t.page();
      await animationsOff(page, t.base);
      await startArchery(page, t.base, [{ name: 'Ada' }, { kind: 'hardest' }]);
      const names = ['Ada', 'Hardest computer'];
      await waitText(page.locator('.play-title'), 'Ada v Hardest computer');
      await page.selectOption('#pace', 'quick');
      await page.locator('#screen-title').focus(); // the keys go to the page, not to a control
      let keys = 0;
      let refusedDigit = false;
      for (let step = 0; step < 300; step += 1) {
        const turn = await archeryTurn(page, names);
        if (!turn) break;
        const { game, moves } = turn;
        if (game.phase === 'lead' || game.phase === 'spin') {
          await page.keyboard.press('Space');
          keys += 1;
          const after = await movesReach(page, moves.length + 1);
          await assertTeetotumShows(page, after.at(-1));
        } else {
          const offered = await assertChoices(page, game);
          // A digit for an arrow that may not move is refused, and nothing is played.
          const stuck = [1, 2, 3].find((k) => !offered.includes(k));
          if (stuck && !refusedDigit) {
            await page.keyboard.press(String(stuck));
            await waitText(page.locator('.message'), /\S/);
            assert.deepEqual(await savedMoves(page), moves, `arrow ${stuck} cannot move, so the key plays nothing`);
            refusedDigit = true;
          }
          const k = offered[step % offered.length];
          await page.keyboard.press(String(k));
          keys += 1;
          const after = await settled(async () => {
            const m = await savedMoves(page);
            assert.ok(m.length > moves.length);
            return m;
          }, 10000);
          assert.equal(after[moves.length], `a${k}`, `the key ${k} chose arrow ${k}`);
        }
      }
      const panel = page.locator('.end-panel');
      await panel.waitFor();
      const moves = await savedMoves(page);
      const game = archeryFromRecord(moves, 2);
      assert.ok(game.over, 'the record is of a finished game');
      await settled(() => assertArcheryScreen(page, names, { computers: [1] }));
      // The computer spun and chose for itself: it has turns of its own in the record.
      let computerChoices = 0;
      for (let n = 1; n <= moves.length; n += 1) {
        const before = archeryFromRecord(moves.slice(0, n - 1), 2);
        if (before.player === 1 && /^a\d$/.test(moves[n - 1])) computerChoices += 1;
      }
      assert.ok(computerChoices >= 3, `the computer shot its arrows (${computerChoices} choices)`);
      const words = winWords(names, game.winners, Math.max(...game.scores));
      assert.equal((await panel.locator('h2').textContent()).trim(), words);
      await waitText(page.locator('[aria-live="polite"]'), words);
      console.log(`     (${keys} keys pressed; ${moves.length} moves; ${words})`);
      await t.shot(page, 'keyboard-game-over');
    },
  },
  {
    name: 'undo goes back before a spin, and redo (or Spin) brings back the same spin',
    async run(t) {
      // Animations stay on here: a click on the teetotum skips its spin.
      const page = await t.page();
      const names = ['Ada', 'Bob'];
      await startArchery(page, t.base, names.map((name) => ({ name })));
      await spinForLead(page, names);
      // A turn, to have something before the spin to go back to.
      await page.click('.spin-button');
      await topsAtRest(page);
      await page.locator('.choice-button').first().click();
      const before = await savedMoves(page);
      const shownBefore = await showing(page);
      const teetotumBefore = await teetotumShows(page);
      assert.match(shownBefore.status, /to spin: press Spin/);

      const clicked = await page.evaluate(() => document.timeline.currentTime);
      await page.click('.spin-button');
      const spun = await movesReach(page, before.length + 1);
      const spin = spun.at(-1);
      await assertTeetotumShows(page, spin);
      assert.equal(await page.locator('.teetotum svg.spinning').count(), 1, 'the teetotum spins');
      // This is not the screen's first spin (the spins for lead and a turn came before): its
      // tops start their wobble afresh, not left at rest from the first.
      const wobbles = await page.evaluate(() => document.querySelector('.teetotum svg').getAnimations({ subtree: true })
        .filter((a) => a.animationName.startsWith('teetotum-wobble')).map((a) => a.startTime));
      // (An animation about to start has no start time yet.)
      assert.ok(wobbles.length === 2 && wobbles.every((start) => start === null || start >= clicked),
        `both tops wobble from this spin (started ${wobbles} after the click at ${clicked})`);
      // What the spin decides (whose turn it is, the arrows to choose, where they would land)
      // waits for the tops to come to rest, as the sum beside them does.
      const waits = await page.evaluate(() => {
        const delays = (e) => (e?.getAnimations() ?? []).filter((a) => a.animationName.startsWith('teetotum-rest'))
          .map((a) => a.effect.getTiming().delay);
        const of = (selector) => delays(document.querySelector(selector));
        return { sum: of('.teetotum figcaption .sum'), status: of('.status'), choices: of('.choices'), ghost: of('.board .ghost') };
      });
      assert.ok(waits.sum.length === 1 && waits.sum[0] > 500, `the sum waits for the tops (${JSON.stringify(waits)})`);
      for (const what of ['status', 'choices', 'ghost']) assert.deepEqual(waits[what], waits.sum, `the ${what} waits as the sum does`);
      await page.click('.teetotum');
      await page.waitForSelector('.teetotum svg.skipped');
      // Skipped, all is shown at once.
      assert.deepEqual(await page.evaluate(() => ['.status', '.choices', '.board .ghost'].map((s) => getComputedStyle(document.querySelector(s)).opacity)),
        ['1', '1', '1'], 'a spin skipped shows what it decides at once');
      // A spin skipped stays where it was drawn, its numbers shown.
      const drawn = await page.locator('.teetotum svg').boundingBox();
      const caption = await page.locator('.teetotum figcaption').boundingBox();
      assert.ok(drawn && drawn.x >= 0 && drawn.width > 50, `the skipped teetotum is on the screen (${JSON.stringify(drawn)})`);
      assert.ok(caption && caption.x >= 0, `its caption is on the screen (${JSON.stringify(caption)})`);
      const shownSpun = await showing(page);
      assert.match(shownSpun.status, new RegExp(`spun ${spin.replace('+', '\\+')} = \\d+: choose`));

      for (let round = 0; round < 3; round += 1) {
        await page.click('button:has-text("Undo")');
        assert.deepEqual(await movesReach(page, before.length), before, 'undo took back the spin');
        await settled(async () => assert.deepEqual(await showing(page), shownBefore, 'the screen is as before the spin'));
        assert.deepEqual(await teetotumShows(page), teetotumBefore, 'the teetotum shows the spin before');
        assert.deepEqual((await page.evaluate(() => JSON.parse(localStorage.getItem(`parlour/game/${location.hash.split('/')[2]}`)))).redo,
          [spin], 'the undone spin is kept for redo');
        // Redo, and on the last round the Spin button: either brings back the same spin.
        if (round < 2) await page.click('button:has-text("Redo")');
        else await page.click('.spin-button');
        assert.deepEqual(await movesReach(page, before.length + 1), spun, 'the same spin came back');
        await assertTeetotumShows(page, spin);
        await settled(async () => assert.deepEqual(await showing(page), shownSpun, 'the screen is as after the spin'));
      }

      // A whole turn back and forth, and a pending redo survives a reload. (The Spin button
      // spun the tops again: the choice waits for them, as a press while they spin rests them.)
      await topsAtRest(page);
      const k = Number((await page.locator('.choice-button').last().textContent()).match(/Arrow (\d)/)[1]);
      await page.locator('.choice-button').last().click();
      const turned = await movesReach(page, before.length + 2);
      assert.equal(turned.at(-1), `a${k}`);
      const shownTurned = await showing(page);
      await page.click('button:has-text("Undo")');
      await movesReach(page, before.length + 1);
      await page.click('button:has-text("Undo")');
      await movesReach(page, before.length);
      assert.ok(await page.locator('button:has-text("Redo")').isEnabled());
      await page.reload();
      await page.waitForSelector('.archery-screen');
      await settled(async () => assert.deepEqual(await showing(page), shownBefore, 'the reloaded game is before the spin'));
      await page.click('button:has-text("Redo")');
      await page.click('button:has-text("Redo")');
      assert.deepEqual(await movesReach(page, before.length + 2), turned, 'redo after a reload replays the same spin and choice');
      await page.click('.teetotum');
      await settled(async () => assert.deepEqual(await showing(page), shownTurned));
      assert.ok(await page.locator('button:has-text("Redo")').isDisabled(), 'nothing left to redo');
      await settled(() => assertArcheryScreen(page, names));
    },
  },
  {
    name: 'a game in progress survives a reload, and its share link opens it elsewhere',
    async run(t) {
      const page = await t.page();
      await animationsOff(page, t.base);
      const names = ['Ada', 'Bob', 'Cy'];
      await startArchery(page, t.base, names.map((name) => ({ name })));
      await spinForLead(page, names);
      for (let turn = 0; turn < 7; turn += 1) {
        await page.click('.spin-button');
        const buttons = page.locator('.choice-button');
        await buttons.first().waitFor();
        await buttons.nth(turn % (await buttons.count())).click();
      }
      await page.click('.spin-button'); // stop with a spin waiting for its arrow
      await page.locator('.choice-button').first().waitFor();
      const moves = await savedMoves(page);
      await settled(() => assertArcheryScreen(page, names));
      const shown = await showing(page);
      const url = page.url();

      await page.reload();
      await page.waitForSelector('.archery-screen svg.board');
      assert.equal(page.url(), url);
      assert.deepEqual(await savedMoves(page), moves);
      await settled(async () => assert.deepEqual(await showing(page), shown, 'the reloaded game shows the same positions'));
      await settled(() => assertArcheryScreen(page, names));
      // The autosave is listed and resumes too.
      await page.goto(t.base + '#/saves');
      const save = page.locator('li.save', { hasText: 'Archery: Ada v Bob v Cy' });
      await waitText(save, 'Autosave');
      await save.locator('button:has-text("Resume")').click();
      await page.waitForSelector('.archery-screen svg.board');
      assert.equal(page.url(), url);
      await settled(async () => assert.deepEqual(await showing(page), shown, 'resumed from the saved games'));

      // The share link holds the record and opens the game in another browser.
      await page.click('button:has-text("Share link")');
      const link = await page.locator('#share-link').inputValue();
      assert.ok(link.startsWith(t.base + '#/open/'), `the link is under the site's address (${link.slice(0, 60)}…)`);
      await page.click('[role=dialog] button:has-text("Close")');
      await page.waitForSelector('[role=dialog]', { state: 'detached' });
      // Opened on a phone, where the board is folded into rows above the target.
      const other = await t.page({ width: 390, height: 844, reducedMotion: 'reduce' });
      await other.goto(link);
      await other.waitForSelector('.archery-screen svg.board');
      assert.match(other.url(), /#\/play\/[\w-]+$/);
      assert.notEqual(other.url().split('#')[1], url.split('#')[1], 'the shared game is a game of its own');
      assert.deepEqual(await savedMoves(other), moves, 'the shared game has the same record');
      await settled(async () => assert.deepEqual(await showing(other), shown, 'the shared game shows the same positions'));
      assert.equal(await other.locator('svg.board.archery').getAttribute('viewBox'), '0 0 440 535', 'the board is folded on a phone');
      const overflow = await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the shared game fits the phone (${overflow}px over)`);
      // And play goes on from there, an arrow chosen on the folded board.
      const game = await settled(() => assertArcheryScreen(other, names));
      const { how, k } = await chooseByMouse(other, await assertChoices(other, game), 1);
      assert.equal((await movesReach(other, moves.length + 1)).at(-1), `a${k}`, `the ${how} on the folded board chose arrow ${k}`);
      await settled(() => assertArcheryScreen(other, names));
      // The board folds by the room it has: turned to a wide screen it unfolds into one long
      // row, and back on the phone's width it folds again.
      const viewBox = () => other.locator('svg.board.archery').getAttribute('viewBox');
      await other.setViewportSize({ width: 1280, height: 844 });
      await settled(async () => assert.equal(await viewBox(), '0 0 1000 300', 'the board unfolds on a wide screen'));
      await other.setViewportSize({ width: 390, height: 844 });
      await settled(async () => assert.equal(await viewBox(), '0 0 440 535', 'and folds again on the phone'));
      assert.deepEqual(await savedMoves(page), moves, 'the first game is untouched');
      await t.shot(other, 'shared');
    },
  },
  {
    name: 'a hint shows each arrow\'s expected points, and the board stays where it is, at a desk and on a phone',
    async run(t) {
      for (const width of [1280, 390]) await hintedGame(t, width);
    },
  },
  {
    name: 'equal totals share the win (a finished record opened from a link)',
    async run(t) {
      const page = await t.page({ reducedMotion: 'reduce' });
      const names = ['Ada', 'Bob'];
      // Ada leads; every arrow of both goes to space 10, then into the bull's-eye.
      const moves = ['6+6', '1+1'];
      for (const arrow of ['a1', 'a2', 'a3']) {
        moves.push('6+4', arrow, '6+4', arrow, '5+5', arrow, '5+5', arrow);
      }
      const record = {
        format: 'parlour-record', game: 'archery', moves, options: {}, version: 1,
        players: names.map((name) => ({ kind: 'human', name })),
      };
      await page.goto(t.base + shareRoute(record));
      await page.waitForSelector('.archery-screen .end-panel');
      const game = await settled(() => assertArcheryScreen(page, names));
      assert.deepEqual(game.winners, [0, 1]);
      await waitText(page.locator('.end-panel h2'), 'Ada and Bob share the win with 18 points each.');
      assert.deepEqual(await page.locator('table.scores td.total').allTextContents(), ['18', '18']);
      assert.equal(await page.locator('svg.board.archery g.arrow').count(), 6, 'all six arrows are drawn in the target');
      // Six arrows on one space still leave the target's points and space numbers clear, and
      // each arrow's own number can be seen (and clicked).
      const crowding = await page.evaluate(() => {
        const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const words = [...document.querySelectorAll('svg.board.archery text.points, svg.board.archery text.space-number')]
          .map((t) => t.getBoundingClientRect());
        const covering = [];
        const hidden = [];
        for (const arrow of document.querySelectorAll('svg.board.archery g.arrow')) {
          const box = arrow.getBoundingClientRect();
          if (words.some((w) => meets(box, w))) covering.push(arrow.textContent.trim());
          const label = arrow.querySelector('text').getBoundingClientRect();
          const top = document.elementFromPoint(label.x + label.width / 2, label.y + label.height / 2);
          if (top?.closest('g.arrow') !== arrow) hidden.push(arrow.textContent.trim());
        }
        return { covering, hidden };
      });
      assert.deepEqual(crowding, { covering: [], hidden: [] }, 'no arrow covers a number of the target, nor is hidden');
      // Play again starts the same players afresh.
      await page.click('.end-panel button:has-text("Play again")');
      await waitText(page.locator('.status'), 'Spin for lead: Ada to spin');
      assert.deepEqual(await savedMoves(page), []);
    },
  },
  {
    name: 'choosing an arrow moves nothing on the screen, and on a phone the target stays in view',
    async run(t) {
      for (const [width, height] of [[390, 844], [1280, 800]]) {
        const page = await t.page({ width, height });
        await animationsOff(page, t.base);
        const names = ['Ada', 'Bob'];
        await startArchery(page, t.base, names.map((name) => ({ name })));
        await spinForLead(page, names);
        // The first turn after the lead, which puts the spin for lead's panel away.
        const first = await savedMoves(page);
        await page.click('.spin-button');
        await page.locator('.choice-button').first().click();
        await movesReach(page, first.length + 2);
        const board = () => page.locator('svg.board.archery').evaluate((e) => {
          const box = e.getBoundingClientRect();
          return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
        });
        await page.evaluate(() => window.scrollTo(0, 0));
        const spinning = await board();
        const moves = await savedMoves(page);
        await page.click('.spin-button');
        await movesReach(page, moves.length + 1);
        await page.waitForSelector('.choice-button');
        const choosing = await board();
        assert.equal(choosing.top, spinning.top, `${width}px: the choices come in without moving the board`);
        const buttons = page.locator('.choice-button');
        const count = await buttons.count();
        if (width === 390) {
          assert.equal(await page.locator('.spin-button').isVisible(), false, 'on a phone the choices stand in the Spin button\'s place');
          const tops = await buttons.evaluateAll((all) => all.map((b) => Math.round(b.getBoundingClientRect().top)));
          assert.equal(new Set(tops).size, 1, `the ${count} choices stand in one row`);
          assert.ok(choosing.bottom <= height, `the whole board, target and all, is in view while choosing (${choosing.bottom}px of ${height})`);
        } else {
          assert.ok(await page.locator('.spin-button').isVisible(), 'on a wide screen the Spin button stays, beside the tops');
        }
        await t.shot(page, `choosing-${width}`);
        await buttons.first().click();
        await movesReach(page, moves.length + 2);
        await page.waitForSelector('.choice-button', { state: 'detached' });
        assert.equal((await board()).top, spinning.top, `${width}px: the board stays put once the arrow is chosen`);
        assert.ok(await page.locator('.spin-button').isVisible(), 'the Spin button is back for the next archer');
      }
      // The longest choices there are (one arrow flies into the bull's-eye, one flies on, one
      // enters), at widths where they once wrapped: each still takes one row of buttons.
      const moves = ['6+5', '3+2', '6+6', 'a1', '1+1', 'a1', '6+6', 'a2', '1+1', 'a1', '2+2', 'a2', '1+1', 'a1', '4+4'];
      const record = {
        format: 'parlour-record', game: 'archery', moves, options: {}, version: 1,
        players: ['Ada', 'Bea'].map((name) => ({ kind: 'human', name })),
      };
      for (const [width, height] of [[360, 740], [481, 800], [740, 360], [1280, 800]]) {
        const page = await t.page({ width, height });
        await animationsOff(page, t.base);
        await page.goto(t.base + shareRoute(record));
        await page.waitForSelector('.choice-button');
        const game = await settled(() => assertArcheryScreen(page, ['Ada', 'Bea']));
        await assertChoices(page, game);
        const shape = () => page.evaluate(() => ({
          board: document.querySelector('svg.board.archery').getBoundingClientRect().top + scrollY,
          spin: document.querySelector('.spin-button').getBoundingClientRect().left,
          slot: document.querySelector('.choice-slot').getBoundingClientRect().left,
          // The Spin button's height, hidden or not (on a phone the choices take its place).
          spinHeight: parseFloat(getComputedStyle(document.querySelector('.spin-button')).minHeight),
          heights: [...document.querySelectorAll('.choice-button')].map((b) => Math.round(b.getBoundingClientRect().height)),
          over: document.documentElement.scrollWidth - innerWidth,
          cut: [...document.querySelectorAll('.choice-button')].filter((b) => b.scrollWidth > b.clientWidth).length,
        }));
        const choosing = await shape();
        assert.equal(new Set(choosing.heights).size, 1, `${width}px: the choices are of one height (${choosing.heights})`);
        assert.ok(choosing.heights[0] <= choosing.spinHeight, `${width}px: as tall as the Spin button at most (${choosing.heights[0]}px, ${choosing.spinHeight}px)`);
        assert.equal(choosing.cut, 0, `${width}px: no choice's words run out of its button`);
        assert.ok(choosing.over <= 0, `${width}px: nothing runs past the screen's edge`);
        await t.shot(page, `longest-choices-${width}`);
        await page.locator('.choice-button').first().click();
        await movesReach(page, moves.length + 1);
        await page.waitForSelector('.spin-button:not(:disabled)');
        const spinning = await shape();
        assert.equal(spinning.board, choosing.board, `${width}px: the board stays put once the arrow is chosen`);
        if (height < 544) {
          // A phone on its side: the choices stand beside the tops, in the Spin button's place.
          assert.equal(choosing.slot, spinning.spin, `${width}×${height}: the choices take the Spin button's place`);
        } else if (width > 480) {
          assert.equal(spinning.spin, choosing.spin, `${width}px: the Spin button stays put whoever spun`);
        }
      }
    },
  },
  {
    name: 'a second tap while the tops spin rests them and does nothing else: no spin for the next archer, no arrow chosen unseen',
    async run(t) {
      // Animations on, as a player has them: a spin comes to rest after about a second.
      const page = await t.page({ width: 390, height: 844, hasTouch: true, isMobile: true });
      const names = ['Ada', 'Bea'];
      await startArchery(page, t.base, names.map((name) => ({ name })));
      await waitText(page.locator('.status'), 'Spin for lead: Ada to spin');
      // A double tap on Spin in the spin for lead, where Spin is Bea's next.
      await page.tap('.spin-button');
      await page.tap('.spin-button');
      await page.waitForSelector('.teetotum svg.spinning.skipped');
      await page.waitForTimeout(1500);
      assert.equal((await savedMoves(page)).length, 1, 'a double tap spins once, for Ada only');
      await page.tap('.spin-button');
      await movesReach(page, 2);
      // After the lead (Ada 11, Bea 5), Ada spins, and the same spot is tapped again at once:
      // the arrows' buttons stand there, not yet shown.
      const record = {
        format: 'parlour-record', game: 'archery', moves: ['6+5', '3+2'], options: {}, version: 1,
        players: names.map((name) => ({ kind: 'human', name })),
      };
      await page.goto(t.base + shareRoute(record));
      await waitText(page.locator('.status'), 'Ada to spin');
      await page.tap('.spin-button');
      await page.locator('.choice-button').first().tap();
      await page.waitForSelector('.teetotum svg.spinning.skipped');
      await page.waitForTimeout(1500);
      const moves = await savedMoves(page);
      assert.equal(moves.length, 3, `the tap only rested the tops: no arrow was chosen (${moves})`);
      assert.ok(parseSpin(moves[2]), 'the spin is recorded');
      await page.locator('.choice-button').first().tap();
      await movesReach(page, 4);
    },
  },
];
