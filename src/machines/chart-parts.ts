/**
 * Transition configs that all phases of one game's chart share. They are
 * frozen (transition-config.ts), so one object may sit on many states: a
 * seat's routing edge to a stage, or its `move.*` edges for one move set,
 * are built once per game instead of once per phase and state (a cold build
 * of a six-seat, four-phase game made over 500 of them before).
 */
import type { CompiledGame } from './config';
import { edgeConfig, routeConfig, type EdgeConfig, type RouteConfig } from './transition-config';
import type { MoveMap } from './types';

interface SeatParts {
  routes: Map<string, RouteConfig>;
  moves: Map<MoveMap, Record<string, EdgeConfig>>;
}

// Keyed by the compiled game, which the parts never point back to (see CompiledGame.game).
const partsByGame = new WeakMap<CompiledGame, SeatParts[]>();

function seatParts(game: CompiledGame, seat: number): SeatParts {
  let seats = partsByGame.get(game);
  if (seats === undefined) partsByGame.set(game, (seats = []));
  return (seats[seat] ??= { routes: new Map(), moves: new Map() });
}

/** The guarded edge that takes `seat`'s region to `state` when a step says so. */
export function seatRoute(game: CompiledGame, seat: number, state: string): RouteConfig {
  const { routes } = seatParts(game, seat);
  let route = routes.get(state);
  if (route === undefined) {
    route = routeConfig({ type: 'seatTo', params: { seat, state } }, `.${state}`, `player ${seat} → ${state}`);
    routes.set(state, route);
  }
  return route;
}

/** `move.<name>` for each of `moves`, taken in place by `seat`'s state. */
export function moveEdges(game: CompiledGame, moves: MoveMap, seat: number): Record<string, EdgeConfig> {
  const parts = seatParts(game, seat);
  let on = parts.moves.get(moves);
  if (on === undefined) {
    // One transition for both: the request itself when it changes no seat (one microstep,
    // applying its outcome), and the move's step when a longer request walks its steps.
    const edge = edgeConfig({ guard: { type: 'moveHere', params: { seat } }, actions: 'applyOutcome' });
    on = {};
    for (const name of Object.keys(moves)) on[`move.${name}`] = edge;
    parts.moves.set(moves, on);
  }
  return on;
}
