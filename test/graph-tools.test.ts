/**
 * xstate's own graph tools work on turnchart machines (issue "The chart
 * carries the rules"): with turnchart's `serializeChartState` and
 * `chartEvents`, `getShortestPaths` terminates on every example and every
 * path it returns replays on a real actor to the state it names.
 */
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { chartEvents, createGameMachine, serializeChartState } from 'turnchart';
import { EXAMPLES } from '../examples/charts';

test.each(EXAMPLES.map((e) => [e.name, e.game, e.numPlayers] as const))(
  '%s: getShortestPaths terminates, and its paths replay',
  (name, game, numPlayers) => {
    const machine = createGameMachine(game, { numPlayers });
    const started = Date.now();
    // One deal for the traversal and the replays: blitz's moves are legal or not by the cards dealt.
    const input = { seed: 'graph' };
    const paths = getShortestPaths(machine, {
      input,
      events: chartEvents(game) as never,
      serializeState: serializeChartState as never,
    });
    const seconds = (Date.now() - started) / 1000;
    expect(paths.length).toBeGreaterThan(1);
    if (process.env.GRAPH_VERBOSE) console.log(`${name}: ${paths.length} configurations in ${seconds}s`);
    for (const path of paths.slice(0, 50)) {
      const actor = createActor(machine, { input }).start();
      for (const step of path.steps) actor.send(step.event);
      expect(serializeChartState(actor.getSnapshot())).toBe(serializeChartState(path.state));
      // A timed game's actor has timers set: stopped, it leaves none behind.
      actor.stop();
    }
  },
);
