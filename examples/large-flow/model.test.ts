/**
 * Model-based testing with xstate's own tools (`xstate/graph`'s
 * createTestModel): the machine is the model, a real match made with
 * `createGame` is the system under test. Every shortest path to a chart
 * configuration is replayed on the match, request by request, and the
 * match must be in that configuration at each step. Together the paths
 * reach every phase and every stage of the game.
 */
import { createTestModel } from 'xstate/graph';
import {
  chartEvents,
  createGame,
  createGameMachine,
  serializeChartState,
  type RequestEvent,
  type TurnchartGame,
} from 'turnchart';
import TinyCiv from './game';

const NUM_PLAYERS = 6;

test('shortest paths to every configuration replay on a real match; together they reach every phase and stage', async () => {
  const machine = createGameMachine(TinyCiv, { numPlayers: NUM_PLAYERS });
  const model = createTestModel(machine, {
    events: chartEvents(TinyCiv) as never,
    serializeState: serializeChartState as never,
  });
  const paths = model.getShortestPaths();
  const phases = new Set<string>();
  const stages = new Set<string>();
  for (const path of paths) {
    const match: TurnchartGame = createGame(TinyCiv, { numPlayers: NUM_PLAYERS, seed: 'model' });
    const send = (event: RequestEvent) => {
      // The path's first step is xstate's start of the machine: the match is already started.
      if (event.type === 'xstate.init') return;
      const args = event.args ?? [];
      const result = event.type.startsWith('move.')
        ? match.move(event.type.slice(5), args, event.playerID)
        : match.event(event.type as never, args[0], event.playerID);
      expect(result).toEqual({ ok: true });
    };
    await path.test({
      events: new Proxy(
        {},
        {
          get:
            () =>
            ({ event }: { event: RequestEvent }) =>
              send(event),
        },
      ) as never,
      states: {
        '*': (state) => {
          expect(serializeChartState({ value: match.getStateValue() })).toBe(serializeChartState(state));
          const { ctx } = match.getState();
          phases.add(String(ctx.phase));
          for (const stage of Object.values(ctx.activePlayers ?? {})) if (stage !== null) stages.add(stage);
        },
      },
    });
  }
  expect(paths.length).toBeGreaterThan(10);
  expect([...phases].sort()).toEqual(Object.keys(TinyCiv.phases!).sort());
  const declared = Object.values(TinyCiv.phases!).flatMap((phase) => Object.keys(phase.turn?.stages ?? {}));
  expect([...stages].sort()).toEqual([...new Set(declared)].sort());
});
