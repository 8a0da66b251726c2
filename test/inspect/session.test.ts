/**
 * The inspector's match session (src/adapters/qa/inspector-session.ts): requests,
 * raised steps and rejections reported in order with xstate's inspection
 * stream, time travel by persisted snapshots, and what each player may send.
 */
import type { InspectionEvent } from 'xstate';
import type { Game } from '../../src/index';
import { InspectorSession, type SessionMessage } from '../../src/adapters/qa/inspector-session';
import { sessionTrace } from '../../src/adapters/qa/session-trace';
import { Discard } from '../../examples/discard/game';
import { CardPhases } from '../../examples/card-phases/game';
import { Draft } from '../../examples/draft/game';
import TinyCiv from '../../examples/large-flow/game';

type Seats = Record<string, string>;

function seatsOf(session: InspectorSession): Seats {
  const value = session.actor.getSnapshot().value as { phases: Record<string, { turn: Seats }> };
  return Object.values(value.phases)[0].turn;
}

function recordingSession(game: Game = Discard, numPlayers = 4) {
  const stream: (InspectionEvent | SessionMessage)[] = [];
  const session = new InspectorSession({
    game,
    numPlayers,
    seed: 'test',
    inspect: (event) => stream.push(event),
    onMessage: (message) => stream.push(message),
  });
  return { session, stream };
}

