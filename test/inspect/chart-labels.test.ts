/**
 * Every label on the inspector page's chart can be read: for every example,
 * at 11 px or more, each by its arrow, as first drawn and after each of its first moves (the badges of the taken
 * transitions, the seats, a refusal drawn over it), no two lines of text
 * overlap, no badge covers text (but the line it marks, whole), a state or
 * another badge, and no arrow crosses a label. Measured in Chromium
 * (support/chart-labels.ts). tic-tac-toe after one move is the README's
 * picture of the React example's debug panel, which draws the same chart.
 */
import type { Page } from 'playwright-core';
import { EXAMPLES } from '../../examples/charts';
import { chartCollisions, chartReport, takenBadgeCount } from './support/chart-labels';
import { describeInBrowser, useInspectorBrowser, waitForPosition } from './support/inspector-page';

/** Odd steps make the first move any player is offered (with the arguments offered); even steps end a turn, stage or phase. */
async function play(page: Page, step: number): Promise<void> {
  const move = '.player .action.move button[data-type]';
  const ending = ['endTurn', 'endStage', 'endPhase'].map((type) => `.player button[data-type="${type}"]`).join(', ');
  const button =
    (await page.$(step % 2 ? move : ending)) ?? (await page.$(step % 2 ? ending : move)) ?? (await page.$(move));
  if (!button) throw new Error(`step ${step}: nothing to send`);
  await button.click();
  await waitForPosition(page, step, step);
}

const STEPS = 3;

describeInBrowser('test/inspect/chart-labels.test.ts')('chart labels on the inspector page (Chromium)', () => {
  const ui = useInspectorBrowser();

  test.each(EXAMPLES.map((example) => [example.name, example.numPlayers] as const))(
    '%s at %i seats: nothing drawn over a label, first and after each of its first moves',
    async (name, seats) => {
      const page = await ui.openExample(name, seats, 'labels');
      try {
        // The export's layout, at 11 px text or more, every label by its arrow, nothing cut.
        const report = await chartReport(page);
        expect({ name, clipped: report.clipped, farLabels: report.farLabels }).toEqual({
          name,
          clipped: [],
          farLabels: [],
        });
        expect(report.smallestText).toBeGreaterThanOrEqual(11 - 1e-6);
        const seen = [{ step: 0, collisions: await chartCollisions(page) }];
        let badges = 0;
        for (let step = 1; step <= STEPS; step++) {
          await play(page, step);
          badges += await takenBadgeCount(page);
          seen.push({ step, collisions: await chartCollisions(page) });
        }
        expect(seen).toEqual(seen.map(({ step }) => ({ step, collisions: [] })));
        // The moves fired rules: there were badges to place.
        expect(badges).toBeGreaterThan(0);
      } finally {
        await page.close();
      }
    },
  );
});
