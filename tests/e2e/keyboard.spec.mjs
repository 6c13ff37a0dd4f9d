// Every game played to its end by the keyboard alone: each is set up on its new-game screen with
// Tab, the arrow keys, Space and Enter (one person against the computer), and played until the
// end-of-game panel shows. The page is only read, to choose which key to press; every act is a
// key. Along the way the saved record grows with the person's moves and the focus shows where it
// is; at the end the panel names the winner the record gives.
import { assert, assertFocusShows, brokenOverLines, chooseOption, chooseRadio, fixture, open, setCheckbox, shareRoute, startByKeyboard, storage, tabTo, typeInto, waitText } from './lib.mjs';
import { replay } from './doquin.spec.mjs';
import { focusedPoint, moveList, offered, playByKeys } from './morris.mjs';
import {
  archeryFromRecord, archeryTurn, assertArcheryScreen, assertChoices, assertQuoitsScreen, movesPast, savedMoves, settled,
  untilPersonActs, winWords,
} from './teetotum.mjs';

/** The page for a keyboard game: animations off (the system asks for reduced motion). */
function keyboardPage(t, options = {}) {
  return t.page({ reducedMotion: 'reduce', ...options });
}

/** The record as kept in localStorage under the game's own key (read with lib's `storage`). */
async function storedRecord(page) {
  const id = page.url().match(/#\/play\/(.+)$/)[1];
  const text = (await storage(page))[`parlour/game/${id}`];
  assert.ok(text, 'the game is saved in localStorage');
  return JSON.parse(text);
}

/** Whether the focus is on a control other than `except` (where Space would act on that control). */
function focusOnOtherControl(page, except) {
  return page.evaluate((except) => {
    const e = document.activeElement;
    return !!e && e.matches('button, input, select, textarea, a') && !e.matches(except);
  }, except);
}

/**
 * After the person's first action the focus stays on a control of the play screen (`within`)
 * while play moves on, even when the control that had it is disabled or taken away: it never
 * falls to the page.
 */
async function assertFocusKept(page, within) {
  await page.waitForFunction((within) => {
    const e = document.activeElement;
    return !!e && e !== document.body && !e.matches(':disabled') && !!e.closest(within);
  }, within, { timeout: 3000 }).catch(async () => {
    const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? 'nothing');
    throw new Error(`the focus fell out of ${within}: it is on ${where}`);
  });
}

/**
 * Spins the Double Teetotum by keyboard: Space, with the focus on the Spin button or on no control
 * at all (Space is the page's key for a spin); from another control, Tab goes to the button first.
 */
async function spinByKeyboard(page) {
  if (await focusOnOtherControl(page, '.spin-button')) await tabTo(page, '.spin-button:not([disabled])');
  await page.keyboard.press('Space');
}

/**
 * The totals of a game of Block from its record, by the rules (rules/dominoes.md): a hand ends
 * when a player is out or nobody can play; the player out, or the lowest hand when blocked (a tie
 * for lowest scores nothing), scores the pips left in the other hands.
 */
function blockTotals(moves, players) {
  const totals = Array(players).fill(0);
  let hands = null;
  const pips = (hand) => hand.reduce((sum, bone) => sum + bone.split('-').map(Number).reduce((a, b) => a + b), 0);
  const score = () => {
    if (!hands) return;
    const left = hands.map(pips);
    const out = hands.findIndex((h) => h.length === 0);
    const low = Math.min(...left);
    const winner = out >= 0 ? out : (left.filter((p) => p === low).length === 1 ? left.indexOf(low) : -1);
    if (winner >= 0) totals[winner] += left.reduce((a, b) => a + b, 0) - left[winner];
    hands = null;
  };
  for (const move of moves) {
    if (move.startsWith('deal ')) {
      score();
      hands = move.slice(5).split(';')[0].split('/').map((h) => h.trim().split(/\s+/));
      assert.equal(hands.length, players, `a hand for each player in ${move}`);
    } else if (hands) {
      const bone = /\d+-\d+/.exec(move)?.[0];
      if (!bone) continue;
      const holder = hands.find((h) => h.includes(bone));
      assert.ok(holder, `${bone} was in a hand`);
      holder.splice(holder.indexOf(bone), 1);
      if (holder.length === 0) score();
    }
  }
  score();
  return totals;
}

