/**
 * The chart's guards, each named after the rule it stands for
 * (`phases.draw.next`, `phases.draw.endIf`, `turn.order.next`,
 * `turn.stages.A.next`, `setStage(stage)`, ...). A guard passes for a step
 * when that rule is what sent the chart this way: the flow evaluated the
 * rule where boardgame.io evaluates it, between the game code it depends on
 * (docs/architecture.md, "The flow decides; the chart records"), and
 * recorded which rule chose each destination; the guard on the edge of that
 * rule reads it.
 *
 * Builders register a guard name with the kind of rule behind it; the
 * machine makes the implementations from the registry, with its own way of
 * reading a step (game-machine.ts: a raised step's payload, or a request's
 * first step as the flow worked it out).
 */
import type { StepRoute } from '../engine/flow-run';
import type { LimitKind } from '../engine/time-types';
import type { StepPayload } from './chart-steps';
import type { SeatRule } from './stage-exits';

type Kind =
  | { of: 'phase'; route: StepRoute }
  | { of: 'turn'; route: StepRoute }
  | { of: 'gameover'; route: StepRoute }
  | { of: 'seat'; rule: SeatRule }
  | { of: 'move' }
  | { of: 'unchanged' }
  | { of: 'timer'; limit: LimitKind }
  | { of: 'timeout' };

export type GuardArgs = { context: unknown; event: unknown };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each rule's guard reads its own params, which xstate passes untyped
export type GuardImpl = (args: GuardArgs, params: any) => boolean;
/** How a machine reads the step an event stands for (undefined: none, and no guard passes). */
export type StepOf = (args: GuardArgs) => StepPayload | undefined;

/** How a machine reads timeouts: a limit's timer firing (timers.ts), and a `timeout` request or its raised step. */
export interface TimeoutsOf {
  /** Whether the engine applies the timeout of `limit` (of `seat`) at its deadline. */
  timer(args: GuardArgs, limit: LimitKind, seat: string | undefined): boolean;
  /** Whether a `timeout` request is accepted, or the event is a timeout's own step (a hook's, changing no seat). */
  timeout(args: GuardArgs): boolean;
}

function noSeatMoves(step: StepPayload): boolean {
  for (let seat = 0; seat < step.seats.length; seat++) if (step.seats[seat] !== undefined) return false;
  return true;
}

function implement(kind: Kind, stepOf: StepOf, timeouts: TimeoutsOf | undefined): GuardImpl {
  switch (kind.of) {
    case 'timer':
      return (args, params: { seat?: string }) => timeouts?.timer(args, kind.limit, params.seat) === true;
    case 'timeout':
      return (args) => timeouts?.timeout(args) === true;
    case 'phase':
      return (args, params: { to: string }) => {
        const step = stepOf(args);
        return step?.effect === 'enterPhase' && step.route === kind.route && step.phaseKey === params.to;
      };
    case 'turn':
      return (args, params: { seating?: string }) => {
        const step = stepOf(args);
        return step?.effect === 'restartTurn' && step.route === kind.route && step.seating === params.seating;
      };
    case 'gameover':
      return (args) => {
        const step = stepOf(args);
        return step?.effect === 'gameover' && step.route === kind.route;
      };
    case 'seat':
      return (args, params: { seat: number; to: string }) => {
        const step = stepOf(args);
        return step !== undefined && step.seats[params.seat] === params.to && step.rules[params.seat] === kind.rule;
      };
    case 'move':
      return (args, params: { seat: string }) => {
        const step = stepOf(args);
        return step?.effect === 'seats' && step.playerID === params.seat;
      };
    case 'unchanged':
      return (args) => {
        const step = stepOf(args);
        return step?.effect === 'seats' && noSeatMoves(step);
      };
  }
}

function describeKind(kind: Kind): string {
  if (kind.of === 'seat') return `seat:${kind.rule}`;
  if (kind.of === 'timer') return `timer:${kind.limit}`;
  if (kind.of === 'timeout') return 'timeout';
  return kind.of === 'move' || kind.of === 'unchanged' ? kind.of : `${kind.of}:${kind.route}`;
}

export class RuleGuards {
  private readonly kinds = new Map<string, Kind>();

  private add(name: string, kind: Kind): string {
    const known = this.kinds.get(name);
    if (known === undefined) this.kinds.set(name, kind);
    else if (describeKind(known) !== describeKind(kind)) throw new Error(`guard ${name} registered for two rules`);
    return name;
  }

  phase(name: string, route: StepRoute): string {
    return this.add(name, { of: 'phase', route });
  }

  turn(name: string, route: StepRoute): string {
    return this.add(name, { of: 'turn', route });
  }

  gameover(name: string, route: StepRoute): string {
    return this.add(name, { of: 'gameover', route });
  }

  seat(name: string, rule: SeatRule): string {
    return this.add(name, { of: 'seat', rule });
  }

  move(name: string): string {
    return this.add(name, { of: 'move' });
  }

  unchanged(name: string): string {
    return this.add(name, { of: 'unchanged' });
  }

  timer(name: string, limit: LimitKind): string {
    return this.add(name, { of: 'timer', limit });
  }

  timeout(name: string): string {
    return this.add(name, { of: 'timeout' });
  }

  /** The guards by name, each reading steps with `stepOf` (and timeouts with `timeouts`). */
  implementations(stepOf: StepOf, timeouts?: TimeoutsOf): Record<string, GuardImpl> {
    const guards: Record<string, GuardImpl> = {};
    for (const [name, kind] of this.kinds) guards[name] = implement(kind, stepOf, timeouts);
    return guards;
  }
}
