/**
 * Shortest request paths through a game's chart: to every phase, and to
 * every configuration (phase and the state of each seat's region, i.e. each
 * distinct state value) reachable with the game's moves and events within a
 * depth; and the chart transitions no explored path took, each with the
 * config location to look at. Built on explore.ts (xstate/graph).
 */
import { NULL_PHASE_KEY, compiledGame, type RequestEvent, type Game } from '../../machines';
import { chartIndex, nodePath, type ChartTransition } from './chart-index';
import { exploreChart, pathThrough, pathTo, type ExploreOptions } from './explore';

export type PathsOptions = ExploreOptions;

/** What a state value says: the phase (`gameover` when the game is over) and each seat's region state. */
export interface Configuration {
  phase: string;
  /** player ID → `idle`, `active` or a stage. */
  seats: Record<string, string>;
}

export interface TargetPath {
  /** The configuration reached and its state value. */
  configuration: Configuration;
  value: unknown;
  path: RequestEvent[];
}

export interface PhaseTarget {
  phase: string;
  /** Undefined when no explored path enters the phase. */
  reached?: TargetPath;
  /**
   * True when the phase is only passed through: the last request enters it
   * and leaves it again (an `endIf` true at once), so `reached.value` is
   * where the request ends, in another phase.
   */
  transient?: boolean;
}

export interface UnfiredGroup {
  /** Seat-free description (`player*`), with the config location to blame. */
  group: string;
  location: string;
  transitions: ChartTransition[];
}

/** A state no explored path made active (its parent was), and the transitions defined on and below it. */
export interface UnreachedState {
  path: string;
  location: string;
  transitions: number;
}

export interface ChartPaths {
  numPlayers: number;
  seed: string | number;
  maxDepth: number;
  phases: PhaseTarget[];
  configurations: TargetPath[];
  /** Transitions defined in the chart but taken on no explored path. */
  unfired: ChartTransition[];
  /**
   * `unfired` transitions of states that were active, seat by seat merged (a
   * group is listed only when no seat took any of its transitions).
   */
  unfiredGroups: UnfiredGroup[];
  /** The outermost states never active; their transitions are in `unfired` but not in `unfiredGroups`. */
  unreachedStates: UnreachedState[];
  transitionsTotal: number;
  statesExplored: number;
  truncated: { depth: boolean; states: boolean };
}

/** The phase and seat states of a chart state value. */
export function configurationOf(value: unknown): Configuration {
  if (typeof value === 'string') return { phase: value, seats: {} };
  const phases = (value as { phases?: Record<string, { turn?: Record<string, string> }> } | null)?.phases ?? {};
  const [phase, inner] = Object.entries(phases)[0] ?? ['?', {}];
  const seats: Record<string, string> = {};
  for (const [region, state] of Object.entries(inner.turn ?? {})) seats[region.replace(/^player/, '')] = state;
  return { phase, seats };
}

export function describeConfiguration(configuration: Configuration): string {
  const seats = Object.entries(configuration.seats)
    .map(([seat, state]) => `${seat}:${state}`)
    .join(' ');
  return seats ? `${configuration.phase} [${seats}]` : configuration.phase;
}

export function findPaths(game: Game, options: PathsOptions): ChartPaths {
  const maxDepth = options.maxDepth ?? 20;
  const seed = options.seed ?? 'turnchart-explore';
  const exploration = exploreChart(game, { ...options, seed, maxDepth });
  const index = chartIndex(exploration.machine, game);

  // States come in the order they were first reached, so by depth: the first of each value is its shortest path.
  const byValue = new Map<string, TargetPath>();
  for (const state of exploration.states.values()) {
    const value = state.snapshot.value;
    const valueJson = JSON.stringify(value);
    const path = pathTo(exploration, state.key);
    const known = byValue.get(valueJson);
    if (!known || path.length < known.path.length)
      byValue.set(valueJson, { configuration: configurationOf(value), value, path });
  }
  const configurations = [...byValue.values()].sort((a, b) => a.path.length - b.path.length);

  const compiled = compiledGame(game);
  const phaseNames = [...compiled.phases.keys()];
  const reachedPhases = new Set(configurations.map((target) => target.configuration.phase));
  if (phaseNames.length === 0 || reachedPhases.has(NULL_PHASE_KEY)) phaseNames.push(NULL_PHASE_KEY);
  phaseNames.push('gameover');
  const phases: PhaseTarget[] = phaseNames.map((phase) => {
    const resting = configurations.find((target) => target.configuration.phase === phase);
    if (resting) return { phase, reached: resting };
    // Never a resting state: perhaps a request passes through it.
    const entry = exploration.entered.get(phase === 'gameover' ? 'gameover' : `phases.${phase}`);
    if (!entry) return { phase };
    const to = exploration.states.get(entry.from)?.edges.find((edge) => edge.request === entry.request)?.to;
    const value = to !== undefined ? exploration.states.get(to)?.snapshot.value : undefined;
    return {
      phase,
      reached: {
        configuration: configurationOf(value),
        value,
        path: pathThrough(exploration, entry.from, entry.request),
      },
      transient: true,
    };
  });

  const unfired = index.transitions.filter((transition) => !exploration.taken.has(transition));
  const unreachedStates: UnreachedState[] = [];
  for (const node of index.nodes) {
    const parent = node.node.parent;
    if (exploration.active.has(node.path) || (parent && !exploration.active.has(nodePath(parent)))) continue;
    const below = (path: string) => path === node.path || path.startsWith(`${node.path}.`);
    unreachedStates.push({
      path: node.path,
      location: node.location,
      transitions: unfired.filter((transition) => below(transition.source)).length,
    });
  }
  const groups = new Map<string, UnfiredGroup>();
  const firedGroups = new Set([...exploration.taken.keys()].map((transition) => transition.group));
  for (const transition of unfired) {
    if (firedGroups.has(transition.group) || !exploration.active.has(transition.source)) continue;
    let group = groups.get(transition.group);
    if (!group)
      groups.set(
        transition.group,
        (group = { group: transition.group, location: transition.location, transitions: [] }),
      );
    group.transitions.push(transition);
  }

  return {
    numPlayers: options.numPlayers,
    seed,
    maxDepth,
    phases,
    configurations,
    unfired,
    unfiredGroups: [...groups.values()],
    unreachedStates,
    transitionsTotal: index.transitions.length,
    statesExplored: exploration.states.size,
    truncated: exploration.truncated,
  };
}
