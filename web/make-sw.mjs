// Trunk's post-build hook: writes sw.js into the build, with the list of every file of the build
// and a version made from their contents, so that each build's cache has its own name.
//
// Trunk runs it with TRUNK_STAGING_DIR set to the folder being built.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const stage = process.env.TRUNK_STAGING_DIR;
const source = process.env.TRUNK_SOURCE_DIR ?? process.cwd();
if (!stage) throw new Error('make-sw.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');

async function files(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await files(path)));
    else out.push(path);
  }
  return out;
}

const all = (await files(stage))
  .map((path) => relative(stage, path).split(sep).join('/'))
  .filter((name) => name !== 'sw.js')
  .sort();
const hash = createHash('sha256');
for (const name of all) {
  hash.update(name);
  hash.update(await readFile(join(stage, name)));
}
const version = hash.digest('hex').slice(0, 16);
const template = await readFile(join(source, 'web', 'sw.js'), 'utf8');
const worker = template
  .replace("'__VERSION__'", JSON.stringify(version))
  .replace('__FILES__', JSON.stringify(['./', ...all], null, 2));
await writeFile(join(stage, 'sw.js'), worker);
console.log(`sw.js: build ${version}, ${all.length} files`);
