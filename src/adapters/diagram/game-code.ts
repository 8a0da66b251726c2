/**
 * What a game config's own code says about the flow it can take, read
 * statically (code-reading.ts): which flow events its moves and hooks call
 * (with the stage and phase names in their arguments), what each phase's
 * `next` function and `endIf` can return, and whether any limit on moves is
 * set. The chart drawing uses it to show only the rules the game can use.
 */
import type { Game, Move, PhaseConfig, TurnConfig } from '../../machines';
import { eventCalls, returnedValues, type EventCall, type Returned } from './code-reading';
import { timerCalls } from './timer-calls';

/** A call of a flow event in the game's code: the move (or hook) that makes it. */
export interface CodeCall extends EventCall {
  /** The move's name (`playCard`), or the hook's place (`turn.onBegin`, `phases.draw.onBegin`). */
  by: string;
  /** A move's name, for a call a move makes. */
  move?: string;
  /** The time limit's rule (`clock`, `turn.time`), for a call its timer makes when it runs out. */
  timer?: string;
}

export interface GameCode {
  calls: CodeCall[];
  /** By phase name: what its `next` function may return (phase names), when it is a function. */
  nextOf: Map<string, Returned>;
  /** By phase name: the `next` values its `endIf` may return in `{ next }`. */
  endIfNextOf: Map<string, Returned>;
  /** Some `maxMoves` is set: in a turn, an `activePlayers` config, or a `setActivePlayers` call. */
  limitsMoves: boolean;
  phases: string[];
  stages: Set<string>;
}

function moveFn(move: Move): unknown {
  return typeof move === 'function' ? move : move?.move;
}

const HOOKS = ['onBegin', 'onEnd', 'onMove', 'endIf'] as const;

export function readGameCode(game: Game): GameCode {
  const calls: CodeCall[] = [];
  const stages = new Set<string>();
  let limitsMoves = false;
  const addMoves = (moves: Record<string, Move> | undefined) => {
    for (const [name, move] of Object.entries(moves ?? {}))
      calls.push(...eventCalls(moveFn(move)).map((call) => ({ ...call, by: name, move: name })));
  };
  const addHooks = (where: string, config: Record<string, unknown> | undefined) => {
    for (const hook of HOOKS)
      calls.push(...eventCalls(config?.[hook]).map((call) => ({ ...call, by: `${where}${hook}` })));
  };
  const addTurn = (where: string, turn: TurnConfig | undefined) => {
    if (!turn) return;
    addHooks(`${where}turn.`, turn as Record<string, unknown>);
    if (
      turn.maxMoves !== undefined ||
      (turn.activePlayers as { maxMoves?: number } | undefined)?.maxMoves !== undefined
    )
      limitsMoves = true;
    for (const [stage, config] of Object.entries(turn.stages ?? {})) {
      stages.add(stage);
      addMoves(config.moves);
      addHooks(`${where}turn.stages.${stage}.`, config as Record<string, unknown>);
      if ((config as { maxMoves?: number }).maxMoves !== undefined) limitsMoves = true;
    }
  };
  addMoves(game.moves);
  addHooks('', game as Record<string, unknown>);
  addTurn('', game.turn);
  const nextOf = new Map<string, Returned>();
  const endIfNextOf = new Map<string, Returned>();
  for (const [phase, config] of Object.entries(game.phases ?? {}) as [string, PhaseConfig][]) {
    addMoves(config.moves);
    addHooks(`phases.${phase}.`, config as Record<string, unknown>);
    addTurn(`phases.${phase}.`, config.turn);
    if (typeof config.next === 'function') nextOf.set(phase, returnedValues(config.next));
    if (typeof config.endIf === 'function') {
      const returned = returnedValues(config.endIf);
      const nexts = returned.values.flatMap((value) =>
        value !== null && typeof value === 'object' && 'next' in value ? [(value as { next: unknown }).next] : [],
      );
      endIfNextOf.set(phase, { values: nexts, complete: returned.complete });
    }
  }
  calls.push(...timerCalls(game));
  if (calls.some((call) => call.keys.includes('maxMoves'))) limitsMoves = true;
  return { calls, nextOf, endIfNextOf, limitsMoves, phases: Object.keys(game.phases ?? {}), stages };
}
