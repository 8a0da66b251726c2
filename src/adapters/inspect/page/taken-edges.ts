/**
 * The drawn edges a request took, from the transitions xstate reported for
 * it: several transitions of folded seats are one drawn edge, labelled with
 * its event, its rule as the chart writes it, and the seats that took it.
 * Pure, like match-view.ts.
 */
import { ruleLine, shortRule } from '../../diagram/rule-labels';
import type { ChartIndex } from './chart-index';
import type { LoggedTransition } from './match-view';

/** A drawn edge a request took: by the boxes it joins and its rule, with the events and seats that took it. */
export interface TakenEdge {
  source: string;
  target: string;
  rule?: string;
  events: string[];
  seats: string[];
  /** `endStage · next`, the event taken and the rule as the chart writes it; `(players 1, 2)` when folded seats took it. */
  label: string;
  /** The same, with where it led: for a transition written in a box that may lead to several states. */
  labelTo: string;
  /** The pieces: the event and rule (`setActivePlayers(set)`), where it led (`discard (players 1, 2, 3)`). */
  said: string;
  to: string;
  /** Its place among the request's taken transitions, from 1, in the order they were taken. */
  order: number;
}

export function takenEdges(index: ChartIndex, transitions: readonly LoggedTransition[]): TakenEdge[] {
  const edges = new Map<string, TakenEdge>();
  for (const transition of transitions) {
    const source = index.drawnOf(transition.source);
    for (const targetId of transition.targets) {
      const target = index.drawnOf(targetId);
      const key = JSON.stringify([source, target, transition.rule ?? null]);
      const edge = edges.get(key) ?? {
        source,
        target,
        ...(transition.rule !== undefined ? { rule: transition.rule } : {}),
        events: [],
        seats: [],
        label: '',
        labelTo: '',
        said: '',
        to: '',
        order: edges.size + 1,
      };
      if (!edge.events.includes(transition.event)) edge.events.push(transition.event);
      const seat = index.seatOf(transition.source);
      const folded =
        index.byId.get(transition.source)?.drawn !== undefined ||
        [...index.byId.values()].some((node) => node.drawn === transition.source);
      if (seat !== undefined && folded && !edge.seats.includes(seat)) edge.seats.push(seat);
      edges.set(key, edge);
    }
  }
  for (const edge of edges.values()) {
    const rule = edge.rule === undefined ? undefined : shortRule(edge.rule, index.pathOf(edge.source));
    const said = ruleLine(edge.events, rule);
    const seats = edge.seats.length ? ` (player${edge.seats.length > 1 ? 's' : ''} ${edge.seats.join(', ')})` : '';
    edge.said = said;
    edge.to = `${index.byId.get(edge.target)?.key ?? edge.target}${seats}`;
    edge.label = `${said}${seats}`;
    edge.labelTo = `${said} → ${edge.to}`;
  }
  return [...edges.values()];
}
