/**
 * The inspector page's turns in a real browser (docs/inspect.md): every
 * example's chart, up to 8 seats, is drawn whole in a 1440×900 window with
 * its text at 11 px or more, the turn being played open and the others
 * closed, and with every turn closed too; a click opens a closed turn and
 * closes an open one; fit enlarges a small chart. A move that calls setPhase
 * is drawn as its call arrow, marked when taken, and the turn of the phase
 * it leads to opens as play goes there.
 */
import { EXAMPLES } from '../../examples/charts';
import {
  chartFit,
  describeInBrowser,
  highlightedSeats,
  openTurns,
  takenLabels,
  useInspectorBrowser,
  waitForOpenTurns,
  waitForPosition,
} from './support/inspector-page';
import type { Page } from 'playwright-core';

/** fit draws the chart whole in the pane (no scrolling), its smallest text at 11 px or more. */
async function expectWholeAndLegible(page: Page, name: string): Promise<void> {
  const fit = await chartFit(page);
  if (process.env.INSPECTOR_FIT_LOG)
    process.stdout.write(`${name}: scale ${fit.scale.toFixed(3)}, text ${fit.smallestText.toFixed(1)} px\n`);
  expect({ name, zoom: fit.zoom, legible: fit.smallestText >= 11 - 1e-6, scrolls: fit.scrolls }).toEqual({
    name,
    zoom: 'fit',
    legible: true,
    scrolls: { x: false, y: false },
  });
}

describeInBrowser('test/inspect/inspector-turns.test.ts')('inspector page turns (Chromium)', () => {
  const ui = useInspectorBrowser();

  test.each(EXAMPLES.map((example) => [example.name, Math.min(8, example.game.maxPlayers ?? 8)] as const))(
    '%s at %i seats, 1440×900: fit draws the whole chart, the turn being played open, its text at 11 px or more; with its turns closed too; a click opens one',
    async (name, seats) => {
      const page = await ui.openExample(name, seats, 'fit');
      try {
        // The turn the match is in is open, the others closed.
        const playing = await openTurns(page);
        expect([name, playing.length]).toEqual([name, 1]);
        await expectWholeAndLegible(page, name);

        // Every turn closed: the whole chart fits the pane, its text at 11 px or more.
        await page.click('#turns button[data-turns="close"]');
        await waitForOpenTurns(page, []);
        await expectWholeAndLegible(page, `${name}, turns closed`);

        // A click on a closed turn opens it: its states are drawn in it again.
        const turn = await page.$eval('#chart g.state.collapsed', (box) => (box as SVGGElement).dataset.collapse!);
        const states = await page.$$eval('#chart g.state-atomic', (leaves) => leaves.length);
        await page.click(`#chart g.state.collapsed[data-collapse="${turn}"] > .name`);
        await waitForOpenTurns(page, [turn]);
        expect(await page.$$eval('#chart g.state-atomic', (leaves) => leaves.length)).toBeGreaterThan(states);
        await expectWholeAndLegible(page, name);
        // And a second click closes it.
        await page.click(`#chart g.state[data-collapse="${turn}"] > .name`);
        await waitForOpenTurns(page, []);
      } finally {
        await page.close();
      }
    },
  );

  test('fit enlarges a small chart to fill the pane', async () => {
    const page = await ui.openExample('tic-tac-toe', 2, 'enlarged');
    try {
      const fit = await chartFit(page);
      expect(fit.scale).toBeGreaterThan(1);
      expect(fit.scrolls).toEqual({ x: false, y: false });
    } finally {
      await page.close();
    }
  });

  test("setPhase: skip, made in draw's active, is a call arrow to score's box, marked when taken; score's turn opens, draw's closes", async () => {
    const { page, errors } = await ui.openPage(
      'test/inspect/fixtures/shortcut-game.ts --players 2 --seed turns-skip'.split(' '),
    );
    await page.waitForSelector('#chart svg[data-explored="true"]');
    try {
      // The machine's ids: phase0 is draw, phase2 score.
      const turnOf = (phase: string) => `phase${['draw', 'play', 'score'].indexOf(phase)}-turn`;
      expect(await openTurns(page)).toEqual([turnOf('draw')]);
      // The call arrow: from the state skip is made in, to the phase it names.
      const call = await page.$$eval('#chart g.transition', (edges) =>
        edges
          .map((edge) => ({
            ends: `${(edge as SVGGElement).dataset.source} -> ${(edge as SVGGElement).dataset.target}`,
            label: Array.from(edge.querySelectorAll('text'), (text) => text.textContent).join(' / '),
          }))
          .filter((edge) => edge.label.includes('setPhase'))
          .map((edge) => `${edge.ends}: ${edge.label}`),
      );
      expect(call).toEqual(['turnchart.phases.draw.turn.player0.active -> phase2: skip · setPhase']);

      await page.click('button[data-type="move.skip"][data-player="0"]');
      await waitForPosition(page, 1, 1);
      // The call arrow is marked with the step it took, numbered; then the new phase's turn begins with player 1.
      expect((await takenLabels(page)).sort()).toEqual([
        '1. setPhase(phase) → score',
        '2. startTurn · turn.order (player 1)',
      ]);
      // draw's turn is closed now: the call arrow leaves its box.
      const taken = await page.$$eval('#chart g.transition.taken', (edges) =>
        edges.map(
          (edge) =>
            `${(edge as SVGGElement).dataset.source} -> ${(edge as SVGGElement).dataset.target}: ${Array.from(
              edge.querySelectorAll(':scope > text'),
              (text) => text.textContent,
            ).join(' / ')}`,
        ),
      );
      expect(taken.sort()).toEqual([
        'phase0-turn -> phase2: skip · setPhase',
        'turnchart.phases.score.turn.player0.idle -> turnchart.phases.score.turn.player0.active: startTurn · turn.order',
      ]);
      expect(await openTurns(page)).toEqual([turnOf('score')]);
      expect(await highlightedSeats(page)).toEqual([
        'turnchart.phases.score.turn.player0.idle',
        'turnchart.phases.score.turn.player1.active',
      ]);
      await expectWholeAndLegible(page, 'shortcut');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
