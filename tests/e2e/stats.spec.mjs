// The record against the computer (issue 7): a finished game against the computer is counted
// once on the game's new-game screen (not again after a reload or an undo past the end), a
// resignation is a loss, a game between people is not counted, the record resets after a
// confirmation, and an unreadable stored record is left alone until the player resets it.
import { assert, open, shareRoute, storage, waitText } from './lib.mjs';
import { touch } from './morris.mjs';

/** Three Men's Morris, Ada (White, a person) against a computer, one move from Ada's line. */
function oneFromTheEnd(second = { name: 'Beginner computer', kind: 'computer', level: 'beginner' }) {
  return {
    format: 'parlour-record', version: 1, game: 'morris', variant: 'three-mens', options: {},
    players: [{ name: 'Ada', kind: 'human' }, second],
    moves: ['a1', 'b2', 'a2', 'c3'],
  };
}

/** Opens the record by its share link and plays a3, which ends the game. */
async function finishShared(page, base, record = oneFromTheEnd()) {
  await open(page, base, shareRoute(record));
  await page.waitForSelector('svg.board');
  await touch(page, 'a3');
  await waitText(page.locator('.end-panel'), 'wins');
}

/** The cells of the record's row for a level: played, won, drawn, lost. */
async function row(page, level) {
  const cells = page.locator(`.computer-record tr[data-level="${level}"] td`);
  return (await cells.allTextContents()).map(Number);
}

async function newGameScreen(page, base) {
  await open(page, base, '#/new/morris');
  await page.waitForSelector('.computer-record');
}

function stats(page) {
  return page.evaluate(() => localStorage.getItem('parlour/stats'));
}

