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
  return page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('parlour-')));
}

export const tests = [
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
    name: 'a new deployment is offered as a reload and replaces the old files',
    async run(t) {
      // A copy of the build on its own server, so that it can be "deployed" again.
      const dir = await mkdtemp(join(tmpdir(), 'parlour-sw-'));
      await cp(t.dist, dir, { recursive: true });
      const site = await serve(dir, '/parlour/');
      try {
        const page = await t.page();
        await open(page, site.url, '#/');
        const [first] = await controlled(page);
        assert.equal(await page.locator('#update-banner').count(), 0, 'no offer without a new version');

        const sw = join(dir, 'sw.js');
        const text = await readFile(sw, 'utf8');
        const next = text.replace(/const VERSION = "([0-9a-f]+)";/, 'const VERSION = "$1-next";');
        assert.notEqual(next, text, 'sw.js names its build');
        await writeFile(sw, next);
        await page.reload();
        await page.waitForSelector('.games');
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
        await page.waitForSelector('#update-banner', { timeout: 20000 });
        await waitText(page.locator('#update-banner'), 'A new version of Parlour is ready');
        await t.shot(page, 'update-offered');
        await page.locator('#update-banner button').click();
        await page.waitForSelector('.games');
        await page.waitForFunction((old) => caches.keys().then((k) => k.length === 1 && k[0] !== old), first, { timeout: 20000 });
        const [now] = await page.evaluate(() => caches.keys());
        assert.equal(now, `${first}-next`, 'the new build took over and the old cache is gone');
        assert.equal(await page.locator('#update-banner').count(), 0, 'the reloaded page has no offer');
      } finally {
        site.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
