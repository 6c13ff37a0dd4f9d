// Two tabs and hundreds of saves (issue 7, reliability): two pages of one browser (one
// localStorage) play two games and the same game at once and lose no save; the saved-games list
// of one follows the other without a reload; a game changed in another tab is told, and both
// answers keep every save; 300 saves list, and the old finished autosaves among them are
// removed only after the player agrees; a full storage offers to make room and loses no move.
import { assert, fillStorage, makeRoom, open, shareRoute, waitText } from './lib.mjs';
import { moveList, touch } from './morris.mjs';

/** Three Men's Morris between two people, with these moves played. */
function threeMens(moves = [], names = ['Ada', 'Bea']) {
  return {
    format: 'parlour-record', version: 1, game: 'morris', variant: 'three-mens', options: {},
    players: names.map((name) => ({ name, kind: 'human' })),
    moves,
  };
}

/** The saved game under an id, as stored (parsed), or null. */
function stored(page, id) {
  return page.evaluate((id) => JSON.parse(localStorage.getItem(`parlour/game/${id}`)), id);
}

/** Waits until the saved game under an id has these moves. */
async function waitMoves(page, id, moves) {
  await page.waitForFunction(([id, moves]) => {
    const raw = localStorage.getItem(`parlour/game/${id}`);
    return raw !== null && JSON.stringify(JSON.parse(raw).record.moves) === JSON.stringify(moves);
  }, [id, moves]);
}

/** Opens a record by its share link; the id of its autosave. */
async function openShared(page, base, record) {
  await open(page, base, shareRoute(record));
  await page.waitForSelector('svg.board');
  await page.waitForFunction(() => location.hash.startsWith('#/play/'));
  return idOf(page);
}

function idOf(page) {
  return decodeURIComponent(page.url().split('#/play/')[1]);
}

/** A second page in the same browser context as `page`: the same localStorage. */
async function secondTab(page) {
  const other = await page.context().newPage();
  const errors = [];
  other.on('pageerror', (e) => errors.push(e.message));
  other.errors = errors;
  return other;
}

/** The rows of the saved-games list (not the unreadable values). */
/**
 * A game of Three Men's Morris with a1 stored, then b2 and a3 played on while storage is full:
 * the notice says so and play goes on. The id of its autosave.
 */
async function playedOnWhileFull(page, base) {
  const id = await openShared(page, base, threeMens());
  await touch(page, 'a1');
  await waitMoves(page, id, ['a1']);
  await fillStorage(page);
  await touch(page, 'b2');
  await touch(page, 'a3');
  const notice = page.locator('.notice');
  await waitText(notice, 'The browser\'s storage for this site is full');
  await waitText(notice, 'not being saved');
  assert.deepEqual(await moveList(page), ['a1', 'b2', 'a3'], 'play goes on');
  return id;
}

function rows(page) {
  return page.locator('section.screen > ul.saves > li.save');
}

const DAY = 24 * 60 * 60 * 1000;

/** 300 saved games of the kind Parlour writes (without stamps, as older Parlours wrote them):
 * named and autosaves, finished or not, some last played long ago; and one unreadable value. */
function manySaves(now) {
  const saves = [];
  for (let i = 0; i < 300; i++) {
    const old = i < 120;
    const moves = ['a1', 'b2', 'a3', 'c1'].slice(0, i % 5);
    saves.push({
      version: 1,
      id: `g${String(i).padStart(3, '0')}`,
      kind: i % 5 === 0 ? 'named' : 'autosave',
      name: `Game number ${i}`,
      created: now - 200 * DAY,
      updated: old ? now - (31 + i) * DAY : now - i * 60 * 1000,
      finished: i % 2 === 0,
      result: i % 2 === 0 ? 'Ada made a row' : null,
      record: threeMens(moves),
    });
  }
  return saves;
}

/** Puts the saves into localStorage, and one value that does not read. */
async function putSaves(page, saves) {
  await page.evaluate((saves) => {
    for (const s of saves) localStorage.setItem(`parlour/game/${s.id}`, JSON.stringify(s));
    localStorage.setItem('parlour/game/torn', '{"version":1,"id":"torn"');
  }, saves);
}

function gameKeys(page) {
  return page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('parlour/game/')).sort());
}

