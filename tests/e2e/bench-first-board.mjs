// Benchmark (not a test): how long the app takes to show a usable board, against a plain static
// page holding the same board's SVG and the same style sheet. Each load is in a fresh browser
// context (nothing cached), from the sub-path of a plain static file server, first straight from
// this machine and then as from a distant host. Prints the median of each and their ratio;
// asserts nothing.
//
//   node bench-first-board.mjs DIST [RUNS]
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';

const dist = process.argv[2] ?? '../../dist';
const runs = Number(process.argv[3] ?? 7);
const record = JSON.parse(await readFile(new URL('./fixtures/morelles-win.json', import.meta.url), 'utf8'));
record.moves = record.moves.slice(0, 10);
const route = '#/open/' + encodeURIComponent(JSON.stringify(record));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});

// A distant host: each request waits 80 ms for its answer, and the line carries 100 Mbit/s.
const DISTANT = { offline: false, latency: 80, downloadThroughput: 12.5e6, uploadThroughput: 12.5e6 };

/**
 * Milliseconds from navigation until `selector` is in the page, in a fresh context; over
 * `network` conditions (Chromium's emulation) when given, else straight from this machine.
 */
async function firstBoard(url, selector, network) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  if (network) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector);
  const ms = await page.evaluate(() => performance.now());
  await context.close();
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The app, and a copy of its board as a static page beside a copy of the build.
const app = await serve(dist, '/parlour/');
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(app.url + route);
await page.waitForSelector('svg.board');
const board = await page.locator('svg.board').evaluate((svg) => svg.outerHTML);
await page.close();
const dir = await mkdtemp(join(tmpdir(), 'parlour-static-'));
await cp(dist, dir, { recursive: true });
const css = (await readdir(dir)).find((f) => f.endsWith('.css'));
await writeFile(join(dir, 'static.html'), `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="${css}"><title>Static board</title></head>
<body><main id="main"><section class="screen play">${board}</section></main></body></html>`);
const copy = await serve(dir, '/parlour/');

/** The medians of the app's and the static page's times to their boards. */
async function compare(network) {
  const appTimes = [];
  const staticTimes = [];
  for (let i = 0; i < runs; i += 1) {
    appTimes.push(await firstBoard(app.url + route, 'svg.board', network));
    staticTimes.push(await firstBoard(copy.url + 'static.html', 'svg.board', network));
  }
  return [median(appTimes), median(staticTimes)];
}
const [a, s] = await compare();
const [far, farStatic] = await compare(DISTANT);
await browser.close();
app.close();
copy.close();
await rm(dir, { recursive: true, force: true });

console.log(`first usable board (median of ${runs}, fresh context each): app ${a.toFixed(0)} ms, static page with the same SVG ${s.toFixed(0)} ms, ratio ${(a / s).toFixed(1)}`);
console.log(`  from a distant host (80 ms a request, 100 Mbit/s): app ${far.toFixed(0)} ms, static page ${farStatic.toFixed(0)} ms, ratio ${(far / farStatic).toFixed(1)}`);
