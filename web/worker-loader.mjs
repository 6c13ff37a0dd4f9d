// Trunk's post-build hook, after place-split.mjs: Trunk's loader for the computer players'
// worker starts wasm-bindgen's glue with the file's path as a bare string, which wasm-bindgen
// takes but warns about in the console on every start; this passes it as the object the glue
// asks for. Fails the build if the loader is not in the form Trunk writes.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) throw new Error('worker-loader.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');
const file = join(stage, 'parlour-worker_loader.js');
const loader = await readFile(file, 'utf8');
const start = /wasm_bindgen\(("\.\/parlour-worker_bg\.wasm")\);/;
if (!start.test(loader)) {
  throw new Error(`worker-loader.mjs: ${file} does not start the worker's WebAssembly as expected:\n${loader}`);
}
await writeFile(file, loader.replace(start, 'wasm_bindgen({ module_or_path: $1 });'));
console.log('worker-loader.mjs: the worker starts its WebAssembly without the deprecated call');
