/**
 * xstate's own graph tools work on turnchart machines (issue "The chart
 * carries the rules"): with turnchart's `serializeChartState` and
 * `chartEvents`, `getShortestPaths` terminates on every example and every
 * path it returns replays on a real actor to the state it names.
 */
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { chartEvents, createGameMachine, serializeChartState, type Game } from 'turnchart';
import ActionBuy from '../examples/action-buy/game';
import CardPhases from '../examples/card-phases/game';
import Discard from '../examples/discard/game';
import Draft from '../examples/draft/game';
import TinyCiv from '../examples/large-flow/game';
import StageChain from '../examples/stage-chain/game';
import Ambush from '../examples/stage-hooks/game';
import TicTacToe from '../examples/tic-tac-toe/game';
import TurnOrders from '../examples/turn-orders/game';

const EXAMPLES: [string, Game, number][] = [
  ['card-phases', CardPhases, 2],
  ['discard', Discard, 3],
  ['tic-tac-toe', TicTacToe, 2],
  ['turn-orders', TurnOrders, 3],
  ['draft', Draft, 3],
  ['action-buy', ActionBuy, 3],
  ['large-flow', TinyCiv, 6],
  ['stage-hooks', Ambush, 2],
  ['stage-chain', StageChain, 2],
];

test.each(EXAMPLES)('%s: getShortestPaths terminates, and its paths replay', (name, game, numPlayers) => {
  const machine = createGameMachine(game, { numPlayers });
  const started = Date.now();
  const paths = getShortestPaths(machine, { events: chartEvents(game) as never, serializeState: serializeChartState as never });
  const seconds = (Date.now() - started) / 1000;
  expect(paths.length).toBeGreaterThan(1);
  if (process.env.GRAPH_VERBOSE) console.log(`${name}: ${paths.length} configurations in ${seconds}s`);
  for (const path of paths.slice(0, 50)) {
    const actor = createActor(machine, { input: { seed: 'graph' } }).start();
    for (const step of path.steps) actor.send(step.event);
    expect(serializeChartState(actor.getSnapshot())).toBe(serializeChartState(path.state));
  }
}, 60_000);
