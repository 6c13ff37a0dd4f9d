// Groups the shared pieces that wasm-split-cli cuts between the app's parts into a few files.
//
// The splitter puts each piece of code that several parts use into a chunk of its own, one per
// set of parts that use it: about a hundred small files, most under 2 KB. Opening a game then
// fetched some fifty of them, and small files compress badly. Here the chunks are merged (with
// binaryen's wasm-merge) into a handful of groups, by who uses them:
// - `common`: used by the saved-games list or by the settings and rules pages (and perhaps by
//   games too): what every part of the app shares;
// - `games`: used by two games or more (and perhaps by the replay viewer or embedded games);
// - one group per game, for what only that game (with the replay viewer and embedded games)
//   uses; what a single game shares with the dialogs every game opens goes to `games`;
// - `other`: the rest, used only by the replay viewer and embedded games.
// A part then loads a few groups instead of dozens of chunks, some of them holding code that it
// does not itself run, and everything is smaller in all.
//
// A chunk imports only the main part's memory, its function table and one global (the stack
// pointer), exports nothing, and at instantiation writes its data and its functions' table
// entries at fixed places. So chunks merge by concatenation, and each chunk still instantiates
// exactly once, in its group.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const GAMES = ['morris', 'archery', 'quoits', 'dominoes', 'doquin'];
// Parts that every game opens alike (the Picture and Embed dialogs): what one shares with a
// single game it shares in effect with all of them, so that goes in the games' group. In that
// game's own group, the dialog opened from any other game would fetch all of that game for a few
// hundred bytes.
const OPENED_BY_EVERY_GAME = ['picture', 'iframe'];
const IMPORTS = { memory: 'memory', __indirect_function_table: 'table', __wasm_split_shared0: 'global' };
const HOST = '__wasm_split';
// While merging, the chunks' imports are satisfied by a hub module named HOST, which imports
// the same things from STAND_IN (a name of the same length, so the bytes can be put back).
const STAND_IN = '__wasm_spli7';

/** The group a chunk used by `users` (part names) goes into. */
export function groupOf(users) {
  if (users.includes('saves') || users.includes('pages')) return 'common';
  const games = users.filter((user) => GAMES.includes(user));
  const everyGame = users.some((user) => OPENED_BY_EVERY_GAME.includes(user));
  if (games.length === 1 && !everyGame) return games[0];
  if (games.length >= 1) return 'games';
  return 'other';
}

const CHUNK = /\/\*\s*([a-z, ]+?)\s*\*\/\s*const __chunk_(\d+) = makeLoad\(\(\) => \{[\s\S]*?\n\}\n, \[\]\);\n/g;

/**
 * Reads the splitter's loader: which chunks there are and which parts use each. Returns the
 * groups (name → chunk numbers and users) and the loader rewritten to load groups instead.
 */
