// Draws the app icons (public/icons/*.png) from public/favicon.svg in Chromium. Run it again
// after changing the favicon: node tests/e2e/make-icons.mjs
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
const svg = await readFile(new URL('../../public/favicon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [size, pad] of [[192, 0], [512, 0], [512, 0.12]]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = Math.round(size * (1 - 2 * pad));
  // The maskable icon has a full-bleed background and the mark inside the safe zone.
  const bg = pad ? '#b8834a' : 'transparent';
  await page.setContent(`<html><body style="margin:0;background:${bg};display:grid;place-items:center;width:${size}px;height:${size}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</body></html>`);
  const name = pad ? `icon-maskable-${size}.png` : `icon-${size}.png`;
  await page.screenshot({ path: new URL(`../../public/icons/${name}`, import.meta.url).pathname, omitBackground: !pad });
  await page.close();
}
await browser.close();
