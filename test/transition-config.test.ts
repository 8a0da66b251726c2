/**
 * Cold build time depends on how V8 copies the transition configs xstate
 * spreads (src/machines/transition-config.ts): every transition below the
 * phases must be frozen and of one of two shapes, and configs are shared
 * between phases rather than rebuilt.
 */
import { createGameMachine, type Game } from 'turnchart';
import { largeFlow } from '../bench/large-flow';

type StateConfig = { on?: Record<string, unknown>; states?: Record<string, StateConfig> };

const ROUTE_SHAPE = 'guard,target,description';
const EDGE_SHAPE = 'guard,target,reenter,actions';

function transitionConfigs(state: StateConfig, found: object[] = []): object[] {
  for (const value of Object.values(state.on ?? {})) {
    for (const config of Array.isArray(value) ? value : [value]) found.push(config as object);
  }
  for (const child of Object.values(state.states ?? {})) transitionConfigs(child, found);
  return found;
}

function phaseConfigs(game: Game, numPlayers: number): StateConfig[] {
  const machine = createGameMachine(game, { numPlayers });
  const phases = (machine.config as StateConfig).states!.phases.states!;
  return Object.values(phases);
}

test('every transition config below the phases is frozen, in one of two shapes', () => {
  const configs = phaseConfigs(largeFlow(), 6).flatMap((phase) => transitionConfigs(phase));
  expect(configs.length).toBeGreaterThan(500);
  for (const config of configs) {
    expect(Object.isFrozen(config)).toBe(true);
    expect([ROUTE_SHAPE, EDGE_SHAPE]).toContain(Object.keys(config).join(','));
  }
});

test('phases with the same stages share their seat routes and move edges', () => {
  const [setup, main] = phaseConfigs(largeFlow(), 6);
  const region = (phase: StateConfig) => phase.states!.turn.states!.player2;
  const routes = (phase: StateConfig) => region(phase).on!.setStage as object[];
  routes(setup).forEach((route, i) => expect(route).toBe(routes(main)[i]));
  expect(region(setup).states!.scout.on).toBe(region(main).states!.scout.on);
  // Every move of a seat takes the same edge config; xstate formats one transition per event.
  const moves = Object.values(region(main).states!.scout.on!);
  expect(new Set(moves).size).toBe(1);
});