export const tests = [
  {
    name: 'a game won against the computer counts once and survives a reload, undo and reset',
    async run(t) {
      const page = await t.page();
      await finishShared(page, t.base);
      const id = page.url().split('#/play/')[1];
      // Taking the last move back and making it again is the same game.
      await page.click('button:has-text("Undo")');
      await page.waitForFunction(() => !document.querySelector('.end-panel'));
      await touch(page, 'a3');
      await waitText(page.locator('.end-panel'), 'wins');
      // Reopening the finished game counts nothing more.
      await page.reload();
      await page.waitForSelector('.end-panel');
      const stored = JSON.parse(await stats(page));
      assert.equal(stored.version, 1, 'the stored record carries its version');
      assert.deepEqual(stored.counted, [id], 'the game is counted under its id');

      await newGameScreen(page, t.base);
      await waitText(page.locator('.computer-record caption'), 'Your record against the computer');
      assert.deepEqual(await row(page, 'beginner'), [1, 1, 0, 0], 'played 1, won 1 against Beginner');
      assert.equal(await page.locator('.computer-record tbody tr').count(), 1, 'only the level played has a row');
      await page.reload();
      await page.waitForSelector('.computer-record table');
      assert.deepEqual(await row(page, 'beginner'), [1, 1, 0, 0], 'still one game after a reload');
      // The table stands at the left of its column, in line with its caption and its button.
      const lefts = await page.evaluate(() => ['.computer-record table', '.computer-record caption', '.computer-record button']
        .map((selector) => Math.round(document.querySelector(selector).getBoundingClientRect().left)));
      assert.ok(Math.max(...lefts) - Math.min(...lefts) <= 1, `the record, its caption and its button line up (${lefts})`);
      await t.shot(page, 'new-game-1280');

      await open(page, t.base, '#/');
      await waitText(page.locator('.game-card', { hasText: 'Morris' }).locator('.card-record'),
        'Against the computer: 1 played, 1 won, 0 lost');
      await t.shot(page, 'home-1280');
      assert.equal(await page.locator('.card-record').count(), 1, 'only Morris has a record line');

      // Reset, after a confirmation; "Keep it" changes nothing.
      await newGameScreen(page, t.base);
      await page.click('button:has-text("Reset record")');
      await waitText(page.locator('.dialog'), 'This clears your record against the computer at Morris (1 game)');
      // As in every confirmation, the action comes first and the safe choice has the focus.
      assert.deepEqual(await page.locator('.dialog .actions button').allTextContents(), ['Reset', 'Keep it']);
      assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Keep it', 'the safe choice has the focus');
      await page.click('.dialog button:has-text("Keep it")');
      assert.deepEqual(await row(page, 'beginner'), [1, 1, 0, 0], 'kept');
      // Under the table, how a game with several computers or people is counted.
      await waitText(page.locator('.computer-record .hint'), 'at the level of its strongest computer: won when a person wins');
      await page.click('button:has-text("Reset record")');
      await page.click('.dialog button.danger');
      await waitText(page.locator('.computer-record'), 'Your record against the computer: none yet. Games you finish against it are counted here.');
      assert.equal(await page.locator('.computer-record table').count(), 0, 'no table after the reset');
      assert.deepEqual(JSON.parse(await stats(page)).games, {}, 'the Morris tallies are gone');
    },
  },
  {
    name: 'a resignation is a loss, people among themselves are not counted (phone, dark)',
    async run(t) {
      const page = await t.page({ width: 360, height: 780, theme: 'dark' });
      await finishShared(page, t.base);
      await finishShared(page, t.base, oneFromTheEnd({ name: 'Bea', kind: 'human' }));
      // A new game against Hard, resigned at once.
      await page.goto(t.base + '#/new/morris');
      await page.waitForSelector('form.setup');
      await page.selectOption('#seat-2-kind', 'hard');
      await page.locator('input[name=first]').nth(1).check();
      await page.click('button[type=submit]');
      await page.waitForSelector('svg.board');
      await page.click('button:has-text("Resign")');
      await page.click('.dialog button.danger');
      await waitText(page.locator('.end-panel'), 'wins');

      await newGameScreen(page, t.base);
      assert.deepEqual(await row(page, 'beginner'), [1, 1, 0, 0], 'the win against Beginner');
      assert.deepEqual(await row(page, 'hard'), [1, 0, 0, 1], 'the resignation against Hard is lost');
      assert.equal(await page.locator('.computer-record tbody tr').count(), 2, 'the hot-seat game has no row');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `nothing sticks out sideways at 360 px (${overflow} px)`);
      await page.locator('.computer-record').scrollIntoViewIfNeeded();
      await t.shot(page, 'new-game-360-dark');
      await page.click('button:has-text("Reset record")');
      await page.waitForSelector('.dialog');
      await t.shot(page, 'reset-360-dark');
    },
  },
  {
    name: 'a game over when opened (a shared link, a named save) is not counted by playing its end again; an embed\'s rematch is counted',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      const played = async () => {
        const stored = JSON.parse(await stats(page) ?? '{"games":{}}');
        return stored.games?.morris?.beginner?.played ?? 0;
      };
      const undoRedo = async () => {
        await page.click('button:has-text("Undo")');
        await page.waitForFunction(() => !document.querySelector('.end-panel'));
        await page.click('button:has-text("Redo")');
        await waitText(page.locator('.end-panel'), 'wins');
      };
      // Someone else's finished game, from its share link: over when opened.
      const finished = { ...oneFromTheEnd(), moves: [...oneFromTheEnd().moves, 'a3'] };
      await open(page, t.base, shareRoute(finished));
      await waitText(page.locator('.end-panel'), 'wins');
      await undoRedo();
      assert.equal(await played(), 0, 'a shared finished game is not the player\'s to count');
      // Saved under a name and opened from the saved games, twice: one copy, counted never.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.locator('#save-name').fill('Best win');
      await page.locator('[role=dialog] button[type=submit]').click();
      await waitText(page.locator('.notice'), 'Saved as “Best win”.');
      for (let i = 0; i < 2; i += 1) {
        await open(page, t.base, '#/saves');
        await page.locator('li.save', { hasText: 'Best win' }).filter({ has: page.locator('.kind', { hasText: 'Saved' }) })
          .getByRole('button', { name: 'Open' }).click();
        await waitText(page.locator('.end-panel'), 'wins');
        await undoRedo();
      }
      assert.equal(await played(), 0, 'a named save of a finished game, opened and its end played again, counts nothing');
      await open(page, t.base, '#/saves');
      const copies = await page.locator('li.save', { hasText: 'Best win' }).count();
      assert.equal(copies, 2, `the named save and one game in progress from it, not one per opening (${copies})`);

      // Embedded: each game at the address counts, the rematch too.
      await open(page, t.base, '#/embed/morris?preset=three-mens&seats=human,beginner');
      const resign = async () => {
        const button = page.getByRole('button', { name: 'Resign' });
        await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Resign' && !b.disabled), null, { timeout: 10000 });
        await button.click();
        await page.click('.dialog button.danger');
        await waitText(page.locator('.end-panel'), 'wins');
      };
      await resign();
      await page.click('button:has-text("Rematch")');
      await page.waitForFunction(() => !document.querySelector('.end-panel'));
      await resign();
      const stored = JSON.parse(await stats(page));
      assert.deepEqual(stored.games.morris.beginner, { played: 2, won: 0, drawn: 0, lost: 2 }, 'both embedded games are lost and counted');
    },
  },
  {
    name: 'an unreadable record is left alone until the player resets it',
    async run(t) {
      const page = await t.page();
      await open(page, t.base, '#/');
      await page.evaluate(() => localStorage.setItem('parlour/stats', '{"games": oops'));
      await newGameScreen(page, t.base);
      await waitText(page.locator('.computer-record .error'), 'cannot be read');
      await finishShared(page, t.base);
      assert.equal(await stats(page), '{"games": oops', 'a finished game does not overwrite it');
      await newGameScreen(page, t.base);
      await page.click('button:has-text("Reset record")');
      await waitText(page.locator('.dialog'), 'set aside');
      await page.click('.dialog button.danger');
      await waitText(page.locator('.computer-record'), 'Your record against the computer: none yet. Games you finish against it are counted here.');
      const all = await storage(page);
      const aside = Object.entries(all).filter(([k]) => k.startsWith('parlour/aside/stats@'));
      assert.equal(aside.length, 1, 'the unreadable value is kept aside');
      assert.equal(aside[0][1], '{"games": oops');
      assert.equal(JSON.parse(all['parlour/stats']).version, 1, 'a fresh record is stored');
    },
  },
];
