// Embedding: a game chosen by its address plays alone in a frame (no header, footer or record
// controls), in the theme the address names, and resumes after a reload; the Embed dialog of a
// game writes an iframe whose address opens that kind of game with those seats.
import { assert, inFrame, open, waitText } from './lib.mjs';

/** The moves of the game an embed address plays, from its autosave. */
function embeddedMoves(page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('parlour/game/embed-'));
    return key ? JSON.parse(localStorage.getItem(key)).record.moves : null;
  });
}

export const tests = [
  {
    name: 'an embedded game shows only the game, in its theme, and resumes after a reload',
    async run(t) {
      for (const width of [360, 720]) {
        const page = await t.page({ width, height: 800, theme: 'light' });
        await open(page, t.base, '#/embed/doquin?seats=human,easy&size=3&pegs=5&theme=dark');
        await page.waitForSelector('.doquin-faces');
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the address sets the theme');
        for (const chrome of ['header.top', 'footer.foot', '.controls[aria-label="Record"]']) {
          assert.equal(await page.locator(chrome).isVisible(), false, `${chrome} is hidden in a frame`);
        }
        await waitText(page.locator('.status'), /Player 1 to play|thinking/);
        const before = (await embeddedMoves(page)).length;
        await page.locator('.doquin-faces [data-target]').first().click();
        await page.waitForFunction((n) => {
          const key = Object.keys(localStorage).find((k) => k.startsWith('parlour/game/embed-'));
          return JSON.parse(localStorage.getItem(key)).record.moves.length > n;
        }, before);
        const played = await embeddedMoves(page);
        await page.reload();
        await page.waitForSelector('.doquin-faces');
        assert.deepEqual((await embeddedMoves(page)).slice(0, played.length), played, 'the same game resumes');
        assert.match(page.url(), /#\/embed\/doquin\?/, 'the frame stays on its address');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `the embedded game fits ${width}px (${overflow}px over)`);
        await t.shot(page, `doquin-${width}-dark`);
      }
    },
  },
  {
    name: 'the Embed dialog writes an iframe that opens this kind of game; bad addresses are explained',
    async run(t) {
      const page = await t.page({ width: 1280 });
      await open(page, t.base, '#/new/morris');
      await page.locator('input[name="preset"]').nth(2).check(); // Six Men's Morris
      await page.selectOption('#seat-2-kind', 'medium');
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.waitForSelector('svg.board');
      await page.getByRole('button', { name: 'Embed' }).click();
      await page.selectOption('#embed-theme', 'light');
      const code = await page.locator('#embed-code').inputValue();
      assert.match(code, /^<iframe src="[^"]+#\/embed\/morris\?preset=six-mens&amp;seats=(human,medium|medium,human)&amp;theme=light" title="Parlour: Morris" width="720" height="820"/);
      await t.shot(page, 'dialog-1280');
      const src = code.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
      // The snippet works in a frame of another page.
      const { frame } = await inFrame(t, src, { width: 720, height: 820, page: { width: 1000 } });
      await frame.locator('svg.board').waitFor();
      assert.equal(await frame.locator('header.top').isVisible(), false);
      await waitText(frame.locator('.play-title'), 'Morris');

      await open(page, t.base, '#/embed/chess');
      await waitText(page.locator('[role=alert]'), 'There is no game "chess" to embed.');
      await open(page, t.base, '#/embed/morris?seats=human,wizard');
      await waitText(page.locator('[role=alert]'), 'Unknown seat "wizard"');
    },
  },
];
