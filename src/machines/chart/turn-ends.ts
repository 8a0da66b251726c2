/**
 * Where a turn ends: the turn is a parallel state with one region per seat,
 * and a turn ends by re-entering it (every seat back to idle; the `startTurn`
 * step that follows seats the players). One re-entering transition per rule
 * that picks the next player:
 *
 * | guard | event |
 * |---|---|
 * | `<turn>.order.next` | endTurn, pass: the turn order's `next` |
 * | `endTurn({ next })`, `pass({ next, remove })` | endTurn, pass: the argument |
 * | `<turn>.endIf`, `<turn>.maxMoves` | endTurn (automatic), then the turn order's `next` |
 * | `<turn>.endIf({ next })` | endTurn (automatic): the `endIf` returned `{ next }` |
 *
 * A turn end that also ends the phase is the phase's transition (phase-exits.ts).
 */
import type { CompiledPhase } from '../engine/config';
import type { StepRoute } from '../engine/flow-run';
import type { RuleGuards } from './rule-guards';
import { edgeConfig, type EdgeConfig } from './transition-config';

export function turnEnds(phase: CompiledPhase, id: string, guards: RuleGuards): Record<string, EdgeConfig[]> {
  const where = phase.turn.where;
  const restart = (name: string, route: StepRoute, description: string) =>
    edgeConfig({ guard: guards.turn(name, route), target: `#${id}`, reenter: true, description });
  const byOrder = restart(`${where}.order.next`, 'order', `the next player from ${where}.order.next`);
  const endTurn = [byOrder, restart('endTurn({ next })', 'argument', 'the player named by endTurn({ next })')];
  if (phase.turn.endIf) {
    endTurn.push(
      restart(
        `${where}.endIf`,
        'endIf',
        `automatic when ${where}.endIf is truthy; the next player from ${where}.order.next`,
      ),
    );
    endTurn.push(restart(`${where}.endIf({ next })`, 'endIfNext', `automatic: ${where}.endIf returned { next }`));
  }
  if (phase.turn.maxMoves) {
    endTurn.push(
      restart(
        `${where}.maxMoves`,
        'maxMoves',
        `automatic after ${phase.turn.maxMoves} moves; the next player from ${where}.order.next`,
      ),
    );
  }
  const pass = [
    byOrder,
    restart(
      'pass({ next, remove })',
      'argument',
      'the player named by pass({ next }), or the next after pass({ remove })',
    ),
  ];
  return { endTurn, pass };
}
