/**
 * A request's outcome with the steps the chart takes for it (chart-steps.ts),
 * and a match's start the same way.
 */
import { stepEvents, type StepEvent } from './chart/chart-steps';
import type { CompiledGame } from './engine/config';
import type { ActionRejection } from './engine/errors';
import {
  evaluateRequest,
  startMatch as startEngineMatch,
  type Outcome,
  type RequestEvent,
  type TurnchartContext,
} from './engine/request';
import type { Step } from './engine/flow-run';

export type ChartOutcome =
  | { ok: true; context: TurnchartContext; events: StepEvent[]; steps: Step[] }
  | { ok: false; rejection: ActionRejection };

/** Work out a request against a context, with the chart's step events. */
export function evaluateChartRequest(game: CompiledGame, context: TurnchartContext, event: RequestEvent): ChartOutcome {
  const outcome = evaluateRequest(game, context, event);
  return outcome.ok ? withStepEvents(game, context, outcome) : outcome;
}

/** An accepted outcome of a request made from `from`, with the steps its chart takes. */
export function withStepEvents(
  game: CompiledGame,
  from: TurnchartContext,
  outcome: Outcome & { ok: true },
): ChartOutcome & { ok: true } {
  const { context, steps } = outcome;
  return { ok: true, context, events: stepEvents(game, from.ctx, steps, context.ctx), steps };
}

/** setup, then the start of the first phase and turn, with the chart's step events. */
export function startChartMatch(game: CompiledGame, numPlayers: number, seed: string | number, setupData?: unknown) {
  const { context, setupState, steps: flowSteps } = startEngineMatch(game, numPlayers, { seed, setupData });
  const steps = stepEvents(game, setupState.ctx, flowSteps, context.ctx);
  // The chart starts in the starting phase's fresh turn: re-entering it for the first turn would change nothing.
  if (steps[0]?.type === 'startGame' && steps[0].tc.effect === 'restartTurn') steps.shift();
  return { state: { G: context.G, ctx: context.ctx }, random: context.random, steps };
}
