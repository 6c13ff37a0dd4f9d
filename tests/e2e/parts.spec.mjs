// The app in parts: the home page needs only the main part; a game's part is fetched when that
// game is first opened; a part that cannot be fetched gets a clear message and loses nothing.
import { assert, fixture, open, shareRoute, waitText } from './lib.mjs';

const PART = /\/(split_[a-z]+|shared_[a-z]+)-[0-9a-f]{8}\.wasm$/;

/** The parts (split_<name>-<hash>.wasm and the shared groups shared_<name>-<hash>.wasm), by name, the page has asked for so far. */
function partsAskedFor(page) {
  const asked = new Set();
  page.on('request', (request) => {
    const match = new URL(request.url()).pathname.match(PART);
    if (match) asked.add(match[1]);
  });
  return asked;
}

/**
 * Opens `route` in `page` and tells, by name, the parts' files the app fetched (its loader's
 * fetches), those index.html asked for ahead (preload links) and every request for them; the
 * console must say nothing of preloads.
 */
async function partLoads(page, base, route, ready) {
  const requests = [];
  const notes = [];
  page.on('console', (message) => {
    if (/preload|integrity/i.test(message.text())) notes.push(message.text());
  });
  page.on('request', (request) => {
    const match = new URL(request.url()).pathname.match(PART);
    if (match) requests.push(match[1]);
  });
  await page.addInitScript(() => {
    window.partsFetched = [];
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      window.partsFetched.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    };
  });
  await page.goto(base + route);
  await page.waitForSelector(ready);
  await page.waitForLoadState('networkidle');
  const names = (urls) => urls.map((url) => new URL(url, base).pathname.match(PART)?.[1]).filter(Boolean).sort();
  const fetched = names(await page.evaluate(() => window.partsFetched));
  const preloaded = names(await page.$$eval('link[rel=preload][as=fetch]', (links) => links.map((l) => l.href)));
  // The browser tells of a preload whose attributes it ignores at once; of one the page does not
  // use only seconds later, which the comparison of `fetched` with `preloaded` catches.
  assert.deepEqual(notes, [], `${route.slice(0, 40)}: the console says nothing of preloads`);
  return { fetched, preloaded, requests: requests.sort() };
}

