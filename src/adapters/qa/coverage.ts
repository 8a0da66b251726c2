/**
 * Which states and transitions of a game's chart a set of traces exercised.
 * Each trace is replayed on a real actor whose xstate inspection observer
 * collects every `@xstate.microstep`: the transitions it took (`_transitions`)
 * and the state nodes active after it. Each trace is also checked against its
 * recorded states (replay.ts): a trace that no longer replays the same is
 * reported, since its coverage is then not what was recorded.
 */
import { createActor, getStateNodes, type AnyStateNode, type InspectionEvent, type StateValue } from 'xstate';
import { createGameMachine, type TurnchartEvent } from '../../machines/game-machine';
import type { Game } from '../../machines/rules/types';
import { chartIndex, type ChartNode, type ChartTransition } from './chart-index';
import { replayTrace, type Divergence } from './replay';
import type { Trace } from './trace';

export interface CoverageOptions {
  /** Called after each trace. */
  onTrace?: (done: number, total: number) => void;
}

export interface CoverageReport {
  numPlayers: number;
  traces: number;
  actions: number;
  /** Every state node of the chart, in document order, with the number of microsteps after which it was active. */
  states: { node: ChartNode; hits: number }[];
  /** Every transition of the chart with the number of times it was taken. */
  transitions: { transition: ChartTransition; hits: number }[];
  statesCovered: number;
  transitionsCovered: number;
  /** 0..100 */
  statePercent: number;
  transitionPercent: number;
  /** Traces that do not replay as recorded (index in the list given, and where). */
  divergences: { trace: number; divergence: Divergence }[];
  warnings: string[];
}

function percent(part: number, whole: number): number {
  return whole === 0 ? 100 : Math.round((part / whole) * 1000) / 10;
}

/** Coverage of one game's chart by traces that all have the same number of players. */
export function traceCoverage(game: Game, traces: readonly Trace[], options: CoverageOptions = {}): CoverageReport {
  if (traces.length === 0) throw new RangeError('coverage needs at least one trace');
  const numPlayers = traces[0].game.numPlayers;
  if (traces.some((trace) => trace.game.numPlayers !== numPlayers)) {
    throw new RangeError('every trace of one coverage report must have the same number of players');
  }
  const machine = createGameMachine(game, { numPlayers });
  const index = chartIndex(machine, game);
  const stateHits = new Map<AnyStateNode, number>();
  const transitionHits = new Map<ChartTransition, number>();
  const divergences: CoverageReport['divergences'] = [];
  const warnings = new Set<string>();
  let actions = 0;

  const seeValue = (value: StateValue) => {
    for (const node of new Set(getStateNodes(machine.root, value))) stateHits.set(node, (stateHits.get(node) ?? 0) + 1);
  };
  const observe = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const definition of event._transitions) {
      const transition = index.byDefinition.get(definition);
      if (transition) transitionHits.set(transition, (transitionHits.get(transition) ?? 0) + 1);
    }
    seeValue((event.snapshot as unknown as { value: StateValue }).value);
  };

  traces.forEach((trace, traceIndex) => {
    const replay = replayTrace(game, trace);
    replay.warnings.forEach((warning) => warnings.add(warning));
    if (replay.divergence) divergences.push({ trace: traceIndex, divergence: replay.divergence });
    const { seed, setupData } = trace.game;
    const actor = createActor(machine, { input: { seed, ...(setupData !== undefined ? { setupData } : {}) }, inspect: observe });
    actor.start();
    seeValue(actor.getSnapshot().value);
    for (const action of trace.actions) {
      actor.send({ type: action.request.type, playerID: action.request.playerID, args: action.request.args } as TurnchartEvent);
      actions++;
    }
    actor.stop();
    options.onTrace?.(traceIndex + 1, traces.length);
  });

  const states = index.nodes.map((node) => ({ node, hits: stateHits.get(node.node) ?? 0 }));
  const transitions = index.transitions.map((transition) => ({ transition, hits: transitionHits.get(transition) ?? 0 }));
  const statesCovered = states.filter((entry) => entry.hits > 0).length;
  const transitionsCovered = transitions.filter((entry) => entry.hits > 0).length;
  return {
    numPlayers,
    traces: traces.length,
    actions,
    states,
    transitions,
    statesCovered,
    transitionsCovered,
    statePercent: percent(statesCovered, states.length),
    transitionPercent: percent(transitionsCovered, transitions.length),
    divergences,
    warnings: [...warnings],
  };
}