export const tests = [
  {
    name: 'Morris: Undo until nothing is left hands the focus to Redo, where one Enter too many brings a move back rather than playing one; each Undo is heard, and Hint keeps the focus while it waits',
    async run(t) {
      const page = await keyboardPage(t, { width: 390, height: 844 });
      const record = {
        format: 'parlour-record', version: 1, game: 'morris', variant: 'morelles', options: {},
        players: [{ name: 'Ada', kind: 'human' }, { name: 'Beginner computer', kind: 'computer', level: 'beginner' }],
        moves: ['d6', 'a1', 'd5', 'a4'],
      };
      await open(page, t.base, shareRoute(record));
      await page.waitForSelector('svg.board');
      const live = page.locator('section.play > p[aria-live=polite]');
      const focused = () => page.evaluate(() => {
        const e = document.activeElement;
        return e === document.body ? 'BODY' : `${e.tagName}|${e.id}|${e.textContent.trim()}`;
      });
      // The Hint button is only marked busy while it waits: the focus stays on it.
      await tabTo(page, 'button:not([disabled])', { text: /^\s*Hint\s*$/ });
      await page.keyboard.press('Enter');
      await waitText(page.locator('.hint-text, .hint, [role=status]').first(), /Hint/, 10000).catch(() => {});
      await page.waitForFunction(() => !document.querySelector('button[aria-disabled=true]'), null, { timeout: 10000 });
      assert.match(await focused(), /^BUTTON\|\|Hint$/, 'the focus is still on Hint when the hint has come');
      // Undo twice: each is said, the second too, though its words are the same.
      await tabTo(page, 'button:not([disabled])', { text: /^\s*Undo\s*$/ });
      await page.keyboard.press('Enter');
      await waitText(live, 'Move taken back.');
      const first = await live.textContent();
      await page.keyboard.press('Enter');
      await page.waitForFunction((was) => document.querySelector('section.play > p[aria-live=polite]').textContent !== was, first, { timeout: 3000 });
      const second = await live.textContent();
      assert.equal(second.trim(), first.trim(), 'the same words');
      // Nothing of Ada's is left to take back: Undo is disabled, and the focus is on Redo.
      assert.ok(await page.getByRole('button', { name: 'Undo' }).isDisabled(), 'Undo is off');
      await page.waitForFunction(() => document.activeElement?.textContent.trim() === 'Redo', null, { timeout: 3000 })
        .catch(async () => assert.fail(`the focus is on ${await focused()}, not Redo`));
      // One Enter more brings Ada's move and the reply back, as they were; no man is placed.
      await page.keyboard.press('Enter');
      await waitText(live, 'Move played again.');
      assert.deepEqual(await moveList(page), ['d6', 'a1'], 'Ada\'s first move and its reply come back, and no man is placed');
    },
  },
  {
    name: 'dialogs keep Tab inside them and give the focus back to the button that opened them',
    async run(t) {
      const page = await keyboardPage(t);
      await open(page, t.base, shareRoute(await fixture('morrice-moving.json')));
      await page.waitForSelector('svg.board');
      const where = () => page.evaluate(() => {
        const e = document.activeElement;
        return { text: (e?.textContent ?? '').trim(), inDialog: !!e?.closest('[role=dialog]') };
      });
      for (const name of ['Share link', 'Embed', 'Picture', 'Save', 'Resign', 'Offer a draw']) {
        await tabTo(page, 'button', { text: name });
        await page.keyboard.press('Enter');
        await page.waitForSelector('[role=dialog]');
        const controls = await page.locator('[role=dialog] :is(a[href], button, input, select, textarea)').count();
        for (const key of ['Tab', 'Shift+Tab']) {
          for (let i = 0; i <= controls + 1; i += 1) {
            await page.keyboard.press(key);
            assert.ok((await where()).inDialog, `${name}: ${key} ${i + 1} times keeps the focus in the dialog`);
          }
        }
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
        await page.waitForFunction((name) => document.activeElement?.textContent.trim() === name, name, { timeout: 2000 })
          .catch(async () => assert.fail(`${name}: the focus goes back to its button, not to ${JSON.stringify(await where())}`));
        await assertFocusShows(page);
      }
    },
  },
  {
    name: 'Morris: a whole game of Morelles against the Beginner computer',
    async run(t) {
      const page = await keyboardPage(t);
      await open(page, t.base, '#/new/morris');
      await chooseRadio(page, 'preset', /^Morelles/);
      await typeInto(page, '#seat-1', 'Ada');
      await chooseOption(page, '#seat-2-kind', 'beginner');
      await chooseRadio(page, 'first', /^Ada$/);
      await startByKeyboard(page, 'svg.board');
      await chooseOption(page, '#pace', 'quick');
      const board = page.locator('svg.board');
      let hints = 0;
      let adaMoves = 0;
      for (let turn = 0; turn < 300; turn += 1) {
        // Ada's turn: the board offers points to touch (nothing is offered on the computer's).
        await page.waitForFunction(() => document.querySelector('.end-panel')
          || [...document.querySelectorAll('svg.board circle.point')].some((c) => /, (open|can move|can be removed)$/.test(c.getAttribute('aria-label'))),
        null, { timeout: 30000 });
        if (await page.locator('.end-panel').count()) break;
        const before = await savedMoves(page);
        assert.equal(before.length % 2, 0, 'Ada (White) is to move after an even number of moves');
        // Ask for a hint with the Hint button, then go back to the board and play it.
        let move = null;
        await tabTo(page, 'button:not([disabled])', { text: /^\s*Hint\s*$/ });
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.querySelector('.hint-text') || /No hint/.test(document.querySelector('.message')?.textContent ?? ''), null, { timeout: 15000 });
        const words = (await page.locator('.hint-text').count()) ? await page.locator('.hint-text').textContent() : '';
        move = /^Hint: ([a-g1-7x-]+)\./.exec(words)?.[1] ?? null;
        await tabTo(page, 'svg.board', { back: true });
        assert.ok(await focusedPoint(page), 'the board names the point in focus');
        if (move) {
          hints += 1;
          await playByKeys(page, move);
        } else {
          // No hint: touch what the board offers, a removal first, until the move is made.
          for (let touch = 0; touch < 4 && (await savedMoves(page)).length === before.length; touch += 1) {
            const o = await offered(page);
            const point = o.remove[0] ?? o.open[turn % Math.max(1, o.open.length)] ?? o.move[turn % Math.max(1, o.move.length)];
            await playByKeys(page, point);
          }
        }
        const after = await movesPast(page, before.length);
        if (move) assert.equal(after[before.length], move, 'the keys played the hinted move');
        adaMoves += 1;
        assert.equal(await board.evaluate((b) => b === document.activeElement), true, 'the board keeps the focus after a move');
      }
      const panel = page.locator('.end-panel');
      await panel.waitFor();
      const saved = await storedRecord(page);
      const moves = saved.record.moves;
      assert.ok(adaMoves >= 5, `Ada made her moves by keyboard (${adaMoves})`);
      assert.equal(saved.finished, true, 'the saved game is finished');
      const [white, black] = saved.record.players.map((p) => p.name);
      assert.equal(white, 'Ada', 'Ada plays White, as chosen');
      const text = (await panel.locator('#end-title').textContent()).trim();
      if (/ wins/.test(text)) {
        // A game of Morris is won by the move that leaves the other side beaten.
        const winner = moves.length % 2 === 1 ? white : black;
        assert.match(text, new RegExp(`${winner} wins`), `the panel names ${winner}, who made the last move of the record`);
      } else {
        assert.match(text, /draw/i, `the panel tells a win or a draw: ${text}`);
      }
      console.log(`     (${moves.length} moves, ${adaMoves} by Ada's keys, ${hints} from hints: ${text})`);
      await t.shot(page, 'morris-end');
    },
  },
  {
    name: 'Archery: a whole game against the Beginner computer',
    async run(t) {
      const page = await keyboardPage(t, { width: 390, height: 844, colorScheme: 'dark' });
      await open(page, t.base, '#/new/archery');
      await typeInto(page, '#seat-1', 'Ada');
      await chooseOption(page, '#seat-2-kind', 'beginner');
      await startByKeyboard(page, '.archery-screen svg.board');
      const names = ['Ada', 'Beginner computer'];
      await waitText(page.locator('.play-title'), 'Ada v Beginner computer');
      let spins = 0;
      let choices = 0;
      for (let step = 0; step < 300; step += 1) {
        const turn = await archeryTurn(page, names);
        if (!turn) break;
        const { game, moves } = turn;
        // Once Ada has used a control (an arrow's button, which then goes), the focus stays on
        // the screen. (Before that she spins with Space on the page, where no control has it.)
        if (choices > 0) await assertFocusKept(page, '.archery-screen');
        if (game.phase === 'lead' || game.phase === 'spin') {
          await spinByKeyboard(page);
          const after = await movesPast(page, moves.length);
          assert.match(after[moves.length], /^[1-6]\+[1-6]$/, 'Space spun for Ada');
          spins += 1;
        } else {
          // Tab to the button of the arrow to move (they take turns) and press Enter.
          const offeredArrows = await assertChoices(page, game);
          const k = offeredArrows[step % offeredArrows.length];
          await tabTo(page, '.choice-button', { text: new RegExp(`^Arrow ${k}\\b`) });
          await page.keyboard.press('Enter');
          const after = await movesPast(page, moves.length);
          assert.equal(after[moves.length], `a${k}`, `Enter on its button moved arrow ${k}`);
          choices += 1;
        }
      }
      const panel = page.locator('.end-panel');
      await panel.waitFor();
      await assertFocusKept(page, '.end-panel');
      const saved = await storedRecord(page);
      assert.equal(saved.finished, true, 'the saved game is finished');
      const game = archeryFromRecord(saved.record.moves, 2);
      assert.ok(game.over, 'the record is of a finished game');
      assert.ok(choices >= 3, `Ada moved her arrows by keyboard (${choices} choices)`);
      await settled(() => assertArcheryScreen(page, names, { computers: [1] }));
      const words = winWords(names, game.winners, Math.max(...game.scores));
      assert.equal((await panel.locator('h2').textContent()).trim(), words, 'the panel names the winner the record gives');
      console.log(`     (${spins} spins and ${choices} choices by keyboard; ${words})`);
      // On the phone the score board fits without a sideways scroll: the long name takes two
      // lines, and each arrow's place ("3 pt", "miss") stays on one.
      const scroller = page.locator('.archery-screen .table-scroll');
      const overflow = await scroller.evaluate((s) => s.scrollWidth - s.clientWidth);
      assert.ok(overflow <= 1, `the score board fits a 390 px screen (${overflow} px over)`);
      assert.deepEqual(await brokenOverLines(scroller.locator('td')), [], 'no arrow place is broken over two lines');
      await t.shot(page, 'archery-end-390-dark');
    },
  },
  {
    name: 'Quoits: a single end against the computer',
    async run(t) {
      const page = await keyboardPage(t);
      await open(page, t.base, '#/new/quoits');
      await typeInto(page, '#seat-1', 'Ada');
      await chooseOption(page, '#seat-2-kind', 'computer');
      await setCheckbox(page, 'input[type=checkbox]', /^A single end/);
      await startByKeyboard(page, '.quoits-screen svg.board');
      const names = ['Ada', 'Computer 2'];
      const options = { singleEnd: true };
      let spins = 0;
      for (let step = 0; step < 100; step += 1) {
        await untilPersonActs(page);
        if (await page.locator('.end-panel').count()) break;
        const game = await settled(() => assertQuoitsScreen(page, names, options));
        assert.equal(game.player, 0, 'Ada is to spin when the Spin button is live');
        if (spins > 0) await assertFocusKept(page, '.quoits-screen .spin-button');
        const moves = await savedMoves(page);
        // Ada's spins by the Spin button: Tab to it when the focus is elsewhere, then Enter.
        await tabTo(page, '.spin-button:not([disabled])');
        await page.keyboard.press('Enter');
        await movesPast(page, moves.length);
        spins += 1;
      }
      const panel = page.locator('.end-panel');
      await panel.waitFor();
      await assertFocusKept(page, '.end-panel');
      const saved = await storedRecord(page);
      assert.equal(saved.finished, true, 'the saved game is finished');
      const game = await settled(() => assertQuoitsScreen(page, names, options));
      assert.ok(game.over, 'the record is of a finished game');
      assert.ok(spins >= 4, `Ada pitched her four men by keyboard (${spins} spins)`);
      const words = winWords(names, game.winners, Math.max(...game.totals), { alwaysPlural: true });
      await waitText(panel.locator('h2'), words);
      console.log(`     (${spins} spins by keyboard; ${words})`);
      await t.shot(page, 'quoits-end');
    },
  },
  {
    name: 'Dominoes: a whole game of Block to 50 against the Beginner computer',
    async run(t) {
      const page = await keyboardPage(t, { width: 360, height: 800 });
      await open(page, t.base, '#/new/dominoes');
      await chooseRadio(page, 'domino-game', /^Block/);
      await typeInto(page, '#seat-1', 'Ada');
      await chooseOption(page, '#seat-2-kind', 'beginner');
      await typeInto(page, '#domino-target', '50');
      await startByKeyboard(page, '.dominoes-screen svg.board');
      assert.equal((await storedRecord(page)).record.options.target, 50, 'the game is played to 50, as typed');
      let plays = 0;
      let others = 0;
      let hands = 1;
      let acted = false;
      for (let step = 0; step < 600; step += 1) {
        // Ada's turn (her hand offers a bone, or Draw or Go), the next hand to deal, or the end.
        await page.waitForSelector('#end-title, #next-hand, .hand-bone.playable, #draw, #go', { timeout: 30000 });
        if (await page.locator('#end-title').count()) break;
        const before = (await savedMoves(page)).length;
        if (await page.locator('#next-hand').count()) {
          await tabTo(page, '#next-hand');
          await page.keyboard.press('Enter');
          await movesPast(page, before);
          hands += 1;
          continue;
        }
        if (acted) {
          // Since Ada's last act (a bone, a go, the next deal) the focus has stayed with her hand.
          assert.ok(await page.evaluate(() => document.activeElement?.matches('.hand-bone, #draw, #go')), 'the focus is in Ada\'s hand when she is to play');
        }
        acted = true;
        const bones = await page.locator('.hand-bone.playable').evaluateAll((bs) => bs.map((b) => b.dataset.bone));
        if (bones.length) {
          const bone = bones[step % bones.length];
          await tabTo(page, '.hand-bone.playable', { text: new RegExp(`^${bone}, playable`) });
          await page.keyboard.press('Enter');
          // A bone that fits both ends waits for an end: the focus goes to the first of them.
          await page.waitForFunction((n) => {
            const id = location.hash.match(/^#\/play\/(.+)$/)?.[1];
            return JSON.parse(localStorage.getItem(`parlour/game/${id}`)).record.moves.length > n
              || document.activeElement?.matches('.end-slot.target');
          }, before);
          if ((await savedMoves(page)).length === before) {
            const end = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
            assert.match(end, /^(left|right) end, \d+$/, `the focus is on an end the bone fits: ${end}`);
            await tabTo(page, '.end-slot.target');
            await page.keyboard.press('Enter');
          }
          const after = await movesPast(page, before);
          assert.ok(after[before].includes(bone), `the keys laid ${bone} (${after[before]})`);
          plays += 1;
        } else {
          await tabTo(page, '#draw, #go');
          await page.keyboard.press('Enter');
          await movesPast(page, before);
          others += 1;
        }
      }
      const title = page.locator('#end-title');
      await title.waitFor();
      const saved = await storedRecord(page);
      assert.equal(saved.finished, true, 'the saved game is finished');
      assert.ok(plays >= 3, `Ada laid bones by keyboard (${plays})`);
      const names = saved.record.players.map((p) => p.name);
      const totals = blockTotals(saved.record.moves, names.length);
      const best = Math.max(...totals);
      assert.ok(best >= 50, `the record reaches the target (${totals})`);
      const winners = totals.flatMap((total, seat) => (total === best ? [seat] : []));
      assert.equal((await title.textContent()).trim(), winWords(names, winners, best), 'the panel names the winner the record gives');
      console.log(`     (${hands} hands; ${plays} bones laid and ${others} goes by keyboard: ${await title.textContent()})`);
      await t.shot(page, 'dominoes-end-360');
    },
  },
  {
    name: 'Doquin: a whole game on the smallest block with the fewest pegs against the Beginner computer',
    async run(t) {
      const page = await keyboardPage(t, { colorScheme: 'dark' });
      await open(page, t.base, '#/new/doquin');
      await typeInto(page, '#seat-1', 'Ada');
      await chooseOption(page, '#seat-2-kind', 'beginner');
      const size = await page.locator('#doquin-size').evaluate((s) => Math.min(...[...s.options].map((o) => Number(o.value))));
      await chooseOption(page, '#doquin-size', String(size));
      const fewest = await page.locator('#doquin-pegs').getAttribute('min');
      await typeInto(page, '#doquin-pegs', fewest);
      await startByKeyboard(page, '.doquin-screen .doquin-faces');
      const { players, options } = (await storedRecord(page)).record;
      const pegs = Number(fewest);
      assert.deepEqual([options.size, options.pegs], [size, pegs], 'the block and pegs chosen by keyboard');
      const names = players.map((p) => p.name);
      const ada = names.indexOf('Ada');
      let picks = 0;
      let rounds = 1;
      let newRound = false;
      for (let step = 0; step < 400; step += 1) {
        // Ada's turn (holes to pick), the next round to start, or the end.
        await page.waitForFunction((ada) => {
          if (document.querySelector('#end-title, #next-round')) return true;
          return document.querySelector('.doquin-faces [data-target]') && /\bAda\b/.test(document.querySelector('.status')?.textContent ?? '');
        }, ada, { timeout: 30000 });
        if (await page.locator('#end-title').count()) break;
        const moves = await savedMoves(page);
        if (await page.locator('#next-round').count()) {
          // The round's end hands the focus from the faces on to Start round.
          await page.waitForFunction(() => document.activeElement?.id === 'next-round', null, { timeout: 3000 })
            .catch(async () => assert.fail(`the focus stayed on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))} when the round ended`));
          await page.keyboard.press('Enter');
          await page.locator('#next-round').waitFor({ state: 'detached' });
          rounds += 1;
          newRound = true;
          continue;
        }
        const block = replay(moves, names.length, size, pegs);
        if (block.toMove !== ada) {
          // The status named Ada a moment before the computer's turn: wait for its move.
          await movesPast(page, moves.length);
          continue;
        }
        // Into the faces (one Tab stop for all three), then N to the next hole that may be
        // picked (a few times, so that the holes chosen vary), and Enter. Once in, the focus
        // stays in the faces while the computer plays, until a new round begins.
        const inFaces = await page.evaluate(() => !!document.activeElement?.closest('.doquin-faces'));
        if (picks > 0 && !newRound) assert.ok(inFaces, 'the focus is still in the faces when Ada is to play again');
        if (!inFaces) await tabTo(page, '.doquin-faces .grid-hole');
        newRound = false;
        for (let i = 0; i <= step % 3; i += 1) await page.keyboard.press('n');
        const hole = await page.evaluate(() => document.activeElement?.closest('.grid-hole[data-target]')?.dataset.hole ?? null);
        assert.ok(hole, 'N puts the focus on a hole that may be picked');
        await assertFocusShows(page);
        await page.keyboard.press('Enter');
        const after = await movesPast(page, moves.length);
        assert.equal(after[moves.length].replace(/^p/, ''), hole, `Enter picked ${hole}`);
        picks += 1;
      }
      const title = page.locator('#end-title');
      await title.waitFor();
      const saved = await storedRecord(page);
      assert.equal(saved.finished, true, 'the saved game is finished');
      const final = replay(saved.record.moves, names.length, size, pegs);
      assert.ok(final.over, 'the record is of a finished game, a round for each player');
      const best = Math.max(...final.totals);
      const winners = final.totals.flatMap((total, seat) => (total === best ? [seat] : []));
      assert.equal((await title.textContent()).trim(), winWords(names, winners, best, { alwaysPlural: true }), 'the panel names the winner the record gives');
      assert.ok(picks >= pegs, `Ada played her pegs by keyboard (${picks} picks)`);
      console.log(`     (${rounds} rounds, ${picks} picks by keyboard; totals ${final.totals}: ${await title.textContent()})`);
      await t.shot(page, 'doquin-end-dark');
    },
  },
];
