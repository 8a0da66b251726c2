/**
 * One seat's parallel region under the turn: `idle`, `active`, and one state
 * per declared stage of the phase's turn. The moves a seat may make in a
 * state are transitions on that state, so the chart reads "in discard, the
 * player may move.discard". Where a seat goes after a flow event is a guarded
 * transition on the region, labelled with that event.
 */
import { moveEdges, seatRoute } from './chart-parts';
import { SEAT_ROUTED_STEPS } from './chart-steps';
import { SEAT_ACTIVE, SEAT_IDLE, type CompiledGame, type CompiledPhase } from './config';
import type { MoveMap } from './types';

/** A named, side-effect-free action that shows a game hook on the chart (e.g. `turn.stages.discard.onBegin`). */
export function hookMarker(hook: string, seat?: number): { type: 'hook'; params: { hook: string; seat?: number } } {
  return { type: 'hook', params: seat === undefined ? { hook } : { hook, seat } };
}

/** The moves a seat in `active` (Stage.NULL, or an undeclared stage) may make: the phase's, else the global ones. */
export function fallbackMoves(game: CompiledGame, phase: CompiledPhase): MoveMap {
  return phase.moves ?? game.moves;
}

export function seatRegion(game: CompiledGame, phase: CompiledPhase, seat: number): Record<string, unknown> {
  const stageNames = Object.keys(phase.turn.stages);
  const route = [seatRoute(game, seat, SEAT_IDLE), seatRoute(game, seat, SEAT_ACTIVE)];
  for (const name of stageNames) route.push(seatRoute(game, seat, name));
  const on: Record<string, unknown> = {};
  for (const type of SEAT_ROUTED_STEPS) on[type] = route;

  const fallback = fallbackMoves(game, phase);
  const states: Record<string, unknown> = {
    [SEAT_IDLE]: {},
    [SEAT_ACTIVE]: { on: moveEdges(game, fallback, seat) },
  };
  for (const name of stageNames) states[name] = stageState(game, phase, name, fallback, seat);
  return { initial: SEAT_IDLE, on, states };
}

/** A declared stage's state: its moves, and its hooks, `next` and `endIf` where the chart shows them. */
function stageState(game: CompiledGame, phase: CompiledPhase, name: string, fallback: MoveMap, seat: number): Record<string, unknown> {
  const stage = phase.turn.stages[name];
  const where = `${phase.turn.where}.stages.${name}`;
  const state: Record<string, unknown> = { on: moveEdges(game, stage.moves ?? fallback, seat) };
  // Stage hooks run when the flow works out a request; the chart shows them where they belong.
  if (stage.onBegin) state.entry = [hookMarker(`${where}.onBegin`, seat)];
  if (stage.onEnd) state.exit = [hookMarker(`${where}.onEnd`, seat)];
  if (stage.next || stage.endIf) {
    const meta: Record<string, string> = {};
    if (stage.next) meta.next = stage.next;
    if (stage.endIf) meta.endIf = `${where}.endIf`;
    state.meta = meta;
  }
  if (stage.endIf) state.description = `ends when ${where}.endIf is truthy (then endStage, automatic)`;
  return state;
}