describe('inspector session', () => {
  test('a request is reported as the xstate event, its steps (the first its own, the rest raised), then the snapshot', () => {
    const { session, stream } = recordingSession();
    stream.length = 0;
    expect(session.send({ type: 'move.playCard', playerID: '0', args: [] })).toEqual({ ok: true });
    const order = stream
      .filter(
        (e) =>
          e.type === '@xstate.event' || e.type === '@xstate.snapshot' || (e.type === 'turnchart.microstep' && e.step),
      )
      .map((e) =>
        e.type === 'turnchart.microstep'
          ? `step ${e.event.type}`
          : `${e.type} ${(e as { event: { type: string } }).event.type}`,
      );
    expect(order).toEqual([
      '@xstate.event move.playCard',
      'step move.playCard',
      'step setActivePlayers',
      '@xstate.snapshot move.playCard',
    ]);
    // The page gets each step's payload as plain JSON (the step's private owner stays out).
    const seatStep = stream.find(
      (e) => e.type === 'turnchart.microstep' && e.raised && e.event.type === 'setActivePlayers',
    ) as { event: { tc: unknown } };
    expect(JSON.parse(JSON.stringify(seatStep.event.tc))).toEqual({
      effect: 'seats',
      automatic: true,
      playerID: '0',
      seats: ['idle', 'discard', 'discard', 'discard'],
      rules: ['setActivePlayers', 'setActivePlayers', 'setActivePlayers', 'setActivePlayers'],
    });
    // Each seat's transition is reported with the rule that took it.
    const seatMoves = (
      stream.find((e) => e.type === 'turnchart.microstep' && e.raised && e.event.type === 'setActivePlayers') as {
        transitions: unknown[];
      }
    ).transitions;
    expect(seatMoves).toContainEqual({
      source: 'turnchart.phases.(no phase).turn.player1',
      targets: ['turnchart.phases.(no phase).turn.player1.discard'],
      rule: 'setActivePlayers(set)',
    });
    expect(seatsOf(session)).toEqual({ player0: 'idle', player1: 'discard', player2: 'discard', player3: 'discard' });
  });

  test('a refused request reports its typed rejection and changes nothing', () => {
    const { session, stream } = recordingSession();
    const before = session.actor.getPersistedSnapshot();
    const result = session.send({ type: 'move.discard', playerID: '0', args: [] });
    expect(result).toMatchObject({ ok: false, rejection: { code: 'MOVE_NOT_ALLOWED' } });
    const rejected = stream.find((e) => e.type === 'turnchart.rejected');
    expect(rejected).toMatchObject({
      request: { type: 'move.discard', playerID: '0' },
      rejection: { code: 'MOVE_NOT_ALLOWED' },
    });
    expect((rejected as { rejection: { message: string } }).rejection.message).toMatch(/discard/);
    expect(session.actor.getPersistedSnapshot()).toEqual(before);
    expect(session.position).toBe(1);
  });

  test('a request after the game is over is refused (GAME_OVER), as the saved trace records it, and changes nothing', () => {
    const { session, stream } = recordingSession();
    expect(session.send({ type: 'endGame', playerID: '0', args: [] })).toEqual({ ok: true });
    const over = session.actor.getPersistedSnapshot();
    stream.length = 0;
    const result = session.send({ type: 'move.playCard', playerID: '0', args: [] });
    expect(result).toMatchObject({ ok: false, rejection: { code: 'GAME_OVER' } });
    const rejected = stream.filter((e) => e.type === 'turnchart.rejected');
    expect(rejected).toEqual([
      expect.objectContaining({
        request: expect.objectContaining({ type: 'move.playCard' }),
        rejection: expect.objectContaining({ code: 'GAME_OVER' }),
      }),
    ]);
    expect(session.requests.map(({ rejection }) => rejection?.code ?? 'ok')).toEqual(['ok', 'GAME_OVER']);
    expect(session.actor.getPersistedSnapshot()).toEqual(over);
    const trace = sessionTrace(session, { recordedBy: 'test' });
    expect(trace.actions.map((action) => action.rejection ?? 'ok')).toEqual(['ok', 'GAME_OVER']);
  });

  test('what each player may send follows the stage: playCard for 0 at the start, discard for the others after it', () => {
    const { session } = recordingSession();
    const types = (seat: string) => {
      const allowed = session.allowed()[seat];
      return allowed.filter((a) => a.ok).map((a) => a.type);
    };
    expect(types('0')).toContain('move.playCard');
    expect(types('0')).toContain('endTurn');
    expect(types('1')).toEqual([]);
    session.send({ type: 'move.playCard', playerID: '0', args: [] });
    expect(types('0')).not.toContain('move.playCard');
    for (const seat of ['1', '2', '3']) expect(types(seat)).toContain('move.discard');
  });

  test('every listed action is accepted when sent with its arguments', () => {
    const { session } = recordingSession(CardPhases, 2);
    const listed = Object.values(session.allowed())
      .flat()
      .filter((a) => a.ok);
    expect(listed.map((a) => a.type)).toEqual(expect.arrayContaining(['move.drawCard', 'setPhase', 'endPhase']));
    for (const action of listed) {
      const probe = new InspectorSession({ game: CardPhases, numPlayers: 2, seed: 'test' });
      expect([action.type, probe.send({ type: action.type, playerID: action.playerID, args: action.args })]).toEqual([
        action.type,
        { ok: true },
      ]);
      probe.stop();
    }
  });

  test('what is listed is what the machine accepts: nothing after the game is over, a move offered with arguments that work, else flagged', () => {
    const { session } = recordingSession(CardPhases, 2);
    expect(session.send({ type: 'endGame', playerID: '0', args: [] })).toEqual({ ok: true });
    expect(session.allowed()).toEqual({ 0: [], 1: [] });

    const guessed = new InspectorSession({
      game: {
        moves: {
          pick: (_: unknown, n: unknown) => (n === 3 ? undefined : 'INVALID_MOVE'),
          name: (_: unknown, word: unknown) => (word === 'gold' ? undefined : 'INVALID_MOVE'),
        },
      } as unknown as Game,
      numPlayers: 2,
      seed: 'test',
    });
    // A number among the guesses works: offered with it; nothing guessed works for the other: flagged, with the reason.
    expect(guessed.allowed()['0'].find((a) => a.type === 'move.pick')).toMatchObject({
      ok: true,
      takesArgs: true,
      args: [3],
    });
    expect(guessed.allowed()['0'].find((a) => a.type === 'move.name')).toMatchObject({
      ok: false,
      takesArgs: true,
      rejection: { code: 'INVALID_MOVE' },
    });
    guessed.stop();
  });

  test("moves that take arguments are offered with arguments that work: the game's ai.enumerate, else guesses", () => {
    const flow = new InspectorSession({ game: TinyCiv, numPlayers: 6, seed: 'test' });
    const settle = flow.allowed()['0'].find((a) => a.type === 'move.settle')!;
    expect(settle).toMatchObject({ ok: true, takesArgs: true });
    expect(flow.send({ type: 'move.settle', playerID: '0', args: settle.args })).toEqual({ ok: true });
    flow.stop();

    const draft = new InspectorSession({ game: Draft, numPlayers: 7, seed: 'test' });
    for (const seat of ['0', '6']) {
      const pick = draft.allowed()[seat].find((a) => a.type === 'move.pick')!;
      expect(pick).toMatchObject({ ok: true, takesArgs: true, args: [0] });
      expect(draft.send({ type: 'move.pick', playerID: seat, args: pick.args })).toEqual({ ok: true });
    }
    draft.stop();
  });

  test('time travel restores earlier snapshots; a request from the past drops the future', () => {
    const { session, stream } = recordingSession();
    session.send({ type: 'move.playCard', playerID: '0', args: [] });
    session.send({ type: 'move.discard', playerID: '2', args: [] });
    const afterTwo = session.actor.getPersistedSnapshot();
    expect([session.position, session.length]).toEqual([2, 2]);

    expect(session.back()).toBe(true);
    expect([session.position, session.length]).toEqual([1, 2]);
    expect(seatsOf(session)).toEqual({ player0: 'idle', player1: 'discard', player2: 'discard', player3: 'discard' });
    expect(session.back()).toBe(true);
    expect(seatsOf(session)).toEqual({ player0: 'active', player1: 'idle', player2: 'idle', player3: 'idle' });
    expect(session.back()).toBe(false);

    expect(session.forward()).toBe(true);
    expect(session.forward()).toBe(true);
    expect(session.forward()).toBe(false);
    expect(session.actor.getPersistedSnapshot()).toEqual(afterTwo);

    session.back();
    stream.length = 0;
    session.send({ type: 'move.discard', playerID: '3', args: [] });
    expect(stream.filter((e) => e.type === 'turnchart.timeline')).toEqual([
      { type: 'turnchart.timeline', position: 1, length: 1 },
      { type: 'turnchart.timeline', position: 2, length: 2 },
    ]);
    expect(session.requests.map((r) => `${r.request.playerID}:${r.request.type}`)).toEqual([
      '0:move.playCard',
      '3:move.discard',
    ]);
    expect(seatsOf(session)).toEqual({ player0: 'idle', player1: 'discard', player2: 'discard', player3: 'idle' });
  });

  test('a restored actor announces itself on the inspection stream', () => {
    const { session, stream } = recordingSession();
    session.send({ type: 'endTurn', playerID: '0', args: [] });
    const first = session.actor.sessionId;
    stream.length = 0;
    session.back();
    const actorEvents = stream.filter((e) => e.type === '@xstate.actor') as { actorRef: { sessionId: string } }[];
    expect(actorEvents).toHaveLength(1);
    expect(actorEvents[0].actorRef.sessionId).not.toBe(first);
    expect(actorEvents[0].actorRef.sessionId).toBe(session.actor.sessionId);
  });
});
