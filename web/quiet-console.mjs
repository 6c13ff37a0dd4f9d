// Trunk's post-build hook, after place-split.mjs: two things in what Trunk writes that the
// browser's console complains of on every page (and on every site a game is embedded in), put
// right.
// - Trunk's loader for the computer players' worker starts wasm-bindgen's glue with the file's
//   path as a bare string, which wasm-bindgen takes but warns about on every start; this passes
//   it as the object the glue asks for. The build fails if the loader is not in the form Trunk
//   writes, so that the warning cannot come back unseen.
// - Trunk's preload of the main WebAssembly carries an `integrity` hash, which browsers ignore on
//   a preload of this kind, and say so. The app's own fetch of the file, which the preload
//   serves, never carried one, so taking the attribute off changes nothing but the console.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) throw new Error('quiet-console.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');

const worker = join(stage, 'parlour-worker_loader.js');
const loader = await readFile(worker, 'utf8');
const start = /wasm_bindgen\(("\.\/parlour-worker_bg\.wasm")\);/;
if (!start.test(loader)) {
  throw new Error(`quiet-console.mjs: ${worker} does not start the worker's WebAssembly as expected:\n${loader}`);
}
await writeFile(worker, loader.replace(start, 'wasm_bindgen({ module_or_path: $1 });'));

const page = join(stage, 'index.html');
const html = await readFile(page, 'utf8');
const preload = /<link rel="preload"[^>]*as="fetch"[^>]*>/g;
await writeFile(page, html.replace(preload, (link) => link.replace(/ integrity="[^"]*"/, '')));
console.log('quiet-console.mjs: the worker starts its WebAssembly without the deprecated call; the preload has no ignored hash');
