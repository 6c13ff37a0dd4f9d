// Accessibility audit: axe-core's default rules (WCAG 2 A and AA, and best practices) on every
// screen of the app, in the light and the dark theme, at a desktop and a phone width: the shell
// screens, each game's rules, new-game screen (with each choice that changes its markup), play
// screen at the start, in the middle (with its dialogs open) and at the end, and embedded view.
// Every violation is gathered, and a test fails listing each one: rule, impact, elements, help.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, open, shareRoute } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const axeSource = await readFile(join(here, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** Each look: a width and a theme (the system's, which Parlour follows unless told otherwise). */
const LOOKS = [
  { width: 1280, height: 900, theme: 'light' },
  { width: 1280, height: 900, theme: 'dark' },
  { width: 360, height: 780, theme: 'light' },
  { width: 360, height: 780, theme: 'dark' },
];

/** A golden record, with only its first `count` moves when asked (negative: all but the last). */
async function golden(game, name, count) {
  const record = JSON.parse(await readFile(join(here, '../golden', game, `${name}.record.json`), 'utf8'));
  if (count !== undefined) record.moves = record.moves.slice(0, count);
  return record;
}

/**
 * A page in one look, and an `audit(where)` that runs axe on it as it stands and keeps every
 * violation. Animations are off (reduced motion), so that colours are measured at rest.
 */
async function auditor(t, look) {
  const page = await t.page({ ...look, reducedMotion: 'reduce' });
  const found = [];
  const audit = async (where) => {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const result = await window.axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` (${n.any[0].message})` : ''}`),
      }));
    });
    const label = `${look.width}px ${look.theme}, ${where}`;
    for (const v of violations) {
      found.push(`${label}: ${v.id} [${v.impact}] ${v.help}\n      ${v.nodes.slice(0, 8).join('\n      ')}`
        + (v.nodes.length > 8 ? `\n      … and ${v.nodes.length - 8} more` : ''));
    }
    return violations.length;
  };
  return { page, audit, found };
}

/** Runs `visit` in every look, then fails with every violation found, if any. */
async function inEveryLook(t, visit) {
  const found = [];
  let audits = 0;
  for (const look of LOOKS) {
    const a = await auditor(t, look);
    const counted = a.audit;
    a.audit = async (where) => { audits += 1; return counted(where); };
    await visit(a, look);
    found.push(...a.found);
  }
  assert.ok(audits > 0, 'something was audited');
  assert.equal(found.length, 0, `${found.length} accessibility violation(s):\n  ${found.join('\n  ')}`);
}

/** Opens a route and waits for its screen. */
async function go(page, t, route) {
  await open(page, t.base, route);
}

/** Opens a record as a game in play (its share link) and waits for the play screen. */
async function openRecord(page, t, record) {
  await go(page, t, shareRoute(record));
  await page.waitForFunction(() => location.hash.startsWith('#/play/'));
  await page.waitForSelector('.play-layout, .board, .doquin-faces, .table-wrap');
}

/** Opens a dialog by its button, audits it, and closes it with Escape. */
async function auditDialog(page, audit, button, where) {
  const control = page.getByRole('button', { name: button, exact: true }).first();
  if (!(await control.isVisible()) || !(await control.isEnabled())) return false;
  await control.click();
  await page.waitForSelector('[role=dialog]');
  await audit(where);
  await page.keyboard.press('Escape');
  await page.waitForSelector('[role=dialog]', { state: 'detached' });
  return true;
}

/** The record's dialogs every play screen has: save, share link, embed, picture. */
async function auditRecordDialogs(page, audit, where) {
  for (const button of ['Save', 'Share link', 'Embed', 'Picture']) {
    assert.ok(await auditDialog(page, audit, button, `${where}, ${button} dialog`), `${where} has a ${button} button`);
  }
}

/**
 * The new-game screen of a game, and each of its choices that changes the markup: every radio
 * button in turn, every checkbox ticked, the most players, computer seats.
 */
async function auditNewGame(page, t, audit, game) {
  await go(page, t, `#/new/${game}`);
  await audit(`new ${game}`);
  const radios = page.locator('form.setup input[type=radio]:visible, form input[type=radio]:visible');
  const count = await radios.count();
  for (let i = 0; i < count; i += 1) {
    const radio = radios.nth(i);
    if (!(await radio.isVisible())) continue;
    await radio.check();
    const name = await radio.evaluate((r) => `${r.name} ${r.closest('label')?.textContent.trim().slice(0, 30)}`);
    await audit(`new ${game}, ${name}`);
  }
  const most = page.locator('#player-count');
  if (await most.count()) {
    const values = await most.locator('option').evaluateAll((o) => o.map((x) => x.value));
    await most.selectOption(values[values.length - 1]);
  }
  const kinds = page.locator('select[id^="seat-"][id$="-kind"]:visible');
  for (let i = 0; i < await kinds.count(); i += 1) {
    const values = await kinds.nth(i).locator('option').evaluateAll((o) => o.map((x) => x.value));
    await kinds.nth(i).selectOption(values[values.length - 1]);
  }
  const boxes = page.locator('form input[type=checkbox]:visible');
  for (let i = 0; i < await boxes.count(); i += 1) await boxes.nth(i).check();
  await audit(`new ${game}, most players, computers, every option ticked`);
}

