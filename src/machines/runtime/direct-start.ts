/**
 * Starting a match is the flow's start (setup, first phase and turn) and
 * then xstate's initial macrostep: enter every state of the first turn and
 * walk the start's steps. That walk reads nothing but the steps (the step
 * guards look at their payloads, never at the context), so two matches of
 * one machine whose starts produce the same steps end in the same
 * configuration. The first start with a given list of steps runs through
 * xstate; later ones reuse its configuration with their own context. The
 * configurations are the state nodes', so machines sharing their nodes
 * (clones of one built machine) share them too.
 *
 * An inspected actor always starts through xstate, so the inspector sees
 * the start's microsteps and actions.
 */
import type { AnyActorScope, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { StepEvent } from '../chart/chart-steps';
import { mergedContext } from './merged-context';
import { mayBeInspected, nextSnapshot } from './xstate-internals';
import type { TurnchartContext } from '../game-machine';

type MakeContext = (input: unknown) => TurnchartContext;
type GetInitialSnapshot = (scope: AnyActorScope, input?: unknown) => AnyMachineSnapshot;

/** The start configurations of one tree of state nodes, shared by the machines built on it. */
export interface StartConfigurations {
  /** The machine the nodes were built for: the remembered snapshots name it, not a match's machine. */
  base: AnyStateMachine;
  byKey: Map<string, AnyMachineSnapshot>;
}

/** What the rule guards read (rule-guards.ts), so equal keys walk the chart the same way. */
function stepsKey(steps: StepEvent[] | undefined): string {
  if (!steps?.length) return '';
  return JSON.stringify(
    steps.map((step) => [
      step.type,
      step.tc.effect,
      step.tc.automatic,
      step.tc.playerID,
      step.tc.phaseKey,
      step.tc.route,
      step.tc.seats,
      step.tc.rules,
    ]),
  );
}

export interface DirectStart {
  /** The machine's `context` factory: the flow's start, or the one just computed by the direct path. */
  context: (args: { input: unknown }) => TurnchartContext;
  install(machine: AnyStateMachine): void;
}

export function directStart(makeContext: MakeContext, configurations: StartConfigurations): DirectStart {
  // Hands a start already computed (or its error) to the context factory, so game code runs once.
  let pending: { context: TurnchartContext } | { error: unknown } | undefined;

  const context = ({ input }: { input: unknown }): TurnchartContext => {
    const handed = pending;
    pending = undefined;
    if (handed === undefined) return makeContext(input);
    if ('error' in handed) throw handed.error;
    return handed.context;
  };

  const install = (machine: AnyStateMachine) => {
    const viaXstate = machine.getInitialSnapshot.bind(machine) as GetInitialSnapshot;
    machine.getInitialSnapshot = (scope, input) => {
      if (mayBeInspected(scope)) return viaXstate(scope, input);
      let start: TurnchartContext;
      try {
        start = makeContext(input);
      } catch (error) {
        pending = { error };
        try {
          return viaXstate(scope, input);
        } finally {
          pending = undefined;
        }
      }
      const key = stepsKey(start.startSteps);
      const known = configurations.byKey.get(key);
      // The start's entry action clears the steps with an assign, which merges.
      if (known) return nextSnapshot(known, { context: mergedContext(start, { startSteps: undefined }), machine });
      pending = { context: start };
      let snapshot: AnyMachineSnapshot;
      try {
        snapshot = viaXstate(scope, input);
      } finally {
        pending = undefined;
      }
      // Remembered without this match's context and machine, which it would keep alive.
      if (snapshot.status === 'active')
        configurations.byKey.set(key, nextSnapshot(snapshot, { context: {}, machine: configurations.base }));
      return snapshot;
    };
  };

  return { context, install };
}
