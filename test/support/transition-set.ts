/**
 * A machine's transitions as lines a reader can check against the game's
 * rules: `<source> --<event> [<guard>]--> <target>`, paths from the root
 * (`phases.draw.turn.player0.discard`), `(stays)` for a targetless one.
 * Seat regions repeat per seat: `seat` keeps one seat's region only, and
 * `seatsAlike` checks that every other seat's region has the same edges.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

function path(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : '(root)';
}

function guardName(transition: AnyTransitionDefinition): string {
  const guard = transition.guard as string | { type?: string } | undefined;
  if (guard === undefined) return '';
  return ` [${typeof guard === 'string' ? guard : guard.type}]`;
}

function line(transition: AnyTransitionDefinition): string {
  const targets = transition.target?.map((t: AnyStateNode) => path(t)).join(', ') ?? '(stays)';
  return `${path(transition.source)} --${transition.eventType}${guardName(transition)}--> ${targets}`;
}

function walk(node: AnyStateNode, visit: (node: AnyStateNode) => void): void {
  visit(node);
  for (const child of Object.values(node.states)) walk(child as AnyStateNode, visit);
}

const SEAT = /\.player(\d+)(\.|$)/;

/** Every transition of the machine, in document order; only `seat`'s region when given. */
export function transitionSet(machine: AnyStateMachine, seat?: number): string[] {
  const lines: string[] = [];
  walk(machine.root, (node) => {
    const match = SEAT.exec(path(node));
    if (seat !== undefined && match && Number(match[1]) !== seat) return;
    for (const list of node.transitions.values()) for (const t of list) lines.push(line(t));
  });
  return lines;
}

/** Every seat's region has seat 0's edges, with its own seat in paths and guard params (the turn's edges, which name several seats, aside). */
export function seatsAlike(machine: AnyStateMachine, numPlayers: number): boolean {
  const ofSeat = (seat: number) =>
    transitionSet(machine)
      .filter((l) => l.split(' --')[0].includes(`.player${seat}`))
      .map((l) => l.replaceAll(`.player${seat}`, '.player#'));
  const first = JSON.stringify(ofSeat(0));
  for (let seat = 1; seat < numPlayers; seat++) if (JSON.stringify(ofSeat(seat)) !== first) return false;
  return true;
}

/** Every transition definition of a machine's states (to check that a transition taken is one of them). */
export function definitionTransitions(
  node: AnyStateNode,
  into = new Set<AnyTransitionDefinition>(),
): Set<AnyTransitionDefinition> {
  for (const list of node.transitions.values()) for (const t of list) into.add(t);
  for (const child of Object.values(node.states)) definitionTransitions(child as AnyStateNode, into);
  return into;
}
