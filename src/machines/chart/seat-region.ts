/**
 * One seat's parallel region under the turn: `idle`, `active`, and one state
 * per declared stage of the phase's turn. The moves a seat may make in a
 * state are transitions on that state, so the chart reads "in discard, the
 * player may move.discard". The rules that move a seat (stage-exits.ts) are
 * edges from the states they leave to the states they reach; the two
 * argument-driven events, `setStage` and `setActivePlayers`, can take the
 * seat from any state, so they sit on the region itself.
 */
import { SEAT_ACTIVE, SEAT_IDLE, type CompiledGame, type CompiledPhase } from '../engine/config';
import type { RuleGuards } from './rule-guards';
import type { StartTargets } from './seatings';
import type { Timers } from './timers';
import { stageKey, type SeatRule } from './stage-exits';
import { edgeConfig, type EdgeConfig } from './transition-config';
import type { MoveMap } from '../engine/types';

/** A named, side-effect-free action that shows a game hook on the chart (e.g. `turn.stages.discard.onBegin`). */
export function hookMarker(hook: string, seat?: number): { type: 'hook'; params: { hook: string; seat?: number } } {
  return { type: 'hook', params: seat === undefined ? { hook } : { hook, seat } };
}

/** The moves a seat in `active` (Stage.NULL, or an undeclared stage) may make: the phase's, else the global ones. */
export function fallbackMoves(game: CompiledGame, phase: CompiledPhase): MoveMap {
  return phase.moves ?? game.moves;
}

function fallbackWhere(phase: CompiledPhase): string {
  return phase.moves ? `${phase.where}.moves` : 'moves';
}

type Edges = Record<string, EdgeConfig[]>;

function add(on: Edges, event: string, edge: EdgeConfig): void {
  (on[event] ??= []).push(edge);
}

export function seatRegion(
  game: CompiledGame,
  phase: CompiledPhase,
  seat: number,
  start: StartTargets,
  guards: RuleGuards,
  timers: Timers,
): Record<string, unknown> {
  const turn = phase.turn;
  // The seat's timers: its clock wherever it is active, a stage's limit in that stage.
  const clock = game.clock ? timers.after(game.clock, seat) : undefined;
  const after = (stage?: string) => {
    const limit = stage === undefined ? undefined : turn.stageTimes?.[stage];
    const own = limit ? timers.after(limit, seat) : undefined;
    return clock || own ? { after: { ...own, ...clock } } : {};
  };
  const stageNames = Object.keys(turn.stages);
  const rule = (
    event: string,
    from: string,
    to: string,
    name: string,
    kind: SeatRule,
    on: Edges,
    description: string,
  ) => {
    if (from === to) return;
    // A sibling's key: the seat's region is the parent.
    add(
      on,
      event,
      edgeConfig({ guard: { type: guards.seat(name, kind), params: { seat, to } }, target: to, description }),
    );
  };
  const moves = (moveMap: MoveMap, where: string): Edges => {
    const guard = { type: guards.move(where), params: { seat: String(seat) } };
    const on: Edges = {};
    // The marker shows the move's code running here (it ran when the flow worked out the request).
    for (const name of Object.keys(moveMap)) {
      on[`move.${name}`] = [
        edgeConfig({ guard, actions: [hookMarker(`${where}.${name}`, seat)], description: `allowed by ${where}` }),
      ];
    }
    return on;
  };

  const idle: Edges = {};
  const active: Edges = moves(fallbackMoves(game, phase), fallbackWhere(phase));
  if (start.order)
    rule(
      'startTurn',
      SEAT_IDLE,
      SEAT_ACTIVE,
      `${turn.where}.order`,
      'order',
      idle,
      `the turn order makes player ${seat} the current player`,
    );
  for (const to of start.stages)
    rule(
      'startTurn',
      SEAT_IDLE,
      to,
      `${turn.where}.activePlayers`,
      'turnActivePlayers',
      idle,
      `set by ${turn.where}.activePlayers`,
    );
  const emptied = 'activePlayers.emptied';
  rule('endStage', SEAT_IDLE, SEAT_ACTIVE, emptied, 'emptied', idle, 'the active set emptied: the current player acts');
  rule('endStage', SEAT_ACTIVE, SEAT_IDLE, 'endStage', 'leave', active, 'the player leaves the active set');
  rule('maxMoves', SEAT_IDLE, SEAT_ACTIVE, emptied, 'emptied', idle, 'the active set emptied: the current player acts');
  rule(
    'maxMoves',
    SEAT_ACTIVE,
    SEAT_IDLE,
    'maxMoves',
    'limit',
    active,
    'the player made its maxMoves and leaves the active set',
  );

  const states: Record<string, unknown> = { [SEAT_IDLE]: { on: idle }, [SEAT_ACTIVE]: { on: active, ...after() } };
  for (const name of stageNames) {
    const stage = turn.stages[name];
    const where = `${turn.where}.stages.${name}`;
    const on = moves(stage.moves ?? fallbackMoves(game, phase), stage.moves ? `${where}.moves` : fallbackWhere(phase));
    if (stage.next !== undefined) {
      rule('endStage', name, stageKey(turn, stage.next), `${where}.next`, 'stageNext', on, `declared in ${where}.next`);
    } else {
      rule('endStage', name, SEAT_IDLE, 'endStage', 'leave', on, 'the player leaves the active set');
      rule('endStage', name, SEAT_ACTIVE, emptied, 'emptied', on, 'the active set emptied: the current player acts');
    }
    // boardgame.io ends a stage on maxMoves without following its `next`.
    rule(
      'maxMoves',
      name,
      SEAT_IDLE,
      'maxMoves',
      'limit',
      on,
      'the player made its maxMoves and leaves the active set',
    );
    rule('maxMoves', name, SEAT_ACTIVE, emptied, 'emptied', on, 'the active set emptied: the current player acts');
    states[name] = { ...stageState(stage, where, seat, on), ...after(name) };
  }

  // Argument-driven: from whichever state the seat is in.
  const region: Edges = {};
  const anywhere = (event: string, to: string, name: string, kind: SeatRule, description: string) =>
    add(
      region,
      event,
      edgeConfig({ guard: { type: guards.seat(name, kind), params: { seat, to } }, target: `.${to}`, description }),
    );
  for (const to of [SEAT_ACTIVE, ...stageNames])
    anywhere(
      'setStage',
      to,
      'setStage(stage)',
      'setStage',
      `setStage(${to === SEAT_ACTIVE ? 'Stage.NULL or an undeclared stage' : `"${to}"`})`,
    );
  for (const to of [SEAT_IDLE, SEAT_ACTIVE, ...stageNames]) {
    anywhere(
      'setActivePlayers',
      to,
      'setActivePlayers(set)',
      'setActivePlayers',
      `a set given to setActivePlayers (or its next / revert) puts player ${seat} in ${to}`,
    );
  }
  return { initial: SEAT_IDLE, on: region, states };
}

/** A declared stage's state: its moves, and its hooks and `endIf` where the chart shows them. */
function stageState(
  stage: CompiledPhase['turn']['stages'][string],
  where: string,
  seat: number,
  on: Edges,
): Record<string, unknown> {
  const state: Record<string, unknown> = { on };
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
