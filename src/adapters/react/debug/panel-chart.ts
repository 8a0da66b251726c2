/**
 * The debug panel's chart, drawn as the inspector page's (only what the game
 * uses, the export's layout): the turns the match is in drawn open and the
 * others closed, or those the page asks for (a click opens or closes one).
 * Drawings run one after another, so the layout asked for last is drawn last.
 */
import type { TurnchartClient } from '../../boardgameio/client';
import type { Game } from '../../../machines';
import { activeTurns, chartMessage } from '../../inspect/chart-tree';
import type { ServerMessage } from '../../inspect/protocol';

export class PanelChart {
  private queue = Promise.resolve();

  constructor(
    private readonly client: TurnchartClient,
    private readonly game: Game,
    private readonly emit: (message: ServerMessage) => void,
  ) {}

  /** Draw and send the chart with `expanded` open (default: the turns the match is in), for `pane`; a failure is said to the page. */
  draw(expanded?: readonly string[], pane?: { width: number; height: number }): Promise<void> {
    this.queue = this.queue
      .then(async () => {
        const chart = this.client.chart();
        const open = expanded ?? activeTurns(chart.logic, chart.getSnapshot().value);
        this.emit(await chartMessage(chart.logic, { game: this.game, expanded: open, ...(pane ? { pane } : {}) }));
      })
      .catch((error: unknown) =>
        this.emit({ type: 'turnchart.error', message: `the chart could not be drawn: ${String(error)}` }),
      );
    return this.queue;
  }
}
