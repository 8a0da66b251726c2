import { compare } from '../harness';
import { bgEndTurn, bgioReducer, bgMove, endTurnEvent, microGame, moveEvent, tcActor } from '../workloads';
import { ROUNDS, type AddRow, type Extra } from './section';

/**
 * 3. Seat scaling: a move and an endTurn on the chart actor (xstate's own
 * interpreter, which visits every seat's region on each microstep) at 2, 8
 * and 16 seats, against boardgame.io's reducer, which is flat across seats.
 */
export function seatScalingSection(add: AddRow, extra: Extra): void {
  const scaling: Record<string, number> = {};
  for (const seats of [2, 8, 16]) {
    const move = compare(
      `move at ${seats} seats`,
      tcActor(microGame(), seats, moveEvent, 2000),
      bgioReducer(microGame(), seats, bgMove, 2000),
      ROUNDS,
    );
    const end = compare(
      `endTurn at ${seats} seats`,
      tcActor(microGame(), seats, endTurnEvent, 2000),
      bgioReducer(microGame(), seats, bgEndTurn, 2000),
      ROUNDS,
    );
    add(move);
    add(end);
    scaling[`move${seats}`] = move.turnchart;
    scaling[`endTurn${seats}`] = end.turnchart;
  }
  extra.seatScaling = {
    moveCost16vs2: scaling.move2 / scaling.move16,
    endTurnCost16vs2: scaling.endTurn2 / scaling.endTurn16,
  };
  process.stdout.write(`\nper-move cost at 16 seats / at 2 seats: ${(scaling.move2 / scaling.move16).toFixed(2)}\n`);
  process.stdout.write(
    `per-endTurn cost at 16 seats / at 2 seats: ${(scaling.endTurn2 / scaling.endTurn16).toFixed(2)}\n`,
  );
}
