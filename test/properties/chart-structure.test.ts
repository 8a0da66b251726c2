/**
 * The chart is explicit (docs/architecture.md, "The chart"): phases are
 * state nodes, the turn is a parallel state with one region per seat holding
 * idle / active / one state per declared stage, gameover is final, and every
 * flow event and every move is a named transition in the machine definition,
 * (the exact edge sets per example are in examples/transitions.test.ts).
 * Then the edges are seen *taken* through xstate's inspection API while a
 * game is played.
 */
import { createActor, type AnyStateNode, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
import { createGameMachine, NULL_PHASE_KEY, type Game } from 'turnchart';

const NUM_PLAYERS = 3;
const noop = () => undefined;

/** Three phases, each with its own moves; stages in two of them. */
const game: Game = {
  moves: { shout: noop },
  phases: {
    draw: { start: true, next: 'play', moves: { draw: noop }, turn: { stages: { peek: { moves: { peek: noop } } } } },
    play: {
      next: 'score',
      moves: { play: noop },
      turn: { stages: { discard: { moves: { discard: noop }, next: 'review' }, review: {} } },
    },
    score: { moves: { tally: noop } },
  },
};

const STAGES: Record<string, string[]> = {
  draw: ['peek'],
  play: ['discard', 'review'],
  score: [],
  [NULL_PHASE_KEY]: [],
};
/** The move transitions each seat state must carry, by phase. */
const MOVES_BY_STATE: Record<string, Record<string, string[]>> = {
  draw: { idle: [], active: ['move.draw'], peek: ['move.peek'] },
  // `review` declares no moves: it falls back to the phase's moves, as in boardgame.io.
  play: { idle: [], active: ['move.play'], discard: ['move.discard'], review: ['move.play'] },
  score: { idle: [], active: ['move.tally'] },
  [NULL_PHASE_KEY]: { idle: [], active: ['move.shout'] },
};
const PHASES = ['draw', 'play', 'score', NULL_PHASE_KEY];
const SEATS = ['player0', 'player1', 'player2'];

const machine = createGameMachine(game, { numPlayers: NUM_PLAYERS });
const root = machine.root as AnyStateNode;
const phasesNode = root.states.phases;

function child(node: AnyStateNode, ...keys: string[]): AnyStateNode {
  return keys.reduce((n, key) => {
    const next = n.states[key];
    if (!next) throw new Error(`no state ${key} under ${n.id}`);
    return next;
  }, node);
}

const phaseNode = (phase: string) => child(phasesNode, phase);
const turnNode = (phase: string) => child(phasesNode, phase, 'turn');
const region = (phase: string, seat: string) => child(phasesNode, phase, 'turn', seat);

function edges(node: AnyStateNode, eventType: string): AnyTransitionDefinition[] {
  return node.on[eventType] ?? [];
}

const targetsOf = (transitions: AnyTransitionDefinition[]) =>
  transitions.flatMap((t) => (t.target ?? []).map((n: AnyStateNode) => n));

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((n) => allNodes(n as AnyStateNode))];
}

describe('the states', () => {
  test('the root holds `phases` (initially) and a final `gameover`', () => {
    expect(Object.keys(root.states)).toEqual(['phases', 'gameover']);
    expect(targetsOf([root.initial as AnyTransitionDefinition])).toEqual([phasesNode]);
    expect(root.states.gameover.type).toBe('final');
  });

  test('every phase is a state node under `phases`, plus the null phase; the start phase is initial', () => {
    expect(Object.keys(phasesNode.states)).toEqual(PHASES);
    expect(targetsOf([phasesNode.initial as AnyTransitionDefinition])).toEqual([phaseNode('draw')]);
    for (const phase of PHASES) {
      expect(phaseNode(phase).type).toBe('compound');
      expect(Object.keys(phaseNode(phase).states)).toEqual(['turn']);
    }
  });

  test('the turn is a parallel state with one region per seat: idle, active and the phase’s stages', () => {
    for (const phase of PHASES) {
      expect(turnNode(phase).type).toBe('parallel');
      expect(Object.keys(turnNode(phase).states)).toEqual(SEATS);
      for (const seat of SEATS) {
        const r = region(phase, seat);
        expect(r.type).toBe('compound');
        expect(Object.keys(r.states)).toEqual(['idle', 'active', ...STAGES[phase]]);
        expect(targetsOf([r.initial as AnyTransitionDefinition])).toEqual([r.states.idle]);
        for (const state of Object.values(r.states)) expect((state as AnyStateNode).type).toBe('atomic');
      }
    }
  });

  test('each seat state carries the moves allowed there, as edges that leave the seat where it is', () => {
    for (const phase of PHASES) {
      for (const seat of SEATS) {
        for (const [state, moves] of Object.entries(MOVES_BY_STATE[phase])) {
          const node = child(region(phase, seat), state);
          const own = Object.keys(node.on).filter((type) => type.startsWith('move.'));
          expect({ phase, seat, state, moves: own.sort() }).toEqual({ phase, seat, state, moves: [...moves].sort() });
          for (const type of own) for (const t of edges(node, type)) expect(t.target).toBeUndefined();
        }
      }
    }
  });

  test('static `next` of phases and stages is on the nodes for a designer to read', () => {
    expect(phaseNode('draw').meta).toEqual({ next: 'play' });
    expect(phaseNode('play').meta).toEqual({ next: 'score' });
    expect(phaseNode('score').meta).toBeUndefined();
    expect(region('play', 'player1').states.discard.meta).toEqual({ next: 'review' });
  });
});

