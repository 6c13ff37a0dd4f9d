// Prints the size of every file of a build, raw and brotli-compressed, and the first-load total
// (the HTML, CSS, JS and wasm that the home page needs).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else files.push(path);
  }
};
walk(dist);
const kb = (n) => (n / 1024).toFixed(1).padStart(8);
let firstLoad = 0;
console.log(`${'file'.padEnd(48)}${'raw KB'.padStart(8)}${'br KB'.padStart(8)}`);
for (const path of files.sort()) {
  const body = readFileSync(path);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const name = relative(dist, path);
  // The worker (the computer players) is fetched only when a computer seat or a hint needs it.
  if (/^(index\.html|[^/]+\.(css|js|wasm))$/.test(name) && !name.startsWith('parlour-worker')) firstLoad += br;
  console.log(`${name.padEnd(48)}${kb(body.length)}${kb(br)}`);
}
console.log(`first load (HTML + CSS + JS + wasm), brotli: ${kb(firstLoad).trim()} KB (budget 150 KB)`);
