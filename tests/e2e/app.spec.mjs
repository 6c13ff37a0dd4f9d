// The shell end to end: every screen has a URL that survives a reload under a sub-path, at phone
// and desktop widths, in light and dark; settings persist; bad stored values and a full storage
// are reported and lose nothing.
import { readFile } from 'node:fs/promises';
import { assert, brokenOverLines, fillStorage, open, storage, waitText } from './lib.mjs';
import { playByClicks, startGame, moveList } from './morris.mjs';

const SCREENS = [
  ['home', '#/', 'Parlour'],
  ['new-morris', '#/new/morris', 'New game of Morris'],
  ['saves', '#/saves', 'Saved games'],
  ['rules-morris', '#/rules/morris', 'Morris: the rules'],
  ['rules-archery', '#/rules/archery', 'Archery: the rules'],
  ['rules-quoits', '#/rules/quoits', 'Quoits: the rules'],
  ['rules-dominoes', '#/rules/dominoes', 'Dominoes: the rules'],
  ['rules-doquin', '#/rules/doquin', 'Doquin: the rules'],
  ['settings', '#/settings', 'Settings'],
];

export const tests = [
  {
    name: 'the style sheet, built without its comments and indentation, reads rule for rule as style/main.css does',
    async run(t) {
      const page = await t.page();
      await open(page, t.base);
      const source = await readFile(new URL('../../style/main.css', import.meta.url), 'utf8');
      const { built, read, size } = await page.evaluate((text) => {
        const rules = (sheet) => [...sheet.cssRules].map((rule) => rule.cssText);
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(text);
        const link = document.querySelector('link[rel="stylesheet"]');
        return { built: rules(link.sheet), read: rules(sheet), size: link.sheet.cssRules.length };
      }, source);
      assert.ok(size > 100, `the page's sheet was applied (${size} rules)`);
      assert.deepEqual(built, read, "the built sheet has the source's rules, in order");
      assert.doesNotMatch(await (await page.request.get(await page.locator('link[rel="stylesheet"]').evaluate((l) => l.href))).text(), /\/\*/, 'the built sheet has no comments');
    },
  },
  {
    name: 'every screen has a URL that survives a reload, at phone and desktop widths',
    async run(t) {
      for (const [width, height, theme] of [[360, 780, 'light'], [1280, 900, 'light'], [1280, 900, 'dark']]) {
        const page = await t.page({ width, height, theme });
        for (const [name, route, heading] of SCREENS) {
          await open(page, t.base, route);
          await waitText(page.locator('#screen-title'), heading);
          await page.reload();
          await waitText(page.locator('#screen-title'), heading);
          if (name.startsWith('rules')) {
            await page.waitForSelector('.rules-text h2');
            // No table of the rules is scrolled sideways, on a phone either: Dominoes' seven
            // games become a card each there.
            const scrolled = await page.evaluate(() => [...document.querySelectorAll('.rules-text table')]
              .filter((table) => table.scrollWidth > table.clientWidth + 1).map((table) => table.querySelector('caption')?.textContent ?? 'a table'));
            assert.deepEqual(scrolled, [], `${name} at ${width}px: every table fits its column`);
          }
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${name} at ${width}px is not wider than the screen (${overflow}px over)`);
          // A move or name in notation is never broken over two lines ("mu / ggins").
          assert.deepEqual(await brokenOverLines(page.locator('code')), [], `${name} at ${width}px keeps every piece of notation on one line`);
          await t.shot(page, `${name}-${width}-${theme}`);
        }
        await startGame(page, t.base);
        await playByClicks(page, 'd6');
        await playByClicks(page, 'f4');
        await page.reload();
        await page.waitForSelector('svg.board');
        assert.deepEqual(await moveList(page), ['d6', 'f4']);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `the play screen at ${width}px fits (${overflow}px over)`);
        await t.shot(page, `play-${width}-${theme}`);
      }
    },
  },
  {
    name: 'a new-game form is set as the last game of its kind was started, until the player asks for the defaults',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      const form = () => page.evaluate(() => ({
        note: document.querySelector('.remembered')?.textContent ?? null,
        checked: [...document.querySelectorAll('form.setup input:checked')].map((i) => i.closest('label').textContent.trim().slice(0, 24)),
        values: Object.fromEntries([...document.querySelectorAll('form.setup :is(input[type=text], input[type=number], select)')]
          .filter((e) => !e.closest('.hidden')).map((e) => [e.id, e.value])),
      }));
      // Morris: Six Men's, one man for each mill, Ada against the hard computer, who plays White.
      await open(page, t.base, '#/new/morris');
      await page.waitForSelector('form.setup');
      const defaults = await form();
      assert.equal(defaults.note, null, 'nothing is remembered at first');
      await page.getByLabel(/^Six/).check();
      await page.getByLabel(/^One man removed for each mill/).check();
      await page.fill('#seat-1', 'Ada');
      await page.selectOption('#seat-2-kind', 'hard');
      await page.locator('input[name=first]').nth(2).check();
      const chosen = await form();
      await page.click('button[type=submit]');
      await page.waitForSelector('svg.board');
      await page.getByRole('link', { name: 'New game', exact: true }).first().click();
      await page.waitForSelector('form.setup');
      const again = await form();
      assert.match(again.note ?? '', /Set up as your last game of Morris/);
      assert.deepEqual({ ...again, note: null }, { ...chosen, note: null }, 'the form is as it was set');
      assert.equal(again.values['seat-2'], 'Hard computer', 'the computer keeps the name its level gives it');
      // A reload keeps it; the defaults are one press away, and stay.
      await page.reload();
      await page.waitForSelector('.remembered');
      await page.getByRole('button', { name: 'Start from the defaults' }).click();
      await page.waitForFunction(() => !document.querySelector('.remembered'));
      assert.deepEqual(await form(), defaults, 'back to the defaults');
      await page.reload();
      await page.waitForSelector('form.setup');
      assert.deepEqual(await form(), defaults, 'and they stay');

      // Dominoes: Matador for four on double-nine, to 150, with names.
      await open(page, t.base, '#/new/dominoes');
      await page.waitForSelector('form.setup');
      await page.check('input[name=domino-game][value=matador]');
      await page.selectOption('#player-count', '4');
      await page.selectOption('#domino-set', '9');
      await page.fill('#domino-target', '150');
      await page.locator('#domino-target').blur();
      for (const [i, name] of ['Ada', 'Bea', 'Cy', 'Di'].entries()) await page.fill(`#seat-${i + 1}`, name);
      const dominoes = await form();
      assert.equal(dominoes.values['domino-target'], '150');
      await page.click('button[type=submit]');
      await page.waitForSelector('.dominoes-screen');
      const started = await storage(page);
      await open(page, t.base, '#/new/dominoes');
      await page.waitForSelector('.remembered');
      assert.deepEqual({ ...(await form()), note: null }, { ...dominoes, note: null }, 'Dominoes: the form is as it was set');
      // What is remembered is the form, kept apart from the saved games, which it adds none to.
      assert.ok('parlour/setup/dominoes' in started, 'the set-up has its own key');
      const games = (kept) => Object.keys(kept).filter((k) => k.startsWith('parlour/game/')).length;
      assert.equal(games(await storage(page)), games(started));

      // A remembered set-up that does not read, or names a variant this Parlour does not have:
      // the form is at its defaults and says nothing of it; the one that does not read is kept
      // aside, not written over, when the next game is started.
      await page.evaluate(() => {
        localStorage.setItem('parlour/setup/quoits', '{"version": 1, "record": ');
        const morris = JSON.parse(localStorage.getItem('parlour/setup/morris') ?? 'null');
        if (morris) throw new Error('Morris was forgotten above');
        localStorage.setItem('parlour/setup/morris', JSON.stringify({
          version: 1, record: { format: 'parlour-record', version: 1, game: 'morris', variant: 'nine-and-a-half', options: {}, players: [{ name: 'Ada', kind: 'human' }, { name: 'Bob', kind: 'human' }], moves: [] },
        }));
      });
      for (const game of ['quoits', 'morris']) {
        await open(page, t.base, `#/new/${game}`);
        await page.waitForSelector('form.setup');
        assert.equal(await page.locator('.remembered').count(), 0, `${game}: no note`);
        assert.equal(await page.inputValue('#seat-1'), 'Player 1', `${game}: the defaults`);
      }
      await open(page, t.base, '#/new/quoits');
      await page.waitForSelector('form.setup');
      await page.click('button[type=submit]');
      await page.waitForSelector('.quoits-screen');
      const kept = await storage(page);
      assert.ok(Object.entries(kept).some(([k, v]) => k.startsWith('parlour/aside/setup/quoits@') && v === '{"version": 1, "record": '), 'the broken set-up is kept aside');
      assert.match(kept['parlour/setup/quoits'], /"game":"quoits"/, 'and the new one is remembered');
    },
  },
  {
    name: 'a name that is one long word breaks rather than make a play screen wider than a small phone',
    async run(t) {
      const long = 'Wolfeschlegelsteinhausenbergerdorffvoral';
      for (const game of ['morris', 'archery', 'quoits', 'dominoes', 'doquin']) {
        for (const [width, height] of [[390, 844], [320, 568]]) {
          const page = await t.page({ width, height, isMobile: true, hasTouch: true });
          await open(page, t.base, `#/new/${game}`);
          await page.waitForSelector('form.setup');
          await page.fill('#seat-1', `${long}1`);
          await page.fill('#seat-2', `${long}2`);
          // The form too: who goes first is chosen by name in Morris and Doquin.
          const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(wide <= 0, `${game}'s form at ${width}px is not wider than the screen (${wide}px over)`);
          await page.click('button[type=submit]');
          await page.waitForSelector('.play .status');
          await waitText(page.locator('.play .status'), long);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${game} at ${width}px is not wider than the screen (${overflow}px over)`);
          if (game === 'dominoes') {
            // The name said on the empty table is cut short to fit it.
            const fits = await page.locator('.empty-table').evaluate((text) => text.getComputedTextLength() <= text.ownerSVGElement.viewBox.baseVal.width);
            assert.ok(fits, `at ${width}px the words on the table fit it`);
          }
          if (game !== 'morris' && game !== 'dominoes') {
            // In the players' table the name wraps beside its mark, not under it.
            const name = await page.locator('table.scores tbody th').first().evaluate((th) => {
              const peg = th.querySelector('svg').getBoundingClientRect();
              const texts = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
              let text = texts.nextNode();
              while (text && !text.textContent.includes('Wolfe')) text = texts.nextNode();
              const range = document.createRange();
              range.selectNodeContents(text);
              return { peg: peg.right, lefts: [...range.getClientRects()].map((r) => r.left) };
            });
            assert.ok(name.lefts.length >= 2, `${game} at ${width}px: the name wraps in the players' table (${name.lefts.length} lines)`);
            assert.ok(name.lefts.every((left) => left >= name.peg), `${game} at ${width}px: every line of the name is beside its mark: ${JSON.stringify(name)}`);
          }
          if (game === 'doquin' && width === 390) {
            // Nor does the name in the caption ("… plays first") make the table scroll.
            const over = await page.locator('.doquin-players').evaluate((table) => table.parentElement.scrollWidth - table.parentElement.clientWidth);
            assert.ok(over <= 0, `at ${width}px the players' table fits its place (${over}px over)`);
          }
          if (width === 320) await t.shot(page, `long-name-${game}-320`);
          await page.context().close();
        }
      }
    },
  },
  {
    name: 'on a phone on its side the board and the controls stand side by side: the block or the pitches in view with the status line, nothing wider than the screen',
    async run(t) {
      for (const [width, height] of [[844, 390], [667, 375]]) {
        for (const game of ['morris', 'archery', 'quoits', 'dominoes', 'doquin']) {
          const page = await t.page({ width, height, isMobile: true, hasTouch: true });
          await open(page, t.base, `#/new/${game}`);
          await page.waitForSelector('form.setup');
          await page.click('button[type=submit]');
          await page.waitForSelector('.play .status');
          const at = `${game} at ${width}×${height}`;
          const shape = await page.evaluate(() => {
            const box = (s) => document.querySelector(s)?.getBoundingClientRect();
            const board = box('svg.doquin-block') ?? box('svg.board');
            return { board: board && { top: board.top, bottom: board.bottom, left: board.left, right: board.right }, side: box('.side-column'), status: box('.play .status'), spin: box('.spin-button'), tops: box('.teetotum'), header: box('header.top').height, over: document.documentElement.scrollWidth - innerWidth, port: innerHeight, players: [...document.querySelectorAll('.doquin-screen .table-scroll')].map((s) => s.scrollWidth - s.clientWidth) };
          });
          assert.ok(shape.over <= 0, `${at}: nothing runs past the screen's edge (${shape.over}px over)`);
          assert.ok(shape.header <= 40, `${at}: the header takes little height (${shape.header}px)`);
          if (game === 'doquin') {
            // (Its status line may take three lines in the narrow column: the page scrolls
            // past the header and the title, and the status line and the whole block are in
            // view together.)
            assert.ok(shape.board.bottom - shape.status.top <= shape.port, `${at}: from the status line (${shape.status.top}) to the block's foot (${shape.board.bottom}) is no taller than the screen (${shape.port})`);
            assert.ok(shape.side.left >= shape.board.right && shape.side.top < shape.board.bottom, `${at}: the players and the controls stand beside the block`);
            // The players' table fits its narrow column, as on an upright phone, without scrolling.
            assert.ok(shape.players.length === 1 && shape.players[0] <= 0, `${at}: the players' table fits beside the block (${shape.players[0]}px over)`);
          }
          if (game === 'archery' && width === 844) {
            // The Spin button (and the choices in its place) beside the tops, not under them:
            // from the status line to the board's foot fits the screen. (At 667 px the board
            // is folded in two rows, taller than the screen, to keep its numbers readable.)
            assert.ok(shape.spin.top < shape.tops.bottom && shape.spin.left >= shape.tops.right, `${at}: the Spin button stands beside the tops`);
            assert.ok(shape.board.bottom - shape.status.top <= shape.port, `${at}: from the status line (${shape.status.top}) to the board's foot (${shape.board.bottom}) is no taller than the screen (${shape.port})`);
          }
          if (game === 'quoits') {
            // The Spin button and the pitches side by side, each in view from the top, and the
            // pitches whole once the page is scrolled to them.
            assert.ok(shape.spin.bottom <= shape.port && shape.board.top < shape.port / 3, `${at}: the Spin button and the pitches' head are in view from the top`);
            assert.ok(shape.board.left >= shape.spin.right, `${at}: the pitches stand beside the Spin button`);
            assert.ok(shape.board.bottom - shape.board.top <= shape.port, `${at}: the pitches are no taller than the screen`);
          }
          await t.shot(page, `sideways-${game}-${width}`);
          await page.context().close();
        }
      }
    },
  },
  {
    name: 'a rules page lists its sections, each link opens the page at its heading, and a game\'s Rules button opens at its own variant',
    async run(t) {
      const page = await t.page({ width: 390, height: 844 });
      // Where a heading is on the screen, and whether it has the focus.
      const at = (id) => page.evaluate((id) => {
        const heading = document.getElementById(id);
        return heading && { top: Math.round(heading.getBoundingClientRect().top), focused: document.activeElement === heading };
      }, id);
      const arrived = async (id, why) => {
        await page.waitForFunction((id) => document.activeElement?.id === id, id, { timeout: 5000 })
          .catch(() => assert.fail(`${why}: the heading #${id} never took the focus`));
        const { top } = await at(id);
        assert.ok(top >= 0 && top < 60, `${why}: the heading #${id} is at the top of the screen (${top})`);
      };
      for (const game of ['morris', 'archery', 'quoits', 'dominoes', 'doquin']) {
        await open(page, t.base, `#/rules/${game}`);
        await page.waitForSelector('.rules-text h2');
        const { links, headings } = await page.evaluate(() => ({
          links: [...document.querySelectorAll('.rules-text nav.contents a')].map((a) => [a.getAttribute('href'), a.textContent]),
          headings: [...document.querySelectorAll('.rules-text h2, .rules-text h3[id]')].map((h) => [h.id, h.textContent]),
        }));
        assert.ok(headings.length >= 8, `${game}: the page has its sections (${headings.length})`);
        assert.deepEqual(links, headings.map(([id, text]) => [`#/rules/${game}/${id}`, text]), `${game}: the contents list every section, in order, each linking to its heading`);
      }
      // A link in the contents: the page at that section, which is where a reload keeps it.
      await open(page, t.base, '#/rules/dominoes');
      await page.click('nav.contents a:text-is("Matador")');
      await arrived('matador', 'Matador in the contents');
      assert.match(page.url(), /#\/rules\/dominoes\/matador$/);
      await page.reload();
      await arrived('matador', 'reloaded');
      // The link to the section the address names, again: back to its heading.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.click('nav.contents a:text-is("Matador")');
      await arrived('matador', 'Matador again');
      // Back goes to the top of the page.
      await page.goBack();
      await waitText(page.locator('#screen-title'), 'Dominoes: the rules');
      // A section the page does not have opens it at the top; an address that is no section is no page.
      await open(page, t.base, '#/rules/morris/nonesuch');
      await page.waitForSelector('.rules-text h2');
      assert.ok((await page.evaluate(() => scrollY)) === 0, 'an unknown section: the top of the page');
      await page.waitForFunction(() => location.hash === '#/rules/morris', null, { timeout: 5000 })
        .catch(async () => assert.fail(`an unknown section is taken out of the address (${await page.evaluate(() => location.hash)})`));
      await open(page, t.base, '#/rules/morris/Six%20Men');
      await waitText(page.locator('#screen-title'), 'Nothing here');
      // From a game of Morelles, whose rules are the page's own from its top: the top, and the
      // address names no section.
      await startGame(page, t.base);
      await page.getByRole('link', { name: 'Rules', exact: true }).click();
      await page.waitForSelector('.rules-text h2');
      await page.waitForFunction(() => location.hash === '#/rules/morris', null, { timeout: 5000 })
        .catch(async () => assert.fail(`Morelles' Rules button: the page's address (${await page.evaluate(() => location.hash)})`));
      assert.ok((await page.evaluate(() => scrollY)) === 0, "Morelles' Rules button: the top of the page");
      // From a game of Six Men's Morris, its Rules button.
      await startGame(page, t.base, { variant: 'Six' });
      await page.getByRole('link', { name: 'Rules', exact: true }).click();
      await arrived('six-mens', "Six Men's Morris's Rules button");
      assert.match(page.url(), /#\/rules\/morris\/six-mens$/);
      assert.equal(await page.textContent('#six-mens'), 'Six Men’s Morris');
      await t.shot(page, 'rules-at-six-mens');
    },
  },
  {
    name: 'every game card leads to its new game and its rules; an unknown page says so',
    async run(t) {
      const page = await t.page();
      await open(page, t.base, '#/');
      for (const game of ['Morris', 'Archery', 'Quoits', 'Dominoes', 'Doquin']) {
        const card = page.locator('.game-card', { has: page.locator('h2', { hasText: game }) });
        assert.equal(await card.locator('.badge').count(), 0, `${game} is not marked as coming`);
        await card.locator('a:has-text("Rules")').click();
        await waitText(page.locator('#screen-title'), `${game}: the rules`);
        assert.equal(await page.locator('.rules-text .coming').count(), 0, `${game}'s rules do not say it is coming`);
        await page.goBack();
        await page.waitForSelector('.games');
        await card.locator('a:has-text("Play")').click();
        await waitText(page.locator('#screen-title'), `New game of ${game}`);
        await page.waitForSelector('form.setup button[type=submit]');
        await page.goBack();
        await page.waitForSelector('.games');
      }
      await open(page, t.base, '#/no/such/page');
      await waitText(page.locator('#screen-title'), 'Nothing here');
    },
  },
  {
    name: 'settings apply at once and persist: theme, animations and the computer\'s pace',
    async run(t) {
      const page = await t.page({ theme: 'light' });
      await open(page, t.base, '#/settings');
      await page.getByLabel('Dark: lamplight').check();
      await page.getByLabel(/^Off: pieces and the teetotum/).check();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      await page.reload();
      await page.waitForSelector('#screen-title');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.motion), 'off');
      assert.equal(await page.getByLabel('Dark: lamplight').isChecked(), true);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(background, 'rgb(31, 26, 21)', 'the dark paper is used');
      await t.shot(page, 'settings-dark');
      // The computer's pace: chosen here, a game starts at it; chosen in a game, it is kept for
      // the next game and for this one reloaded, and shows here.
      assert.equal(await page.getByLabel(/^Steady: /).isChecked(), true, 'Steady at first');
      await page.getByLabel(/^Slow: /).check();
      await open(page, t.base, '#/new/morris');
      await page.waitForSelector('form.setup');
      await page.selectOption('#seat-2-kind', 'beginner');
      await page.click('button[type=submit]');
      await page.waitForSelector('#pace');
      assert.equal(await page.locator('#pace').inputValue(), 'slow', 'the game starts at the pace of the settings');
      await page.selectOption('#pace', 'quick');
      await page.reload();
      await page.waitForSelector('#pace');
      assert.equal(await page.locator('#pace').inputValue(), 'quick', 'the pace chosen in the game is kept');
      await open(page, t.base, '#/settings');
      await page.waitForSelector('#screen-title');
      assert.equal(await page.getByLabel(/^Quick: /).isChecked(), true, 'and shows in the settings');
      // A pace chosen in one tab keeps a theme chosen meanwhile in another.
      const other = await page.context().newPage();
      await open(other, t.base, '#/settings');
      await other.getByLabel('Light: paper and ink').check();
      await page.getByLabel(/^Slow: /).check();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('parlour/settings')));
      assert.deepEqual([stored.theme, stored.pace], ['light', 'slow'], JSON.stringify(stored));
    },
  },
  {
    name: 'an unreadable stored value is reported and kept; a newer one too',
    async run(t) {
      const page = await t.page();
      await open(page, t.base, '#/');
      await page.evaluate(() => {
        localStorage.setItem('parlour/game/broken', '{"half a save');
        localStorage.setItem('parlour/game/future', JSON.stringify({ version: 7, id: 'future' }));
        localStorage.setItem('parlour/settings', 'nonsense');
      });
      await page.reload();
      await waitText(page.locator('.notice'), '3 stored values could not be read; Parlour left what was stored as it was. Meanwhile the usual settings are in use.');
      await page.locator('.notice').getByRole('link', { name: 'Open Saved games' }).click();
      // There, the notice no longer offers the way to where the player is, and the list does
      // not say there are no saved games.
      await page.locator('.notice a').waitFor({ state: 'detached' });
      await waitText(page.locator('.screen > .hint'), 'No saved game can be opened');
      const problems = page.locator('.problems');
      // Each is told in a player's words, with its key and the reader's message for whoever
      // mends it by hand.
      const broken = problems.locator('.problem', { hasText: 'parlour/game/broken' });
      await waitText(broken.locator('h3'), 'A saved game');
      await waitText(broken, 'Its text stops short, as if cut off.');
      await waitText(broken.locator('.detail'), 'not valid JSON');
      await waitText(problems, 'A newer Parlour wrote it (version 7');
      await waitText(problems.locator('.problem', { hasText: 'parlour/settings' }).locator('h3'), 'Your settings');
      await t.shot(page, 'problems');
      // An embedded game, on another site's page, does not tell its readers of them.
      await open(page, t.base, '#/embed/morris?theme=dark');
      await page.reload();
      await page.locator('svg.board').waitFor();
      assert.equal(await page.locator('.notice').count(), 0, 'no notice in an embedded game');
      // Opened on another screen, the app tells of them all the same.
      await open(page, t.base, '#/settings');
      await page.reload();
      await waitText(page.locator('.notice'), '3 stored values could not be read');
      // Changing a setting keeps the unreadable settings aside before writing.
      await page.getByLabel('Light: paper and ink').check();
      const stored = await storage(page);
      assert.equal(stored['parlour/game/broken'], '{"half a save', 'left exactly as it was');
      const aside = Object.keys(stored).find((k) => k.startsWith('parlour/aside/settings'));
      assert.equal(stored[aside], 'nonsense', 'the unreadable settings were kept aside');
      // The copy kept aside is listed, and may be deleted like any other.
      await open(page, t.base, '#/saves');
      const copy = problems.locator('.problem', { hasText: aside });
      await waitText(copy.locator('h3'), 'An old copy of your settings');
      assert.equal(await problems.locator('.problem', { hasText: 'parlour/settings' }).count(), 0,
        'the settings, now readable, are no longer listed');
      await copy.locator('button:has-text("Delete")').click();
      await copy.locator('button.danger').click();
      await page.waitForFunction((key) => localStorage.getItem(key) === null, aside);
      await problems.locator('.problem', { hasText: aside }).waitFor({ state: 'detached' });
      // Deleting is the player's choice, from the list.
      await open(page, t.base, '#/saves');
      await page.locator('.problem', { hasText: 'broken' }).locator('button:has-text("Delete")').click();
      await page.locator('.problem', { hasText: 'broken' }).locator('button.danger').click();
      await page.waitForFunction(() => localStorage.getItem('parlour/game/broken') === null);
    },
  },
  {
    name: 'a named save that does not replay is told of and left as it is, with no copy made each time it is tried',
    async run(t) {
      const page = await t.page();
      await startGame(page, t.base);
      await playByClicks(page, 'd6');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.locator('[role=dialog] button[type=submit]').click();
      await waitText(page.locator('.notice'), 'Saved as');
      // The named save's record is spoilt by hand: its second move takes a taken point.
      const key = await page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('parlour/game/') && JSON.parse(localStorage.getItem(k)).kind === 'named');
        const save = JSON.parse(localStorage.getItem(key));
        save.record.moves = ['d6', 'd6'];
        localStorage.setItem(key, JSON.stringify(save));
        return key;
      });
      const before = await storage(page);
      for (let i = 0; i < 2; i += 1) {
        await open(page, t.base, '#/saves');
        await page.locator('.save').filter({ has: page.locator('.kind', { hasText: /^Saved$/ }) }).getByRole('button', { name: 'Resume' }).click();
        await waitText(page.locator('[role=alert]'), 'This saved game does not replay: move 2');
      }
      const after = await storage(page);
      assert.deepEqual(Object.keys(after).sort(), Object.keys(before).sort(), 'no new saves were made');
      assert.equal(after[key], before[key], 'the named save is left exactly as it was');
    },
  },
  {
    name: 'with storage turned off, the home page says games play but are not kept, and a game plays',
    async run(t) {
      const page = await t.page();
      // The storage is there but every use of it is refused, as a browser that blocks it does.
      await page.addInitScript(() => {
        const refuse = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
        for (const name of ['getItem', 'setItem', 'removeItem', 'key']) Storage.prototype[name] = refuse;
        Object.defineProperty(Storage.prototype, 'length', { get: refuse });
      });
      await open(page, t.base, '#/');
      await waitText(page.locator('.notice'), /^The browser's storage cannot be used \(this browser does not allow it for this page\), so no saved games can be shown; games can still be played, but they will not be kept\./);
      assert.doesNotMatch(await page.locator('.notice').innerText(), /insecure/, 'no browser jargon');
      await startGame(page, t.base);
      await playByClicks(page, 'd6');
      assert.deepEqual(await moveList(page), ['d6'], 'the game plays on');
    },
  },
  {
    name: 'saving under a name: never blank, never a second copy of the same; the saved games keep the keyboard\'s place',
    async run(t) {
      const page = await t.page({ width: 390, height: 800 });
      await startGame(page, t.base);
      for (const m of ['d6', 'f4']) await playByClicks(page, m);
      const named = async () => Object.values(await storage(page))
        .map((v) => { try { return JSON.parse(v); } catch { return null; } })
        .filter((g) => g?.kind === 'named');
      const save = async (name) => {
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        const input = page.locator('#save-name');
        const offered = await input.inputValue();
        if (name !== undefined) await input.fill(name);
        await page.locator('[role=dialog] button[type=submit]').click();
        return offered;
      };
      // The name offered is the game's with the time, in one pair of brackets.
      const offered = await save();
      assert.match(offered, /^Morelles: Ada v Bob \([^()]+\)$/, `the name offered: ${offered}`);
      await waitText(page.locator('.notice'), `Saved as “${offered}”.`);
      // Said where the player is: Save is far down a phone's page, and the notice stays in sight.
      const notice = await page.locator('.notice').boundingBox();
      assert.ok(await page.evaluate(() => scrollY > 200), 'the page was scrolled down to Save');
      assert.ok(notice.y >= 0 && notice.y + notice.height <= 800, `the notice is on the screen (${notice.y})`);
      // The same game under the same name again: no copy.
      await save(offered);
      await waitText(page.locator('.notice'), 'already saved as');
      assert.equal((await named()).length, 1, 'one save, not two alike');
      // A blank name is refused in the dialog, which stays open; nothing is saved.
      await save('   ');
      await waitText(page.locator('#save-name-problem'), 'Give the save a name.');
      assert.ok(await page.locator('[role=dialog] #save-name').isVisible(), 'the dialog stays to put it right');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[role=dialog]', { state: 'detached', timeout: 5000 });
      // The keyboard goes back to Save (which scrolls the page to it) before the board is touched.
      await page.waitForFunction(() => document.activeElement?.textContent === 'Save', null, { timeout: 2000 });
      assert.equal((await named()).length, 1, 'nothing saved under no name');
      // Played on, the game is saved again under its own name, the time changed, not added to.
      await page.locator('svg.board').scrollIntoViewIfNeeded();
      await playByClicks(page, 'b4');
      await save('Opening');
      await waitText(page.locator('.notice'), 'Saved as “Opening”.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      assert.match(await page.locator('#save-name').inputValue(), /^Morelles: Ada v Bob \([^()]+\)$/);
      await page.keyboard.press('Escape');

      await open(page, t.base, '#/saves');
      const rows = page.locator('li.save');
      assert.equal(await rows.count(), 3, 'the autosave and two named saves');
      const focused = () => page.evaluate(() => {
        const e = document.activeElement;
        return `${e?.closest('li.save')?.querySelector('.save-name')?.textContent ?? e?.id ?? ''}|${e?.tagName}|${e?.textContent || e?.getAttribute('aria-label') || ''}`;
      });
      // Rename: the keyboard goes to the name; Escape puts it back on Rename, unchanged.
      const opening = rows.filter({ hasText: 'Opening' });
      await opening.getByRole('button', { name: 'Rename' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.matches('.rename input'));
      await page.keyboard.type(' and more');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.activeElement?.matches('.start-renaming'));
      assert.equal(await focused(), 'Opening|BUTTON|Rename');
      // A blank name is refused and the old one kept.
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.matches('.rename input'));
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('  ');
      await page.keyboard.press('Enter');
      await waitText(page.locator('.rename [role=alert]'), 'needs a name');
      await t.shot(page, 'rename-unnamed-390');
      await page.keyboard.press('Escape');
      await waitText(opening.locator('.save-name'), 'Opening');
      // Renamed: the keyboard stays with the row, on Rename.
      await opening.getByRole('button', { name: 'Rename' }).click();
      await page.locator('.rename input').fill('The opening');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.matches('.start-renaming'));
      assert.equal(await focused(), 'The opening|BUTTON|Rename');
      // Delete asks, with the keyboard on Keep; Keep puts it back on Delete.
      const first = rows.first();
      const firstName = await first.locator('.save-name').textContent();
      const secondName = await rows.nth(1).locator('.save-name').textContent();
      await first.getByRole('button', { name: 'Delete' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.textContent === 'Keep', null, { timeout: 2000 })
        .catch(() => assert.fail('asked to confirm, the keyboard is on Keep'));
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.textContent === 'Delete');
      // Deleted: the keyboard goes on to the next game's first button, not to the page.
      await page.keyboard.press('Enter');
      await page.locator('.confirm button.danger').click();
      await page.waitForFunction((name) => ![...document.querySelectorAll('.save-name')].some((n) => n.textContent === name), firstName);
      await page.waitForFunction(() => document.activeElement?.closest('li.save'));
      assert.equal(await focused(), `${secondName}|BUTTON|Resume`);
      await t.shot(page, 'saves-after-delete-390');
    },
  },
  {
    name: 'a full storage is reported and the game goes on in memory',
    async run(t) {
      const page = await t.page();
      await open(page, t.base, '#/');
      await fillStorage(page);
      await startGame(page, t.base);
      await waitText(page.locator('.notice'), 'storage for this site is full');
      for (const m of ['d6', 'f4', 'b4']) await playByClicks(page, m);
      assert.deepEqual(await moveList(page), ['d6', 'f4', 'b4'], 'play goes on in memory');
      await t.shot(page, 'storage-full');
    },
  },
];