describe('the chart is not synced behind the scenes', () => {
  test('no eventless (`always`) transitions, no delayed ones, and every guard is named', () => {
    for (const node of allNodes(root)) {
      expect(node.always ?? []).toEqual([]);
      expect(node.after).toEqual([]);
      for (const transitions of Object.values(node.on) as AnyTransitionDefinition[][]) {
        for (const t of transitions) {
          if (t.guard !== undefined)
            expect(typeof t.guard === 'string' || typeof (t.guard as { type?: unknown }).type === 'string').toBe(true);
        }
      }
    }
  });

  test('playing a game takes those named edges', () => {
    const taken: { type: string; source: string; targets: string[]; reenter: boolean }[] = [];
    const inspect = (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep') return;
      for (const t of event._transitions) {
        taken.push({
          type: t.eventType,
          source: t.source.id,
          targets: (t.target ?? []).map((n: AnyStateNode) => n.id),
          reenter: t.reenter,
        });
      }
    };
    const actor = createActor(machine, { input: { seed: 'structure' }, inspect });
    actor.start();
    const ctx = () => actor.getSnapshot().context.ctx;
    const send = (type: string, playerID: string, ...args: unknown[]) => {
      const before = actor.getSnapshot().context.stateID;
      taken.length = 0;
      actor.send({ type, playerID, args });
      expect(actor.getSnapshot().context.stateID).toBe(before + 1);
      return [...taken];
    };
    const edge = (type: string, source: AnyStateNode, target?: AnyStateNode) =>
      expect.objectContaining({ type, source: source.id, targets: target ? [target.id] : [] });

    expect(send('move.draw', '0')).toContainEqual(edge('move.draw', region('draw', 'player0').states.active));

    const intoPlay = send('endPhase', '0');
    expect(intoPlay).toContainEqual(edge('endPhase', phaseNode('draw'), phaseNode('play')));
    const p = ctx().currentPlayer;
    const seat = `player${p}`;
    // The new phase's turn starts with every seat idle; the turn order seats the current player.
    expect(intoPlay).toContainEqual(
      edge('startTurn', region('play', seat).states.idle, region('play', seat).states.active),
    );

    expect(send('setStage', p, 'discard')).toContainEqual(
      edge('setStage', region('play', seat), region('play', seat).states.discard),
    );
    expect(send('move.discard', p)).toContainEqual(edge('move.discard', region('play', seat).states.discard));

    const others = SEATS.filter((s) => s !== seat);
    const review = send('setActivePlayers', p, { others: 'review' });
    expect(review).toContainEqual(edge('setActivePlayers', region('play', seat), region('play', seat).states.idle));
    for (const other of others)
      expect(review).toContainEqual(
        edge('setActivePlayers', region('play', other), region('play', other).states.review),
      );

    const other = others[0].slice('player'.length);
    const turnEnd = send('endTurn', other).filter((t) => t.type === 'endTurn' && t.source === turnNode('play').id);
    expect(turnEnd).toHaveLength(1);
    expect(turnEnd[0].reenter).toBe(true);
    const next = `player${ctx().currentPlayer}`;
    // The turn is entered again straight into the next turn's seating.
    expect(turnEnd[0].targets).toEqual([region('play', next).states.active.id]);
    expect(actor.getSnapshot().value).toEqual({
      phases: { play: { turn: Object.fromEntries(SEATS.map((s) => [s, s === next ? 'active' : 'idle'])) } },
    });
    expect(send('endGame', ctx().currentPlayer)).toContainEqual(edge('endGame', phasesNode, root.states.gameover));
    expect(actor.getSnapshot().value).toBe('gameover');
    expect(actor.getSnapshot().status).toBe('done');
  });
});
