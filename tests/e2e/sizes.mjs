// Prints the size of every file of a build, raw and brotli-compressed, then what each load costs:
// the first load (what the home page needs: the HTML, the style sheet, the app's script and its
// main WebAssembly, and the loader of the games' parts), each game's part (fetched when that game
// is first opened, with the shared pieces it needs), and all five games together. The computer
// players' worker is fetched only when a computer seat or a hint first needs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { partFiles } from '../../web/group-parts.mjs';

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
const brotli = new Map();
console.log(`${'file'.padEnd(48)}${'raw KB'.padStart(8)}${'br KB'.padStart(8)}`);
for (const path of files.sort()) {
  const body = readFileSync(path);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const name = relative(dist, path);
  brotli.set(name, br);
  console.log(`${name.padEnd(48)}${kb(body.length)}${kb(br)}`);
}

const sum = (names) => names.reduce((total, name) => total + (brotli.get(name) ?? 0), 0);
const first = [...brotli.keys()].filter((name) =>
  /^(index\.html|[^/]+\.css|__wasm_split\.js)$/.test(name) || /^parlour-web[^/]*\.(js|wasm)$/.test(name));
const firstLoad = sum(first);

// Each game's part is its own file and the shared groups it needs, as the parts' loader fetches
// them.
const games = ['morris', 'archery', 'quoits', 'dominoes', 'doquin'];
const loader = join(dist, '__wasm_split.js');
const parts = existsSync(loader) ? partFiles(readFileSync(loader, 'utf8')) : {};
const pieces = new Map(games.map((game) => [game, parts[game] ?? []]));
console.log('');
console.log(`first load (home page usable: HTML + CSS + JS + main wasm), brotli: ${kb(firstLoad).trim()} KB (budget 150 KB)`);
for (const game of games) {
  const own = sum(pieces.get(game));
  console.log(`  ${game.padEnd(9)} part, fetched when first opened: ${kb(own).trim()} KB (first load with it: ${kb(firstLoad + own).trim()} KB)`);
}
// Every file that some game needs, once: not the groups only other parts need.
const everything = firstLoad + sum([...new Set(games.flatMap((game) => pieces.get(game)))]);
console.log(`all five games together, brotli: ${kb(everything).trim()} KB (budget 300 KB)`);
