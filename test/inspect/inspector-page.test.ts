/**
 * The inspector page in a real browser (docs/inspect.md): `turnchart inspect
 * examples/discard/game.ts --players 4` serves a page that highlights the
 * active states live (the four identical seats drawn once, each active leaf
 * naming its seats), shows the event each taken transition took, marks a
 * refusal where it happened, logs requests with their raised steps and
 * rejections, offers each player's moves as buttons (with arguments that
 * work), and travels in time; the six-seat game's screenshot is docs/inspector.png
 * (`INSPECTOR_SCREENSHOT=1 npx jest test/inspect/inspector-page.test.ts`).
 * The page's connections (Stately Inspector, the socket): inspector-connections.test.ts.
 */
import { resolve } from 'node:path';
import { ROOT } from './support/inspector';
import {
  chartFit,
  describeInBrowser,
  highlightedSeats,
  logLines,
  takenLabels,
  useInspectorBrowser,
  waitForPosition,
} from './support/inspector-page';

const SEAT = (seat: number, state: string) => `turnchart.phases.(no phase).turn.player${seat}.${state}`;

describeInBrowser('test/inspect/inspector-page.test.ts')('inspector page (Chromium)', () => {
  const ui = useInspectorBrowser();

  test('playCard by player 0 puts players 1-3 in discard and player 0 idle, on the chart and in the log', async () => {
    const { page } = await ui.openDiscard('page-move');
    expect(await highlightedSeats(page)).toEqual([
      SEAT(0, 'active'),
      SEAT(1, 'idle'),
      SEAT(2, 'idle'),
      SEAT(3, 'idle'),
    ]);
    expect((await logLines(page)).map((line) => line.text)).toEqual([expect.stringContaining('#0 start')]);
    expect(await page.$$eval('.player[data-player="1"] button', (buttons) => buttons.length)).toBe(0);

    await page.click('button[data-type="move.playCard"][data-player="0"]');
    await waitForPosition(page, 1, 1);

    expect(await highlightedSeats(page)).toEqual([
      SEAT(0, 'idle'),
      SEAT(1, 'discard'),
      SEAT(2, 'discard'),
      SEAT(3, 'discard'),
    ]);
    const log = await logLines(page);
    expect(log).toHaveLength(2);
    expect(log[1].text).toContain('player 0: move.playCard');
    expect(log[1].text).toContain('setActivePlayers');
    expect(log[1].classes).toContain('current');
    // The taken transitions are marked, and only they, each with the event it took: the set given to setActivePlayers
    // moved each seat: player 0 to idle, the others to discard.
    const taken = await page.$$eval('#chart g.transition.taken', (edges) =>
      edges.map((edge) => `${(edge as SVGGElement).dataset.sources} ${(edge as SVGGElement).dataset.taken}`),
    );
    // Two call arrows from active, where playCard was made: to idle (player 0), to discard (the others), numbered in order.
    expect(taken).toEqual(Array(2).fill(`["turnchart.phases.(no phase).turn.player0"] setActivePlayers`));
    expect(await takenLabels(page)).toEqual([
      '1. setActivePlayers(set) → idle (player 0)',
      '2. setActivePlayers(set) → discard (players 1, 2, 3)',
    ]);
    // Only the active leaves are highlighted strongly; their ancestors faintly.
    expect(
      await page.$$eval('#chart g.state.active-leaf', (nodes) =>
        nodes.map((node) => (node as SVGGElement).dataset.key).sort(),
      ),
    ).toEqual(['discard', 'idle']);
    expect(
      await page.$$eval('#chart g.state.active', (nodes) => nodes.map((node) => (node as SVGGElement).dataset.key)),
    ).toEqual(['turnchart', 'phases', '(no phase)', 'player0']);
    // What players may send follows: the discard move for players 1-3, nothing for player 0.
    for (const seat of ['1', '2', '3'])
      expect(await page.$(`button[data-type="move.discard"][data-player="${seat}"]`)).not.toBeNull();
    expect(await page.$('button[data-player="0"]')).toBeNull();
    expect(await page.textContent('.player[data-player="1"] .seat')).toBe('discard');
  });

  test('step back restores the previous highlight and log position; step forward returns; a request from the past drops the future', async () => {
    const { page } = await ui.openDiscard('page-travel');
    await page.click('button[data-type="move.playCard"][data-player="0"]');
    await waitForPosition(page, 1, 1);
    await page.click('button[data-type="move.discard"][data-player="2"]');
    await waitForPosition(page, 2, 2);
    const afterDiscard = [SEAT(0, 'idle'), SEAT(1, 'discard'), SEAT(2, 'idle'), SEAT(3, 'discard')];
    expect(await highlightedSeats(page)).toEqual(afterDiscard);

    await page.click('#back');
    await waitForPosition(page, 1, 2);
    expect(await highlightedSeats(page)).toEqual([
      SEAT(0, 'idle'),
      SEAT(1, 'discard'),
      SEAT(2, 'discard'),
      SEAT(3, 'discard'),
    ]);
    let log = await logLines(page);
    expect(log.map((line) => line.classes)).toEqual(['', 'current', 'future']);
    expect(await page.textContent('#position')).toBe('1 / 2');

    await page.click('#back');
    await waitForPosition(page, 0, 2);
    expect(await highlightedSeats(page)).toEqual([
      SEAT(0, 'active'),
      SEAT(1, 'idle'),
      SEAT(2, 'idle'),
      SEAT(3, 'idle'),
    ]);
    expect(await page.isDisabled('#back')).toBe(true);

    await page.click('#forward');
    await waitForPosition(page, 1, 2);
    await page.click('#forward');
    await waitForPosition(page, 2, 2);
    expect(await highlightedSeats(page)).toEqual(afterDiscard);
    expect(await page.isDisabled('#forward')).toBe(true);
    expect(JSON.parse((await page.textContent('#state pre')) ?? '{}').G.discards).toBe(1);
    // ctx as boardgame.io's users know it: none of the engine's `_` bookkeeping.
    const { ctx } = JSON.parse((await page.textContent('#state pre')) ?? '{}');
    expect(ctx.activePlayers).toBeDefined();
    expect(Object.keys(ctx).filter((key) => key.startsWith('_'))).toEqual([]);

    // Back to after playCard, then player 3 discards instead: player 2's discard is gone.
    await page.keyboard.press('ArrowLeft');
    await waitForPosition(page, 1, 2);
    await page.click('button[data-type="move.discard"][data-player="3"]');
    await waitForPosition(page, 2, 2);
    log = await logLines(page);
    expect(log.map((line) => line.text)).toEqual([
      expect.stringContaining('#0 start'),
      expect.stringContaining('player 0: move.playCard'),
      expect.stringContaining('player 3: move.discard'),
    ]);
    expect(await highlightedSeats(page)).toEqual([
      SEAT(0, 'idle'),
      SEAT(1, 'discard'),
      SEAT(2, 'discard'),
      SEAT(3, 'idle'),
    ]);
  });

  test("a refused request is shown on the seat's state and by the player, logged with its reason, and changes nothing; a page opened later shows the same match", async () => {
    const { page, server } = await ui.openDiscard('page-reject');
    await page.selectOption('#custom select', '1');
    await page.fill('#custom input[name=type]', 'move.discard');
    await page.fill('#custom input[name=args]', '[]');
    await page.click('#custom button[type=submit]');
    await waitForPosition(page, 1, 1);
    const log = await logLines(page);
    expect(log[1].classes).toContain('rejected');
    expect(log[1].text).toMatch(/MOVE_NOT_ALLOWED: .*discard/);
    expect(await highlightedSeats(page)).toEqual([
      SEAT(0, 'active'),
      SEAT(1, 'idle'),
      SEAT(2, 'idle'),
      SEAT(3, 'idle'),
    ]);
    // Where it happened: player 1, in idle.
    expect(
      await page.$$eval('#chart g.state.refused', (nodes) => nodes.map((node) => (node as SVGGElement).dataset.key)),
    ).toEqual(['idle']);
    expect(await page.textContent('#chart .refusal text')).toBe('✗ player 1: MOVE_NOT_ALLOWED');
    expect(await page.textContent('.player[data-player="1"] .refusal')).toMatch(
      /^✗ move\.discard refused: MOVE_NOT_ALLOWED: /,
    );

    const late = await ui.context.newPage();
    await late.goto(server.url);
    await late.waitForSelector('body[data-ready="true"]');
    await waitForPosition(late, 1, 1);
    expect(await logLines(late)).toEqual(await logLines(page));
    expect(await highlightedSeats(late)).toEqual(await highlightedSeats(page));
  });

  test('a problem is a one-line banner under the header, gone with the next request that goes through', async () => {
    const { page } = await ui.openDiscard('page-banner');
    const headerHeight = await page.$eval('header', (header) => header.getBoundingClientRect().height);
    await page.selectOption('#custom select', '0');
    await page.fill('#custom input[name=type]', 'move.playCard');
    await page.fill(
      '#custom input[name=args]',
      '[not json, and a long explanation that would wrap a header if it were written there, which it is not]',
    );
    await page.click('#custom button[type=submit]');
    await page.waitForSelector('#banner:not([hidden])');
    expect(await page.textContent('#banner .text')).toMatch(/^arguments are not JSON: /);
    expect(await page.$eval('header', (header) => header.getBoundingClientRect().height)).toBe(headerHeight);
    expect(await page.$eval('#banner', (banner) => banner.getBoundingClientRect().height)).toBeLessThan(30);
    await page.fill('#custom input[name=args]', '[]');
    await page.click('#custom button[type=submit]');
    await waitForPosition(page, 1, 1);
    await page.waitForSelector('#banner[hidden]', { state: 'attached' });
  });

  test('a six-seat game at 1440×900: the chart at 11 px text or more; a move with arguments is offered with ones that work; the taken transition shows its event', async () => {
    const { page, errors } = await ui.openPage('examples/large-flow/game.ts --players 6 --seed page-large'.split(' '));
    // The chart is drawn again once the game was played: (no phase), which no play reaches and no rule it uses
    // leads to, is left out.
    await page.waitForSelector('#chart svg[data-explored="true"]');
    expect(await page.$$('#chart g.state[data-key="(no phase)"]')).toHaveLength(0);

    const fit = await chartFit(page);
    expect(fit.zoom).toBe('fit');
    expect(fit.smallestText).toBeGreaterThanOrEqual(11 - 1e-6);
    // The turn being played (found's) is open, its six seats drawn once; the three other phases' turns are closed,
    // each drawn in its phase's box.
    expect(
      await page.$$eval('#chart g.state[data-collapse]', (turns) =>
        turns.map((turn) => turn.querySelector(':scope > text.name')!.textContent),
      ),
    ).toEqual([
      '▾ turn · each player (×6)',
      '▸ grow · turn · each player (×6)',
      '▸ trade · turn · each player (×6)',
      '▸ war · turn · each player (×6)',
    ]);
    // Whole in the pane.
    expect(fit.scrolls).toEqual({ x: false, y: false });

    // settle takes a terrain: offered with one from the game's ai.enumerate, and accepted.
    const args = await page.inputValue('.player[data-player="0"] .action.move input.args');
    expect(JSON.parse(args)).toEqual([expect.any(String)]);
    await page.click('button[data-type="move.settle"][data-player="0"]');
    await waitForPosition(page, 1, 1);
    expect((await logLines(page))[1].classes).not.toContain('rejected');
    // The move ended the turn (its maxMoves), which entered the turn again straight into the next player's:
    // the taken transition shows the event that took it.
    expect(await takenLabels(page)).toEqual(['endTurn · maxMoves']);
    expect(
      await page.$$eval('#chart g.transition.taken', (edges) =>
        edges.map((edge) => (edge as SVGGElement).dataset.taken),
      ),
    ).toEqual(['endTurn']);
    expect(await highlightedSeats(page)).toEqual(
      [0, 1, 2, 3, 4, 5].map((seat) => `turnchart.phases.found.turn.player${seat}.${seat === 1 ? 'active' : 'idle'}`),
    );
    // The seats badge of the five idle seats lies inside the open turn's box, not across its borders.
    const badge = await page.$$eval('#chart g.overlay.seats', (badges) =>
      badges
        .find((one) => one.textContent === 'players 0,2–5')!
        .getBoundingClientRect()
        .toJSON(),
    );
    const turn = await page.$eval('#chart g.state[data-collapse]', (box) => box.getBoundingClientRect().toJSON());
    expect(badge.left).toBeGreaterThanOrEqual(turn.left);
    expect(badge.right).toBeLessThanOrEqual(turn.right);
    expect(badge.top).toBeGreaterThanOrEqual(turn.top);
    expect(badge.bottom).toBeLessThanOrEqual(turn.bottom);
    expect(errors).toEqual([]);

    // The README's picture: `npm run docs:inspector` writes it to docs/.
    const shot = await page.screenshot(
      process.env.INSPECTOR_SCREENSHOT ? { path: resolve(ROOT, 'docs/inspector.png') } : {},
    );
    expect(shot.length).toBeGreaterThan(10_000);
    await page.close();
  });
});
