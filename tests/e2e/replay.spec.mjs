// The replay viewer: a real record of each game, stepped through with the buttons, the keys and
// the move list, shows at every step the board the play screen shows when the same record, cut
// at that step, is opened by its share link; it embeds in a frame; a corrupt record is told.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, brokenOverLines, inFrame, open, shareRoute, waitText } from './lib.mjs';

const golden = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');
/** What a picture leaves out, read from the boards' own list (src/app/boards/mod.rs). */
const FOR_THE_PLAYER = (await readFile(join(golden, '..', '..', 'src', 'app', 'boards', 'mod.rs'), 'utf8'))
  .match(/FOR_THE_PLAYER: &str =\s*"([^"]+)"/)[1];

/** The classes that mark a piece for the player (a rod that may be pushed, a man picked up). */
const PLAYER_MARKS = (await readFile(join(golden, '..', '..', 'src', 'app', 'boards', 'mod.rs'), 'utf8'))
  .match(/PLAYER_MARKS: \[&str; \d+\] = \[([^\]]+)\]/)[1].match(/"([^"]+)"/g).map((m) => m.slice(1, -1));

/** What decides how a shape is drawn, compared between the page and the picture. */
const LOOKS = ['fill', 'stroke', 'stroke-width', 'paint-order', 'vector-effect', 'font-size', 'display'];

/** One golden record of each game: long enough to step through, finished where it can be. */
const RECORDS = {
  morris: 'morris/morelles-two-men-left',
  archery: 'archery/shared-win',
  quoits: 'quoits/second-end',
  dominoes: 'dominoes/draw-blocked-last-two',
  doquin: 'doquin/two-players-shared-win',
};

/** A golden record with every seat a person (so that opening it starts no computer). */
async function record(game) {
  const record = JSON.parse(await readFile(join(golden, `${RECORDS[game]}.record.json`), 'utf8'));
  record.players = record.players.map((p) => ({ name: p.name, kind: 'human' }));
  return record;
}

async function expected(game) {
  return JSON.parse(await readFile(join(golden, `${RECORDS[game]}.expected.json`), 'utf8'));
}

function replayRoute(record) {
  return '#/replay/' + encodeURIComponent(JSON.stringify(record));
}

function upTo(record, n) {
  return { ...record, moves: record.moves.slice(0, n) };
}

/** What a game's board shows, in terms both the replay and the play screen draw the same
 * way: men on points, arrows where they are, quoits on the lanes, bones on the table, pegs in
 * holes (marks for the player's choices left out). */
const BOARD = {
  morris: () => [...document.querySelectorAll('svg.board.morris .points [aria-label]')]
    .map((e) => e.getAttribute('aria-label').split(', ').slice(0, 2).join(', ')),
  archery: () => [...document.querySelectorAll('svg.board.archery g.arrow > g')]
    .map((g) => `${g.getAttribute('transform')} ${g.querySelector('.piece').getAttribute('class')} ${g.textContent}`).sort(),
  quoits: () => [...document.querySelectorAll('svg.board.quoits .quoit-man')]
    .map((g) => `${g.getAttribute('style').match(/translate\([^)]*\)/)[0]} ${g.querySelector('.piece').getAttribute('class')}`).sort(),
  dominoes: () => [...document.querySelectorAll('svg.board.dominoes g.bone')]
    .map((g) => `${g.getAttribute('transform')} ${g.textContent}`).sort()
    .concat([...document.querySelectorAll('svg.board.dominoes .end-slot')].map((e) => e.getAttribute('aria-label'))),
  doquin: () => [document.querySelector('.doquin-block').getAttribute('aria-label')]
    .concat([...document.querySelectorAll('.doquin-faces [data-hole]')]
      .map((e) => e.getAttribute('aria-label').split(', ').slice(0, 2).join(', '))),
};

/** The board the play screen shows after opening `record` by its share link. */
async function playedBoard(t, game, record) {
  // Beside its move list the replay's board has about 600 px, and a board laid out by its own
  // width is compared with the play screen's at a window that gives it as much room: the
  // Archery line folded into two rows as on a phone, the Dominoes table at 19 halves a row.
  const width = { archery: 390, dominoes: 640 }[game] ?? 1280;
  const page = await t.page({ width });
  await open(page, t.base, shareRoute(record));
  await page.waitForSelector('#screen-title.play-title');
  await page.waitForSelector(game === 'doquin' ? '.doquin-faces [data-hole]' : 'svg.board');
  const board = await page.evaluate(BOARD[game]);
  await page.context().close();
  return board;
}

/** The step the replay shows, from its counter, its move list and its live region. */
async function shown(page) {
  const count = await page.locator('.replay-count').textContent();
  const current = await page.locator('.move-list [aria-current="step"]').textContent();
  return { step: Number(count.match(/Step (\d+) of/)[1]), current };
}

