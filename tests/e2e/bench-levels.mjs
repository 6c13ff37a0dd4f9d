// Benchmark (not a test): how long the computer takes per move at each level, in Chromium,
// through the app's own Web Worker. Prints a table; asserts nothing.
//
//   node bench-levels.mjs DIST
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';

const dist = process.argv[2] ?? '../../dist';
const LEVELS = ['beginner', 'easy', 'medium', 'hard', 'hardest'];
const win = JSON.parse(await readFile(new URL('./fixtures/morelles-win.json', import.meta.url), 'utf8'));
const moving = JSON.parse(await readFile(new URL('./fixtures/morrice-moving.json', import.meta.url), 'utf8'));
const POSITIONS = [
  ['Morelles, start', { ...win, moves: [] }],
  ['Morelles, placing', { ...win, moves: win.moves.slice(0, 9) }],
  ['Morrice, moving', moving],
  ['Morelles, flying', { ...win, moves: win.moves.slice(0, 19) }],
  ['Twelve Men\'s, start', { ...win, variant: 'twelve-mens', moves: [] }],
  ['Doquin 2, start', doquin(2, {}, [])],
  ['Doquin 2, middle', doquin(2, {}, ['F4-4', 'F2-2', 'R2-1', 'F2-1', 'T4-1', 'T4-2', 'F3-3', 'T1-3'])],
  ['Doquin 3, start', doquin(3, {}, [])],
  ['Doquin 4, 5-block', doquin(4, { size: 5 }, ['F1-1', 'R3-3', 'T2-2', 'F5-5'])],
];

/** A record of Doquin for `players` players. */
function doquin(players, options, moves) {
  return {
    format: 'parlour-record', version: 1, game: 'doquin', options,
    players: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}`, kind: 'human' })),
    moves,
  };
}

const server = await serve(dist, '/parlour/');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
const page = await browser.newPage();
await page.goto(server.url);
const rows = await page.evaluate(async ({ levels, positions }) => {
  const worker = new Worker(new URL('parlour-worker_loader.js', document.baseURI));
  const replies = [];
  let wake = null;
  worker.onmessage = (event) => { replies.push(event.data); if (wake) wake(); };
  const next = () => new Promise((resolve) => {
    if (replies.length) resolve(replies.shift());
    else wake = () => { wake = null; resolve(replies.shift()); };
  });
  await next(); // "ready"
  const out = [];
  let id = 0;
  for (const [name, record] of positions) {
    for (const level of levels) {
      const started = performance.now();
      worker.postMessage(JSON.stringify({ id: ++id, task: 'move', record, level, seed: id }));
      const answer = JSON.parse(await next());
      out.push({ position: name, level, ms: Math.round(performance.now() - started), depth: answer.depth, move: answer.move ?? answer.error });
    }
  }
  worker.terminate();
  return out;
}, { levels: LEVELS, positions: POSITIONS });
await browser.close();
server.close();

console.log(`${'position'.padEnd(22)}${LEVELS.map((l) => l.padStart(10)).join('')}   (ms per move, depth or playouts)`);
for (const [name] of POSITIONS) {
  const cells = LEVELS.map((level) => {
    const row = rows.find((r) => r.position === name && r.level === level);
    if (!row.move || /\s/.test(row.move)) throw new Error(`${name} at ${level}: no move (${row.move})`);
    return `${row.ms}/${row.depth}`.padStart(10);
  });
  console.log(`${name.padEnd(22)}${cells.join('')}`);
}
const worst = Math.max(...rows.map((r) => r.ms));
console.log(`slowest move: ${worst} ms (the hardest level aims for at most 1500 ms)`);
