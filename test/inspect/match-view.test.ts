/**
 * The page's view of the stream (src/adapters/inspect/page/match-view.ts, chart-index.ts, taken-edges.ts),
 * without a browser: the log follows requests, raised steps, rejections and
 * the timeline; a restored actor takes over; state values map to the chart's
 * state node ids.
 */
import type { InspectionEvent } from 'xstate';
import { chartTree } from '../../src/adapters/inspect/chart-tree';
import { applyMessage, emptyView, type MatchView } from '../../src/adapters/inspect/page/match-view';
import { activeBoxes, activeStateIds, chartIndex, seatStates } from '../../src/adapters/inspect/page/chart-index';
import { seatRuns } from '../../src/adapters/inspect/page/seat-runs';
import { takenEdges } from '../../src/adapters/inspect/page/taken-edges';
import type { ChartTreeNode } from '../../src/adapters/inspect/protocol';
import { InspectorSession } from '../../src/adapters/qa/inspector-session';
import { Discard } from '../../examples/discard/game';

/** The fields of @statelyai/inspect's events that the view reads (the real conversion is an ES module jest does not load). */
function statelyShaped(event: InspectionEvent): Parameters<typeof applyMessage>[1] | undefined {
  const sessionId = event.actorRef.sessionId;
  // Synchronously, a new actor has no snapshot yet (@statelyai/inspect reads it a tick later); the snapshot event follows.
  if (event.type === '@xstate.actor') return { type: '@xstate.actor', sessionId };
  if (event.type === '@xstate.event') return { type: '@xstate.event', sessionId, event: event.event };
  if (event.type === '@xstate.snapshot')
    return { type: '@xstate.snapshot', sessionId, snapshot: JSON.parse(JSON.stringify(event.snapshot)) };
  return undefined;
}

function viewedSession(): { session: InspectorSession; view: MatchView; nodes: ChartTreeNode[] } {
  const view = emptyView();
  const session = new InspectorSession({
    game: Discard,
    numPlayers: 4,
    seed: 'view',
    inspect: (event) => {
      const shaped = statelyShaped(event);
      if (shaped) applyMessage(view, shaped);
    },
    onMessage: (message) => applyMessage(view, message),
  });
  const nodes = chartTree(session.machine);
  return { session, view, nodes };
}

