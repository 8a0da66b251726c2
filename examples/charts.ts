/**
 * The examples whose charts are drawn into `examples/<name>/chart.mmd` and
 * `chart.svg` (by render-charts.ts), with the seats each chart is drawn for,
 * as `turnchart diagram` draws them: only the rules the game uses, found by
 * reading its code and playing it (reached.ts, seeded, so the same each
 * time), the states no play reached grey. charts.test.ts checks that the
 * committed chart.mmd files are current.
 */
import { createGameMachine, type Game } from '../src/index';
import { toJson, toMermaid, toSvg } from '../src/adapters/diagram/index';
import { chartUsage, type ChartUsage } from '../src/adapters/diagram/chart-usage';
import { reachedStates } from '../src/adapters/diagram/reached';
import ActionBuy from './action-buy/game';
import CardPhases from './card-phases/game';
import Discard from './discard/game';
import Draft from './draft/game';
import TinyCiv from './large-flow/game';
import TicTacToe from './tic-tac-toe/game';
import TurnOrders from './turn-orders/game';
import Ambush from './stage-hooks/game';
import StageChain from './stage-chain/game';
import Blitz from './blitz/game';

export interface ExampleChart {
  /** The example's folder under examples/. */
  name: string;
  game: Game;
  numPlayers: number;
}

export const EXAMPLES: readonly ExampleChart[] = [
  { name: 'card-phases', game: CardPhases, numPlayers: 2 },
  { name: 'discard', game: Discard, numPlayers: 4 },
  { name: 'tic-tac-toe', game: TicTacToe, numPlayers: 2 },
  { name: 'turn-orders', game: TurnOrders, numPlayers: 4 },
  { name: 'draft', game: Draft, numPlayers: 3 },
  { name: 'action-buy', game: ActionBuy, numPlayers: 3 },
  { name: 'large-flow', game: TinyCiv, numPlayers: 6 },
  { name: 'stage-hooks', game: Ambush, numPlayers: 3 },
  { name: 'stage-chain', game: StageChain, numPlayers: 2 },
  { name: 'blitz', game: Blitz, numPlayers: 2 },
];

const usages = new Map<ExampleChart, ChartUsage>();

/** What the example's game uses, played once per example and kept. */
export function exampleUsage(example: ExampleChart): ChartUsage {
  let usage = usages.get(example);
  if (!usage) {
    usage = chartUsage(example.game, reachedStates(example.game, { numPlayers: example.numPlayers }));
    usages.set(example, usage);
  }
  return usage;
}

export function renderMermaid(example: ExampleChart): string {
  return toMermaid(createGameMachine(example.game, { numPlayers: example.numPlayers }), {
    usage: exampleUsage(example),
  });
}

export function renderJson(example: ExampleChart): string {
  return toJson(createGameMachine(example.game, { numPlayers: example.numPlayers }));
}

export function renderSvg(example: ExampleChart): Promise<string> {
  return toSvg(createGameMachine(example.game, { numPlayers: example.numPlayers }), { usage: exampleUsage(example) });
}
