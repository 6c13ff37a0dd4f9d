// Trunk's post-build hook, after quiet-console.mjs and before make-sw.mjs: the style sheet goes
// to the page without its comments and the indentation of its lines (style/main.css keeps
// them for the reader). The comments are prose, which compresses poorly: this takes about
// 2.4 KB brotli off the first load. The white space that only lays a line out for the reader
// goes too (about 0.1 KB more). Nothing else is touched (no rules merged or reordered, no
// value rewritten), so the sheet means what its source says.
//
// The file keeps the name Trunk gave it (a hash of the source, which changes with it); the
// page's `integrity` for it is written again for the new contents.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) throw new Error('shrink-css.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is not set)');

const page = join(stage, 'index.html');
let html = await readFile(page, 'utf8');
const sheets = (await readdir(stage)).filter((name) => name.endsWith('.css'));
if (sheets.length === 0) throw new Error(`shrink-css.mjs: no style sheet in ${stage}`);
for (const name of sheets) {
  const path = join(stage, name);
  const source = await readFile(path, 'utf8');
  const small = shrunk(source);
  await writeFile(path, small);
  const link = new RegExp(`<link rel="stylesheet" href="\\./${name.replace(/[.]/g, '\\.')}" integrity="sha384-[^"]*"`);
  if (!link.test(html)) throw new Error(`shrink-css.mjs: index.html does not link ${name} with an integrity hash as Trunk writes it`);
  const integrity = `sha384-${createHash('sha384').update(small).digest('base64')}`;
  html = html.replace(link, `<link rel="stylesheet" href="./${name}" integrity="${integrity}"`);
  console.log(`shrink-css.mjs: ${name} ${source.length} to ${small.length} bytes`);
}
await writeFile(page, html);

/**
 * The sheet without what is there only for its reader, quoted strings (a `content`, a font's
 * name) kept whole:
 * - its comments;
 * - the indentation of its lines;
 * - the white space after `{`, `;` and `:`, and before `{` and `}`, and a block's last `;`.
 * A space before a `:` is left: there it may be a selector's descendant combinator,
 * `.play :is(h1, h2)`. So are one after a `,`, which a custom property's value keeps as written,
 * and one after a `:` in brackets, which `@supports (x: y)` keeps.
 */
function shrunk(css) {
  let out = '';
  let quote = null;
  let depth = 0;
  for (let i = 0; i < css.length; i += 1) {
    const c = css[i];
    if (quote) {
      out += c;
      if (c === '\\') out += css[++i] ?? '';
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) throw new Error('shrink-css.mjs: a comment in the style sheet is not closed');
      i = end + 1;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    const after = out.at(-1);
    if (/\s/.test(c) && (after === '\n' || after === '{' || after === ';' || (after === ':' && depth === 0)
      || /^\s*[{}]/.test(css.slice(i, i + 40)))) continue;
    if (c === '}' && after === ';') out = out.slice(0, -1);
    out += c;
  }
  return out.trim() + '\n';
}