describe('inspector page view', () => {
  test('a badge names the seats in a state as runs: players 0–6, 0,2–5, 1,3', () => {
    expect(seatRuns(['0', '1', '2', '3', '4', '5', '6'])).toBe('0–6');
    expect(seatRuns(['5', '0', '2', '3', '4'])).toBe('0,2–5');
    expect(seatRuns(['1', '3'])).toBe('1,3');
    expect(seatRuns(['1', '2'])).toBe('1,2');
    expect(seatRuns(['4'])).toBe('4');
  });

  test('the log lists each request with its raised steps, and a refusal with its reason', () => {
    const { session, view } = viewedSession();
    expect(view.entries[0].steps).toEqual(['startTurn']);
    session.send({ type: 'move.playCard', playerID: '0', args: [] });
    session.send({ type: 'move.discard', playerID: '0', args: [] });
    expect(view.entries.map((entry) => entry.request?.type ?? 'start')).toEqual([
      'start',
      'move.playCard',
      'move.discard',
    ]);
    expect(view.entries[1].steps).toEqual(['move.playCard', 'setActivePlayers']);
    expect(view.entries[2].rejection).toMatchObject({ code: 'MOVE_NOT_ALLOWED' });
    expect([view.position, view.length]).toEqual([2, 2]);
    expect(seatStates(view.value)).toEqual({ 0: 'idle', 1: 'discard', 2: 'discard', 3: 'discard' });
  });

  test('stepping back follows the restored actor; a request from the past replaces the future entries', () => {
    const { session, view } = viewedSession();
    session.send({ type: 'move.playCard', playerID: '0', args: [] });
    session.send({ type: 'move.discard', playerID: '1', args: [] });
    session.back();
    expect(view.sessionId).toBe(session.actor.sessionId);
    expect([view.position, view.length, view.entries.length]).toEqual([1, 2, 3]);
    expect(seatStates(view.value)).toEqual({ 0: 'idle', 1: 'discard', 2: 'discard', 3: 'discard' });
    session.send({ type: 'move.discard', playerID: '3', args: [] });
    expect(view.entries.map((entry) => entry.request && `${entry.request.playerID}:${entry.request.type}`)).toEqual([
      undefined,
      '0:move.playCard',
      '3:move.discard',
    ]);
    // The discard reached the stage's maxMoves: the chart's automatic maxMoves step takes player 3 out.
    expect(view.entries[2].steps).toEqual(['move.discard', 'maxMoves']);
  });

  test('a state value maps to the ids of the drawn states, seat regions included', () => {
    const { session, view, nodes } = viewedSession();
    session.send({ type: 'move.playCard', playerID: '0', args: [] });
    const active = activeStateIds(nodes, view.value);
    const seatLeaves = [...active].filter((id) => /\.player\d\.[a-z]+$/.test(id)).sort();
    expect(seatLeaves).toEqual(
      [0, 1, 2, 3].map((seat) => `turnchart.phases.(no phase).turn.player${seat}.${seat === 0 ? 'idle' : 'discard'}`),
    );
    for (const id of active) expect(nodes.some((node) => node.id === id)).toBe(true);
  });

  test('on the folded chart: the active leaves with the seats in each, their ancestors apart; taken transitions with their events', () => {
    const { session, view, nodes } = viewedSession();
    const index = chartIndex(nodes);
    const seat = (state: string) => `turnchart.phases.(no phase).turn.player0.${state}`;
    // Seats 1-3 are drawn in seat 0's box.
    expect(index.drawnOf('turnchart.phases.(no phase).turn.player3.discard')).toBe(seat('discard'));
    expect(index.seatOf('turnchart.phases.(no phase).turn.player3.discard')).toBe('3');
    expect(index.pathOf(seat('idle'))).toEqual(['phases', '(no phase)', 'turn', 'player0', 'idle']);

    session.send({ type: 'move.playCard', playerID: '0', args: [] });
    const { leaves, ancestors } = activeBoxes(index, view.value);
    expect(Object.fromEntries(leaves)).toEqual({ [seat('idle')]: ['0'], [seat('discard')]: ['1', '2', '3'] });
    expect([...ancestors].sort()).toEqual(
      ['phase0', 'phase0-turn', 'turnchart', 'turnchart.phases', 'turnchart.phases.(no phase).turn.player0'].sort(),
    );

    // playCard's setActivePlayers step: every seat moved by the set, on the region's argument-driven transition.
    const taken = takenEdges(index, view.entries[1].transitions);
    expect(taken).toEqual([
      expect.objectContaining({
        source: 'turnchart.phases.(no phase).turn.player0',
        target: seat('idle'),
        rule: 'setActivePlayers(set)',
        events: ['setActivePlayers'],
        seats: ['0'],
        label: 'setActivePlayers(set) (player 0)',
        labelTo: 'setActivePlayers(set) → idle (player 0)',
      }),
      expect.objectContaining({
        target: seat('discard'),
        seats: ['1', '2', '3'],
        labelTo: 'setActivePlayers(set) → discard (players 1, 2, 3)',
      }),
    ]);

    session.send({ type: 'move.discard', playerID: '1', args: [] });
    const labels = takenEdges(index, view.entries[2].transitions).map((edge) => edge.label);
    // The discard reached the stage's maxMoves: the automatic maxMoves step takes player 1 out.
    expect(labels).toEqual(['maxMoves (player 1)']);
  });
  test('with the turn drawn closed, every seat state is drawn by the turn: it is the active box, naming the seats in it', () => {
    const { session, view } = viewedSession();
    const index = chartIndex(chartTree(session.machine, []));
    session.send({ type: 'move.playCard', playerID: '0', args: [] });
    expect(index.drawnOf('turnchart.phases.(no phase).turn.player3.discard')).toBe('phase0-turn');
    const { leaves, ancestors } = activeBoxes(index, view.value);
    expect(Object.fromEntries(leaves)).toEqual({ 'phase0-turn': ['0', '1', '2', '3'] });
    expect(ancestors.has('phase0-turn')).toBe(false);
  });
});
