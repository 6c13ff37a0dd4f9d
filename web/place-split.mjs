// Trunk's post-build hook: takes the game parts that web/wasm-link.sh split off the web app's
// WebAssembly (one per lazy point: each game's screens) into the build, shrinks each with
// wasm-opt as Trunk shrinks the main part, merges the small pieces they share into a few groups
// (web/group-parts.mjs), and points their loader at the app's script, whose name Trunk has
// hashed.
//
// Trunk runs it with TRUNK_STAGING_DIR set to the folder being built.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { groupParts, partFiles } from './group-parts.mjs';

const stage = process.env.TRUNK_STAGING_DIR;
const source = process.env.TRUNK_SOURCE_DIR ?? process.cwd();
if (!stage) throw new Error('place-split.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');
const profile = process.env.TRUNK_PROFILE === 'debug' ? 'debug' : 'release';
const target = process.env.CARGO_TARGET_DIR ?? join(source, 'target');
const parts = join(target, 'wasm32-unknown-unknown', profile, 'wasm-split');

const staged = await readdir(stage);
const script = staged.find((name) => /^parlour-web(-[0-9a-f]+)?\.js$/.test(name));
if (!script) throw new Error(`place-split.mjs: no parlour-web script in ${stage}`);
const glue = await readFile(join(stage, script), 'utf8');
if (!glue.includes('__wasm_split')) {
  console.log('place-split: the app was not split (no lazy points)');
  process.exit(0);
}
if (!existsSync(parts)) throw new Error(`place-split.mjs: the app imports its split parts but ${parts} is missing`);

// The parts are shrunk with the same WebAssembly features as the main part: those index.html
// gives Trunk for the app (data-wasm-opt-params on its data-bin="parlour-web" link).
const page = await readFile(join(source, 'index.html'), 'utf8');
const app = page.match(/<link[^>]*data-bin="parlour-web"[^>]*>/s)?.[0];
const params = app?.match(/data-wasm-opt-params="([^"]*)"/)?.[1];
if (!params) throw new Error('place-split.mjs: index.html gives no data-wasm-opt-params for parlour-web');
const features = params.split(/\s+/).filter(Boolean);
const shrink = profile === 'release';
let count = 0;
let placed = null;
for (const name of await readdir(parts)) {
  const from = join(parts, name);
  const to = join(stage, name);
  if (/^chunk_\d+\.wasm$/.test(name)) continue; // merged into their groups below
  if (name.endsWith('.wasm')) {
    if (shrink) {
      execFileSync('wasm-opt', ['-Oz', ...features, from, '-o', to], { stdio: 'inherit' });
    } else {
      await copyFile(from, to);
    }
    count += 1;
  } else if (name.endsWith('.js')) {
    const scratch = await mkdtemp(join(tmpdir(), 'parlour-parts-'));
    try {
      const loader = await groupParts({ dir: parts, out: stage, loader: await readFile(from, 'utf8'), features, shrink, scratch });
      placed = { to, loader };
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  } else {
    await copyFile(from, to);
  }
}
if (placed) {
  // Each part's file is named by its contents, as Trunk names the main part's: a tab left open
  // on an older build, whose loader asks for that build's parts, is never handed a newer build's
  // (which does not fit its main part and stops the app); the file it asks for is missing, which
  // the app reports with a Try again, beside the offer to reload.
  let { to, loader } = placed;
  for (const name of await readdir(stage)) {
    const part = name.match(/^((?:split|shared)_[a-z]+)\.wasm$/);
    if (!part) continue;
    const hash = createHash('sha256').update(await readFile(join(stage, name))).digest('hex').slice(0, 8);
    const named = `${part[1]}-${hash}.wasm`;
    await rename(join(stage, name), join(stage, named));
    const quoted = `"./${name}"`;
    if (!loader.includes(quoted)) throw new Error(`place-split.mjs: the parts' loader does not fetch ${name}`);
    loader = loader.replaceAll(quoted, `"./${named}"`);
  }
  await writeFile(to, loader.replaceAll('./parlour-web.js', `./${script}`));
  await preloadParts(loader);
}
console.log(`place-split: ${count} split parts placed beside ${script}`);

/**
 * Puts web/preload-parts.js into the built index.html, with the files of each part as `loader`
 * fetches them, so that a page opened at a game asks for that game's files at once; and asks
 * for the loader itself beside the app's script, which imports it.
 */
async function preloadParts(loader) {
  const files = partFiles(loader);
  const template = await readFile(join(source, 'web', 'preload-parts.js'), 'utf8');
  if (!template.includes('__PARTS__')) throw new Error('place-split.mjs: web/preload-parts.js has no __PARTS__');
  const page = join(stage, 'index.html');
  const html = await readFile(page, 'utf8');
  // Straight after the character set, before the style sheet: a script after a style sheet
  // waits for it to arrive.
  const charset = html.match(/<meta charset="[^"]*">/)?.[0];
  if (!charset) throw new Error('place-split.mjs: the built index.html has no <meta charset>');
  // Its comments stay in web/; the page gets the code alone.
  const script = template.replace(/^\s*\/\/.*\n/gm, '').replace('__PARTS__', JSON.stringify(files));
  const tags = `<link rel="modulepreload" href="./__wasm_split.js" crossorigin="anonymous">\n<script>\n${script}</script>\n`;
  // The page's comments stay in index.html's source; the page gets the code alone (its HTML
  // comments, and the lines of its inline scripts that are only a comment).
  const bare = html
    .replace(/<!--[^]*?-->\n?/g, '')
    .replace(/<script>[^]*?<\/script>/g, (inline) => inline.replace(/^\s*\/\/.*\n/gm, ''));
  await writeFile(page, bare.replace(charset, `${charset}\n${tags}`));
  console.log(`place-split: index.html preloads the parts of ${Object.keys(files).join(', ')}`);
}
