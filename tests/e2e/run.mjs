// Parlour's end-to-end tests: the release build served from a sub-path by a plain static file
// server, driven in Debian's Chromium by playwright-core.
//
//   node run.mjs DIST [FILTER]
//
// Every `*.spec.mjs` file here exports `tests`: a list of { name, run(t) }. A later game adds
// its own spec file; nothing else changes. Each test gets a fresh browser context (so a fresh
// localStorage); screenshots go to artifacts/ (git-ignored).
import { readdir, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(here, '../../dist'));
const filter = process.argv[3] ?? '';
const artifacts = join(here, 'artifacts');
await mkdir(artifacts, { recursive: true });

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage',
];

const server = await serve(dist, '/parlour/');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

const specs = (await readdir(here)).filter((f) => f.endsWith('.spec.mjs')).sort();
let passed = 0;
const failures = [];
for (const spec of specs) {
  const { tests } = await import(join(here, spec));
  for (const test of tests) {
    const title = `${spec.replace('.spec.mjs', '')}: ${test.name}`;
    if (filter && !title.includes(filter)) continue;
    const contexts = [];
    const errors = [];
    const t = {
      base: server.url,
      /** The build being tested (a folder). */
      dist,
      artifacts,
      /**
       * A fresh page (new context, empty storage) at a viewport width. With `failingLoads`, the
       * console's errors for downloads the test makes fail (the browser's, the parts' loader's)
       * are not counted.
       */
      async page({ width = 1280, height = 900, theme = 'light', failingLoads = false, ...options } = {}) {
        const context = await browser.newContext({
          viewport: { width, height }, colorScheme: theme, acceptDownloads: true, ...options,
        });
        contexts.push(context);
        const page = await context.newPage();
        page.on('pageerror', (e) => {
          // The app's own start, failing with a download the test makes fail.
          if (failingLoads && /^Failed to fetch$/.test(e.message)) return;
          errors.push(`page error: ${e.message}`);
        });
        page.on('console', (m) => {
          if (m.type() !== 'error') return;
          if (failingLoads && /^(Failed to load resource|TypeError: Failed to fetch)/.test(m.text())) return;
          errors.push(`console error: ${m.text()}`);
        });
        return page;
      },
      /** Keeps a full-page screenshot as artifacts/<spec>-<name>.png. */
      async shot(page, name) {
        await page.waitForTimeout(350); // let men finish sliding and settling
        const file = join(artifacts, `${spec.replace('.spec.mjs', '')}-${name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        return file;
      },
    };
    const started = Date.now();
    try {
      await test.run(t);
      if (errors.length) throw new Error(`the page reported errors:\n  ${errors.join('\n  ')}`);
      passed += 1;
      console.log(`ok   ${title} (${Date.now() - started} ms)`);
    } catch (error) {
      failures.push(title);
      console.log(`FAIL ${title}\n     ${String(error.stack ?? error).split('\n').join('\n     ')}`);
    } finally {
      for (const context of contexts) await context.close();
    }
  }
}
await browser.close();
server.close();
console.log(`\n${passed} passed, ${failures.length} failed${failures.length ? ':\n  ' + failures.join('\n  ') : ''}`);
console.log(`screenshots in ${artifacts}`);
process.exit(failures.length ? 1 : 0);