export function planGroups(loader) {
  const groups = new Map();
  const blocks = [...loader.matchAll(CHUNK)];
  if (blocks.length === 0) throw new Error('group-parts: the loader names no chunk (has wasm-split-cli changed?)');
  if (blocks.length !== (loader.match(/const __chunk_\d+ = makeLoad/g) ?? []).length) {
    throw new Error('group-parts: a chunk in the loader is not in the expected form (one that loads others?)');
  }
  for (const [block, list, number] of blocks) {
    const users = list.split(',').map((user) => user.trim());
    const name = groupOf(users);
    const group = groups.get(name) ?? { chunks: [], users: new Set(), template: block, number };
    group.chunks.push(number);
    users.forEach((user) => group.users.add(user));
    groups.set(name, group);
  }
  const groupOfChunk = new Map();
  for (const [name, group] of groups) for (const n of group.chunks) groupOfChunk.set(n, name);

  let text = loader;
  const firstBlock = blocks[0][0];
  for (const [block] of blocks) text = text.replace(block, () => (block === firstBlock ? '\u0000GROUPS\u0000' : ''));
  const declarations = [...groups].map(([name, group]) =>
    group.template
      .replace(/\/\*[^*]*\*\//, `/* ${[...group.users].sort().join(', ')} */`)
      .replace(`const __chunk_${group.number} =`, `const __shared_${name} =`)
      .replace(`./chunk_${group.number}.wasm`, `./shared_${name}.wasm`));
  text = text.replace('\u0000GROUPS\u0000', () => declarations.join(''));
  text = text.replace(/\[(__chunk_\d+(?:, __chunk_\d+)*)\]/g, (_, list) => {
    const names = new Set(list.split(', ').map((id) => groupOfChunk.get(id.slice('__chunk_'.length))));
    return `[${[...names].map((name) => `__shared_${name}`).join(', ')}]`;
  });
  if (text.includes('__chunk_')) throw new Error('group-parts: a chunk is still named in the rewritten loader');
  return { groups, loader: text };
}

/**
 * Reads the grouped loader (as `groupParts` returns it): for each lazy part of the app, the files
 * that loading it fetches, its own first and then the shared groups it needs
 * (`{ morris: ['split_morris.wasm', 'shared_common.wasm', ...] }`).
 */
export function partFiles(loader) {
  const sources = new Map();
  for (const [, name, file] of loader.matchAll(/const (__shared_[a-z]+) = makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/([^"]+)"/g)) {
    sources.set(name, file);
  }
  const files = {};
  for (const [, part, file, deps] of loader.matchAll(
    /export const __wasm_split_load_([a-z]+) = wrapAsyncCb\(makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/([^"]+)"[^]*?\n, \[([^\]]*)\]\)\)/g,
  )) {
    const shared = deps.split(',').map((d) => d.trim()).filter(Boolean).map((d) => {
      if (!sources.has(d)) throw new Error(`group-parts: the loader's part ${part} needs ${d}, which it does not fetch`);
      return sources.get(d);
    });
    files[part] = [file, ...shared];
  }
  if (Object.keys(files).length === 0) throw new Error('group-parts: found no part in the loader (has its form changed?)');
  return files;
}

/** The sections of a WebAssembly module: [{ id, start, end }] of each payload. */
function sections(bytes) {
  const out = [];
  let at = 8;
  const leb = () => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = bytes[at++];
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return value >>> 0;
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const length = leb();
    out.push({ id, start: at, end: at + length });
    at += length;
  }
  return out;
}

const name = (text) => Buffer.concat([Buffer.from([text.length]), Buffer.from(text)]);
const section = (id, payload) => {
  const length = [];
  let n = payload.length;
  do {
    length.push((n & 0x7f) | (n >= 0x80 ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return Buffer.concat([Buffer.from([id, ...length]), payload]);
};

/** Puts `to` for `from` as the module name of every import (same length: no sizes change). */
function renameImports(bytes, from, to) {
  const out = Buffer.from(bytes);
  const imports = sections(out).find((s) => s.id === 2);
  if (!imports) return out;
  const old = name(from);
  let at = out.indexOf(old, imports.start);
  while (at !== -1 && at < imports.end) {
    name(to).copy(out, at);
    at = out.indexOf(old, at + old.length);
  }
  return out;
}

/** Checks that a chunk imports only what the hub gives and exports nothing. */
function checkChunk(file, bytes) {
  const module = new WebAssembly.Module(bytes);
  for (const { module: from, name: what, kind } of WebAssembly.Module.imports(module)) {
    if (from !== HOST || IMPORTS[what] !== kind) {
      throw new Error(`group-parts: ${file} imports ${from}.${what} (${kind}), which the grouping does not know`);
    }
  }
  if (WebAssembly.Module.exports(module).length > 0) throw new Error(`group-parts: ${file} exports something`);
}

/**
 * The hub: a module named HOST for wasm-merge that imports the memory, table and global (with
 * a chunk's own limits, taken from `sample`, a chunk that imports all three) from STAND_IN and
 * exports them under their own names.
 */
function hub(sample) {
  const imports = sections(sample).find((s) => s.id === 2);
  const payload = renameImports(sample, HOST, STAND_IN).subarray(imports.start, imports.end);
  const kinds = { table: 1, memory: 2, global: 3 };
  const exports = Buffer.concat([
    Buffer.from([3]),
    ...Object.entries(IMPORTS).map(([what, kind]) => Buffer.concat([name(what), Buffer.from([kinds[kind], 0])])),
  ]);
  return Buffer.concat([
    Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]),
    section(2, payload),
    section(7, exports),
  ]);
}

/**
 * Merges the chunks in `dir` into their groups, written to `out` as shared_<group>.wasm (shrunk
 * with wasm-opt when `shrink`), and returns the loader rewritten to load the groups.
 */
export async function groupParts({ dir, out, loader, features, shrink, scratch }) {
  const { groups, loader: rewritten } = planGroups(loader);
  const chunks = new Map();
  for (const group of groups.values()) {
    for (const n of group.chunks) {
      const file = join(dir, `chunk_${n}.wasm`);
      const bytes = await readFile(file);
      checkChunk(file, bytes);
      chunks.set(n, bytes);
    }
  }
  const sample = [...chunks.values()].find((bytes) =>
    WebAssembly.Module.imports(new WebAssembly.Module(bytes)).length === Object.keys(IMPORTS).length);
  if (!sample) throw new Error('group-parts: no chunk imports the memory, the table and the stack pointer');
  const hubFile = join(scratch, 'hub.wasm');
  await writeFile(hubFile, hub(sample));

  for (const [group, { chunks: members }] of groups) {
    const merged = join(scratch, `merged_${group}.wasm`);
    const inputs = members.flatMap((n) => [join(dir, `chunk_${n}.wasm`), `chunk_${n}`]);
    execFileSync('wasm-merge', [...features, hubFile, HOST, ...inputs, '-o', merged], { stdio: 'inherit' });
    const shrunk = join(scratch, `shrunk_${group}.wasm`);
    // The hub's exports were only for the merge.
    execFileSync('wasm-opt', [...features, ...(shrink ? ['-Oz'] : []), '--remove-exports', '--pass-arg=remove-exports@*', merged, '-o', shrunk], { stdio: 'inherit' });
    const bytes = renameImports(await readFile(shrunk), STAND_IN, HOST);
    checkChunk(`the ${group} group`, bytes);
    await writeFile(join(out, `shared_${group}.wasm`), bytes);
  }
  const summary = [...groups].map(([group, { chunks: members }]) => `${group} (${members.length})`).join(', ');
  console.log(`group-parts: ${chunks.size} chunks in ${groups.size} groups: ${summary}`);
  return rewritten;
}
