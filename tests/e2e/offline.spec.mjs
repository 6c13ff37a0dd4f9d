// Offline and installable: after one visit the app loads and every game plays with the network
// off (the computer's worker too), from a sub-path; a new deployment is offered as a reload and
// replaces the old build's files.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, open, waitText } from './lib.mjs';
import { serve } from './server.mjs';

/** Waits until a service worker controls the page and has its build's files in its cache. */
async function controlled(page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20000 });
  return page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('parlour ')));
}

export const tests = [
  {
    name: 'an app whose files do not arrive says it could not start, and Try again starts it',
    async run(t) {
      const page = await t.page({ width: 390, height: 844, serviceWorkers: 'block', failingLoads: true });
      let failing = true;
      await page.route(/parlour-web-[0-9a-f]+_bg\.wasm$/, (route) => (failing ? route.abort() : route.continue()));
      await page.goto(`${t.base}#/`);
      await waitText(page.locator('#boot'), 'Parlour could not start', 10000);
      await t.shot(page, 'could-not-start-390');
      failing = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForSelector('.games');
      assert.equal(await page.locator('#boot').count(), 0, 'the line goes once the app runs');
    },
  },
  {
    name: 'after one visit every game opens and plays with the network off',
    async run(t) {
      const page = await t.page();
      await open(page, t.base, '#/');
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector('link[rel=manifest]');
        return (await fetch(link.href)).json();
      });
      assert.equal(manifest.start_url, './', 'the manifest starts where it is served (any sub-path)');
      assert.ok(manifest.icons.some((i) => i.sizes === '512x512'), 'a large icon for installing');
      const names = await controlled(page);
      assert.equal(names.length, 1, `one build's cache (${names})`);

      await page.context().setOffline(true);
      await page.reload();
      await page.waitForSelector('.games');
      for (const game of ['morris', 'archery', 'quoits', 'dominoes', 'doquin']) {
        await open(page, t.base, `#/rules/${game}`);
        await page.waitForSelector('.rules-text h2');
        await open(page, t.base, `#/new/${game}`);
        await page.waitForSelector('form.setup');
      }
      // A game against the computer: its worker's files come from the cache too.
      await open(page, t.base, '#/new/doquin');
      await page.selectOption('#seat-2-kind', 'easy');
      await page.locator('input[name="first"]').nth(2).check();
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.waitForSelector('.doquin-faces');
      await page.waitForFunction(() => {
        const id = location.hash.match(/^#\/play\/(.+)$/)?.[1];
        const text = id && localStorage.getItem(`parlour/game/${id}`);
        return text && JSON.parse(text).record.moves.length >= 1;
      }, null, { timeout: 15000 });
      await waitText(page.locator('.status'), 'to play');
      await page.locator('.doquin-faces [data-target]').first().click();
      await page.waitForFunction(() => {
        const id = location.hash.match(/^#\/play\/(.+)$/)?.[1];
        return JSON.parse(localStorage.getItem(`parlour/game/${id}`)).record.moves.length >= 2;
      });
      await page.context().setOffline(false);
    },
  },
  {
    name: 'a new deployment is offered as a reload, in every tab, and replaces the old files with its own, not the browser\'s kept copies',
    async run(t) {
      // A copy of the build on its own server, so that it can be "deployed" again; its files
      // may be kept by the browser for ten minutes, as GitHub Pages allows.
      const dir = await mkdtemp(join(tmpdir(), 'parlour-sw-'));
      await cp(t.dist, dir, { recursive: true });
      // A page of the site beside the app.
      await writeFile(join(dir, 'notes.html'), '<!doctype html><title>Notes</title><p id="notes">A curator\'s notes</p>');
      const site = await serve(dir, '/parlour/', 0, { cacheControl: 'max-age=600' });
      try {
        const page = await t.page();
        await open(page, site.url, '#/');
        const [first] = await controlled(page);
        assert.ok(first.startsWith('parlour /parlour/ '), `the cache names the app's address (${first})`);
        assert.equal(await page.locator('#update-banner').count(), 0, 'no offer without a new version');
        // Another copy of Parlour on the same site (another project site of the same user).
        await page.evaluate(() => caches.open('parlour /parlour-dev/ 0123').then((c) => c.put('x', new Response('x'))));
        // The site's other pages are its own, not the app's, once the app's worker is there.
        const other = await page.context().newPage();
        await other.goto(`${site.url}notes.html`);
        await waitText(other.locator('#notes'), "A curator's notes");
        await other.close();
        const tab = await page.context().newPage();
        await open(tab, site.url, '#/saves');
        await tab.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20000 });

        // Deployed again: a new page (the browser still keeps the old one) and a new worker.
        const html = join(dir, 'index.html');
        await writeFile(html, (await readFile(html, 'utf8')).replace('Setting out the board', 'Setting out the new board'));
        const sw = join(dir, 'sw.js');
        const text = await readFile(sw, 'utf8');
        const next = text.replace(/const VERSION = "([0-9a-f]+)";/, 'const VERSION = "$1-next";');
        assert.notEqual(next, text, 'sw.js names its build');
        await writeFile(sw, next);
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
        await page.waitForSelector('#update-banner', { timeout: 20000 });
        await waitText(page.locator('#update-banner'), 'A new version of Parlour is ready');
        await t.shot(page, 'update-offered');
        // Later puts the offer away, and nothing changes until the next visit, which offers
        // it again.
        await page.getByRole('button', { name: 'Later' }).click();
        assert.equal(await page.locator('#update-banner').count(), 0, 'Later puts the offer away');
        assert.ok(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()).waiting), 'the new build still waits');
        await page.reload();
        await waitText(page.locator('#update-banner'), 'A new version of Parlour is ready');
        await page.getByRole('button', { name: 'Reload' }).click();
        await page.waitForSelector('.games');
        const ours = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('parlour /parlour/ ')));
        await page.waitForFunction((old) => caches.keys().then((k) => k.filter((n) => n.startsWith('parlour /parlour/ ')).length === 1 && !k.includes(old)), first, { timeout: 20000 });
        const [now] = await ours();
        assert.equal(now, `${first}-next`, 'the new build took over and the old cache is gone');
        assert.ok((await page.evaluate(() => caches.keys())).includes('parlour /parlour-dev/ 0123'), 'the other copy\'s cache is kept');
        assert.equal(await page.locator('#update-banner').count(), 0, 'the reloaded page has no offer');
        const kept = await page.evaluate(async (name) => (await (await caches.open(name)).match('index.html')).text(), now);
        assert.ok(kept.includes('Setting out the new board'), 'the new cache holds the new page, fetched past the browser\'s copy');
        // The other tab, still on the old build, is asked to reload, and its Reload does.
        await waitText(tab.locator('#update-banner'), 'Parlour was updated in another tab');
        assert.equal(await tab.locator('#update-banner .later').count(), 0, 'its old files are gone: no Later');
        await tab.getByRole('button', { name: 'Reload' }).click();
        await tab.waitForFunction(() => document.body.innerHTML.includes('Setting out the new board') || !document.querySelector('#update-banner'), null, { timeout: 20000 });
        await tab.waitForSelector('#screen-title');
        assert.equal(await tab.locator('#update-banner').count(), 0, 'the other tab reloaded on the new build');
      } finally {
        site.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
