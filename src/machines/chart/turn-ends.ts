/**
 * Where a turn ends: the turn is a parallel state with one region per seat,
 * and a turn ends by re-entering it, straight into the seating of the next
 * turn (seatings.ts): one re-entering transition per rule that picks the
 * next player and per seating that turn can start in.
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
import { seatRegionKey } from './seat-state';
import type { Seating, TurnSeatings } from './seatings';
import { edgeConfig, type EdgeConfig } from './transition-config';
import { SEAT_IDLE } from '../engine/config';

/** The targets that put a turn's seats in `seating`, relative to the turn (idle seats take their initial state). */
export function seatingTargets(seating: Seating): string[] {
  const targets: string[] = [];
  seating.seats.forEach((state, seat) => {
    if (state !== SEAT_IDLE) targets.push(`.${seatRegionKey(seat)}.${state}`);
  });
  return targets;
}

/** Who acts once a turn starts in `seating`, in words. */
export function seatingWords(seating: Seating): string {
  const acting = seating.seats.flatMap((state, seat) => (state === SEAT_IDLE ? [] : [`${seat}: ${state}`]));
  return acting.length ? acting.join(', ') : 'nobody acts';
}

export function turnEnds(
  phase: CompiledPhase,
  id: string,
  seatings: TurnSeatings,
  guards: RuleGuards,
): Record<string, EdgeConfig[]> {
  const where = phase.turn.where;
  const restart = (name: string, route: StepRoute, description: string): EdgeConfig[] => {
    const guard = guards.turn(name, route);
    const edges = seatings.list.map((seating) => {
      const targets = seatingTargets(seating);
      return edgeConfig({
        guard: { type: guard, params: { seating: seating.key } },
        target: targets.length ? targets : `#${id}`,
        reenter: true,
        description: `${description}; the turn starts with ${seatingWords(seating)}`,
      });
    });
    // A seating no edge lists: the turn is entered with every seat idle, then seated seat by seat.
    if (seatings.bySeat)
      edges.push(edgeConfig({ guard: { type: guard, params: {} }, target: `#${id}`, reenter: true, description }));
    return edges;
  };
  const byOrder = restart(`${where}.order.next`, 'order', `the next player from ${where}.order.next`);
  const endTurn = [...byOrder, ...restart('endTurn({ next })', 'argument', 'the player named by endTurn({ next })')];
  if (phase.turn.endIf) {
    endTurn.push(
      ...restart(
        `${where}.endIf`,
        'endIf',
        `automatic when ${where}.endIf is truthy; the next player from ${where}.order.next`,
      ),
    );
    endTurn.push(...restart(`${where}.endIf({ next })`, 'endIfNext', `automatic: ${where}.endIf returned { next }`));
  }
  if (phase.turn.maxMoves) {
    endTurn.push(
      ...restart(
        `${where}.maxMoves`,
        'maxMoves',
        `automatic after ${phase.turn.maxMoves} moves; the next player from ${where}.order.next`,
      ),
    );
  }
  const pass = [
    ...byOrder,
    ...restart(
      'pass({ next, remove })',
      'argument',
      'the player named by pass({ next }), or the next after pass({ remove })',
    ),
  ];
  return { endTurn, pass };
}