export const tests = [
  {
    name: 'a page opened at a screen asks for its part\'s files at once, beside the main part, and each only once',
    async run(t) {
      const record = await fixture('morelles-win.json');
      const replay = `#/replay/${encodeURIComponent(JSON.stringify(JSON.parse(record)))}`;
      const cases = [
        ['#/', '.games', []],
        ['#/new/dominoes', 'form.setup', ['split_dominoes']],
        ['#/embed/quoits?seats=human,human', 'svg.board', ['split_embed', 'split_quoits']],
        // Named as a title, as a curator may write it.
        ['#/embed/Archery?seats=human,human', 'svg.board', ['split_embed', 'split_archery']],
        [shareRoute(record), 'svg.board', ['split_saves', 'split_morris']],
        // The replay viewer, and the game's part, which plays the record through and draws it.
        [replay, 'svg.board', ['split_replay', 'split_morris']],
        [`#/embed/${replay.slice(2)}?theme=dark`, 'svg.board', ['split_replay', 'split_morris']],
        ['#/rules/doquin', '.rules-text h2', ['split_pages']],
        ['#/saves', '#screen-title', ['split_saves']],
      ];
      for (const [route, ready, splits] of cases) {
        const page = await t.page({ serviceWorkers: 'block' });
        const { fetched, preloaded, requests } = await partLoads(page, t.base, route, ready);
        const where = route.slice(0, 40);
        assert.deepEqual(fetched.filter((n) => n.startsWith('split_')), [...splits].sort(), `the parts of ${where}`);
        assert.deepEqual(preloaded, fetched, `${where}: every file the app fetched was asked for ahead, and nothing else`);
        assert.deepEqual(requests, fetched, `${where}: each file went over the network once (the app took the early response)`);
      }
      // A reload of a game in play: the game is read from its autosave.
      const page = await t.page({ serviceWorkers: 'block' });
      await open(page, t.base, shareRoute(record));
      await page.waitForURL(/#\/play\//);
      const again = await page.context().newPage();
      const { fetched, preloaded } = await partLoads(again, t.base, new URL(page.url()).hash, 'svg.board');
      assert.ok(fetched.includes('split_morris'), `a reloaded game fetched its part (${fetched})`);
      assert.deepEqual(preloaded, fetched, 'and asked for its files ahead');
    },
  },
  {
    name: 'the home page loads no part; opening a game fetches that game\'s part and no other game\'s',
    async run(t) {
      const page = await t.page({ serviceWorkers: 'block' });
      const asked = partsAskedFor(page);
      await open(page, t.base, '#/');
      await page.waitForSelector('.games');
      await page.waitForLoadState('networkidle');
      assert.deepEqual([...asked], [], 'the home page asked for no part');
      // The settings and the rules pages share a small part of their own.
      await open(page, t.base, '#/settings');
      await page.waitForSelector('#theme-system, input[name=theme]');
      await open(page, t.base, '#/rules/morris');
      await page.waitForSelector('.rules-text h2');
      await page.waitForLoadState('networkidle');
      assert.ok(asked.has('split_pages'), `the pages' part was fetched (${[...asked]})`);
      assert.ok(![...asked].some((p) => p.startsWith('split_') && p !== 'split_pages'), `and no other part (${[...asked]})`);

      const before = asked.size;
      const ungrouped = [];
      page.on('request', (request) => {
        if (/\/chunk_\d+\.wasm$/.test(new URL(request.url()).pathname)) ungrouped.push(request.url());
      });
      await open(page, t.base, '#/new/morris');
      await page.waitForSelector('form.setup');
      await page.waitForLoadState('networkidle');
      const games = ['morris', 'archery', 'quoits', 'dominoes', 'doquin'];
      assert.ok(asked.has('split_morris'), `Morris's part was fetched (${[...asked]})`);
      // The pieces the parts share come merged into a few groups, not as dozens of small files.
      assert.ok(asked.size - before <= 4, `Morris came in at most four files (${[...asked]})`);
      assert.deepEqual(ungrouped, [], 'no ungrouped chunk was fetched');
      for (const other of games.filter((g) => g !== 'morris')) {
        assert.ok(!asked.has(`split_${other}`), `${other}'s part was not fetched`);
      }
      for (const game of games.slice(1)) {
        await open(page, t.base, `#/new/${game}`);
        await page.waitForSelector('form.setup');
        assert.ok(asked.has(`split_${game}`), `${game}'s part was fetched when ${game} was opened`);
      }
    },
  },
  {
    name: 'a part that cannot be fetched is told plainly, with Try again, and the saved games are kept',
    async run(t) {
      const page = await t.page({ serviceWorkers: 'block', failingLoads: true });
      await open(page, t.base, '#/');
      await page.waitForSelector('.games');
      await page.evaluate(() => localStorage.setItem('parlour.test.keep', 'kept'));
      await page.route(PART, (route) => route.abort('internetdisconnected'));
      // A piece of a screen (the new-game form) is told under the screen's own heading.
      await open(page, t.base, '#/new/dominoes');
      await waitText(page.getByRole('alert'), /did not download/, 10000);
      assert.equal(await page.locator('#screen-title').count(), 1, 'one heading');
      assert.equal((await page.locator('#screen-title').textContent()).trim(), 'New game of Dominoes');
      const alert = await page.getByRole('alert').textContent();
      assert.match(alert, /saved games are untouched/, alert);
      assert.equal(await page.getByRole('button', { name: 'Try again' }).isVisible(), true);
      assert.equal(await page.evaluate(() => localStorage.getItem('parlour.test.keep')), 'kept');
      // A whole screen (saved games) is told in a screen of its own.
      await open(page, t.base, '#/saves');
      await waitText(page.locator('#screen-title'), 'This page could not be loaded', 10000);
      assert.match(await page.getByRole('alert').textContent(), /did not download/);
      await open(page, t.base, '#/new/dominoes');
      await waitText(page.getByRole('alert'), /did not download/, 10000);

      // Back online, Try again opens the game.
      await page.unroute(PART);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForSelector('form.setup', { timeout: 10000 });
      await t.shot(page, 'after-try-again');
    },
  },
  {
    name: 'the Picture and Embed dialogs are parts of their own, fetched when first opened (with no other game\'s files); if it cannot come, a dialog says so and the game plays on',
    async run(t) {
      const page = await t.page({ serviceWorkers: 'block', failingLoads: true });
      const asked = partsAskedFor(page);
      await open(page, t.base, '#/new/quoits');
      await page.waitForSelector('form.setup');
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.waitForSelector('svg.board');
      await page.waitForLoadState('networkidle');
      assert.ok(!asked.has('split_picture') && !asked.has('split_iframe'), `opening a game did not fetch the dialogs' parts (${[...asked]})`);

      // The network gone before the dialogs were ever opened: a dialog says so and closes back
      // to the button; the game is untouched.
      const DIALOGS = /\/split_(picture|iframe)-[0-9a-f]{8}\.wasm$/;
      await page.route(DIALOGS, (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: 'Picture' }).click();
      await waitText(page.getByRole('alert'), /did not download/, 10000);
      assert.equal(await page.getByRole('dialog').count(), 1, 'a dialog tells it');
      await t.shot(page, 'dialog-part-missing');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      assert.equal(await page.getByRole('dialog').count(), 0, 'the dialog closed');
      await waitText(page.locator(':focus'), 'Picture', 5000);
      assert.equal(await page.locator('svg.board').count(), 1, 'the board is still there');

      // Back online, the dialogs open.
      await page.unroute(DIALOGS);
      await page.getByRole('button', { name: 'Embed' }).click();
      await page.waitForSelector('#embed-code', { timeout: 10000 });
      assert.ok(asked.has('split_iframe'), `the Embed dialog's part was fetched (${[...asked]})`);
      const others = [...asked].filter((file) => /(morris|archery|dominoes|doquin)$/.test(file));
      assert.deepEqual(others, [], 'the Embed dialog of a Quoits game fetched no other game\'s files');
      assert.match(await page.locator('#embed-code').inputValue(), /#\/embed\/quoits\?/);
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Picture' }).click();
      await page.waitForSelector('[role=dialog] img.board-picture', { timeout: 10000 });
    },
  },
];