/** A replay of the Morris record at 1280 px, stood at step 10 by its move list. */
async function morrisAtStep10(t) {
  const rec = await record('morris');
  const page = await t.page({ width: 1280 });
  await open(page, t.base, replayRoute(rec));
  await page.locator('.move-list .steps .step').nth(9).click();
  await stepTo(page, 10, rec.moves.length);
  return page;
}

async function stepTo(page, n, len) {
  await waitText(page.locator('.replay-count'), `Step ${n} of ${len}`);
  const { current } = await shown(page);
  assert.equal(await page.locator('.move-list [aria-current="step"]').count(), 1, 'one move is marked current');
  // However long the record, the list has scrolled to show the current entry whole.
  await page.waitForFunction(() => {
    const list = document.querySelector('.move-list');
    const box = list.getBoundingClientRect();
    const entry = list.querySelector('[aria-current="step"]').getBoundingClientRect();
    return entry.top >= box.top - 0.5 && entry.bottom <= box.bottom + 0.5;
  }, null, { timeout: 3000 });
  return current;
}

export const tests = [];

for (const game of Object.keys(RECORDS)) {
  tests.push({
    name: `a replay of ${game} steps by buttons, keys and the move list, and shows the boards the game showed`,
    async run(t) {
      const rec = await record(game);
      const len = rec.moves.length;
      const page = await t.page({ width: 1280 });
      await open(page, t.base, replayRoute(rec));
      await waitText(page.locator('.replay-count'), `Step 0 of ${len}`);
      await waitText(page.locator('.replay-last'), 'The start.');
      assert.equal(await page.getByRole('button', { name: 'First', exact: true }).isDisabled(), true);
      assert.equal(await page.getByRole('button', { name: 'Back', exact: true }).isDisabled(), true);
      assert.equal(await page.locator('.move-list .steps .step').count(), len, 'every move is listed');
      assert.deepEqual(await page.evaluate(BOARD[game]), await playedBoard(t, game, upTo(rec, 0)), 'the start');

      // Forward by the button, one step at a time.
      for (let n = 1; n <= 2; n++) {
        await page.getByRole('button', { name: 'Forward', exact: true }).click();
        assert.equal(await stepTo(page, n, len), rec.moves[n - 1], `step ${n} is marked in the move list`);
        await waitText(page.locator('.replay > [aria-live="polite"]'), `Step ${n} of ${len}: `);
        // What the step did is shown under the step's number too (a spin, a deal, a move).
        const said = (await page.locator('.replay > [aria-live="polite"]').textContent()).split(': ').slice(1).join(': ');
        assert.equal((await page.locator('.replay-last').textContent()).replace(/\.$/, '').toLowerCase(), said.replace(/\.$/, '').toLowerCase());
      }
      assert.deepEqual(await page.evaluate(BOARD[game]), await playedBoard(t, game, upTo(rec, 2)), 'after two steps');

      // A click in the move list jumps.
      const mid = Math.floor(len / 2);
      await page.locator('.move-list .steps .step').nth(mid - 1).click();
      assert.equal(await stepTo(page, mid, len), rec.moves[mid - 1]);
      assert.deepEqual(await page.evaluate(BOARD[game]), await playedBoard(t, game, upTo(rec, mid)), `at step ${mid}`);

      // Keys: Right, Left, End, Home.
      await page.locator('body').press('ArrowRight');
      await stepTo(page, mid + 1, len);
      await page.locator('body').press('ArrowLeft');
      await page.locator('body').press('ArrowLeft');
      await stepTo(page, mid - 1, len);
      await page.locator('body').press('End');
      assert.equal(await stepTo(page, len, len), rec.moves[len - 1]);
      assert.equal(await page.getByRole('button', { name: 'Forward', exact: true }).isDisabled(), true);
      assert.equal(await page.getByRole('button', { name: 'Last', exact: true }).isDisabled(), true);
      const last = await expected(game);
      const words = await page.locator('#replay-position').textContent();
      if (last.over) {
        assert.ok(words.startsWith('Game over') && words.includes(last.reason), `the end is told: ${words}`);
      } else {
        assert.ok(!words.includes('Game over'), words);
      }
      // (Doquin's last step, as its play screen at the end, shows the block as the last round
      // left it, not the cleared block the game holds.)
      assert.deepEqual(await page.evaluate(BOARD[game]), await playedBoard(t, game, rec), 'at the end');
      await page.locator('body').press('Home');
      assert.equal(await stepTo(page, 0, len), 'Start');
      await page.getByRole('button', { name: 'Last', exact: true }).click();
      await stepTo(page, len, len);
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await stepTo(page, len - 1, len);
      await t.shot(page, `${game}-1280-light`);
    },
  });
}

