/**
 * Where a phase ends: the transitions from one phase's state to the next,
 * one per rule that can end it there.
 *
 * | guard | event | targets |
 * |---|---|---|
 * | `phases.P.next` | endPhase; endTurn when the turn order can run out; pass (`remove` can empty the order) | the declared `next` (every phase when it is a function; no phase when there is none) |
 * | `phases.P.endIf` | endPhase (automatic) | the same, after the phase's `endIf` fired |
 * | `phases.P.endIf({ next })` | endPhase (automatic) | every phase: the `endIf` returned `{ next }` |
 * | `phases.P.endIf (loop stop)` | endPhase (automatic) | no phase: boardgame.io stops a phase that ends twice in one action |
 * | `setPhase(phase)` | setPhase | every phase (argument) |
 *
 * The game's end (`endIf`, `endGame(result)`) is on the `phases` state.
 */
import { NULL_PHASE_KEY, type CompiledGame, type CompiledPhase } from '../engine/config';
import type { StepRoute } from '../engine/flow-run';
import type { RuleGuards } from './rule-guards';
import { edgeConfig, type EdgeConfig } from './transition-config';
import { mayRunOut } from '../engine/turn-order';

export function phaseStateId(phaseIndex: number): string {
  return `phase${phaseIndex}`;
}

/** All phases in chart order: the declared ones, then the null phase. */
export function chartPhases(game: CompiledGame): CompiledPhase[] {
  return [...game.phases.values(), game.nullPhase];
}

function keyOf(phase: CompiledPhase): string {
  return phase.name === null ? NULL_PHASE_KEY : phase.name;
}

/** The phases `next` can lead to: its phase, every phase for a function, no phase without one. */
function nextTargets(game: CompiledGame, phase: CompiledPhase): CompiledPhase[] {
  if (phase.dynamicNext) return chartPhases(game);
  if (phase.staticNext === undefined) return [game.nullPhase];
  const next = game.phases.get(phase.staticNext);
  // A `next` naming no phase is refused when play reaches it: no edge.
  return next === undefined ? [] : [next];
}

/** The name of a rule of `phase` (the null phase has no config of its own). */
function ruleName(phase: CompiledPhase, rule: string): string {
  return phase.name === null ? `(no phase).${rule}` : `${phase.where}.${rule}`;
}

export function phaseExits(game: CompiledGame, phase: CompiledPhase, guards: RuleGuards): Record<string, EdgeConfig[]> {
  const phases = chartPhases(game);
  const index = new Map(phases.map((p, i) => [p, i]));
  const edge = (name: string, route: StepRoute, target: CompiledPhase, description: string) =>
    edgeConfig({
      guard: { type: guards.phase(name, route), params: { to: keyOf(target) } },
      target: `#${phaseStateId(index.get(target)!)}`,
      reenter: true,
      description,
    });
  const declared = phases.filter((p) => p.name !== null);
  const to = (p: CompiledPhase) => (p.name === null ? 'no phase' : p.name);
  const byNext = nextTargets(game, phase).map((target) =>
    edge(
      ruleName(phase, 'next'),
      'next',
      target,
      `${to(target)}: ${phase.dynamicNext ? 'as computed by' : 'declared in'} ${ruleName(phase, 'next')}`,
    ),
  );
  const on: Record<string, EdgeConfig[]> = { endPhase: [...byNext] };
  if (phase.endIf) {
    const endIf = ruleName(phase, 'endIf');
    on.endPhase.push(
      ...nextTargets(game, phase).map((target) =>
        edge(endIf, 'endIf', target, `automatic when ${endIf} is truthy, then ${ruleName(phase, 'next')}`),
      ),
    );
    on.endPhase.push(
      ...declared.map((target) =>
        edge(`${endIf}({ next })`, 'endIfNext', target, `automatic: ${endIf} returned { next: "${target.name}" }`),
      ),
    );
    on.endPhase.push(
      edge(
        `${endIf} (loop stop)`,
        'loop',
        game.nullPhase,
        `the phase ended twice in one action: boardgame.io stops at no phase`,
      ),
    );
  }
  if (mayRunOut(phase.turn.order)) on.endTurn = byNext;
  on.pass = byNext;
  if (declared.length)
    on.setPhase = declared.map((target) => edge('setPhase(phase)', 'setPhase', target, `setPhase("${target.name}")`));
  return on;
}
