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

/** Fills localStorage to its last few characters, as a full storage is: big values first, then smaller ones. */
export function fillStorage(page) {
  return page.evaluate(() => {
    let key = 0;
    for (let size = 1 << 20; size >= 1; ) {
      try { localStorage.setItem(`filler/${key++}`, 'x'.repeat(size)); } catch { size = Math.floor(size / 2); }
    }
  });
}

/** Takes away what {@link fillStorage} put in: room is made. */
export function makeRoom(page) {
  return page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('filler/'))
    .forEach((k) => localStorage.removeItem(k)));
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

// ---------------------------------------------------------------------------------------------
// The keyboard alone: moving the focus with Tab, and setting form controls with keys.

/** Whether the focused element matches `selector` (and, if given, its text or name matches `text`). */
function focusMatches(page, selector, text) {
  return page.evaluate(([selector, text]) => {
    const e = document.activeElement;
    if (!e || e === document.body || !e.matches(selector)) return false;
    const labels = [...(e.labels ?? [])].map((l) => l.textContent).join(' ');
    const words = `${e.getAttribute('aria-label') ?? ''} ${e.textContent ?? ''} ${labels}`.trim();
    return text === null || new RegExp(text).test(words);
  }, [selector, text === undefined ? null : text.source ?? text]);
}

/**
 * The text of each element of `locator` whose contents are laid out on more than one line (a
 * Range over them has boxes at more than one height): a name, a place or a piece of notation
 * broken where it should not be. Works for inline elements and table cells alike. With
 * `{ by: 'word' }`, each word broken over lines inside the elements instead (an element itself
 * may take several lines, breaking between its words).
 */
export async function brokenOverLines(locator, { by = 'element' } = {}) {
  return locator.evaluateAll((elements, by) => {
    const lines = (range) => new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    if (by === 'element') {
      return elements.filter((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return lines(range) > 1;
      }).map((element) => element.textContent);
    }
    // Each word (a run of characters without a space) of each element, wherever its text nodes are.
    return elements.flatMap((element) => {
      const broken = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (lines(range) > 1) broken.push(`${match[0]} in "${element.textContent.slice(0, 30)}…"`);
        }
      }
      return broken;
    });
  }, by);
}

/**
 * Checks that the focused element shows it has the focus: it matches `:focus-visible` and has an
 * outline, or it or a part of it is stroked in the focus colour (the boards' SVG parts).
 */
export async function assertFocusShows(page) {
  const why = await page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return 'nothing has the focus';
    const what = `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} "${(e.getAttribute('aria-label') ?? e.textContent).trim().slice(0, 60)}"`;
    if (!e.matches(':focus-visible')) return `${what} has the focus but not :focus-visible`;
    const style = getComputedStyle(e);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return null;
    const probe = document.createElement('span');
    probe.style.color = 'var(--focus)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    const parts = [e, ...e.querySelectorAll('*')];
    if (parts.some((p) => getComputedStyle(p).stroke === colour)) return null;
    return `${what} has the focus, but no outline or ring shows it`;
  });
  assert.equal(why, null, 'the focus can be seen');
}

/**
 * Presses Tab (or Shift+Tab with `back`) until the focused element matches `selector` (and
 * `text`, a pattern for its name), then checks that the focus shows. Returns the presses made.
 */
export async function tabTo(page, selector, { text, back = false, most = 80 } = {}) {
  for (let presses = 0; presses <= most; presses += 1) {
    if (await focusMatches(page, selector, text)) {
      await assertFocusShows(page);
      return presses;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${most} presses of Tab never reached ${selector}${text ? ` (${text})` : ''}`);
}

/** Tabs to a select and steps through its options with the arrow keys until `value` is chosen. */
export async function chooseOption(page, selector, value) {
  await tabTo(page, selector);
  const values = await page.locator(selector).evaluate((s) => [...s.options].map((o) => o.value));
  assert.ok(values.includes(value), `${selector} offers ${value}`);
  for (let i = 0; i < values.length && (await page.locator(selector).inputValue()) !== value; i += 1) {
    const now = values.indexOf(await page.locator(selector).inputValue());
    await page.keyboard.press(values.indexOf(value) > now ? 'ArrowDown' : 'ArrowUp');
  }
  assert.equal(await page.locator(selector).inputValue(), value, `the arrow keys chose ${value} in ${selector}`);
}

/** Tabs to a group of radio buttons and moves along it with the arrow keys to the one labelled `label`. */
export async function chooseRadio(page, name, label) {
  const selector = `input[type=radio][name="${name}"]`;
  await tabTo(page, selector);
  const labels = await page.locator(selector).evaluateAll((rs) => rs.map((r) => r.closest('label')?.textContent.trim() ?? ''));
  const want = labels.findIndex((l) => label.test(l));
  assert.ok(want >= 0, `a choice labelled ${label}`);
  for (let i = 0; i < labels.length; i += 1) {
    const now = await page.locator(selector).evaluateAll((rs) => rs.indexOf(document.activeElement));
    if (now === want) break;
    await page.keyboard.press(want > now ? 'ArrowDown' : 'ArrowUp');
  }
  assert.ok(await page.locator(selector).nth(want).isChecked(), `the arrow keys chose ${label}`);
}

/** Tabs to a checkbox (its label matching `text`) and sets it with the Space bar. */
export async function setCheckbox(page, selector, text, on = true) {
  await tabTo(page, selector, { text });
  const checked = () => page.evaluate(() => document.activeElement.checked);
  if ((await checked()) !== on) await page.keyboard.press('Space');
  assert.equal(await checked(), on, `Space set the box labelled ${text}`);
}

/** Tabs to a text or number field and types over what it holds (the change lands when the focus leaves). */
export async function typeInto(page, selector, text) {
  await tabTo(page, selector);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  assert.equal(await page.locator(selector).inputValue(), text);
}

/** Tabs to "Start the game" and presses Enter; waits for the play screen (`ready`, a selector). */
export async function startByKeyboard(page, ready) {
  await tabTo(page, 'button[type=submit]', { text: /Start the game/ });
  await page.keyboard.press('Enter');
  await page.waitForSelector(ready);
  assert.match(page.url(), /#\/play\/[\w-]+$/, 'a game in progress has its own URL');
  // The new screen's heading has the focus (a screen reader reads it), not the page.
  await page.waitForFunction(() => document.activeElement?.id === 'screen-title', null, { timeout: 3000 })
    .catch(async () => {
      const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? 'nothing');
      throw new Error(`after Start the game the focus is on ${where}, not on the screen's heading`);
    });
}

/**
 * The app at `src` in an iframe `width` by `height` on a page of another site (opened with the
 * page options `page`, as `t.page` takes them); resolves to the host page and the frame.
 */
export async function inFrame(t, src, { width = 720, height = 820, page = {} } = {}) {
  const host = await t.page({ width: width + 40, height: 900, ...page });
  await host.goto(t.base);
  await host.evaluate(([src, width, height]) => {
    document.body.innerHTML = `<iframe id="frame" src="${src}" width="${width}" height="${height}" style="border:0"></iframe>`;
  }, [src, width, height]);
  return { host, frame: host.frameLocator('#frame') };
}
