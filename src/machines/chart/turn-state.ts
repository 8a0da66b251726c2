/**
 * The turn: a parallel state with one region per seat. Its `endTurn` and
 * `pass` transitions (turn-ends.ts) re-enter it, straight into the next
 * turn's seating; a request that moves no seat (`setStage` to the stage the
 * player is in) takes one of its `no seat changes` edges.
 */
import type { CompiledGame, CompiledPhase } from '../engine/config';
import type { RuleGuards } from './rule-guards';
import { hookMarker, seatRegion } from './seat-region';
import { startTargets } from './seatings';
import { seatRegionKey } from './seat-state';
import { seatingsOf } from './chart-steps';
import { edgeConfig, type EdgeConfig } from './transition-config';
import type { Timers } from './timers';
import { turnEnds } from './turn-ends';

export function turnStateId(phaseIndex: number): string {
  return `phase${phaseIndex}-turn`;
}

/** The game's end moves the chart: the transition that follows the request (on `phases`). */
const GAME_ENDS_FIRST = "the game's endIf ended the game before the next turn began";

type Unchanged = Record<string, { name: string; description: string }>;

/** Requests that may change no seat's state: each stays on the turn, named after what did not change. */
const UNCHANGED: Unchanged = {
  endStage: { name: 'endStage: no seat changes', description: 'every seat stays where it is' },
  setStage: { name: 'setStage(stage): no seat changes', description: 'the player is in that stage already' },
  setActivePlayers: {
    name: 'setActivePlayers(set): no seat changes',
    description: 'the set seats every player as before',
  },
};

/**
 * In a game with an `endIf`, a turn or phase end that the game's end cuts
 * short (a hook, or the phase left, made the `endIf` true before the next
 * turn began) changes no seat either.
 */
function cutShort(game: CompiledGame): Unchanged {
  if (!game.endIf) return {};
  const edges: Unchanged = {
    endTurn: { name: 'endTurn: no seat changes', description: GAME_ENDS_FIRST },
    pass: { name: 'pass: no seat changes', description: GAME_ENDS_FIRST },
    endPhase: { name: 'endPhase: no seat changes', description: GAME_ENDS_FIRST },
  };
  if (game.phases.size) edges.setPhase = { name: 'setPhase(phase): no seat changes', description: GAME_ENDS_FIRST };
  return edges;
}

export function turnState(
  game: CompiledGame,
  phase: CompiledPhase,
  phaseIndex: number,
  numPlayers: number,
  guards: RuleGuards,
  timers: Timers,
): Record<string, unknown> {
  const id = turnStateId(phaseIndex);
  const seatings = seatingsOf(game, phase.name, numPlayers);
  const states: Record<string, unknown> = {};
  const starts = startTargets(seatings, numPlayers);
  for (let seat = 0; seat < numPlayers; seat++)
    states[seatRegionKey(seat)] = seatRegion(game, phase, seat, starts[seat], guards, timers);
  const turn = phase.turn;
  const on: Record<string, EdgeConfig[]> = turnEnds(phase, id, seatings, guards);
  for (const [event, { name, description }] of Object.entries({ ...UNCHANGED, ...cutShort(game) }))
    on[event] = [...(on[event] ?? []), edgeConfig({ guard: guards.unchanged(name), description })];
  return {
    id,
    type: 'parallel',
    on,
    ...(turn.time ? { after: timers.after(turn.time) } : {}),
    states,
    ...(turn.onBegin ? { entry: [hookMarker(`${turn.where}.onBegin`)] } : {}),
    ...(turn.onEnd ? { exit: [hookMarker(`${turn.where}.onEnd`)] } : {}),
  };
}
