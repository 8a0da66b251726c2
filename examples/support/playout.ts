/**
 * Test helpers for the examples: play a step and check the chart after it,
 * and a tiny seeded random player for whole-game playouts.
 */
import type { ActionResult, Ctx, FlowEventType, Game, GameState, PlayerID, TurnchartGame } from 'turnchart';
import { prng } from '../../test/boardgameio/support';
import { expectChartAgrees } from '../../test/support/invariants';

/** A deterministic PRNG (mulberry32): the same seed gives the same playout. */
export const seededRandom = prng;

/** Something a player may try: a move with its arguments, or a flow event. */
export type Action = { move: string; args?: unknown[] } | { event: FlowEventType; arg?: unknown };

/** A copy of `items` in a random order. */
export function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The seats that may act now: the active players when there are any, else the current player. */
export function actingSeats(ctx: Ctx): PlayerID[] {
  return ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
}

/** Sends one action; after an accepted one, checks that the chart agrees with ctx. */
export function attempt(game: Game, match: TurnchartGame, playerID: PlayerID, action: Action): ActionResult {
  const result =
    'move' in action
      ? match.move(action.move, action.args ?? [], playerID)
      : match.event(action.event, action.arg, playerID);
  expectChartAgrees(game, match);
  return result;
}

/** Sends one action that must be accepted (a scripted step of a test). */
export function play(game: Game, match: TurnchartGame, playerID: PlayerID, action: Action): void {
  const result = attempt(game, match, playerID, action);
  if (!result.ok)
    throw new Error(
      `player ${playerID} could not ${describeAction(action)}: ${result.error.code} ${result.error.message}`,
    );
}

export function describeAction(action: Action): string {
  return 'move' in action
    ? `move ${action.move}(${JSON.stringify(action.args ?? [])})`
    : `event ${action.event}(${JSON.stringify(action.arg ?? '')})`;
}

export interface PlayoutStep {
  playerID: PlayerID;
  action: Action;
}

export interface PlayoutOptions<G> {
  seed: number;
  /** What a seat might try now; the player tries them in random order and takes the first accepted one. */
  options: (state: GameState<G>, playerID: PlayerID, rand: () => number) => Action[];
  /** Give up (throw) after this many accepted actions. */
  maxSteps?: number;
  /** Called after every accepted action. */
  afterStep?: (step: PlayoutStep, state: GameState<G>) => void;
}

/**
 * Plays until the game is over: each step a random seat among those who may
 * act tries its options in a random order; the first accepted one is taken.
 * Throws when no seat can do anything (the game is stuck) or after maxSteps.
 */
export function randomPlayout<G>(game: Game<G>, match: TurnchartGame<G>, options: PlayoutOptions<G>): PlayoutStep[] {
  const rand = seededRandom(options.seed);
  const steps: PlayoutStep[] = [];
  const maxSteps = options.maxSteps ?? 2000;
  while (match.getState().ctx.gameover === undefined) {
    if (steps.length >= maxSteps) throw new Error(`no gameover after ${maxSteps} actions`);
    const step = pickStep(game, match, options, rand);
    if (!step) throw new Error(`stuck: nobody can act in ${JSON.stringify(match.getState().ctx)}`);
    steps.push(step);
    options.afterStep?.(step, match.getState());
  }
  return steps;
}

function pickStep<G>(
  game: Game<G>,
  match: TurnchartGame<G>,
  options: PlayoutOptions<G>,
  rand: () => number,
): PlayoutStep | undefined {
  for (const playerID of shuffled(actingSeats(match.getState().ctx), rand)) {
    for (const action of shuffled(options.options(match.getState(), playerID, rand), rand)) {
      if (attempt(game as Game, match, playerID, action).ok) return { playerID, action };
    }
  }
  return undefined;
}

/** The result a game with scores should end with: the single best seat wins, a tie at the top is a draw. */
export function resultOf(
  scores: Record<string, number>,
): { scores: Record<string, number> } & ({ winner: string } | { draw: true }) {
  const best = Math.max(...Object.values(scores));
  const leaders = Object.keys(scores).filter((seat) => scores[seat] === best);
  return leaders.length === 1 ? { scores, winner: leaders[0] } : { scores, draw: true };
}