export const tests = [
  {
    name: 'two games in two tabs: both saved, and each tab\'s list follows the other without a reload',
    async run(t) {
      const a = await t.page();
      const first = await openShared(a, t.base, threeMens());
      const b = await secondTab(a);
      await open(b, t.base, '#/saves');
      assert.equal(await rows(b).count(), 1, 'the other tab lists the game A opened');
      await waitText(rows(b).first(), '0 moves');

      await touch(a, 'a1');
      await waitMoves(a, first, ['a1']);
      await waitText(rows(b).first(), '1 move,');

      const second = await openShared(b, t.base, threeMens([], ['Cy', 'Di']));
      assert.notEqual(second, first);
      // Turn about, each tab in its own game.
      await touch(b, 'b2');
      await touch(a, 'c3');
      await touch(b, 'a3');
      await touch(a, 'b1');
      await waitMoves(a, first, ['a1', 'c3', 'b1']);
      await waitMoves(a, second, ['b2', 'a3']);
      assert.deepEqual(await moveList(a), ['a1', 'c3', 'b1']);
      assert.deepEqual(await moveList(b), ['b2', 'a3']);

      await open(a, t.base, '#/saves');
      await waitText(a.locator('.save-count'), '2 saved games');
      await touch(b, 'c1');
      await waitText(rows(a).filter({ hasText: 'Cy v Di' }), '3 moves');
      await waitText(rows(a).filter({ hasText: 'Ada v Bea' }), '3 moves');
      // Renaming in one tab while the other plays the game keeps the other's moves and the name.
      await rows(a).filter({ hasText: 'Cy v Di' }).locator('button:has-text("Rename")').click();
      await a.fill('.rename input', 'Even');
      // A move meanwhile draws the row anew: the box stays open with what was typed, and the
      // typing goes on in it.
      await touch(b, 'b3');
      await waitMoves(a, second, ['b2', 'a3', 'c1', 'b3']);
      await waitText(rows(a).filter({ hasText: 'Cy v Di' }), '4 moves');
      assert.equal(await a.locator('.rename input').inputValue(), 'Even', 'the name typed so far is kept');
      await a.waitForFunction(() => document.activeElement?.matches('.rename input'));
      await a.keyboard.type('ing game');
      await a.click('.rename button:has-text("Rename")');
      await touch(b, 'a1');
      await waitMoves(a, second, ['b2', 'a3', 'c1', 'b3', 'a1']);
      assert.equal((await stored(a, second)).name, 'Evening game', 'the rename survives the next move');
      await waitText(rows(a).filter({ hasText: 'Evening game' }), '5 moves');
      assert.equal(await b.locator('.dialog').count(), 0, 'a rename asks nothing of the playing tab');
      assert.deepEqual(b.errors, []);
    },
  },
  {
    name: 'the same game in two tabs: the change is told at once, and both answers keep every save',
    async run(t) {
      const a = await t.page();
      const id = await openShared(a, t.base, threeMens());
      const b = await secondTab(a);
      await open(b, t.base, `#/play/${id}`);
      await b.waitForSelector('svg.board');

      await touch(a, 'a1');
      await waitMoves(a, id, ['a1']);
      const dialog = b.locator('.dialog');
      await waitText(dialog, 'This game was changed in another tab');
      await waitText(dialog, 'loses nothing');
      assert.deepEqual(await dialog.locator('button.primary').allTextContents(), ["Load the other tab's version"],
        'loading the other tab\'s version, which loses nothing here, is the one marked');
      await t.shot(b, 'conflict-1280-light');
      await dialog.getByRole('button', { name: "Load the other tab's version" }).click();
      await b.waitForFunction(() => !document.querySelector('.dialog'));
      assert.deepEqual(await moveList(b), ['a1'], 'the other tab shows the version saved there');

      // B plays on; A is told, and keeps its own game as a copy beside B's.
      await touch(b, 'b2');
      await waitMoves(b, id, ['a1', 'b2']);
      await waitText(a.locator('.dialog'), 'This game was changed in another tab');
      // The copy opens as a screen of its own: the board to play on is the new one, not the one
      // still up a moment after the address changes.
      const before = await a.$('svg.board');
      await a.locator('.dialog button:has-text("Keep this one as a copy")').click();
      await a.waitForFunction((id) => location.hash.startsWith('#/play/') && !location.hash.endsWith(id), id);
      const copy = idOf(a);
      await waitText(a.locator('.notice'), '(copy)');
      await a.waitForFunction((board) => !board.isConnected, before);
      await a.waitForSelector('svg.board');
      assert.deepEqual(await moveList(a), ['a1'], 'this tab goes on with its own game');
      const saved = await stored(a, copy);
      assert.deepEqual(saved.record.moves, ['a1']);
      assert.match(saved.name, /\(copy\)$/);
      assert.deepEqual((await stored(a, id)).record.moves, ['a1', 'b2'], 'B\'s save is untouched');

      // From here they are two games: each plays on without disturbing the other.
      await touch(a, 'c3');
      await touch(b, 'c1');
      await waitMoves(a, copy, ['a1', 'c3']);
      await waitMoves(a, id, ['a1', 'b2', 'c1']);
      assert.equal(await a.locator('.dialog').count() + await b.locator('.dialog').count(), 0);
      assert.deepEqual(b.errors, []);
    },
  },
  {
    name: 'an embedded game changed in another tab: kept as a copy, the frame goes on with it, still embedded',
    async run(t) {
      const embed = '#/embed/morris?preset=three-mens&seats=human,human&theme=dark';
      const a = await t.page({ width: 480, height: 640 });
      await open(a, t.base, embed);
      await a.waitForSelector('svg.board');
      const b = await secondTab(a);
      await open(b, t.base, embed);
      await b.waitForSelector('svg.board');
      const id = await a.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('parlour/game/embed-')).slice('parlour/game/'.length));

      await touch(a, 'a1');
      await waitMoves(a, id, ['a1']);
      await waitText(b.locator('.dialog'), 'This game was changed in another frame or tab');
      const entries = await b.evaluate(() => history.length);
      await b.locator('.dialog button:has-text("Keep this one as a copy")').click();
      await b.waitForFunction(() => !document.querySelector('.dialog'));
      await b.waitForFunction(() => /^#\/embed\/morris\?.*&save=[\w-]+$/.test(location.hash));
      assert.equal(await b.evaluate(() => history.length), entries, 'the copy\'s address replaces the embed\'s: no step for the host page\'s Back');
      const copy = decodeURIComponent(b.url().split('&save=')[1]);
      assert.notEqual(copy, id);
      assert.equal(await b.evaluate(() => document.documentElement.dataset.embed), 'yes', 'the frame is still an embed');
      assert.equal(await b.evaluate(() => document.documentElement.dataset.theme), 'dark', 'in the embed\'s theme');
      assert.equal(await b.locator('header.top').isVisible(), false, 'with no site header');
      await b.waitForSelector('svg.board');
      assert.deepEqual(await moveList(b), [], 'this frame goes on with its own game');
      assert.match((await stored(b, copy)).name, /\(copy\)$/);

      // Two games from here: the copy in this frame, the embed's own in the other.
      await touch(b, 'c3');
      await waitMoves(b, copy, ['c3']);
      await touch(a, 'b2');
      await waitMoves(a, id, ['a1', 'b2']);
      assert.deepEqual((await stored(a, copy)).record.moves, ['c3'], 'the copy is untouched by the other frame');
      assert.equal(await a.locator('.dialog').count() + await b.locator('.dialog').count(), 0);
      await t.shot(b, 'embed-copy-480-dark');
      assert.deepEqual(b.errors, []);
    },
  },
  {
    name: 'a save never overwrites a different save it did not hear about: it asks, and writes nothing',
    async run(t) {
      const page = await t.page({ width: 360, height: 780, theme: 'dark' });
      const id = await openShared(page, t.base, threeMens());
      await touch(page, 'a1');
      await waitMoves(page, id, ['a1']);
      // Another writer (whose storage event never came) saved a different game under this id.
      await page.evaluate((id) => {
        const key = `parlour/game/${id}`;
        const game = JSON.parse(localStorage.getItem(key));
        game.record.moves = ['c3'];
        game.stamp = { revision: 99, writer: 'elsewhere' };
        localStorage.setItem(key, JSON.stringify(game));
      }, id);
      const before = await page.evaluate((id) => localStorage.getItem(`parlour/game/${id}`), id);
      await touch(page, 'b2');
      const dialog = page.locator('.dialog');
      await waitText(dialog, 'saved this game differently');
      await waitText(dialog, 'drops this tab\'s moves');
      assert.deepEqual(await moveList(page), ['a1', 'b2'], 'the move is made here');
      assert.equal(await page.evaluate((id) => localStorage.getItem(`parlour/game/${id}`), id), before,
        'nothing was written over the other save');
      assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Keep this one as a copy',
        'the choice that loses nothing has the focus');
      assert.deepEqual(await dialog.locator('button.primary').allTextContents(), ['Keep this one as a copy'],
        'and is the one marked');
      await t.shot(page, 'conflict-360-dark');
      await dialog.getByRole('button', { name: "Load the other tab's version" }).click();
      await page.waitForFunction(() => !document.querySelector('.dialog'));
      assert.deepEqual(await moveList(page), ['c3'], 'the other tab\'s version is shown');
      await touch(page, 'b2');
      await waitMoves(page, id, ['c3', 'b2']);
      assert.equal((await stored(page, id)).stamp.revision, 100, 'and is saved on top of the other');
    },
  },
  {
    name: '300 saves list; old finished autosaves are removed only after the player agrees',
    async run(t) {
      const now = Date.now();
      const saves = manySaves(now);
      const expected = [...saves].sort((x, y) => y.updated - x.updated || x.id.localeCompare(y.id));
      const old = saves.filter((s) => s.kind === 'autosave' && s.finished && now - s.updated > 30 * DAY);
      assert.ok(old.length > 0 && old.length < saves.length, 'the fixture has old and other saves');

      const page = await t.page();
      await open(page, t.base, '#/');
      await putSaves(page, saves);
      await open(page, t.base, '#/saves');
      await waitText(page.locator('.save-count'), `${saves.length} saved games`);
      assert.equal(await rows(page).count(), saves.length, 'every save has its row');
      const names = await rows(page).locator('.save-name').allTextContents();
      assert.deepEqual(names, expected.map((s) => s.name), 'newest first');
      const third = expected[2];
      await waitText(rows(page).nth(2), `${third.record.moves.length} move${third.record.moves.length === 1 ? "" : "s"},`);
      await waitText(page.locator('.problem'), 'parlour/game/torn');
      const line = page.locator('.old-games');
      await waitText(line, `${old.length} finished games last played more than 30 days ago, marked “Old autosave” below`);
      // The rows marked are the ones the offer would remove, and only those.
      const marked = await page.locator('li.save').filter({ has: page.locator('.kind', { hasText: /^Old autosave$/ }) })
        .locator('.save-name').allTextContents();
      assert.deepEqual([...marked].sort(), old.map((s) => s.name).sort(), 'the old autosaves, and no other save, are marked');
      await t.shot(page, 'saves-1280-light');

      // A second tab with the list open follows what the first removes.
      const other = await secondTab(page);
      await open(other, t.base, '#/saves');
      await waitText(other.locator('.save-count'), `${saves.length} saved games`);

      // Asked first: "Keep them" removes nothing.
      await line.locator('button').click();
      const dialog = page.locator('.dialog');
      await waitText(dialog, `This removes the autosaves of ${old.length} finished games`);
      await t.shot(page, 'prune-dialog-1280-light');
      await dialog.locator('button:has-text("Keep them")').click();
      await page.waitForFunction(() => !document.querySelector('.dialog'));
      assert.equal((await gameKeys(page)).length, saves.length + 1, 'nothing removed');

      await line.locator('button').click();
      await dialog.locator('button.danger').click();
      const left = saves.length - old.length;
      await waitText(page.locator('.save-count'), `${left} saved games`);
      await waitText(page.locator('.notice'), `Removed the autosaves of ${old.length} finished games`);
      assert.equal(await page.locator('.old-games').count(), 0, 'the offer is gone');
      const keys = await gameKeys(page);
      const kept = saves.filter((s) => !old.includes(s)).map((s) => `parlour/game/${s.id}`);
      assert.deepEqual(keys, [...kept, 'parlour/game/torn'].sort(),
        'only old finished autosaves went; named saves, games in progress and the unreadable value stay');
      await waitText(other.locator('.save-count'), `${left} saved games`);
      assert.equal(await rows(other).count(), left, 'the other tab\'s list followed without a reload');
      assert.deepEqual(other.errors, []);
    },
  },
  {
    name: 'the saves screen with many saves, at 360 px and in the dark',
    async run(t) {
      for (const [width, theme] of [[360, 'light'], [360, 'dark'], [1280, 'dark']]) {
        const page = await t.page({ width, height: 800, theme });
        await open(page, t.base, '#/');
        await putSaves(page, manySaves(Date.now()).slice(0, 3));
        await open(page, t.base, '#/saves');
        await waitText(page.locator('.save-count'), '3 saved games');
        assert.equal(await rows(page).count(), 3);
        // One of the three (an autosave, finished, last played 33 days ago).
        await waitText(page.locator('.old-games'), '1 finished game last played more than 30 days ago');
        await t.shot(page, `saves-${width}-${theme}`);
        await page.locator('.old-games button').click();
        await page.waitForSelector('.dialog');
        await t.shot(page, `prune-dialog-${width}-${theme}`);
      }
    },
  },
  {
    name: 'a full storage offers to make room, and the game is saved once there is room',
    async run(t) {
      const page = await t.page();
      const id = await playedOnWhileFull(page, t.base);
      const notice = page.locator('.notice');
      // The last few characters of room may take a move; what is stored stays a whole, earlier
      // save of the game.
      const kept = (await stored(page, id)).record.moves;
      assert.ok(kept.length < 3, `a move was refused: stored ${kept}`);
      assert.deepEqual(kept, ['a1', 'b2', 'a3'].slice(0, kept.length), 'the stored game is an earlier save');
      await t.shot(page, 'storage-full-1280');
      // Room is made (here, by taking the filler away), then back to the game.
      await makeRoom(page);
      await notice.locator('a:has-text("Make room in Saved games")').click();
      await page.waitForSelector('.save-count');
      await rows(page).first().locator('button:has-text("Resume")').click();
      await page.waitForSelector('svg.board');
      await waitMoves(page, id, ['a1', 'b2', 'a3']);
      assert.deepEqual(await moveList(page), ['a1', 'b2', 'a3']);
    },
  },
  {
    name: 'a game left while storage is full keeps every move: a game started meanwhile does not take its place',
    async run(t) {
      const page = await t.page();
      const id = await playedOnWhileFull(page, t.base);
      // Another game, started while storage is still full, in the same tab.
      await page.evaluate(() => { location.hash = '#/new/quoits'; });
      await page.waitForSelector('form.setup');
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.waitForSelector('.quoits-screen svg.board');
      // Room is made, then back to the first game from Saved games.
      await makeRoom(page);
      await page.evaluate(() => { location.hash = '#/saves'; });
      await page.waitForSelector('.save-count');
      await rows(page).filter({ hasText: 'Ada v Bea' }).locator('button:has-text("Resume")').click();
      await page.waitForSelector('svg.board.morris');
      assert.deepEqual(await moveList(page), ['a1', 'b2', 'a3'], 'every move played while storage was full is there');
      await waitMoves(page, id, ['a1', 'b2', 'a3']);
    },
  },
  {
    name: 'a game deleted from Saved games does not come back from memory when its address is opened again',
    async run(t) {
      const page = await t.page();
      const id = await openShared(page, t.base, threeMens());
      await touch(page, 'a1');
      await waitMoves(page, id, ['a1']);
      await page.evaluate(() => { location.hash = '#/saves'; });
      await page.waitForSelector('.save-count');
      await rows(page).filter({ hasText: 'Ada v Bea' }).getByRole('button', { name: 'Delete' }).click();
      await page.locator('.confirm button.danger').click();
      await page.waitForFunction((id) => localStorage.getItem(`parlour/game/${id}`) === null, id);
      // Back to the game's address, as the browser's Back button goes.
      await page.evaluate((id) => { location.hash = `#/play/${encodeURIComponent(id)}`; }, id);
      await waitText(page.locator('#screen-title'), 'This game cannot be opened');
      await waitText(page.locator('.error[role=alert]'), 'not saved in this browser');
      assert.equal(await stored(page, id), null, 'the deleted game is not written again');
    },
  },
];