tests.push(
  {
    name: 'a replay of dominoes shows every hand face up, and the stock, as they change',
    async run(t) {
      const rec = await record('dominoes');
      const [, deal] = rec.moves[0].match(/^deal (.*)$/);
      const [hands, stock] = deal.split(' ; ');
      const dealt = hands.split(' / ').map((hand) => hand.split(' '));
      const page = await t.page({ width: 1280 });
      await open(page, t.base, replayRoute(rec));
      await waitText(page.locator('.replay-count'), `Step 0 of ${rec.moves.length}`);
      const shownHands = () => page.evaluate(() => [...document.querySelectorAll('.hands-shown li')].map((li) => ({
        who: li.querySelector('.who').textContent,
        held: li.querySelector('.held').textContent,
        bones: [...li.querySelectorAll('.small-bone')].map((b) => b.getAttribute('title')),
      })));
      assert.deepEqual((await shownHands()).map((h) => h.bones.length), [0, 0], 'before the deal the hands are empty');
      await page.getByRole('button', { name: 'Forward', exact: true }).click();
      await stepTo(page, 1, rec.moves.length);
      const afterDeal = await shownHands();
      assert.deepEqual(afterDeal.map((h) => h.who), rec.players.map((p) => p.name), 'one hand for each player');
      for (const [i, hand] of afterDeal.entries()) {
        assert.deepEqual([...hand.bones].sort(), [...dealt[i]].sort(), `${hand.who} holds the bones dealt to them`);
        assert.equal(hand.held, `${dealt[i].length} bones`);
      }
      await waitText(page.locator('.replay-hands .table-facts'), `Stock: ${stock.split(' ').length} bones`);
      // The first bone laid leaves the hand it was in.
      await page.getByRole('button', { name: 'Forward', exact: true }).click();
      await stepTo(page, 2, rec.moves.length);
      const laid = rec.moves[1];
      const afterLay = await shownHands();
      assert.ok(!afterLay.some((h) => h.bones.includes(laid)), `${laid} is in no hand once laid`);
      assert.equal(afterLay[0].bones.length + afterLay[1].bones.length, dealt[0].length + dealt[1].length - 1);
      await t.shot(page, 'dominoes-hands-1280');
    },
  },
  {
    name: 'replays look right at 360 px and in the dark',
    async run(t) {
      for (const game of ['morris', 'dominoes', 'quoits']) {
        const rec = await record(game);
        for (const [width, theme] of [[360, 'light'], [360, 'dark'], [1280, 'dark']]) {
          const page = await t.page({ width, height: 800, theme });
          await open(page, t.base, replayRoute(rec));
          await page.getByRole('button', { name: 'Last', exact: true }).click();
          await page.getByRole('button', { name: 'Back', exact: true }).click();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `the replay fits ${width}px (${overflow}px over)`);
          // A long step (a deal) may take several lines, but breaks only between its words:
          // never inside a bone ("4-" / "0"); and a part's title ("End 1, round 1") takes one
          // line where there is room beside the moves.
          const broken = await brokenOverLines(page.locator('.move-list .step'), { by: 'word' });
          assert.deepEqual(broken, [], `no word of a step is broken at ${width}px`);
          if (width > 480) {
            assert.deepEqual(await brokenOverLines(page.locator('.move-list .chapter-title')), [], 'every title is on one line');
          }
          await t.shot(page, `${game}-${width}-${theme}`);
        }
      }
    },
  },
  {
    name: 'on a phone the steps stay in reach below a board taller than the screen',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      await open(page, t.base, replayRoute(await record('doquin')));
      // Doquin's block and faces, taller than the screen, are read with the steps at hand.
      await page.locator('.doquin-faces svg').first().evaluate((e) => e.scrollIntoView({ block: 'start' }));
      const forward = page.getByRole('button', { name: 'Forward', exact: true });
      const box = await forward.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `Forward is on the screen (${JSON.stringify(box)})`);
      const scrolled = await page.evaluate(() => scrollY);
      // Clicked where it shows, as a finger would.
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await waitText(page.locator('.replay-count'), 'Step 1 of');
      assert.equal(await page.evaluate(() => scrollY), scrolled, 'stepping does not move the page');
      await t.shot(page, 'doquin-steps-in-reach-390');
      // The faces' help for a screen reader offers no picking, which a replay does not have.
      assert.equal(await page.locator('#doquin-keys').textContent(), 'Arrow keys move between holes; F, R and T change face.');
    },
  },
  {
    name: 'on a phone on its side the steps and the move list stand beside the board: a Morris board or the Quoits pitches whole from the top, in the app and in a frame; Doquin\'s steps stay in view by its faces',
    async run(t) {
      const morris = replayRoute(await record('morris'));
      const quoits = replayRoute(await record('quoits'));
      const embedded = (route) => route.replace('#/replay/', '#/embed/replay/');
      for (const [width, height, route] of [[844, 390, morris], [667, 375, morris], [844, 390, embedded(morris)], [844, 390, quoits], [667, 375, embedded(quoits)]]) {
        const game = route === morris || route === embedded(morris) ? 'morris' : 'quoits';
        const at = `${game}${route.startsWith('#/embed') ? ' embedded' : ''} at ${width}×${height}`;
        const page = await t.page({ width, height, isMobile: true, hasTouch: true });
        await page.goto(t.base + route);
        await page.waitForSelector(`.replay svg.board.${game}`);
        const shape = () => page.evaluate((game) => {
          const box = (s) => {
            const b = document.querySelector(s).getBoundingClientRect();
            return { top: b.top, bottom: b.bottom, left: b.left, right: b.right };
          };
          return { board: box(`svg.board.${game}`), steps: box('.replay-steps'), words: box('#replay-position'), list: box('.move-list'), port: innerHeight, over: document.documentElement.scrollWidth - innerWidth };
        }, game);
        const first = await shape();
        assert.ok(first.over <= 0, `${at}: nothing runs past the screen's edge`);
        assert.ok(first.board.bottom <= first.port && first.board.bottom - first.board.top >= 240, `${at}: the whole board is in view from the top, at least 240 px (${JSON.stringify(first.board)})`);
        for (const [name, part] of [['steps', first.steps], ['position\'s words', first.words], ['move list', first.list]]) {
          assert.ok(part.left >= first.board.right && part.top < first.board.bottom, `${at}: the ${name} stand beside the board (${JSON.stringify(part)})`);
        }
        assert.ok(first.steps.bottom <= first.port, `${at}: the steps are in view`);
        await page.getByRole('button', { name: 'Forward', exact: true }).click();
        await waitText(page.locator('.replay-count'), 'Step 1 of');
        const stepped = await shape();
        assert.deepEqual([stepped.board.top, stepped.steps.top], [first.board.top, first.steps.top], `${at}: a step moves neither the board nor the steps`);
        await t.shot(page, `${game}-sideways-${width}${route.startsWith('#/embed') ? '-embedded' : ''}`);
        await page.context().close();
      }
      // Doquin's faces stand under its block: scrolled to them, the steps are still in view.
      const page = await t.page({ width: 844, height: 390, isMobile: true, hasTouch: true });
      await open(page, t.base, replayRoute(await record('doquin')));
      await page.locator('.doquin-faces svg').last().evaluate((e) => e.scrollIntoView({ block: 'end' }));
      const forward = await page.getByRole('button', { name: 'Forward', exact: true }).boundingBox();
      const faces = await page.locator('.doquin-faces').boundingBox();
      assert.ok(forward.y >= 0 && forward.y + forward.height <= 390, `Forward is on the screen by the faces (${JSON.stringify(forward)})`);
      assert.ok(forward.x >= faces.x + faces.width, 'and beside them');
      await t.shot(page, 'doquin-sideways-faces-844');
    },
  },
  {
    name: 'an embedded replay shows only the viewer, in its theme, at 360 and 720 px',
    async run(t) {
      const rec = await record('doquin');
      for (const width of [360, 720]) {
        const src = t.base + '#/embed/replay/' + encodeURIComponent(JSON.stringify(rec)) + '?theme=dark';
        const { host, frame } = await inFrame(t, src, { width, page: { theme: 'light' } });
        await waitText(frame.locator('.replay-count'), `Step 0 of ${rec.moves.length}`);
        for (const chrome of ['header.top', 'footer.foot']) {
          assert.equal(await frame.locator(chrome).isVisible(), false, `${chrome} is hidden in a frame`);
        }
        assert.equal(await frame.getByRole('link', { name: 'Play on from here' }).count(), 0, 'the frame only replays');
        await frame.getByRole('button', { name: 'Forward', exact: true }).click();
        await waitText(frame.locator('.replay-count'), `Step 1 of ${rec.moves.length}`);
        const inner = host.frames().find((f) => f.url().includes('#/embed/replay/'));
        assert.equal(await inner.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the address sets the theme');
        const overflow = await inner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `the embedded replay fits ${width}px (${overflow}px over)`);
        await t.shot(host, `embedded-${width}-dark`);
      }
    },
  },
  {
    name: 'a corrupt record says what is wrong with it',
    async run(t) {
      const page = await t.page({ width: 720 });
      const rec = await record('quoits');
      await open(page, t.base, '#/replay/' + encodeURIComponent('{"format": "parlour-record", "vers'));
      await waitText(page.locator('[role=alert]'), 'it may have been cut short when it was copied or saved');
      await open(page, t.base, '#/replay/' + encodeURIComponent('{format: 1}'));
      await waitText(page.locator('[role=alert]'), 'not JSON');
      await open(page, t.base, '#/replay/%E0%A4%A');
      await waitText(page.locator('[role=alert]'), 'damaged');
      const bad = { ...rec, moves: [...rec.moves] };
      bad.moves[3] = 'zz9';
      await open(page, t.base, replayRoute(bad));
      await waitText(page.locator('[role=alert]'), 'move 4 "zz9"');
      await open(page, t.base, replayRoute({ ...rec, game: 'chess' }));
      await waitText(page.locator('[role=alert]'), 'unknown game "chess"');
      await open(page, t.base, '#/embed/replay/' + encodeURIComponent('[1,2]') + '?theme=dark');
      await waitText(page.locator('[role=alert]'), 'not a Parlour record');
      // Embedded in another site's page, the way to the app opens in a new tab.
      const out = page.getByRole('link', { name: 'Open Parlour in a new tab' });
      assert.equal(await out.getAttribute('target'), '_blank');
      assert.equal(new URL(await out.evaluate((a) => a.href)).hash, '#/');
      await t.shot(page, 'corrupt-720');
    },
  },
  {
    name: 'a replay\'s address keeps the step shown, to reload, go back to, link to or embed there',
    async run(t) {
      const rec = await record('morris');
      const len = rec.moves.length;
      const page = await t.page({ width: 1280 });
      const hash = () => page.evaluate(() => decodeURIComponent(location.hash));
      // A link to step 12 opens there.
      await open(page, t.base, replayRoute(rec) + '?step=12');
      assert.equal(await stepTo(page, 12, len), rec.moves[11]);
      // Each step is kept in the address, replacing it: no history entry for each.
      const entries = await page.evaluate(() => history.length);
      await page.getByRole('button', { name: 'Forward', exact: true }).click();
      await stepTo(page, 13, len);
      await page.waitForFunction(() => location.hash.endsWith('?step=13'));
      assert.equal(await page.evaluate(() => history.length), entries, 'stepping adds no history entry');
      assert.deepEqual(JSON.parse((await hash()).slice('#/replay/'.length).split('?')[0]), rec, 'the record is kept as it was');
      // A reload stays at that step, and so does coming back from another screen.
      await page.reload();
      await stepTo(page, 13, len);
      await page.keyboard.press('ArrowRight');
      await stepTo(page, 14, len);
      await page.getByRole('link', { name: 'Play on from here' }).click();
      await page.waitForSelector('svg.board');
      // Its save is named for where it came from, not as a link shared.
      const names = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('parlour/game/'))
        .map((k) => JSON.parse(localStorage.getItem(k)).name));
      assert.deepEqual(names, ['Morelles: Ada v Computer (from step 14 of a replay)']);
      await page.goBack();
      await stepTo(page, 14, len);
      // The Embed dialog writes a frame that opens at the step shown, or at the start.
      await page.getByRole('button', { name: 'Embed' }).click();
      const at = page.locator('#embed-step');
      assert.equal(await at.isChecked(), true, 'the step shown is offered, and chosen');
      assert.match(await page.locator('label:has(#embed-step)').textContent(), /Open at step 14/);
      assert.match(await page.locator('#embed-code').inputValue(), /#\/embed\/replay\/%7B[^"]*\?step=14"/);
      await page.selectOption('#embed-theme', 'dark');
      const src = (await page.locator('#embed-code').inputValue()).match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
      assert.match(src, /\?theme=dark&step=14$/);
      await at.uncheck();
      assert.match(await page.locator('#embed-code').inputValue(), /\?theme=dark"/, 'at the start, no step is written');
      await page.getByRole('button', { name: 'Close' }).click();
      // The start needs no step in the address.
      await page.getByRole('button', { name: 'First', exact: true }).click();
      await stepTo(page, 0, len);
      await page.waitForFunction(() => !location.hash.includes('?'));
      // The frame the dialog wrote opens at its step, and leaves its address to the site.
      const { frame, host } = await inFrame(t, src, { width: 720 });
      await waitText(frame.locator('.replay-count'), `Step 14 of ${len}`);
      await frame.getByRole('button', { name: 'Forward', exact: true }).click();
      await waitText(frame.locator('.replay-count'), `Step 15 of ${len}`);
      const inner = host.frames().find((f) => f.url().includes('#/embed/replay/'));
      assert.ok(inner.url().endsWith('?theme=dark&step=14'), `the frame's address is as the site wrote it: ${inner.url().slice(-40)}`);
      // A step past the end opens the replay at its last, and says so until the reader steps.
      await open(page, t.base, replayRoute(rec) + `?step=${len + 1}`);
      await waitText(page.locator('.replay [role=alert]'), `The address asks for step ${len + 1}, but this game has only ${len} steps: here is its last.`);
      await stepTo(page, len, len);
      // The game is over there: nothing to play on from.
      assert.equal(await page.getByRole('link', { name: 'Play on from here' }).count(), 0, 'no Play on from the end');
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await stepTo(page, len - 1, len);
      assert.equal(await page.locator('.replay [role=alert]').count(), 0, 'the notice goes once the reader steps');
      await page.getByRole('link', { name: 'Play on from here' }).waitFor();
      // What is not a step's number opens it at the start, and says so.
      await open(page, t.base, replayRoute(rec) + '?step=last');
      await waitText(page.locator('.replay [role=alert]'), 'Step "last" in the address is not a step\'s number (0 is the start): here is the start.');
      await stepTo(page, 0, len);
      await open(page, t.base, replayRoute(rec) + '?theme=dark');
      await waitText(page.locator('[role=alert]'), 'Unknown setting "theme" in the replay\'s address (it takes only step).');
    },
  },
  {
    name: 'the Replay link of a game in play opens its replay',
    async run(t) {
      const rec = await record('morris');
      const page = await t.page({ width: 1280 });
      await open(page, t.base, shareRoute(upTo(rec, 9)));
      await page.waitForSelector('svg.board');
      const href = await page.getByRole('link', { name: 'Replay', exact: true }).getAttribute('href');
      assert.match(href, /#\/replay\/%7B/);
      await page.goto(href);
      await waitText(page.locator('.replay-count'), 'Step 0 of 9');
      await page.getByRole('button', { name: 'Last', exact: true }).click();
      assert.equal(await stepTo(page, 9, 9), rec.moves[8]);
    },
  },
  {
    name: 'the Picture button of every game gives a standalone SVG of the board, and a PNG',
    async run(t) {
      for (const game of Object.keys(RECORDS)) {
        const rec = await record(game);
        const page = await t.page({ width: 1280, theme: 'dark' });
        await open(page, t.base, shareRoute(upTo(rec, Math.floor(rec.moves.length / 2))));
        const board = game === 'doquin' ? 'main svg.doquin-block' : 'main svg.board';
        await page.waitForSelector(board);
        // What the board on the page is made of, and the colour its first shape has there.
        // What is drawn for the player's next move (boards::FOR_THE_PLAYER) is left out.
        const onPage = await page.evaluate(([board, forPlayer, looks]) => {
          const svg = document.querySelector(board);
          const first = svg.querySelector('rect, path, circle, polygon');
          const position = [...svg.querySelectorAll('*')].filter((e) => !e.closest(forPlayer));
          return {
            shapes: position.length, marks: svg.querySelectorAll(forPlayer).length,
            fill: getComputedStyle(first).fill, viewBox: svg.getAttribute('viewBox'),
            looks: position.map((e) => looks.map((name) => getComputedStyle(e).getPropertyValue(name)).join(' | ')),
          };
        }, [board, FOR_THE_PLAYER, LOOKS]);
        if (game === 'morris' || game === 'doquin' || game === 'archery') {
          assert.ok(onPage.marks > 0, `${game}: the board on the page marks the player's targets`);
        }
        await page.getByRole('button', { name: 'Picture' }).click();
        await page.waitForSelector('img.board-picture');
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download SVG' }).click(),
        ]);
        assert.match(download.suggestedFilename(), new RegExp(`^parlour-${game}-\\d{8}-\\d{4}\\.svg$`));
        const svg = await readFile(await download.path(), 'utf8');
        await waitText(page.locator('.modal [role=status], [role=dialog] [role=status]'), 'downloaded');
        assert.ok(!svg.includes('var(--'), 'no colour is left to the style sheet');
        assert.doesNotMatch(svg, new RegExp(`class="[^"]*\\b(${PLAYER_MARKS.join('|')})\\b`), 'no piece keeps a mark for the player');

        // The file read on a page with no style sheet: it parses, holds the board, and its
        // shapes carry the colours they had on the page.
        const bare = await t.page({ width: 800 });
        await bare.goto('about:blank');
        const read = await bare.evaluate(async ([text, forPlayer, looks]) => {
          const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
          const root = doc.documentElement;
          const first = root.querySelector('rect, path, circle, polygon');
          const image = new Image();
          image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text);
          await image.decode();
          const placed = document.body.appendChild(document.importNode(root, true));
          return {
            error: doc.querySelector('parsererror')?.textContent ?? null,
            name: root.localName, ns: root.namespaceURI, viewBox: root.getAttribute('viewBox'),
            shapes: root.querySelectorAll('*').length, marks: root.querySelectorAll(forPlayer).length,
            fill: first.style.fill, width: image.naturalWidth,
            role: root.getAttribute('role'), label: root.getAttribute('aria-label'),
            controls: [root, ...root.querySelectorAll('*')]
              .filter((e) => ['tabindex', 'aria-activedescendant', 'aria-describedby', 'role'].some((a) => e !== root && e.hasAttribute(a))
                || e.hasAttribute('tabindex') || e.getAttribute('role') === 'application').length,
            looks: [...placed.querySelectorAll('*')]
              .map((e) => looks.map((name) => getComputedStyle(e).getPropertyValue(name)).join(' | ')),
          };
        }, [svg, FOR_THE_PLAYER, LOOKS]);
        assert.equal(read.error, null, `${game}: the SVG parses`);
        assert.equal(read.name, 'svg');
        assert.equal(read.ns, 'http://www.w3.org/2000/svg');
        if (game === 'doquin' || game === 'dominoes') {
          // The picture keeps only what is drawn, inside the board's own drawing: the block
          // keeps room for rods on every side, and the table for the line of play to grow.
          const [px, py, pw, ph] = onPage.viewBox.split(/[ ,]+/).map(Number);
          const [x, y, w, h] = read.viewBox.split(' ').map(Number);
          assert.ok(x >= px && y >= py && x + w <= px + pw + 0.01 && y + h <= py + ph + 0.01,
            `${game}: the picture (${read.viewBox}) is within the board (${onPage.viewBox})`);
          assert.ok(w < pw || h < ph, `${game}: the room kept for what may come is left out (${read.viewBox})`);
        } else {
          assert.equal(read.viewBox, onPage.viewBox, `${game}: the whole board`);
        }
        assert.equal(read.shapes, onPage.shapes, `${game}: every shape of the position is in the picture`);
        assert.equal(read.marks, 0, `${game}: no target, hint or focus ring is in the picture`);
        assert.equal(read.fill, onPage.fill, `${game}: a shape keeps the colour the page gave it`);
        const unlike = onPage.looks.findIndex((looks, i) => looks !== read.looks[i]);
        assert.equal(unlike, -1, `${game}: every shape looks as it does on the page (shape ${unlike}: `
          + `${onPage.looks[unlike]} on the page, ${read.looks[unlike]} in the picture)`);
        assert.ok(read.width > 0, `${game}: the picture draws on its own`);
        assert.equal(read.role, 'img', `${game}: the picture is an image, not a control`);
        assert.ok(read.label && !/keys/i.test(read.label), `${game}: named, with no keys to press: ${read.label}`);
        assert.equal(read.controls, 0, `${game}: no part of the picture can take the focus or has a role`);

        const [png] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download PNG' }).click(),
        ]);
        const bytes = await readFile(await png.path());
        assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], `${game}: a PNG file`);
        if (game === 'morris') await t.shot(page, 'picture-dialog-1280-dark');
      }
    },
  },
  {
    name: 'a replay\'s Picture is of the board at the step shown, and keys in its dialog do not step',
    async run(t) {
      const page = await morrisAtStep10(t);
      const onPage = await page.evaluate(() => document.querySelector('main svg.board').outerHTML.match(/class="man [a-z]+/g).length);
      await page.getByRole('button', { name: 'Picture' }).click();
      await page.waitForSelector('img.board-picture');
      await page.keyboard.press('ArrowRight');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download SVG' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'parlour-morris-step-10.svg');
      const svg = await readFile(await download.path(), 'utf8');
      assert.equal(svg.match(/class="man [a-z]+/g).length, onPage, 'the men on the board at step 10');
      await page.getByRole('button', { name: 'Close' }).click();
      assert.equal((await shown(page)).step, 10, 'the arrow key in the dialog did not step the replay');
    },
  },
  {
    name: 'a click on a dialog\'s text keeps the keys in the dialog: the replay behind does not step, Tab stays in it, and Escape closes it',
    async run(t) {
      const page = await morrisAtStep10(t);
      for (const opener of ['Embed', 'Picture']) {
        await page.getByRole('button', { name: opener }).click();
        await page.locator('#dialog-title').click();
        for (const key of ['ArrowLeft', 'Home', 'End']) await page.keyboard.press(key);
        assert.equal((await shown(page)).step, 10, `keys after a click on the ${opener} dialog's heading did not step the replay`);
        await page.keyboard.press('Shift+Tab');
        assert.ok(await page.evaluate(() => document.activeElement.closest('[role=dialog]') !== null), `Shift+Tab from the ${opener} dialog itself stays in it`);
        await page.locator('#dialog-title').click();
        await page.keyboard.press('Escape');
        await page.waitForSelector('[role=dialog]', { state: 'detached', timeout: 3000 })
          .catch(() => assert.fail(`Escape after a click on the ${opener} dialog's heading closes it`));
      }
      // Of the Embed dialog's two choices, Tab reaches the one chosen: Shift+Tab from it, the
      // second, goes round to the dialog's last control, not out of the dialog.
      await open(page, t.base, shareRoute(await record('morris')));
      await page.waitForSelector('main svg.board');
      await page.getByRole('button', { name: 'Embed' }).click();
      await page.locator('#embed-replay').check();
      await page.locator('#embed-replay').focus();
      await page.keyboard.press('Shift+Tab');
      assert.ok(await page.evaluate(() => document.activeElement.closest('[role=dialog]') !== null), 'Shift+Tab from the chosen radio stays in the dialog');
    },
  },
  {
    name: 'when the browser refuses to copy, the Embed dialog and Share link select what was to be copied, and say so',
    async run(t) {
      const rec = await record('morris');
      const page = await t.page({ width: 390 });
      await page.addInitScript(() => {
        Object.defineProperty(navigator.clipboard, 'writeText', { value: () => Promise.reject(new DOMException('refused', 'NotAllowedError')) });
      });
      await open(page, t.base, shareRoute(rec));
      await page.waitForSelector('main svg.board');
      const selectedIn = (id) => page.evaluate((id) => {
        const field = document.getElementById(id);
        return document.activeElement === field && field.selectionStart === 0 && field.selectionEnd === field.value.length && field.value.length > 0;
      }, id);
      await page.getByRole('button', { name: 'Share link' }).click();
      await waitText(page.locator('[role=dialog] [role=status]'), 'Copying was not allowed: the link is selected, to copy by hand.');
      assert.ok(await selectedIn('share-link'), 'the link is selected');
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Embed' }).click();
      // On a phone the dialog is taller than the screen: it scrolls, so Copy is in reach.
      const tall = await page.locator('[role=dialog]').evaluate((d) => d.getBoundingClientRect().height);
      assert.ok(tall > 844, `the Embed dialog is taller than the phone's screen (${tall} px)`);
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await waitText(page.locator('[role=dialog] [role=status]'), 'Copying was not allowed: the code is selected, to copy by hand.');
      assert.ok(await selectedIn('embed-code'), 'the code is selected');
    },
  },
  {
    name: 'Copy picture puts a PNG of the board on the clipboard',
    async run(t) {
      const rec = await record('quoits');
      const page = await t.page({ width: 1280, permissions: ['clipboard-read', 'clipboard-write'] });
      await open(page, t.base, shareRoute(rec));
      await page.waitForSelector('main svg.board');
      await page.getByRole('button', { name: 'Picture' }).click();
      await page.getByRole('button', { name: 'Copy picture' }).click();
      await waitText(page.locator('[role=dialog] [role=status], .modal [role=status]'), 'The picture was copied.');
      const types = await page.evaluate(async () => (await navigator.clipboard.read()).flatMap((item) => item.types));
      assert.ok(types.includes('image/png'), `the clipboard holds a PNG (${types})`);
    },
  },
  {
    name: 'Share link puts the link on the clipboard and says so; Copy link puts it there again',
    async run(t) {
      const rec = await record('morris');
      const page = await t.page({ width: 390, permissions: ['clipboard-read', 'clipboard-write'] });
      await open(page, t.base, shareRoute(rec));
      await page.waitForSelector('main svg.board');
      await page.getByRole('button', { name: 'Share link' }).click();
      const status = page.locator('[role=dialog] [role=status]');
      await waitText(status, 'The link was copied.');
      const link = await page.locator('#share-link').inputValue();
      assert.ok(link.startsWith(t.base + '#/open/'), `the box holds the share link (${link.slice(0, 60)}…)`);
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link, 'the clipboard holds the link');
      await page.evaluate(() => navigator.clipboard.writeText('something else'));
      await page.getByRole('button', { name: 'Copy link' }).click();
      await waitText(status, 'The link was copied.');
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link, 'Copy link put it back');
      // The dialog's buttons sit as every dialog's do, not stretched like the row under the board.
      const widths = await page.locator('[role=dialog] .actions button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().width));
      const dialog = await page.locator('[role=dialog]').evaluate((d) => d.getBoundingClientRect().width);
      assert.ok(widths.every((w) => w < dialog / 2), `the buttons keep their own widths (${widths} in ${dialog})`);
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Embed' }).click();
      const embed = await page.locator('[role=dialog] .actions button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().width));
      assert.ok(embed.every((w) => w < dialog / 2), `so do the Embed dialog's, opened from that row (${embed} in ${dialog})`);
    },
  },
);
