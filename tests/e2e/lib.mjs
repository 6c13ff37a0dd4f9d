// Helpers the end-to-end specs share.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export { assert };
const here = dirname(fileURLToPath(import.meta.url));

/** A fixture file's text. */
export function fixture(name) {
  return readFile(join(here, 'fixtures', name), 'utf8');
}

/** Opens a screen of the app by its route (`#/saves`) and waits for its heading. */
export async function open(page, base, route = '#/') {
  await page.goto(base + route);
  await page.waitForSelector('#screen-title');
}

/** Every key Parlour keeps in localStorage, with its value. */
export function storage(page) {
  return page.evaluate(() => Object.fromEntries(
    Object.keys(localStorage).filter((k) => k.startsWith('parlour/')).map((k) => [k, localStorage.getItem(k)]),
  ));
}

/** The share link of a record: opening it starts a game in progress at that point. */
export function shareRoute(record) {
  return '#/open/' + encodeURIComponent(typeof record === 'string' ? JSON.stringify(JSON.parse(record)) : JSON.stringify(record));
}

/** Waits until the text of a locator matches. */
export async function waitText(locator, pattern, timeout = 5000) {
  const until = Date.now() + timeout;
  let text = '';
  while (Date.now() < until) {
    text = (await locator.textContent()) ?? '';
    if (pattern instanceof RegExp ? pattern.test(text) : text.includes(pattern)) return text;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected ${pattern} in "${text}"`);
}