/** Each game: the records opened mid-game and at the end, and what to open on their screens. */
const GAMES = {
  morris: {
    start: ['morrice-moving', 0],
    mid: [['morrice-moving', 10], ['twelve-mens-two-removals', -1], ['three-mens-moving', 6], ['morelles-two-removals']],
    end: [['six-mens-no-legal-move'], ['morrice-agreed-draw'], ['morelles-resign']],
    dialogs: ['Offer a draw', 'Resign'],
  },
  archery: {
    start: ['shared-win', 0],
    mid: [['choosing', undefined, '.choice-button'], ['four-players', 30], ['lead-respin', 3]],
    end: [['shared-win'], ['solo']],
    dialogs: [],
  },
  quoits: {
    start: ['second-end', 0],
    mid: [['second-end'], ['collisions', 10], ['target-thirty', -1]],
    end: [['to-sixty'], ['one-pitch-shared-win']],
    dialogs: [],
  },
  dominoes: {
    start: ['all-fives-counts', 0],
    mid: [
      ['all-fives-counts', undefined, '.pass-panel'], ['sebastopol-spinner'], ['draw-blocked-last-two', 7],
      ['block-partners-domino', undefined, '.hand-end'], ['domino-pool-three-hands', 6],
    ],
    end: [['all-fives-target-mid-hand'], ['domino-pool-three-hands']],
    dialogs: [],
  },
  doquin: {
    start: ['two-players-shared-win', 0],
    mid: [['two-players-push-choice', undefined, '.push-panel'], ['three-players-after-round-one'], ['four-players-shared-win', 40]],
    end: [['two-players-shared-win'], ['three-players-five-captures']],
    dialogs: [],
  },
};

function gameTest(game) {
  const plan = GAMES[game];
  return {
    name: `${game}: rules, new game, play at the start, mid-game with its dialogs, at the end, embedded`,
    async run(t) {
      await inEveryLook(t, async ({ page, audit }, look) => {
        await go(page, t, `#/rules/${game}`);
        await page.waitForSelector('.rules-text table');
        await audit(`rules of ${game}`);
        await auditNewGame(page, t, audit, game);

        await openRecord(page, t, await golden(game, ...plan.start));
        await audit(`${game} at the start`);
        await auditRecordDialogs(page, audit, `${game} at the start`);

        for (const [name, count, shows] of plan.mid) {
          await openRecord(page, t, await golden(game, name, count));
          const where = `${game} ${name}${count === undefined ? '' : ` after ${count} moves`}`;
          if (shows) await page.locator(shows).first().waitFor();
          await audit(where);
          for (const button of plan.dialogs) {
            assert.ok(await auditDialog(page, audit, button, `${where}, ${button} dialog`), `${where} offers ${button}`);
          }
        }
        for (const [name] of plan.end) {
          await openRecord(page, t, await golden(game, name));
          await page.locator('.end-panel:not(.hand-end):not(.round-panel)').waitFor();
          await audit(`${game} ${name}, over`);
          await auditRecordDialogs(page, audit, `${game} ${name}, over`);
          // The same record in the replay viewer, at its end and at its start, and embedded.
          const record = encodeURIComponent(JSON.stringify(await golden(game, name)));
          await go(page, t, `#/replay/${record}`);
          await audit(`${game} ${name}, replay at the end`);
          await page.keyboard.press('Home');
          await audit(`${game} ${name}, replay at the start`);
          await go(page, t, `#/embed/replay/${record}?theme=${look.theme}`);
          await audit(`${game} ${name}, embedded replay`);
        }

        // A game finished against the computer is counted: the new-game screen shows the record
        // and asks before resetting it.
        if (game === 'morris') {
          await openRecord(page, t, await golden('morris', 'morelles-resign', -1));
          await page.getByRole('button', { name: 'Resign', exact: true }).click();
          await page.locator('[role=dialog]').getByRole('button', { name: 'Resign', exact: true }).click();
          await page.locator('.end-panel').waitFor();
          await audit('morris, resigned against the computer');
          await go(page, t, '#/new/morris');
          await audit('new morris with a record against the computer');
          assert.ok(await auditDialog(page, audit, 'Reset record', 'new morris, Reset record dialog'), 'the record can be reset');
        }

        await go(page, t, `#/embed/${game}?theme=${look.theme}`);
        await page.waitForSelector('#screen-title');
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), look.theme);
        await audit(`${game} embedded`);
      });
    },
  };
}

export const tests = [
  {
    name: 'home, saved games (none, then some), settings, not found, a shared game that cannot open',
    async run(t) {
      await inEveryLook(t, async ({ page, audit }, look) => {
        await go(page, t, '#/');
        await audit('home');
        await go(page, t, '#/saves');
        await audit('saved games, none');
        await go(page, t, '#/settings');
        await audit('settings');
        // The theme chosen in the settings (stored) rather than the system's.
        await page.getByLabel(look.theme === 'dark' ? 'Dark: lamplight' : 'Light: paper and ink').check();
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), look.theme);
        await audit('settings, theme chosen');
        await go(page, t, '#/nowhere/at/all');
        await audit('not found');
        await go(page, t, '#/open/%7Bnot-a-record');
        await audit('a share link that cannot open');

        // Some saves: games in progress and finished, and one saved under a name.
        await openRecord(page, t, await golden('morris', 'morrice-moving', 10));
        await openRecord(page, t, await golden('dominoes', 'bergen-domino'));
        await openRecord(page, t, await golden('quoits', 'second-end'));
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.locator('[role=dialog] button[type=submit]').click();
        await page.waitForSelector('.notice');
        await audit('a play screen with a notice');
        await go(page, t, '#/');
        await audit('home with games to carry on');
        await go(page, t, '#/saves');
        assert.ok(await page.locator('.save').count() >= 3, 'the saves are listed');
        await audit('saved games, some');
        await page.locator('.save').first().getByRole('button', { name: 'Rename' }).click();
        await page.locator('.save').nth(1).getByRole('button', { name: 'Delete' }).click();
        await audit('saved games, renaming one and deleting another');
      });
    },
  },
  ...Object.keys(GAMES).map(gameTest),
];
