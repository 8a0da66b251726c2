/**
 * Which states and transitions of a game's chart a set of traces, or random
 * play, exercised. Every edge of the chart's definition counts (chart-index.ts):
 * the chart has one only where a rule of the game can take it. Each trace, and
 * each seeded random playout (played as `turnchart check` plays them:
 * real-runs.ts), is replayed on a real actor whose xstate inspection
 * observer collects every `@xstate.microstep`: the transitions it took
 * (`_transitions`) and the state nodes active after it. Each trace is also
 * checked against its recorded states (replay.ts): a trace that no longer
 * replays the same is reported, since its coverage is then not what was
 * recorded.
 */
import { createActor, getStateNodes, type AnyStateNode, type InspectionEvent, type StateValue } from 'xstate';
import {
  createGameMachine,
  type RequestEvent,
  type TurnchartContext,
  type TurnchartEvent,
  type FlowEventType,
  type Game,
} from '../../machines';
import { playerEvents, type EventChoice } from './candidates';
import { chartIndex, type ChartNode, type ChartTransition } from './chart-index';
import { observedStart } from './observed-transition';
import { runPlayouts } from './playouts';
import { createRunLog } from './real-runs';
import { replayTrace, type Divergence } from './replay';
import type { Trace } from './trace';

/** Random play to cover the chart with: seeded playouts of one match setup. */
export interface PlayoutCoverage {
  playouts: number;
  /** Seats (default: the traces', else required). */
  numPlayers?: number;
  /** Seed of the match and of the playouts (default `turnchart-coverage`). */
  seed?: string | number;
  setupData?: unknown;
  /** Actions per playout at most (default 200). */
  maxActions?: number;
  /** The flow events players send in playouts (default `'player'`: endTurn, pass, endStage where enabled; see candidates.ts). */
  events?: EventChoice;
  /** Same as `events: []`: players send moves only (events that moves and hooks call still happen). */
  movesOnly?: boolean;
}

export interface CoverageOptions {
  /** Called after each trace. */
  onTrace?: (done: number, total: number) => void;
  /** Random play to count too. */
  random?: PlayoutCoverage;
  /** Called after each random playout. */
  onPlayout?: (done: number, total: number) => void;
}

export interface CoverageReport {
  numPlayers: number;
  traces: number;
  /** Requests of the traces. */
  actions: number;
  /** Random playouts replayed, and their requests (none without `random`). */
  playouts: number;
  playoutActions: number;
  /** The flow events players sent in the playouts (none without `random`). */
  playoutEvents: FlowEventType[];
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

/** Coverage of one game's chart by traces that all have the same number of players, and by random play. */
export function traceCoverage(game: Game, traces: readonly Trace[], options: CoverageOptions = {}): CoverageReport {
  const random = options.random;
  if (traces.length === 0 && !random?.playouts)
    throw new RangeError('coverage needs at least one trace, or random playouts');
  const numPlayers = traces[0]?.game.numPlayers ?? random?.numPlayers;
  if (numPlayers === undefined) throw new RangeError('random playouts without traces need a number of players');
  if (
    traces.some((trace) => trace.game.numPlayers !== numPlayers) ||
    (random?.numPlayers !== undefined && random.numPlayers !== numPlayers)
  ) {
    throw new RangeError('every trace of one coverage report must have the same number of players');
  }
  const machine = createGameMachine(game, { numPlayers });
  const index = chartIndex(machine, game);
  const stateHits = new Map<AnyStateNode, number>();
  const transitionHits = new Map<ChartTransition, number>();
  const divergences: CoverageReport['divergences'] = [];
  const warnings = new Set<string>();

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
  /** Play requests on a fresh actor of the match, observed. */
  const play = (seed: string | number, setupData: unknown, requests: readonly RequestEvent[]) => {
    const actor = createActor(machine, {
      input: { seed, ...(setupData !== undefined ? { setupData } : {}) },
      inspect: observe,
    });
    actor.start();
    seeValue(actor.getSnapshot().value);
    for (const request of requests)
      actor.send({ type: request.type, playerID: request.playerID, args: request.args } as TurnchartEvent);
    actor.stop();
  };

  let actions = 0;
  traces.forEach((trace, traceIndex) => {
    const replay = replayTrace(game, trace);
    replay.warnings.forEach((warning) => warnings.add(warning));
    if (replay.divergence) divergences.push({ trace: traceIndex, divergence: replay.divergence });
    play(
      trace.game.seed,
      trace.game.setupData,
      trace.actions.map((action) => action.request),
    );
    actions += trace.actions.length;
    options.onTrace?.(traceIndex + 1, traces.length);
  });

  let playouts = 0;
  let playoutActions = 0;
  const playoutEvents = random?.playouts ? (random.movesOnly ? [] : playerEvents(game, random.events)) : [];
  if (random?.playouts) {
    const seed = random.seed ?? 'turnchart-coverage';
    const start = observedStart(machine, { seed, setupData: random.setupData }).snapshot.context as TurnchartContext;
    runPlayouts(game, start, createRunLog(), {
      candidates: { events: playoutEvents },
      playouts: random.playouts,
      maxActions: random.maxActions ?? 200,
      seed: `${seed}/playouts`,
      onPlayout: (path) => {
        play(seed, random.setupData, path);
        playouts++;
        playoutActions += path.length;
        options.onPlayout?.(playouts, random.playouts);
      },
    });
  }

  const states = index.nodes.map((node) => ({ node, hits: stateHits.get(node.node) ?? 0 }));
  const transitions = index.transitions.map((transition) => ({
    transition,
    hits: transitionHits.get(transition) ?? 0,
  }));
  const statesCovered = states.filter((entry) => entry.hits > 0).length;
  const transitionsCovered = transitions.filter((entry) => entry.hits > 0).length;
  return {
    numPlayers,
    traces: traces.length,
    actions,
    playouts,
    playoutActions,
    playoutEvents,
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
