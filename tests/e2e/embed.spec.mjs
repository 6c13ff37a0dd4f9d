// Embedding: a game chosen by its address plays alone in a frame (no header, footer or record
// controls), in the theme the address names, and resumes after a reload; the Embed dialog of a
// game writes an iframe whose address opens that kind of game with those seats.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, inFrame, open, shareRoute, waitText } from './lib.mjs';

const golden = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');

/** For each game, a golden record with the most players there are of it. */
const MOST_PLAYERS = {
  morris: 'morris/twelve-mens-moving',
  archery: 'archery/four-players',
  quoits: 'quoits/collisions',
  dominoes: 'dominoes/domino-pool-three-hands',
  doquin: 'doquin/four-players-shared-win',
};

/** Opens the golden record `file` as a share link, every seat a person's; resolves to it. */
async function openForPeople(page, base, file) {
  const record = JSON.parse(await readFile(join(golden, `${file}.record.json`), 'utf8'));
  record.players = record.players.map((p) => ({ name: p.name, kind: 'human' }));
  await open(page, base, shareRoute(record));
  return record;
}

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
    name: 'leaving a game between computers while a move waits for its pace raises no error (each game)',
    async run(t) {
      // The computers' moves wait out the pace after the answer comes; a screen left meanwhile
      // must drop them quietly (it once read its disposed signals and stopped the WebAssembly).
      const page = await t.page({ width: 720, height: 800 });
      for (const address of ['morris?seats=easy,easy', 'archery?seats=easy,easy', 'quoits?seats=computer,computer',
        'dominoes?seats=easy,easy', 'doquin?seats=easy,easy']) {
        for (const wait of [400, 1100]) {
          await open(page, t.base, `#/embed/${address}`);
          await page.waitForSelector('main svg');
          await page.waitForTimeout(wait);
          await page.evaluate(() => { location.hash = '#/'; });
          await page.waitForSelector('#screen-title');
          await page.waitForTimeout(1500);
        }
      }
      // (The run fails the test on any page error or console error.)
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
      assert.match(code, /^<iframe src="[^"]+#\/embed\/morris\?preset=six-mens&amp;seats=(human,medium|medium,human)&amp;theme=light" title="Parlour: Morris" width="720" height="(\d+)"/);
      await t.shot(page, 'dialog-1280');
      const src = code.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
      // The snippet works in a frame of another page.
      const height = Number(code.match(/height="(\d+)"/)[1]);
      const { host, frame } = await inFrame(t, src, { width: 720, height, page: { width: 1000 } });
      await frame.locator('svg.board').waitFor();
      assert.equal(await frame.locator('header.top').isVisible(), false);
      await waitText(frame.locator('.play-title'), 'Morris');
      // The frame's height is the game's: all of it shows, with nothing to scroll.
      const inner = host.frames().find((f) => f !== host.mainFrame());
      const tall = await inner.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(tall <= height, `the whole game fits the suggested frame (${tall}px in ${height}px)`);

      // Every game's frame, as the dialog sizes it for a game like the one on screen (with the
      // most players the game has), holds all of that game at the dialog's width.
      for (const [game, file] of Object.entries(MOST_PLAYERS)) {
        const record = await openForPeople(page, t.base, file);
        await page.getByRole('button', { name: 'Embed' }).click();
        const snippet = await page.locator('#embed-code').inputValue();
        await page.keyboard.press('Escape');
        const size = Number(snippet.match(/height="(\d+)"/)[1]);
        const framed = await inFrame(t, snippet.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&'), { width: 720, height: size });
        await framed.frame.locator('svg').first().waitFor();
        await framed.host.waitForTimeout(500);
        const within = framed.host.frames().find((f) => f !== framed.host.mainFrame());
        const needs = await within.evaluate(() => document.documentElement.scrollHeight);
        assert.ok(needs <= size, `${game}: the whole game fits the suggested frame (${needs}px in ${size}px)`);
        await framed.host.close();
      }

      await open(page, t.base, '#/embed/chess');
      await waitText(page.locator('[role=alert]'), 'There is no game "chess" to embed.');
      await open(page, t.base, '#/embed/morris?seats=human,wizard');
      await waitText(page.locator('[role=alert]'), 'Unknown seat "wizard"');
      // An address naming no game is refused in the frame's own style, not with the site's
      // "Nothing here" page and its header.
      for (const empty of ['#/embed', '#/embed/', '#/embed?seats=human,hard']) {
        await open(page, t.base, empty);
        await waitText(page.locator('[role=alert]'), 'The embed address names no game');
        assert.equal(await page.locator('header.top').isVisible(), false, `${empty}: no site header`);
        assert.equal(await page.getByRole('link', { name: 'Open Parlour in a new tab' }).count(), 1);
      }
      // Its commas encoded by a site's tools, or copied out of HTML with &amp;, the address
      // opens its game.
      for (const src of ['#/embed/morris?preset=six-mens&seats=human%2Chard', '#/embed/morris?preset=six-mens&amp;seats=human,hard']) {
        await open(page, t.base, src);
        await page.waitForSelector('svg.board');
        await waitText(page.locator('.play-title'), "Six Men's Morris");
      }
    },
  },
  {
    name: 'the Embed dialog carries the players\' names and colours into the new game it frames',
    async run(t) {
      const page = await t.page({ width: 1280 });
      await open(page, t.base, '#/new/archery');
      await page.fill('#seat-1', 'Mr & Mrs, Jr');
      await page.selectOption('#seat-1-colour', 'purple');
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.waitForSelector('svg.board');
      await page.getByRole('button', { name: 'Embed' }).click();
      const code = await page.locator('#embed-code').inputValue();
      assert.match(code, /#\/embed\/archery\?seats=human,human&amp;names=Mr%20%26%20Mrs%2C%20Jr,&amp;colours=purple,natural"/);
      const src = code.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
      const { frame } = await inFrame(t, src, { width: 720, height: 860 });
      await waitText(frame.locator('.play-title'), 'Mr & Mrs, Jr v Player 2');
      await waitText(frame.locator('table'), /Mr & Mrs, Jr\s*\(purple\)/);
    },
  },
  {
    name: 'the Embed dialog also writes a frame that replays this game, sized to hold it; the replay viewer has the same Embed',
    async run(t) {
      const page = await t.page({ width: 1280 });
      for (const [game, file] of Object.entries(MOST_PLAYERS)) {
        const record = await openForPeople(page, t.base, file);
        await page.getByRole('button', { name: 'Embed' }).click();
        await page.locator('#embed-replay').check();
        await page.selectOption('#embed-theme', 'dark');
        const snippet = await page.locator('#embed-code').inputValue();
        await page.keyboard.press('Escape');
        assert.match(snippet, /^<iframe src="[^"]+#\/embed\/replay\/%7B[^"]+\?theme=dark" title="Parlour: a game of [A-Za-z]+ replayed" width="720" height="\d+"/, `${game}: ${snippet.slice(0, 120)}`);
        const size = Number(snippet.match(/height="(\d+)"/)[1]);
        const framed = await inFrame(t, snippet.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&'), { width: 720, height: size });
        await waitText(framed.frame.locator('.replay-count'), `Step 0 of ${record.moves.length}`);
        const within = framed.host.frames().find((f) => f !== framed.host.mainFrame());
        assert.equal(await within.evaluate(() => document.documentElement.dataset.theme), 'dark', `${game}: the replay takes the theme`);
        // At the start and at the end (where the scores are longest), all of it shows.
        for (const at of ['Last', 'First']) {
          await framed.frame.getByRole('button', { name: at, exact: true }).click();
          await framed.host.waitForTimeout(500);
          const needs = await within.evaluate(() => document.documentElement.scrollHeight);
          assert.ok(needs <= size, `${game}: the whole replay at its ${at.toLowerCase()} step fits the suggested frame (${needs}px in ${size}px)`);
        }
        await framed.host.close();
      }
      // The replay viewer's own Embed offers only the replay, of the whole record.
      const record = JSON.parse(await readFile(join(golden, 'morris/morelles-flying.record.json'), 'utf8'));
      await open(page, t.base, `#/replay/${encodeURIComponent(JSON.stringify(record))}`);
      await page.getByRole('button', { name: 'Forward', exact: true }).click();
      await page.getByRole('button', { name: 'Embed' }).click();
      assert.equal(await page.locator('#embed-replay').count(), 0, 'no choice to make');
      const code = await page.locator('#embed-code').inputValue();
      const src = decodeURIComponent(code.match(/#\/embed\/replay\/([^"?]+)/)[1]);
      assert.deepEqual(JSON.parse(src).moves, record.moves, 'the whole record, wherever the viewer stands');
      await t.shot(page, 'replay-embed-dialog-1280');
      // A replay's address, like a game's, refuses a setting it does not know.
      await open(page, t.base, `#/embed/replay/${encodeURIComponent(JSON.stringify(record))}?theme=dark&speed=2`);
      await waitText(page.locator('[role=alert]'), 'Unknown setting "speed" in the replay\'s address (it takes only theme and step).');
    },
  },
  {
    name: 'without the script, the height the dialog suggests holds the game at the width chosen, a phone\'s too',
    async run(t) {
      const page = await t.page({ width: 1280 });
      for (const [game, file] of Object.entries(MOST_PLAYERS)) {
        await openForPeople(page, t.base, file);
        for (const showing of ['#embed-new-game', '#embed-replay']) {
          await page.getByRole('button', { name: 'Embed' }).click();
          await page.locator(showing).check();
          await page.locator('#embed-fit').uncheck();
          // A phone's narrowest and widest, the widest before the board folds, and a wide frame.
          for (const width of [300, 480, 719, 1400]) {
            await page.fill('#embed-width', String(width));
            await page.locator('#embed-width').press('Enter');
            await page.locator('#embed-width').blur();
            const snippet = await page.locator('#embed-code').inputValue();
            assert.match(snippet, new RegExp(` width="${width}" height="\\d+"`), `${game}: the snippet takes the width`);
            const size = Number(snippet.match(/height="(\d+)"/)[1]);
            assert.equal(await page.locator('#embed-height').inputValue(), String(size), `${game}: the Height box shows the snippet's`);
            const framed = await inFrame(t, snippet.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&'), { width, height: size });
            const within = framed.host.frames().find((f) => f !== framed.host.mainFrame());
            await within.waitForSelector('main svg, main .domino-table');
            await framed.host.waitForTimeout(700);
            const needs = await within.evaluate(() => document.documentElement.scrollHeight);
            assert.ok(needs <= size, `${game} ${showing} at ${width}px: the game (${needs}px) fits the suggested ${size}px`);
            await framed.host.close();
          }
          await page.locator('[role=dialog]').getByRole('button', { name: 'Close', exact: true }).click();
          await page.waitForSelector('[role=dialog]', { state: 'detached' });
        }
      }
    },
  },
  {
    name: 'a Dominoes hand in play is not offered as a replay to embed, which would show every hand',
    async run(t) {
      const page = await t.page({ width: 1280 });
      await openForPeople(page, t.base, 'dominoes/all-fives-counts');
      await page.getByRole('button', { name: 'Embed' }).click();
      assert.equal(await page.locator('#embed-replay').isDisabled(), true, 'the replay is not offered mid-hand');
      await waitText(page.locator('#embed-replay-waits'), 'once this hand is over');
      assert.match(await page.locator('#embed-code').inputValue(), /#\/embed\/dominoes\?/, 'the new game is still offered');
      await t.shot(page, 'embed-dialog-mid-hand');
    },
  },
  {
    name: 'a number box takes what the browser reads as a number: "1e3", a fraction to the nearest whole, a bound past either end, and says so under the box; one left typed in as its screen goes is let go',
    async run(t) {
      const page = await t.page({ width: 1280 });
      await openForPeople(page, t.base, MOST_PLAYERS.morris);
      await page.getByRole('button', { name: 'Embed' }).click();
      const width = async (typed) => {
        await page.fill('#embed-width', typed);
        await page.locator('#embed-width').dispatchEvent('change');
        const shown = await page.locator('#embed-width').inputValue();
        const snippet = await page.locator('#embed-code').inputValue();
        assert.match(snippet, new RegExp(` width="${shown}" `), `"${typed}": the snippet has the width the box shows`);
        return shown;
      };
      // What the note under the box says, and whether the box names it as its description.
      const note = async () => {
        const text = (await page.locator('#embed-width-note').textContent()).trim();
        const described = await page.locator('#embed-width').getAttribute('aria-describedby');
        assert.equal(described, text ? 'embed-width-note' : null, `the box is described by its note only when there is one ("${text}")`);
        return text;
      };
      assert.equal(await width('1e3'), '1000');
      assert.equal(await note(), '', 'a number kept as typed needs no note');
      assert.equal(await width('300.5'), '301');
      assert.equal(await note(), '“Width” takes whole numbers: 300.5 is taken as 301.');
      assert.equal(await width('412.4'), '412');
      assert.equal(await width('5000'), '2000', 'past the widest, the widest');
      assert.equal(await note(), '“Width” takes 280 to 2000 px: 5000 is taken as 2000.');
      assert.equal(await width('9000'), '2000', 'past the widest again, the box shows the widest again');
      assert.equal(await width('-40'), '280', 'below the narrowest, the narrowest');
      assert.equal(await width(''), '280', 'a cleared box shows the width in force again');
      assert.equal(await note(), '“Width” takes a number from 280 to 2000 px: until one is typed, it stays at 280.');
      assert.equal(await width('640'), '640');
      assert.equal(await note(), '', 'the note goes once a number is kept as typed');
      await page.keyboard.press('Escape');
      // The same in a new-game form: a fraction of a bone is the nearest whole bone.
      await page.goto(t.base + '#/new/dominoes');
      await page.waitForSelector('form.setup');
      await page.fill('#domino-hand', '4.6');
      await page.locator('#domino-hand').dispatchEvent('change');
      assert.equal(await page.locator('#domino-hand').inputValue(), '5');
      await waitText(page.locator('#domino-hand-note'), '“Bones each” takes whole numbers: 4.6 is taken as 5.');
      // A number typed and not yet taken as the form goes (Back, here to the game) is let go;
      // like Escape on the dialog above, it once stopped the app.
      await page.click('#domino-hand');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('6');
      await page.goBack();
      await page.waitForSelector('svg.board');
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'a number box\'s note comes once typing pauses, so a press on Start straight after is not lost; it goes when the form changes the number',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      await page.goto(t.base + '#/new/quoits');
      await page.waitForSelector('form.setup');
      await page.click('#quoits-target');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('7.5');
      // While the number is typed, the note already says what will be kept...
      await waitText(page.locator('#quoits-target-note'), '“Play to” takes 10 to 500 points: 7.5 is taken as 10.');
      const start = page.getByRole('button', { name: 'Start the game' });
      await start.scrollIntoViewIfNeeded();
      const before = await start.boundingBox();
      // ... so that taking it (as the press on Start does) moves nothing under the pointer.
      await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);
      await page.waitForSelector('.quoits-screen svg.board');
      await waitText(page.locator('table.scores caption'), /^Totals: game to 10$/);

      await page.goto(t.base + '#/new/dominoes');
      await page.waitForSelector('form.setup');
      await page.fill('#domino-hand', '100');
      await page.locator('#domino-hand').dispatchEvent('change');
      await waitText(page.locator('#domino-hand-note'), '“Bones each” takes 1 to 14: 100 is taken as 14.');
      // Another game deals another number of bones: the note about 14 goes with it.
      await page.locator('input[name="domino-game"][value="draw"]').check();
      await page.waitForFunction(() => document.querySelector('#domino-hand-note').textContent === '');
      assert.equal(await page.locator('#domino-hand').getAttribute('aria-describedby'), null);
      // A box cleared keeps the number in force without fixing it: the bones each still follow
      // the number of players, as the rules deal them.
      assert.equal(await page.locator('#domino-hand').inputValue(), '7', 'Draw for two deals 7 each');
      await page.fill('#domino-hand', '');
      await page.locator('#domino-hand').dispatchEvent('change');
      // (Draw keeps three bones in the stock: two players share out at most 25, 12 each.)
      await waitText(page.locator('#domino-hand-note'), '“Bones each” takes a number from 1 to 12: until one is typed, it stays at 7.');
      await page.selectOption('#player-count', '4');
      await page.waitForFunction(() => document.querySelector('#domino-hand').value === '5');
      await page.waitForFunction(() => document.querySelector('#domino-hand-note').textContent === '');
      // Bones each set by hand for two players go back to the rules' count for three.
      await page.selectOption('#player-count', '2');
      await page.fill('#domino-hand', '12');
      await page.locator('#domino-hand').dispatchEvent('change');
      await page.selectOption('#player-count', '3');
      await page.waitForFunction(() => document.querySelector('#domino-hand').value === '5')
        .catch(async () => assert.fail(`bones each for three: ${await page.locator('#domino-hand').inputValue()}`));
      assert.ok(await page.getByRole('button', { name: 'Start the game' }).isEnabled(), 'the game can be started');
    },
  },
  {
    name: 'with the script the dialog adds, a frame fits its height to the game, on a phone too',
    async run(t) {
      const page = await t.page({ width: 1280 });
      const record = JSON.parse(await readFile(join(golden, `${MOST_PLAYERS.doquin}.record.json`), 'utf8'));
      record.players = record.players.map((p) => ({ name: p.name, kind: 'human' }));
      await open(page, t.base, shareRoute(record));
      const snippets = [];
      for (const showing of ['#embed-new-game', '#embed-replay']) {
        await page.getByRole('button', { name: 'Embed' }).click();
        await page.locator(showing).check();
        assert.equal(await page.locator('#embed-fit').isChecked(), true, 'fitting is offered and on');
        snippets.push(await page.locator('#embed-code').inputValue());
        await page.locator('#embed-fit').uncheck();
        assert.doesNotMatch(await page.locator('#embed-code').inputValue(), /<script/, 'unticked, the snippet is the frame alone');
        await page.keyboard.press('Escape');
      }
      for (const snippet of snippets) {
        assert.match(snippet, /^<iframe [^>]+><\/iframe>\n<script>[^<]+<\/script>$/, 'the frame, then its script');
        const suggested = Number(snippet.match(/height="(\d+)"/)[1]);
        for (const width of [390, 1000]) {
          // A page of another site, narrower than the frame was sized for on a phone.
          const host = await t.page({ width, height: 800 });
          // The heights the frame tells, as the page around it hears them.
          const heard = '<script>heard=[];addEventListener("message",(e)=>{const m=/^parlour-height:(\\d+)$/.exec(e.data);m&&heard.push(+m[1])})</script>';
          await host.setContent(`<!doctype html><body style="margin:0">${heard}<p>An article.</p>${snippet}<p>More of it.</p></body>`);
          const frame = host.locator('iframe');
          await host.waitForFunction(() => document.querySelector('iframe').style.height !== '');
          const inner = host.frames().find((f) => f !== host.mainFrame());
          await inner.waitForSelector('main svg');
          await host.waitForTimeout(800);
          const outside = await frame.evaluate((f) => f.getBoundingClientRect().height);
          const content = await inner.evaluate(() => document.body.getBoundingClientRect().height);
          const scrolls = await inner.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
          assert.ok(Math.abs(outside - Math.ceil(content)) <= 1, `${width}px: the frame (${outside}px) is as tall as its game (${content}px)`);
          assert.ok(scrolls <= 0, `${width}px: nothing scrolls inside the frame (${scrolls}px over)`);
          // Not the line shown while the game's part loads: a frame scrolled past by then kept it.
          const told = await host.evaluate(() => heard);
          assert.ok(told.length > 0 && told.every((h) => h > 200), `${width}px: the frame is told only the game's height (${told})`);
          if (width === 390) {
            assert.ok(outside > suggested, `390px: the frame grew past the ${suggested}px it was sized for at 720 (${outside}px)`);
            await t.shot(host, `fitted-${snippet.includes('replay') ? 'replay' : 'game'}-390`);
          }
          await host.close();
        }
      }
      // A dialog in a fitted frame opens beside the control that opened it, where the reader
      // is looking, not in the middle of a frame taller than their screen.
      const script = snippets[0].slice(snippets[0].indexOf('\n<script>'));
      const host = await t.page({ width: 390, height: 600 });
      await host.setContent(`<!doctype html><body style="margin:0"><p>An article.</p><iframe src="${t.base}#/embed/morris?seats=human,human" width="720" height="1230" style="border:0; max-width:100%"></iframe>${script}</body>`);
      await host.waitForFunction(() => document.querySelector('iframe').style.height !== '');
      const frame = host.frameLocator('iframe');
      await frame.locator('svg.board').waitFor();
      await host.evaluate(() => scrollTo(0, document.body.scrollHeight));
      await frame.getByRole('button', { name: 'Resign' }).click();
      const dialog = frame.locator('[role=dialog]');
      await dialog.waitFor();
      await host.waitForTimeout(300);
      const at = await dialog.boundingBox();
      assert.ok(at && at.y >= 0 && at.y + at.height <= 600, `the dialog is on the reader's screen (${JSON.stringify(at)})`);
      await t.shot(host, 'fitted-dialog-390');
    },
  },
  {
    name: 'an embedded game whose browser gives the frame no storage says so in a line and plays on',
    async run(t) {
      for (const width of [390, 720]) {
        const page = await t.page({ width, height: 900 });
        // As a browser that blocks the storage of frames from other sites.
        await page.addInitScript(() => {
          Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });
        });
        await open(page, t.base, '#/embed/morris?preset=three-mens');
        await page.waitForSelector('svg.board');
        const notice = page.locator('.notice');
        await waitText(notice, 'This browser lets this frame keep nothing, so the game is not being saved; play on.');
        assert.equal(await page.locator('[role=alert]').count(), 0, 'not told as an error');
        const tall = await notice.evaluate((n) => n.getBoundingClientRect().height);
        assert.ok(tall <= (width < 400 ? 80 : 45), `${width}px: the notice takes little room (${tall}px)`);
        const before = await page.locator('.status').textContent();
        await page.locator('#point-a1').click({ force: true });
        await page.waitForFunction((b) => document.querySelector('.status').textContent !== b, before);
        await t.shot(page, `no-storage-${width}`);
      }
    },
  },
];
