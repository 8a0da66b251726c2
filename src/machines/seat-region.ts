/**
 * One seat's parallel region under the turn: `idle`, `active`, and one state
 * per declared stage of the phase's turn. The moves a seat may make in a
 * state are transitions on that state, so the chart reads "in discard, the
 * player may move.discard". Where a seat goes after a flow event is a guarded
 * transition on the region, labelled with that event.
 */
import { SEAT_ROUTED_STEPS } from './chart-steps';
import { SEAT_ACTIVE, SEAT_IDLE, type CompiledGame, type CompiledPhase } from './config';
import { edgeConfig, routeConfig } from './transition-config';
import type { MoveMap } from './types';

function moveTransitions(moves: MoveMap, seat: number): Record<string, unknown> {
  const on: Record<string, unknown> = {};
  for (const name of Object.keys(moves)) {
    // One transition for both: the request itself when it changes no seat (one microstep,
    // applying its outcome), and the move's step when a longer request walks its steps.
    on[`move.${name}`] = edgeConfig({ guard: { type: 'moveHere', params: { seat } }, actions: 'applyOutcome' });
  }
  return on;
}

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
  const targets = [SEAT_IDLE, SEAT_ACTIVE, ...stageNames];
  const route = targets.map((state) => routeConfig({ type: 'seatTo', params: { seat, state } }, `.${state}`, `player ${seat} → ${state}`));
  const on: Record<string, unknown> = {};
  for (const type of SEAT_ROUTED_STEPS) on[type] = route;

  const fallback = fallbackMoves(game, phase);
  const states: Record<string, unknown> = {
    [SEAT_IDLE]: {},
    [SEAT_ACTIVE]: { on: moveTransitions(fallback, seat) },
  };
  for (const name of stageNames) {
    const stage = phase.turn.stages[name];
    const where = `${phase.turn.where}.stages.${name}`;
    const meta: Record<string, string> = {};
    if (stage.next) meta.next = stage.next;
    if (stage.endIf) meta.endIf = `${where}.endIf`;
    states[name] = {
      on: moveTransitions(stage.moves ?? fallback, seat),
      // Stage hooks run when the flow works out a request; the chart shows them where they belong.
      ...(stage.onBegin ? { entry: [hookMarker(`${where}.onBegin`, seat)] } : {}),
      ...(stage.onEnd ? { exit: [hookMarker(`${where}.onEnd`, seat)] } : {}),
      ...(Object.keys(meta).length ? { meta } : {}),
      ...(stage.endIf ? { description: `ends when ${where}.endIf is truthy (then endStage, automatic)` } : {}),
    };
  }
  return { initial: SEAT_IDLE, on, states };
}
