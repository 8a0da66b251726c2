/**
 * The chart's guards, each named after the rule it stands for
 * (`phases.draw.next`, `phases.draw.endIf`, `turn.order.next`,
 * `turn.stages.A.next`, `setStage(stage)`, ...). A guard passes for a step
 * when that rule is what sent the chart this way: the flow run evaluated the
 * rule where boardgame.io evaluates it, between the game code it depends on
 * (docs/architecture.md, "Why the flow decides"), and recorded which rule
 * chose each destination; the guard on the edge of that rule reads it.
 *
 * Builders register a guard name with the kind of rule behind it; the
 * machine's guard implementations are made from the registry.
 */
import { stepPayload, type StepPayload } from './chart-steps';
import type { StepRoute } from '../engine/flow-run';
import type { SeatRule } from './stage-exits';
import type { Ctx } from '../engine/types';

type Kind =
  | { of: 'phase'; route: StepRoute }
  | { of: 'turn'; route: StepRoute }
  | { of: 'gameover'; route: StepRoute }
  | { of: 'seat'; rule: SeatRule }
  | { of: 'move' };

type GuardArgs = { context: { ctx?: Ctx }; event: object };
export type GuardImpl = (args: GuardArgs, params: any) => boolean;

function stepOf(args: GuardArgs): StepPayload | undefined {
  return stepPayload(args.event, args.context.ctx);
}

function implement(kind: Kind): GuardImpl {
  switch (kind.of) {
    case 'phase':
      return (args, params: { to: string }) => {
        const step = stepOf(args);
        return (
          step !== undefined && step.effect === 'enterPhase' && step.route === kind.route && step.phaseKey === params.to
        );
      };
    case 'turn':
      return (args) => {
        const step = stepOf(args);
        return step !== undefined && step.effect === 'restartTurn' && step.route === kind.route;
      };
    case 'gameover':
      return (args) => {
        const step = stepOf(args);
        return step !== undefined && step.effect === 'gameover' && step.route === kind.route;
      };
    case 'seat':
      return (args, params: { seat: number; to: string }) => {
        const step = stepOf(args);
        return step !== undefined && step.seats[params.seat] === params.to && step.rules[params.seat] === kind.rule;
      };
    case 'move':
      return (args, params: { seat: string }) => {
        const step = stepOf(args);
        return step !== undefined && step.effect === 'seats' && step.playerID === params.seat;
      };
  }
}

function describeKind(kind: Kind): string {
  return kind.of === 'seat' ? `seat:${kind.rule}` : kind.of === 'move' ? 'move' : `${kind.of}:${kind.route}`;
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

  implementations(): Record<string, GuardImpl> {
    const guards: Record<string, GuardImpl> = {};
    for (const [name, kind] of this.kinds) guards[name] = implement(kind);
    return guards;
  }
}
