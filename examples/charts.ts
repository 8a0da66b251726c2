/**
 * The examples whose charts are drawn into `examples/<name>/chart.mmd` and
 * `chart.svg` (by render-charts.ts), with the seats each chart is drawn for.
 * charts.test.ts checks that the committed chart.mmd files are current. The
 * SVG pictures grey the states no explored play reaches (reached.ts; it takes
 * seconds, so the Mermaid text, checked by the tests, does not).
 */
import { createGameMachine, type Game } from '../src/index';
import { toJson, toMermaid, toSvg } from '../src/adapters/diagram/index';
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
];

export function renderMermaid(example: ExampleChart): string {
  return toMermaid(createGameMachine(example.game, { numPlayers: example.numPlayers }));
}

export function renderJson(example: ExampleChart): string {
  return toJson(createGameMachine(example.game, { numPlayers: example.numPlayers }));
}

export function renderSvg(example: ExampleChart): Promise<string> {
  const reached = reachedStates(example.game, { numPlayers: example.numPlayers });
  return toSvg(createGameMachine(example.game, { numPlayers: example.numPlayers }), {
    reached: reached.ids,
    reachedBy: reached.description,
  });
}
