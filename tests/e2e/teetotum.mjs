// Playing the Double Teetotum games (Archery and Quoits) in the browser, and reading their
// records back. The rules here are written again from /work/shared/rules/teetotum-games.md, on
// purpose apart from the app's: a test replays the saved record with them and compares what the
// screen says with what the rules say.
import { assert, open, waitText } from './lib.mjs';

/** Turns animations off in the settings (spins and men then settle at once). */
export async function animationsOff(page, base) {
  await open(page, base, '#/settings');
  await page.getByLabel(/^Off: pieces and the teetotum/).check();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.motion), 'off');
}

/**
 * Fills in the seats of a setup form: `players` is a list of { name, kind } where kind is
 * 'human', a computer level ('beginner' … 'hardest') or 'computer' (Quoits).
 */
async function fillSeats(page, players) {
  if (await page.locator('#player-count').count()) {
    await page.selectOption('#player-count', String(players.length));
  }
  for (const [i, { name, kind = 'human' }] of players.entries()) {
    await page.selectOption(`#seat-${i + 1}-kind`, kind);
    if (name) await page.fill(`#seat-${i + 1}`, name);
  }
}

/** Starts a game of Archery from its setup screen. */
export async function startArchery(page, base, players) {
  await page.goto(base + '#/new/archery');
  await page.waitForSelector('form.setup');
  await fillSeats(page, players);
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForSelector('.archery-screen svg.board');
  assert.match(page.url(), /#\/play\/[\w-]+$/, 'a game in progress has its own URL');
}

/** Starts a game of Quoits from its setup screen, with its options. */
export async function startQuoits(page, base, players, { singleEnd = false, onePitch = false, target } = {}) {
  await page.goto(base + '#/new/quoits');
  await page.waitForSelector('form.setup');
  await fillSeats(page, players);
  if (onePitch) await page.getByLabel(/^Everybody pitches at one pitch/).check();
  if (singleEnd) await page.getByLabel(/^A single end/).check();
  if (target !== undefined) {
    await page.fill('#quoits-target', String(target));
    await page.locator('#quoits-target').dispatchEvent('change');
  }
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForSelector('.quoits-screen svg.board');
  assert.match(page.url(), /#\/play\/[\w-]+$/, 'a game in progress has its own URL');
  // The table of totals says what the game is played to.
  const goal = singleEnd ? /^Totals: a single end$/ : new RegExp(`^Totals: game to ${target ?? '\\d+'}$`);
  await waitText(page.locator('table.scores caption'), goal);
}

/** The autosave of the game on screen: { record, redo, finished, ... }. */
export async function autosave(page) {
  return page.evaluate(() => {
    const id = location.hash.match(/^#\/play\/(.+)$/)?.[1];
    const text = id && localStorage.getItem(`parlour/game/${id}`);
    return text ? JSON.parse(text) : null;
  });
}

/** The moves of the game on screen, as autosaved. */
export async function savedMoves(page) {
  return (await autosave(page))?.record.moves ?? [];
}

/** Waits until the autosaved record has `n` moves (more than `n` with `past`), and returns them. */
async function movesCome(page, n, past, timeout) {
  await page.waitForFunction(([n, past]) => {
    const id = location.hash.match(/^#\/play\/(.+)$/)?.[1];
    const text = id && localStorage.getItem(`parlour/game/${id}`);
    const count = text && JSON.parse(text).record.moves.length;
    return text && (past ? count > n : count === n);
  }, [n, past], { timeout });
  return savedMoves(page);
}

/** Waits until the autosaved record has `n` moves, and returns them. */
export function movesReach(page, n, timeout = 10000) {
  return movesCome(page, n, false, timeout);
}

/** Waits until the autosaved record has more than `n` moves (the computer may answer at once), and returns them. */
export function movesPast(page, n, timeout = 10000) {
  return movesCome(page, n, true, timeout);
}

/**
 * Waits for the tops to come to rest, as a player does: a press while they spin only rests them
 * (at once with animations off).
 */
export function topsAtRest(page) {
  return page.waitForFunction(() => !(document.querySelector('.teetotum')?.getAnimations({ subtree: true }) ?? [])
    .some((a) => a.playState === 'running'));
}

/** A spin written `3+4`, as its two numbers, or null for anything else. */
export function parseSpin(move) {
  const m = /^([1-6])\+([1-6])$/.exec(move);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** What the teetotum on screen shows: { first, second, sum, doublet } or null before any spin. */
export async function teetotumShows(page) {
  const label = await page.locator('.teetotum svg').getAttribute('aria-label');
  const m = /shows (\d) and (\d)/.exec(label ?? '');
  if (!m) return null;
  const sum = (await page.locator('.teetotum figcaption .sum').textContent()) ?? '';
  return {
    first: Number(m[1]),
    second: Number(m[2]),
    caption: sum.replace(/\s+/g, ' ').trim(),
    doublet: await page.locator('.teetotum figcaption .doublet').count() > 0,
    by: await page.locator('.teetotum figcaption .spun-by').count()
      ? (await page.locator('.teetotum figcaption .spun-by').textContent()).replace(/\s+/g, ' ').trim()
      : null,
  };
}

/**
 * Checks that the teetotum shows the spin written `move`, calling out a doublet only where
 * doublets count (Quoits' doublet spaces; in Archery they count for nothing).
 */
export async function assertTeetotumShows(page, move, { doublets = false, by } = {}) {
  const [a, b] = parseSpin(move);
  const shown = await teetotumShows(page);
  assert.ok(shown, `the teetotum shows a spin (${move})`);
  assert.deepEqual([shown.first, shown.second], [a, b], `the teetotum shows ${move}`);
  assert.equal(shown.caption, `${a}+${b} = ${a + b}`, 'the caption gives the sum');
  assert.equal(shown.doublet, doublets && a === b, doublets ? 'a doublet is called out, and only a doublet' : 'no doublet is called out');
  // Where several spin, the caption names who spun what the tops show.
  if (by !== undefined) assert.equal(shown.by, `${by} spun`, `the caption names ${by} as the spinner`);
}

/**
 * The spin for lead from the start of a record: every seat spins in seat order, the highest leads,
 * ties spin again among themselves. Returns { rounds, leader, used, next } where `next` is the
 * seat to spin while no leader is found.
 */
export function leadFrom(moves, players) {
  if (players === 1) return { rounds: [], leader: 0, used: 0, next: null };
  let contenders = [...Array(players).keys()];
  const rounds = [];
  let used = 0;
  for (;;) {
    const round = [];
    for (const seat of contenders) {
      if (used >= moves.length) {
        rounds.push(round);
        return { rounds, leader: null, used, next: seat };
      }
      const [a, b] = parseSpin(moves[used]);
      round.push([seat, a + b, moves[used]]);
      used += 1;
    }
    rounds.push(round);
    const top = Math.max(...round.map(([, sum]) => sum));
    const best = round.filter(([, sum]) => sum === top).map(([seat]) => seat);
    if (best.length === 1) return { rounds, leader: best[0], used, next: null };
    contenders = best;
  }
}

// ---------------------------------------------------------------------------------------------
// Archery

/** The points of a space of the target (0 off it). */
export function archeryPoints(space) {
  return { 17: 1, 18: 2, 19: 3, 20: 6, 21: 3, 22: 2, 23: 1 }[space] ?? 0;
}

const RINGS = { 17: 'outer ring', 18: 'second ring', 19: 'third ring', 20: "bull's-eye", 21: 'third ring', 22: 'second ring', 23: 'outer ring' };

/** Where an arrow goes when moved by `sum`: arrows are { at: 'quiver'|'flying'|'target'|'missed', space }. */
export function arrowAfter(arrow, sum) {
  const space = (arrow.at === 'quiver' ? 0 : arrow.space) + sum;
  if (space > 23) return { at: 'missed' };
  if (space >= 17) return { at: 'target', space };
  return { at: 'flying', space };
}

export const inFlight = (arrow) => arrow.at === 'quiver' || arrow.at === 'flying';

/** An arrow's place in words, as the score board's titles give it. */
export function arrowPlace(arrow) {
  switch (arrow.at) {
    case 'quiver': return 'in the quiver';
    case 'flying': return `on space ${arrow.space}`;
    case 'missed': return 'missed';
    default: {
      if (arrow.space === 20) return "in the bull's-eye, 6 points";
      const n = archeryPoints(arrow.space);
      return `in the ${RINGS[arrow.space]} (space ${arrow.space}), ${n} point${n === 1 ? '' : 's'}`;
    }
  }
}

/** Where a choice button says an arrow would go, in short ("to space 12", "scores 2 pt", "misses"). */
export function shortLanding(to) {
  if (to.at === 'flying') return `to space ${to.space}`;
  if (to.at === 'target') return `scores ${archeryPoints(to.space)} pt`;
  return 'misses';
}

/** Where an arrow would go, in full, as a choice button's title says it. */
export function landingWords(from, to) {
  const start = from.at === 'quiver' ? 'enters' : `flies from space ${from.space}`;
  if (to.at === 'flying') return from.at === 'quiver' ? `enters on space ${to.space}` : `${start} to space ${to.space}`;
  if (to.at === 'target') return `${start} and hits the target ${arrowPlace(to)}`;
  return `${start} and misses`;
}

/**
 * Replays a record of Archery by the rules. Returns { lead, arrows, scores, player, phase, spin,
 * over, winners } where phase is 'lead', 'spin', 'choose' or 'over'.
 */
export function archeryFromRecord(moves, players) {
  const lead = leadFrom(moves, players);
  const arrows = Array.from({ length: players }, () => [0, 1, 2].map(() => ({ at: 'quiver' })));
  const scores = () => arrows.map((a) => a.reduce((t, x) => t + (x.at === 'target' ? archeryPoints(x.space) : 0), 0));
  if (lead.leader === null) {
    return { lead, arrows, scores: scores(), player: lead.next, phase: 'lead', spin: null, over: false, winners: [] };
  }
  let player = lead.leader;
  let spin = null;
  const anyInFlight = () => arrows.some((a) => a.some(inFlight));
  for (const move of moves.slice(lead.used)) {
    assert.ok(anyInFlight(), `no move after the game is over (${move})`);
    if (spin === null) {
      spin = parseSpin(move);
      assert.ok(spin, `a spin is due, not ${move}`);
    } else {
      const m = /^a([1-3])$/.exec(move);
      assert.ok(m, `a choice of arrow is due, not ${move}`);
      const k = Number(m[1]) - 1;
      assert.ok(inFlight(arrows[player][k]), `arrow ${k + 1} of seat ${player} is in flight`);
      arrows[player][k] = arrowAfter(arrows[player][k], spin[0] + spin[1]);
      spin = null;
      if (!anyInFlight()) break;
      do player = (player + 1) % players; while (!arrows[player].some(inFlight));
    }
  }
  const totals = scores();
  if (!anyInFlight()) {
    const top = Math.max(...totals);
    return {
      lead, arrows, scores: totals, player: null, phase: 'over', spin: null, over: true,
      winners: totals.flatMap((s, i) => (s === top ? [i] : [])),
    };
  }
  return { lead, arrows, scores: totals, player, phase: spin ? 'choose' : 'spin', spin, over: false, winners: [] };
}

/** The Archery score board as shown: per row { name, cells: [{ text, title }], total }. */
export async function archeryScoreBoard(page) {
  return page.locator('table.scores tbody tr').evaluateAll((rows) => rows.map((row) => {
    // The name's own words: beside the mark, without the colour after them.
    const th = row.querySelector('th');
    const name = (th.querySelector('.seat-name > span') ?? th).childNodes;
    const cells = [...row.querySelectorAll('td:not(.total)')].map((td) => ({ text: td.textContent.trim(), title: td.title }));
    return {
      name: [...name].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim(),
      cells,
      total: Number(row.querySelector('td.total').textContent),
      toMove: row.classList.contains('to-move'),
    };
  }));
}

/** The words announced for a win (as the end panel and the status give them). */
export function winWords(names, winners, points, { alwaysPlural = false } = {}) {
  if (names.length === 1) return `${names[0]} finishes with ${points} point${points === 1 && !alwaysPlural ? '' : 's'}.`;
  if (winners.length === 1) return `${names[winners[0]]} wins with ${points} point${points === 1 && !alwaysPlural ? '' : 's'}.`;
  const who = winners.map((w) => names[w]);
  return `${who.slice(0, -1).join(', ')} and ${who.at(-1)} share the win with ${points} points each.`;
}

/**
 * Checks the Archery screen against the record replayed by the rules: the status names whose
 * turn it is, the lead panel, the score board (every arrow's place, the totals as the sum of
 * the arrows' points shown). Returns the replayed game.
 */
export async function assertArcheryScreen(page, names, { computers = [] } = {}) {
  const moves = await savedMoves(page);
  const game = archeryFromRecord(moves, names.length);
  const status = (await page.locator('.status').textContent()).trim();
  const who = game.player === null ? null : names[game.player];
  if (game.phase === 'lead') {
    const again = game.lead.rounds.length > 1 ? ' again (a tie)' : '';
    assert.ok(status.startsWith(`Spin for lead: ${who} to spin${again}`), `the status "${status}" names who spins for lead`);
  } else if (game.phase === 'spin') {
    assert.equal(status, computers.includes(game.player) ? `${who} is about to spin…` : `${who} to spin: press Spin or the Space key.`,
      'the status names whose spin it is');
  } else if (game.phase === 'choose') {
    const [a, b] = game.spin;
    assert.equal(status, computers.includes(game.player)
      ? `${who} spun ${a}+${b} = ${a + b}: choosing an arrow…`
      : `${who} spun ${a}+${b} = ${a + b}: choose an arrow to move.`, 'the status names who chooses, with the spin');
  } else {
    const top = Math.max(...game.scores);
    assert.equal(status, winWords(names, game.winners, top), 'the status names the winner');
  }
  // The lead panel: one line per round of spins, the leader named once found.
  if (names.length > 1 && moves.length > 0) {
    const lines = await page.locator('section.lead li').allTextContents();
    const rounds = game.lead.rounds.filter((r) => r.length > 0);
    assert.deepEqual(lines.map((l) => l.replace(/\s+/g, ' ').trim()), rounds.map((round, i) =>
      `${i > 0 ? 'Tied, so again: ' : ''}${round.map(([seat, sum, spin]) => `${names[seat]} ${sum} (${spin})`).join(', ')}`),
    'the lead panel lists every spin for lead');
    const leads = (await page.locator('section.lead p').allTextContents()).join(' ');
    if (game.lead.leader === null) assert.equal(leads, '', 'no leader yet');
    else assert.equal(leads.replace(/\s+/g, ' ').trim(), `${names[game.lead.leader]} leads.`, 'the lead panel names the leader');
  }
  // The score board.
  const board = await archeryScoreBoard(page);
  assert.equal(board.length, names.length, 'a row per player');
  for (const [seat, row] of board.entries()) {
    assert.ok(row.name.startsWith(names[seat]), `row ${seat + 1} is ${names[seat]}'s (${row.name})`);
    const shown = row.cells.map((c) => {
      const m = /^(\d+) pt$/.exec(c.text);
      return m ? Number(m[1]) : 0;
    });
    assert.equal(row.total, shown.reduce((a, b) => a + b, 0), `${names[seat]}'s total is the sum of the points shown for the arrows`);
    assert.equal(row.total, game.scores[seat], `${names[seat]}'s total follows the rules`);
    assert.deepEqual(row.cells.map((c) => c.title), game.arrows[seat].map(arrowPlace), `${names[seat]}'s arrows are where the rules put them`);
    assert.equal(row.toMove, game.player === seat, `the row of the player to act is marked (${names[seat]})`);
  }
  return game;
}

/**
 * Checks that the choice buttons offer exactly the arrows in flight, each saying where it would
 * land: in short on the button, in full in its title.
 */
export async function assertChoices(page, game) {
  const buttons = page.locator('.choice-button');
  const texts = (await buttons.allTextContents()).map((t) => t.replace(/\s+/g, ' ').replace(/expected score [\d.]+$/, '').trim());
  const titles = await buttons.evaluateAll((all) => all.map((b) => b.title));
  const [a, b] = game.spin;
  const offered = game.arrows[game.player].flatMap((arrow, i) => (inFlight(arrow) ? [[i + 1, arrow, arrowAfter(arrow, a + b)]] : []));
  assert.deepEqual(texts, offered.map(([k, , to]) => `Arrow ${k} ${shortLanding(to)}`), 'each choice button says where its arrow would land');
  assert.deepEqual(titles, offered.map(([, from, to]) => landingWords(from, to)), 'and its title says it in full');
  return offered.map(([k]) => k);
}

/** Waits for the play screen to settle into a person's turn, or the end of the game. */
export async function untilPersonActs(page, { timeout = 30000 } = {}) {
  await page.waitForFunction(() => {
    if (document.querySelector('.end-panel')) return true;
    const spin = document.querySelector('.spin-button');
    return (spin && !spin.disabled) || document.querySelector('.choice-button');
  }, null, { timeout });
}

/**
 * Waits for the person's turn in a game of Archery against a computer in seat 2, and checks the
 * screen against the record. Returns { game, moves }, or null once the end panel shows.
 */
export async function archeryTurn(page, names) {
  await untilPersonActs(page);
  if (await page.locator('.end-panel').count()) return null;
  const game = await settled(() => assertArcheryScreen(page, names, { computers: [1] }));
  const moves = await savedMoves(page);
  assert.equal(game.player, 0, 'the computer never waits for the person');
  return { game, moves };
}

// ---------------------------------------------------------------------------------------------
// Quoits

/** The lane of each pitch, from the farthest space to the hub. */
export const LANE = ['7', '6', '8', '5', '9', '4', '10', '3', '11', '1-1', '2-2', '3-3', '4-4', '5-5', 'hub'];

/** The space a spin sends a man to. */
export function quoitsSpace([a, b]) {
  if (a === b) return a === 6 ? 'hub' : `${a}-${a}`;
  return String(a + b);
}

/** What a man scores on a space before the bonuses. */
export function spacePoints(space) {
  if (space === 'hub') return 10;
  return space.includes('-') ? 3 : 2;
}

/**
 * Replays a record of Quoits by the rules. Returns { lead, pitches (each an array of 15 places
 * holding a seat or null), totals, ends: [{ men: [{ seat, pitch, space, points, bonus }], points,
 * totals }], pitchesDone: [{ seat, pitch, space, knocked }], player, end, round, inHand, over,
 * winners }.
 */
export function quoitsFromRecord(moves, players, { onePitch = false, singleEnd = false, target = 60 } = {}) {
  const pitchOf = (seat) => (onePitch ? 0 : seat % 2);
  const pitchCount = onePitch || players === 1 ? 1 : 2;
  const lead = leadFrom(moves, players);
  const fresh = () => Array.from({ length: pitchCount }, () => Array(LANE.length).fill(null));
  let pitches = fresh();
  const totals = Array(players).fill(0);
  const ends = [];
  const pitched = [];
  const result = (extra) => ({
    lead, pitches, totals: [...totals], ends, pitched, pitchOf, pitchCount, ...extra,
  });
  if (lead.leader === null) {
    return result({ player: lead.next, over: false, winners: [], end: 1, round: 1, inHand: Array(players).fill(4) });
  }
  let endLeader = lead.leader;
  let player = endLeader;
  let inEnd = 0; // pitches made in this end
  let over = false;
  let winners = [];
  for (const move of moves.slice(lead.used)) {
    assert.ok(!over, `no spin after the game is over (${move})`);
    const spin = parseSpin(move);
    assert.ok(spin, `every move of Quoits is a spin (${move})`);
    const space = quoitsSpace(spin);
    const lane = pitches[pitchOf(player)];
    const at = LANE.indexOf(space);
    let knocked = null;
    if (lane[at] !== null) {
      const first = lane[at];
      if (at > 0 && lane[at - 1] === null) {
        lane[at - 1] = first;
        knocked = { seat: first, kind: 'set back', to: LANE[at - 1] };
      } else if (at < LANE.length - 1 && lane[at + 1] === null) {
        lane[at + 1] = first;
        knocked = { seat: first, kind: 'pushed forward', to: LANE[at + 1] };
      } else {
        knocked = { seat: first, kind: 'removed' };
      }
    }
    lane[at] = player;
    pitched.push({ seat: player, pitch: pitchOf(player), space, knocked, move });
    inEnd += 1;
    player = (player + 1) % players;
    if (inEnd === 4 * players) {
      const men = [];
      pitches.forEach((lane, p) => {
        let rank = 0;
        for (let i = LANE.length - 1; i >= 0; i -= 1) {
          if (lane[i] === null) continue;
          men.push({ seat: lane[i], pitch: p, space: LANE[i], points: spacePoints(LANE[i]), bonus: [5, 3, 1][rank] ?? 0 });
          rank += 1;
        }
      });
      const points = Array(players).fill(0);
      for (const m of men) points[m.seat] += m.points + m.bonus;
      points.forEach((p, s) => { totals[s] += p; });
      ends.push({ men, points, totals: [...totals] });
      pitches = fresh();
      inEnd = 0;
      const top = Math.max(...totals);
      const best = totals.flatMap((t, s) => (t === top ? [s] : []));
      if (singleEnd) {
        over = true;
        winners = best;
      } else if (top >= target && best.length === 1) {
        over = true;
        winners = best;
      }
      endLeader = (endLeader + 1) % players;
      player = endLeader;
    }
  }
  const inHand = Array(players).fill(4);
  // Men in hand this end: four less those pitched in this end.
  for (let k = 0, s = endLeader; k < inEnd; k += 1, s = (s + 1) % players) inHand[s] -= 1;
  return result({
    player: over ? null : player,
    over,
    winners,
    end: ends.length + 1,
    round: Math.floor(inEnd / players) + 1,
    inHand,
    // The last pitch ended an end (and scored it).
    endScored: ends.length > 0 && inEnd === 0 && moves.length > lead.used,
  });
}

/** The words a pitch is told in (the line under the teetotum). */
export function pitchWords(p, names) {
  const space = (s) => (s === 'hub' ? 'the hub' : s);
  let words = `${names[p.seat]}'s man lands on ${space(p.space)} at pitch ${p.pitch === 0 ? 'A' : 'B'}`;
  if (p.knocked) {
    const whose = p.knocked.seat === p.seat ? 'their own man' : `${names[p.knocked.seat]}'s man`;
    words += {
      'set back': `; ${whose} there is set back to ${space(p.knocked.to)}`,
      'pushed forward': `; ${whose} there is pushed forward to ${space(p.knocked.to)}`,
      removed: `; ${whose} there is knocked off the pitch`,
    }[p.knocked.kind];
  }
  return words;
}

/** The Quoits totals table as shown: per row { name, ends: [points], total, inHand, toMove }. */
export async function quoitsTotals(page) {
  return page.locator('table.scores:not(.small) tbody tr').evaluateAll((rows) => rows.map((row) => {
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent.trim());
    const th = row.querySelector('th');
    return {
      name: [...(th.querySelector('.seat-name > span') ?? th).childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim(),
      ends: cells.slice(0, -2).map(Number),
      total: Number(cells.at(-2)),
      inHand: Number(cells.at(-1)),
      toMove: row.classList.contains('to-move'),
    };
  }));
}

/** The last end's score table as shown: one row per man { name, pitch, space, points, bonus }. */
export async function quoitsEndScore(page) {
  return page.locator('.end-score table tbody tr').evaluateAll((rows) => rows.map((row) => {
    const [pitch, space, points, bonus] = [...row.querySelectorAll('td')].map((td) => td.textContent.trim());
    return { name: row.querySelector('th').textContent.trim(), pitch, space, points: Number(points), bonus: bonus ? Number(bonus) : 0 };
  }));
}

/**
 * Checks the Quoits screen against the record replayed by the rules: status, the line saying what
 * the last pitch did, the men on the board, the totals and the last end's score table, which must
 * add up per man and per player. Returns the replayed game.
 */
export async function assertQuoitsScreen(page, names, options = {}) {
  const moves = await savedMoves(page);
  const game = quoitsFromRecord(moves, names.length, options);
  const status = (await page.locator('.status').textContent()).trim();
  // Totals tied at the top at or past the target: another end is played, and the words say why.
  const top = Math.max(...game.totals);
  const tied = !game.over && !options.singleEnd && game.ends.length > 0 && top >= (options.target ?? 60)
    && game.totals.filter((total) => total === top).length > 1;
  const why = `Tied at ${top}, so another end is played.`;
  if (game.over) {
    assert.equal(status, winWords(names, game.winners, Math.max(...game.totals), { alwaysPlural: true }), 'the status names the winner');
  } else if (game.lead.leader === null) {
    const again = game.lead.rounds.length > 1 ? ' again (a tie)' : '';
    assert.ok(status.startsWith(`Spin for lead: ${names[game.player]} to spin${again}`), `the status "${status}" names who spins for lead`);
  } else {
    const place = `${tied ? `${why} ` : ''}End ${game.end}, round ${game.round}: ${names[game.player]} pitches at pitch ${game.pitchOf(game.player) === 0 ? 'A' : 'B'}`;
    assert.ok(status.startsWith(place), `the status "${status}" says "${place}"`);
  }
  // What the last pitch did, and the end it scored if it ended one (with the tie that goes on).
  const line = (await page.locator('.pitch-line').textContent()).trim();
  const lastIsPitch = game.pitched.length > 0 && moves.length > game.lead.used;
  let scored = '';
  if (game.endScored) {
    const end = game.ends.at(-1);
    scored = ` End ${game.ends.length} scored: ${names.map((name, s) => `${name} ${end.points[s]} (total ${end.totals[s]})`).join(', ')}.`;
    if (tied) scored += ` ${why}`;
  }
  assert.equal(line, lastIsPitch ? `${pitchWords(game.pitched.at(-1), names)}.${scored}` : '', 'the line under the teetotum tells the last pitch, and the end it scored');
  // The men drawn on the board: as many as the rules leave on the pitches.
  const onPitches = game.pitches.flat().filter((s) => s !== null).length;
  assert.equal(await page.locator('.board.quoits .quoit-man:not(.scored)').count(), onPitches, 'the board shows the men on the pitches');
  // Until the next man is pitched, the men of the end just scored stay where they were, faded.
  const between = game.ends.length > 0 && onPitches === 0;
  assert.equal(await page.locator('.board.quoits .quoit-man.scored').count(), between ? game.ends.at(-1).men.length : 0,
    'the last end\'s men are shown until the next pitch');
  // The totals: a column per end played, the total their sum.
  const totals = await quoitsTotals(page);
  assert.equal(totals.length, names.length);
  for (const [seat, row] of totals.entries()) {
    assert.ok(row.name.startsWith(names[seat]), `row ${seat + 1} is ${names[seat]}'s`);
    assert.deepEqual(row.ends, game.ends.map((e) => e.points[seat]), `${names[seat]}'s points per end follow the rules`);
    assert.equal(row.total, row.ends.reduce((a, b) => a + b, 0), `${names[seat]}'s total is the sum of the ends`);
    assert.equal(row.total, game.totals[seat]);
    if (!game.over) assert.equal(row.inHand, game.inHand[seat], `${names[seat]} has ${game.inHand[seat]} men to pitch`);
  }
  // The last end's scores, man by man, add up to the players' points for that end.
  const shown = await quoitsEndScore(page);
  if (game.ends.length === 0) {
    assert.equal(await page.locator('.end-score').count(), 0, 'no end scored yet');
  } else {
    const last = game.ends.at(-1);
    const sum = Array(names.length).fill(0);
    for (const man of shown) {
      assert.equal(man.points, spacePoints(man.space), `a man on ${man.space} scores ${spacePoints(man.space)}`);
      sum[names.indexOf(man.name)] += man.points + man.bonus;
    }
    assert.deepEqual(sum, last.points, 'the men\'s points and bonuses add up to each player\'s points for the end');
    const key = (m) => `${m.name}|${m.pitch}|${m.space}|${m.points}|${m.bonus}`;
    assert.deepEqual(shown.map(key).sort(), last.men.map((m) => key({
      name: names[m.seat], pitch: `pitch ${m.pitch === 0 ? 'A' : 'B'}`, space: m.space, points: m.points, bonus: m.bonus,
    })).sort(), 'every man left on a pitch is scored as the rules say, bonuses by nearness to the hub');
    await waitText(page.locator('#end-score-title'), `End ${game.ends.length} scored`);
  }
  return game;
}

/**
 * Runs a check until it passes (the screen and the autosave settle a moment apart), and throws
 * its last error if it still fails after `timeout` ms.
 */
export async function settled(check, timeout = 3000) {
  const until = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 60));
    }
  }
}

/**
 * Spins through the spin for lead by hand, two people at the table, at a phone's width and a
 * desk's, until the leader has played: the board stays where it was before the first spin at
 * every step, while the lead panel stands over it and when it goes. `start` starts the game
 * (startArchery, startQuoits).
 */
export async function assertBoardStillThroughLead(t, start, game) {
  for (const width of [390, 1280]) {
    const page = await t.page({ width, height: 844 });
    // Animations off, so that each spin is drawn at rest at once.
    await animationsOff(page, t.base);
    await start(page, t.base, [{ name: 'Ada' }, { name: 'Bob' }]);
    await boardStillThroughLead(page, `${game} at ${width} px`);
    await page.close();
  }
}

async function boardStillThroughLead(page, why) {
  const place = () => page.evaluate(() => {
    const board = document.querySelector('svg.board').getBoundingClientRect();
    const lead = document.querySelector('.board-stack > section.lead')?.getBoundingClientRect();
    return {
      top: Math.round(board.top + scrollY),
      over: lead ? lead.top >= board.top && lead.bottom <= board.bottom && lead.left >= board.left && lead.right <= board.right : null,
    };
  });
  const before = await place();
  assert.equal(before.over, null, `${why}: no lead panel before the first spin`);
  let seen = false;
  for (let spin = 1; spin <= 12; spin++) {
    const moves = (await savedMoves(page)).length;
    await page.locator('.spin-button').click();
    await movesReach(page, moves + 1);
    const now = await place();
    assert.equal(now.top, before.top, `${why}: the board has not moved after spin ${spin}`);
    if (now.over === null) {
      assert.ok(seen, `${why}: the lead panel was shown`);
      return;
    }
    assert.ok(now.over, `${why}: the lead panel stands over the board after spin ${spin}`);
    seen = true;
  }
  assert.fail(`${why}: the leader never played`);
}
