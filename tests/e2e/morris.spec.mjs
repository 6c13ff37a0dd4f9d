// Morris end to end: whole games by clicks, keyboard play, drag, reload and resume, export and
// import, a broken import, share links.
import { copyFile, readFile } from 'node:fs/promises';
import { assert, fixture, open, shareRoute, storage, waitText } from './lib.mjs';
import { drag, moveList, playByClicks, startGame, touch } from './morris.mjs';

export const tests = [
  {
    name: 'the whole board is in view on a short screen: a low desk, and a phone on its side with the cards beside it',
    async run(t) {
      // Where the status line and the board are, from the top of the page.
      const layout = (page) => page.evaluate(() => {
        const [status, board, cards] = ['.status', 'svg.board', '.side-column'].map((s) => document.querySelector(s).getBoundingClientRect());
        return { status: status.top + scrollY, top: board.top + scrollY, bottom: board.bottom + scrollY, size: board.width, square: Math.abs(board.width - board.height) < 1, port: innerHeight, beside: cards.left >= board.right && cards.top < board.bottom };
      });
      for (const [width, height, phone] of [[1280, 720], [1366, 680], [844, 390, true], [740, 360, true], [1280, 900], [390, 844, true]]) {
        const page = await t.page({ width, height, isMobile: !!phone, hasTouch: !!phone });
        await startGame(page, t.base, { variant: 'Twelve' });
        const at = `${width}×${height}`;
        const { status, bottom, size, square, port, beside } = await layout(page);
        assert.ok(square, `${at}: the board is square`);
        assert.ok(bottom <= port, `${at}: the board's bottom row (${bottom}) is in a screen of ${port}, with the page at its top`);
        if (height < 680) {
          // A phone on its side: the status line is above the board, the board can still be
          // read, and the players' cards and the controls stand beside it, not below.
          assert.ok(status < bottom, `${at}: the status line (${status}) is in view with the board`);
          assert.ok(size >= 240, `${at}: the board is ${size}px, big enough to play on`);
          assert.ok(beside, `${at}: the players' cards stand beside the board`);
        }
        // Where there is room the board keeps its full size.
        if (height >= 844) assert.equal(Math.round(size), Math.min(608, width - 24), `${at}: the board is as wide as it was`);
        await t.shot(page, `board-in-view-${width}x${height}`);
      }
      // Embedded in a small frame, the board fits it.
      for (const [width, height] of [[300, 300], [500, 260], [800, 600]]) {
        const page = await t.page({ width, height });
        await open(page, t.base, '#/embed/morris');
        await page.waitForSelector('svg.board');
        const { bottom, port } = await layout(page);
        assert.ok(bottom <= port, `embedded at ${width}×${height}: the board's foot (${bottom}) is in the frame`);
      }
    },
  },
  {
    name: 'on a phone the board stays under the finger when a double mill asks, in a longer line, for a man to remove',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      const record = {
        format: 'parlour-record', version: 1, game: 'morris', variant: 'morrice', options: {},
        players: [{ name: 'Wilhelmina', kind: 'human' }, { name: 'Bartholomew', kind: 'human' }],
        moves: ['a1', 'f2', 'a7', 'd6', 'b4', 'e5', 'c4', 'g1'],
      };
      await open(page, t.base, shareRoute(record));
      await page.waitForSelector('svg.board');
      const top = () => page.locator('svg.board').evaluate((e) => Math.round(e.getBoundingClientRect().top));
      const status = () => page.locator('.status').evaluate((e) => Math.round(e.getBoundingClientRect().height));
      const before = await top();
      const lines = await status();
      // a4 closes a1-a4-a7 and a4-b4-c4.
      await touch(page, 'a4');
      await waitText(page.locator('.status'), 'has made two mills');
      assert.ok(await status() > lines, 'the request takes more room than the line before it (else this test shows nothing)');
      await page.waitForTimeout(100);
      assert.equal(await top(), before, 'the board is where it was on the screen');
      await touch(page, 'f2');
      assert.deepEqual(await moveList(page), [...record.moves, 'a4xf2']);
    },
  },
  {
    name: 'a whole Morelles game is played to a win by clicks',
    async run(t) {
      const page = await t.page();
      await startGame(page, t.base, { variant: 'Morelles', white: 'Ada', black: 'Bob' });
      const record = JSON.parse(await fixture('morelles-win.json'));
      for (const move of record.moves) {
        await playByClicks(page, move);
      }
      assert.deepEqual(await moveList(page), record.moves, 'the move list shows every move in notation');
      const panel = page.locator('.end-panel');
      await waitText(panel, 'Ada wins');
      await waitText(panel, 'Bob is down to two men');
      await waitText(page.locator('[aria-live=polite]'), 'Ada wins');
      assert.equal(await page.locator('.player.black .counts').textContent().then((s) => /On board: 2/.test(s)), true);
      await t.shot(page, 'win-desktop');
      await page.setViewportSize({ width: 360, height: 780 });
      await t.shot(page, 'win-phone');
    },
  },
  {
    name: 'moves are made by keyboard, with names for every point',
    async run(t) {
      const page = await t.page();
      await startGame(page, t.base);
      const board = page.locator('svg.board');
      // Tab from the page's last control before the board reaches the board as one stop.
      await board.focus();
      await page.keyboard.press('Enter'); // the first open point: a1
      await page.keyboard.press('ArrowRight'); // a1 -> d1
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowUp'); // d1 -> d2
      await page.keyboard.press('Enter');
      assert.deepEqual(await moveList(page), ['a1', 'd1', 'd2']);
      assert.equal(await page.locator('#point-a1').getAttribute('aria-label'), 'a1, White man');
      assert.equal(await page.locator('#point-d1').getAttribute('aria-label'), 'd1, Black man');
      assert.match(await page.locator('#point-g7').getAttribute('aria-label'), /^g7, empty, open$/);
      assert.equal(await board.getAttribute('aria-activedescendant'), 'point-d2');
      await waitText(page.locator('[aria-live=polite]'), 'White places a man on d2');
      // Arrow keys follow the lines: from d2 there is no line to the right but one to f2.
      await page.keyboard.press('ArrowRight');
      assert.equal(await board.getAttribute('aria-activedescendant'), 'point-f2');
      await page.keyboard.press('ArrowUp'); // f2 -> f4
      await page.keyboard.press('ArrowLeft'); // f4 -> e4
      assert.equal(await board.getAttribute('aria-activedescendant'), 'point-e4');
      await t.shot(page, 'keyboard-focus');
      // Moving phase by keyboard, Escape cancels a selection.
      await open(page, t.base, shareRoute(await fixture('morrice-moving.json')));
      await page.waitForSelector('svg.board');
      await board.focus();
      // Focus starts on the first man that can move (a1); pick it up, cancel, pick it again.
      assert.equal(await board.getAttribute('aria-activedescendant'), 'point-a1');
      await page.keyboard.press(' ');
      await waitText(page.locator('.status'), 'picked up');
      await page.keyboard.press('Escape');
      await waitText(page.locator('.status'), 'to move a man');
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowUp'); // a1 -> a4
      await page.keyboard.press('Enter');
      assert.equal((await moveList(page)).at(-1), 'a1-a4');
    },
  },
  {
    name: 'a man is moved by dragging, and an illegal move says why',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      await open(page, t.base, shareRoute(await fixture('morrice-moving.json')));
      await page.waitForSelector('svg.board');
      const before = await moveList(page);
      await touch(page, 'a1');
      await touch(page, 'g4');
      await waitText(page.locator('.message'), 'a1 and g4 are not neighbours (men never fly in Morrice).');
      assert.deepEqual(await moveList(page), before, 'an illegal click changes nothing');
      await touch(page, 'a1'); // put it down again
      await touch(page, 'b4');
      await waitText(page.locator('.message'), "The man on b4 is Black's.");
      await drag(page, 'f4', 'g4');
      assert.equal((await moveList(page)).at(-1), 'f4-g4', 'the drag played f4-g4');
      await t.shot(page, 'drag-phone');
    },
  },
  {
    name: 'a game survives a reload and resumes with undo and redo',
    async run(t) {
      const page = await t.page();
      await startGame(page, t.base);
      for (const m of ['d6', 'f4', 'b4']) await playByClicks(page, m);
      await page.click('button:has-text("Undo")');
      assert.deepEqual(await moveList(page), ['d6', 'f4']);
      const url = page.url();
      await page.reload();
      await page.waitForSelector('svg.board');
      assert.equal(page.url(), url, 'the same URL after a reload');
      assert.deepEqual(await moveList(page), ['d6', 'f4'], 'the moves are back after the reload');
      assert.equal(await page.locator('button:has-text("Redo")').isEnabled(), true, 'redo survives the reload');
      await page.click('button:has-text("Redo")');
      assert.deepEqual(await moveList(page), ['d6', 'f4', 'b4']);
      // Closing the tab and coming back to the home page offers the game.
      await open(page, t.base, '#/');
      await waitText(page.locator('.continue'), 'Ada v Bob');
      await page.click('.continue a:has-text("Resume")');
      await page.waitForSelector('svg.board');
      assert.deepEqual(await moveList(page), ['d6', 'f4', 'b4']);
    },
  },
  {
    name: 'a mill made just before a reload still waits for its removal after it; taken back, or in another tab, nothing is chosen',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      const status = page.locator('.status');
      await startGame(page, t.base);
      for (const m of ['a7', 'b6', 'd7', 'b2']) await playByClicks(page, m);
      await touch(page, 'g7');
      await waitText(status, 'Ada (White) has made a mill: choose');
      const choosing = await status.textContent();
      await page.reload();
      await page.waitForSelector('svg.board');
      await waitText(status, choosing);
      assert.deepEqual(await moveList(page), ['a7', 'b6', 'd7', 'b2'], 'the move is not made yet');
      await touch(page, 'b6');
      await waitText(status, 'Bob (Black) to place');
      assert.deepEqual(await moveList(page), ['a7', 'b6', 'd7', 'b2', 'g7xb6'], 'the mill takes its man after the reload');
      // A second mill, taken back while it waits: after a reload nothing is chosen.
      for (const m of ['c3', 'g4', 'c4']) await playByClicks(page, m);
      await touch(page, 'g1');
      await waitText(status, 'Ada (White) has made a mill');
      await page.click('button:has-text("Undo")');
      await waitText(status, 'Ada (White) to place a man');
      await page.reload();
      await page.waitForSelector('svg.board');
      await waitText(status, 'Ada (White) to place a man');
      // Waiting again: another tab opens the game as its save has it, with nothing chosen.
      await touch(page, 'g1');
      await waitText(status, 'Ada (White) has made a mill');
      const other = await page.context().newPage();
      await other.goto(page.url());
      await other.waitForSelector('svg.board');
      await waitText(other.locator('.status'), 'Ada (White) to place a man');
      await other.close();
    },
  },
  {
    name: 'a game is exported to a file and imported again',
    async run(t) {
      const page = await t.page();
      await startGame(page, t.base);
      for (const m of ['d6', 'f4', 'b4', 'd2']) await playByClicks(page, m);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('button:has-text("Export")'),
      ]);
      assert.match(download.suggestedFilename(), /^parlour-morris-\d{8}-\d{4}\.json$/);
      const file = await download.path();
      const exported = JSON.parse(await readFile(file, 'utf8'));
      assert.equal(exported.format, 'parlour-record');
      assert.deepEqual(exported.moves, ['d6', 'f4', 'b4', 'd2']);
      assert.deepEqual(exported.players.map((p) => p.name), ['Ada', 'Bob']);

      const other = await t.page();
      await open(other, t.base, '#/saves');
      await other.setInputFiles('#import-file', file);
      await waitText(other.locator('.import [role=status]'), 'Imported');
      // The same file again makes no second copy.
      const saves = async () => Object.keys(await storage(other)).filter((k) => k.startsWith('parlour/game/')).length;
      const count = await saves();
      await other.setInputFiles('#import-file', []);
      await other.setInputFiles('#import-file', file);
      await waitText(other.locator('.import [role=alert]'), 'Not imported: this game is already saved as “Morelles: Ada v Bob (imported from');
      assert.equal(await saves(), count, 'no second copy');
      await other.click('.save:has-text("imported") button:has-text("Resume")');
      await other.waitForSelector('svg.board');
      assert.deepEqual(await moveList(other), ['d6', 'f4', 'b4', 'd2']);
      await t.shot(other, 'imported');
      // The same game under another file's name, or pasted, is the same game: still no copy.
      const copy = `${file}-copy.json`;
      await copyFile(file, copy);
      await open(other, t.base, '#/saves');
      const before = await saves();
      await other.setInputFiles('#import-file', copy);
      await waitText(other.locator('.import [role=alert]'), 'Not imported: this game is already saved as “Morelles: Ada v Bob (imported from');
      assert.equal(await saves(), before, 'no copy from another file');
      // Renamed, then exported from the saved games: the file carries the name, and imported
      // where that game is not saved, the save has its name back.
      const row = other.locator('li.save', { hasText: 'imported from' }).filter({ hasNot: other.locator('.rename') }).first();
      await row.getByRole('button', { name: 'Rename' }).click();
      await other.locator('.rename input').fill('Grandpa’s game, 1 May');
      await other.keyboard.press('Enter');
      await waitText(other.locator('li.save .save-name').first(), 'Grandpa’s game, 1 May');
      const [backup] = await Promise.all([
        other.waitForEvent('download'),
        other.locator('li.save', { hasText: 'Grandpa’s game' }).getByRole('button', { name: 'Export' }).click(),
      ]);
      assert.match(backup.suggestedFilename(), /^parlour-morris-grandpa-s-game-1-may-\d{8}-\d{4}\.json$/, 'the file is named for the save');
      const backed = JSON.parse(await readFile(await backup.path(), 'utf8'));
      assert.equal(backed.title, 'Grandpa’s game, 1 May', 'the file carries the save\'s name');
      assert.deepEqual(backed.moves, ['d6', 'f4', 'b4', 'd2']);
      const third = await t.page();
      await open(third, t.base, '#/saves');
      await third.setInputFiles('#import-file', await backup.path());
      await waitText(third.locator('.import [role=status]'), 'Imported “Grandpa’s game, 1 May”.');
      await waitText(third.locator('li.save .save-name'), 'Grandpa’s game, 1 May');
    },
  },
  {
    name: 'a broken import is refused with its first problem and changes nothing',
    async run(t) {
      const page = await t.page();
      await startGame(page, t.base);
      await playByClicks(page, 'd6');
      await open(page, t.base, '#/saves');
      const before = await storage(page);
      const attempt = async (text, expected) => {
        await page.fill('#import-text', text);
        await page.click('button:has-text("Import the pasted record")');
        await waitText(page.locator('.import [role=alert]'), expected);
        assert.deepEqual(await storage(page), before, `storage unchanged after: ${expected}`);
      };
      await attempt('this is not json', 'not JSON');
      await attempt('{"hello": 1}', 'not a Parlour record');
      await attempt('{"format":"parlour-record","version":9,"game":"morris"}', 'newer Parlour');
      const record = JSON.parse(await fixture('morelles-win.json'));
      record.moves[20] = 'a1-a4';
      await attempt(JSON.stringify(record), 'move 21 "a1-a4": ');
      await t.shot(page, 'broken-import');
      // A broken file, too.
      await page.setInputFiles('#import-file', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "parlour-record", "version": 1, "game": "chess", "players": [], "moves": []}') });
      await waitText(page.locator('.import [role=alert]'), 'unknown game "chess"');
      assert.deepEqual(await storage(page), before);
    },
  },
  {
    name: 'a share link opens the game it carries, in another browser',
    async run(t) {
      const page = await t.page();
      await startGame(page, t.base);
      for (const m of ['d6', 'f4', 'b4']) await playByClicks(page, m);
      await page.click('button:has-text("Share link")');
      const link = await page.locator('#share-link').inputValue();
      assert.ok(link.startsWith(t.base + '#/open/'), `the link points at this app: ${link}`);
      await t.shot(page, 'share-dialog');
      const friend = await t.page({ width: 360, height: 740 });
      await friend.goto(link);
      await friend.waitForSelector('svg.board');
      assert.deepEqual(await moveList(friend), ['d6', 'f4', 'b4']);
      assert.match(friend.url(), /#\/play\//, 'the link is replaced by the game\'s own URL');
      await waitText(friend.locator('.status'), 'Bob (Black) to place');
      await t.shot(friend, 'shared-phone');
      // A damaged link says so and stores nothing.
      await friend.goto(t.base + '#/open/%7Bnope');
      await waitText(friend.locator('[role=alert]'), 'not JSON');
    },
  },
  {
    name: 'a long game\'s move list reads row by row, never wider than its box, and shows the newest move',
    async run(t) {
      const record = JSON.parse(await readFile(new URL('../golden/morris/morrice-fifty-moves.record.json', import.meta.url), 'utf8'));
      record.players = record.players.map((p) => ({ name: p.name, kind: 'human' }));
      for (const width of [1280, 390]) {
        const page = await t.page({ width, height: 900 });
        await open(page, t.base, shareRoute(record));
        await page.waitForSelector('.moves .last');
        const list = await page.evaluate(() => {
          const list = document.querySelector('.moves');
          const box = list.getBoundingClientRect();
          const last = list.querySelector('.last').getBoundingClientRect();
          const rows = [...list.children].map((li) => li.getBoundingClientRect());
          return {
            rows: rows.length, wide: list.scrollWidth - list.clientWidth,
            scrolls: list.scrollHeight > list.clientHeight,
            lastInSight: last.top >= box.top - 1 && last.bottom <= box.bottom + 1 && last.right <= box.right + 1,
            inOrder: rows.every((r, i) => i === 0 || r.top > rows[i - 1].top
              || (r.top === rows[i - 1].top && r.left > rows[i - 1].left)),
          };
        });
        assert.equal(list.rows, Math.ceil(record.moves.length / 2));
        assert.ok(list.scrolls, `${width}: a long list scrolls within its box`);
        assert.ok(list.wide <= 1, `${width}: the list is no wider than its box (${list.wide}px more)`);
        assert.ok(list.lastInSight, `${width}: the newest move is in sight`);
        assert.ok(list.inOrder, `${width}: the moves read left to right, then down`);
        // A move made now scrolls the list to it.
        await page.locator('.moves').evaluate((l) => { l.scrollTop = 0; });
        await page.getByRole('button', { name: 'Undo' }).click();
        await page.waitForFunction(() => {
          const list = document.querySelector('.moves');
          const last = list.querySelector('.last')?.getBoundingClientRect();
          return last && last.bottom <= list.getBoundingClientRect().bottom + 1;
        }, null, { timeout: 5000 });
        await t.shot(page, `long-move-list-${width}`);
      }
    },
  },
  {
    name: 'resign and agreed draw end the game with the reason',
    async run(t) {
      const page = await t.page();
      await startGame(page, t.base);
      await playByClicks(page, 'd6');
      await page.click('button:has-text("Offer a draw")');
      await waitText(page.locator('[role=dialog]'), 'Bob offers a draw. Ada, do you accept?');
      await page.click('button:has-text("Decline")');
      await waitText(page.locator('.message'), 'Ada declines the draw. Play on.');
      await page.click('button:has-text("Offer a draw")');
      await page.click('button:has-text("Accept the draw")');
      await waitText(page.locator('.end-panel'), 'The players agreed a draw');
      await page.click('button:has-text("Undo")');
      await page.click('button:has-text("Resign")');
      // The safe choice has the focus: Enter at once plays on.
      await page.waitForFunction(() => document.activeElement?.textContent === 'Play on');
      await page.keyboard.press('Enter');
      assert.equal(await page.locator('[role=dialog]').count(), 0, 'Enter played on');
      assert.equal(await page.locator('.end-panel').count(), 0, 'nobody resigned');
      await page.click('button:has-text("Resign")');
      await page.click('[role=dialog] button:has-text("Resign")');
      await waitText(page.locator('.end-panel'), 'Ada wins');
      await waitText(page.locator('.end-panel'), 'Bob resigned');
    },
  },
  {
    name: 'a placement that closes three mills takes three men, one for each, with the two-removals option',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      const record = JSON.parse(await readFile(new URL('../golden/morris/twelve-mens-triple-mill.record.json', import.meta.url), 'utf8'));
      await open(page, t.base, shareRoute(record));
      await page.waitForSelector('svg.board');
      await touch(page, 'b2');
      await waitText(page.locator('.status'), 'has made three mills: choose three of Black\'s men to remove, one at a time');
      await touch(page, 'g7');
      await touch(page, 'f4');
      await waitText(page.locator('.status'), 'choose a third of Black\'s men to remove');
      await waitText(page.locator('[aria-live=polite]'), 'Two chosen. Choose a third');
      await t.shot(page, 'triple-mill-third-phone');
      assert.match(await page.locator('.player.white .counts').textContent(), /Has taken: 2/, 'the men chosen are counted as taken');
      assert.match(await page.locator('.player.black .counts').textContent(), /On board: 4/);
      // Undo while choosing takes back the choice; no move was played.
      await page.getByRole('button', { name: 'Undo' }).click();
      await waitText(page.locator('[aria-live=polite]'), 'Choice cleared.');
      assert.deepEqual(await moveList(page), record.moves, 'the record is as it was');
      await touch(page, 'b2');
      await touch(page, 'g7');
      await touch(page, 'f4');
      await touch(page, 'd5');
      assert.deepEqual((await moveList(page)).slice(-1), ['b2xg7xf4xd5'], 'one move takes all three');
      await waitText(page.locator('.status'), 'Bea (Black) to place');
      assert.match(await page.locator('.player.black .counts').textContent(), /On board: 3/);
    },
  },
];
