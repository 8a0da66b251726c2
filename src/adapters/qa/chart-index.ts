/**
 * Every state node and every transition of a game's chart, named for people:
 * a state by its path (`phases.draw.turn.player0.active`), a transition by
 * source, event, rule (its guard's name) and targets, and each with the
 * place in the game config it comes from (`phases.draw.endIf`,
 * `turn.stages.discard.moves.discard`), so a report can say what to look at.
 * Transitions of the per-seat regions also get a seat-free group
 * (`player*`), for summaries that would otherwise repeat once per seat.
 *
 * The transitions are the chart's edges, each one a rule of the game can
 * take.
 */
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';
import {
  NULL_PHASE_KEY,
  phaseOf,
  compiledGame,
  type CompiledGame,
  type CompiledPhase,
  type GameMachine,
  type Game,
} from '../../machines';
import { ruleName } from './rule-name';

export interface ChartNode {
  node: AnyStateNode;
  id: string;
  /** Dotted key path, `turnchart` for the root. */
  path: string;
  location: string;
}

export interface ChartTransition {
  definition: AnyTransitionDefinition;
  /** Unique: source path, event, index among that event's transitions on the source. */
  id: string;
  source: string;
  eventType: string;
  /** The rule that takes it (its guard's name), e.g. `turn.stages.A.next`, `setStage(stage)`; '' when unguarded. */
  guard: string;
  targets: string[];
  /** One line: `phases.draw.turn.player0.A --endStage [turn.stages.A.next]--> phases.draw.turn.player0.B`. */
  label: string;
  /** The same line with seats replaced by `player*`. */
  group: string;
  location: string;
}

export interface ChartIndex {
  nodes: ChartNode[];
  transitions: ChartTransition[];
  nodeById: Map<string, ChartNode>;
  byDefinition: Map<AnyTransitionDefinition, ChartTransition>;
}

const cache = new WeakMap<GameMachine, ChartIndex>();
const SEAT = /^player(\d+)$/;

export function nodePath(node: AnyStateNode): string {
  return node.path.length === 0 ? 'turnchart' : node.path.join('.');
}

function seatFree(text: string): string {
  return text.replace(/\bplayer\d+\b/g, 'player*');
}

/** The phase a path under `phases.<phase>` belongs to. */
function phaseAt(game: CompiledGame, path: readonly string[]): CompiledPhase | undefined {
  if (path[0] !== 'phases' || path.length < 2) return undefined;
  return path[1] === NULL_PHASE_KEY ? game.nullPhase : phaseOf(game, path[1]);
}

function nodeLocation(game: CompiledGame, node: AnyStateNode): string {
  const path = node.path;
  if (path.length === 0) return 'game';
  if (path[0] === 'gameover') return 'endIf';
  const phase = phaseAt(game, path);
  if (!phase) return 'phases';
  if (path.length === 2) return phase.where;
  const turn = phase.turn.where;
  const state = path[4];
  if (state !== undefined && Object.prototype.hasOwnProperty.call(phase.turn.stages, state))
    return `${turn}.stages.${state}`;
  return turn;
}

/**
 * A rule named after its place in the config, as that place:
 * `phases.draw.endIf({ next })` and `phases.draw.endIf (loop stop)` are
 * `phases.draw.endIf`. Undefined for the rules of events and arguments
 * (`setPhase(phase)`, `endStage`, `activePlayers.emptied`, ...).
 */
function ruleLocation(rule: string): string | undefined {
  const place = rule.replace(/(\(\{ next \}\)| \(loop stop\))$/, '');
  return /^(phases\.|turn(\.|$)|moves$|endIf$)/.test(place) ? place : undefined;
}

function transitionLocation(
  game: CompiledGame,
  source: AnyStateNode,
  eventType: string,
  targets: readonly AnyStateNode[],
  rule: string,
): string {
  const path = source.path;
  const byRule = ruleLocation(rule);
  // A move's rule is its move set: `turn.stages.discard.moves` + `.discard`.
  if (byRule !== undefined) return eventType.startsWith('move.') ? `${byRule}.${eventType.slice(5)}` : byRule;
  if (path.length === 0) return 'game';
  // `endGame(result)`: the game config's events enable it.
  if (path.length === 1) return `events.${eventType}`;
  const phase = phaseAt(game, path);
  if (!phase) return 'game';
  if (path.length <= 3) return path.length === 2 ? phase.where : phase.turn.where;
  const target = targets[0]?.key;
  if (target !== undefined && Object.prototype.hasOwnProperty.call(phase.turn.stages, target))
    return `${phase.turn.where}.stages.${target}`;
  return phase.turn.where;
}

/** The nodes and transitions of a game's chart (cached per machine). */
export function chartIndex(machine: GameMachine, game: Game): ChartIndex {
  const cached = cache.get(machine);
  if (cached) return cached;
  const compiled = compiledGame(game);
  const nodes: ChartNode[] = [];
  const transitions: ChartTransition[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push({ node, id: node.id, path: nodePath(node), location: nodeLocation(compiled, node) });
    for (const [eventType, list] of node.transitions) {
      list.forEach((definition, index) => {
        const targets = definition.target ?? [];
        const source = nodePath(node);
        const seatRegion = SEAT.test(node.key) || SEAT.test(node.parent?.key ?? '');
        // The rule alone: its parameters (which seat, which target) are the transition's ends.
        const guard = ruleName(definition.guard) ?? '';
        const arrow = (text: string, shownGuard: string) =>
          `${text} --${eventType}${shownGuard ? ` [${shownGuard}]` : ''}--> ${targets.length ? targets.map(nodePath).join(', ') : '(stays)'}`;
        const label = arrow(source, guard);
        transitions.push({
          definition,
          id: `${source}|${eventType}|${index}`,
          source,
          eventType,
          guard,
          targets: targets.map(nodePath),
          label,
          group: seatRegion ? seatFree(label) : label,
          location: transitionLocation(compiled, node, eventType, targets, guard),
        });
      });
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  const index: ChartIndex = {
    nodes,
    transitions,
    nodeById: new Map(nodes.map((node) => [node.id, node])),
    byDefinition: new Map(transitions.map((transition) => [transition.definition, transition])),
  };
  cache.set(machine, index);
  return index;
}

/** The seat-free group of a state path (`phases.draw.turn.player*.active`). */
export function nodeGroup(path: string): string {
  return seatFree(path);
}
