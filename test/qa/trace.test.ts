/**
 * Traces end to end: recorded from the library API (recorder and
 * recordTrace), written as JSON and read back, replayed and verified; every
 * kind of divergence reported at the right request and path; a changed chart
 * is a warning only.
 */
import { createGameMachine, type Game } from 'turnchart';
import { CardPhases } from '../../examples/card-phases/game';
import { Discard } from '../../examples/discard/game';
import {
  TRACE_FORMAT,
  createTraceRecorder,
  machineHash,
  parseTrace,
  recordTrace,
  replayTrace,
  TraceFormatError,
  type Trace,
} from '../../src/adapters/qa/index';
import { childPath, diffValues } from '../../src/adapters/qa/diff';

function cardTrace(): Trace {
  const recorder = createTraceRecorder(CardPhases, { numPlayers: 2, seed: 'demo' });
  expect(recorder.move('drawCard', [], '0')).toEqual({ ok: true });
  expect(recorder.move('drawCard', [], '0')).toEqual({ ok: true });
  expect(recorder.move('playCard', [], '0')).toMatchObject({ ok: false, error: { code: 'MOVE_NOT_ALLOWED' } });
  expect(recorder.event('endTurn', undefined, '0')).toEqual({ ok: true });
  expect(recorder.move('drawCard', [], '1')).toEqual({ ok: true });
  const trace = recorder.trace();
  recorder.stop();
  return trace;
}

/** A deep copy, as if written to a file and read back. */
function onDisk(trace: Trace): Trace {
  return parseTrace(JSON.parse(JSON.stringify(trace, null, 2)));
}

describe('recording a trace', () => {
  test('a recorder wrapping createGame writes the identity, every request and the state after it', () => {
    const trace = cardTrace();
    expect(trace.format).toBe(TRACE_FORMAT);
    expect(trace.game).toEqual({
      name: 'card-phases',
      machineHash: machineHash(createGameMachine(CardPhases, { numPlayers: 2 })),
      numPlayers: 2,
      seed: 'demo',
    });
    expect(trace.game.machineHash).toMatch(/^[0-9a-f]{16}$/);
    expect(trace.meta).toEqual({ recordedBy: 'api' });
    expect(trace.initial.G).toEqual({ deck: 5, hand: 0 });
    expect(trace.actions.map((action) => [action.request.type, action.request.playerID, action.rejection])).toEqual([
      ['move.drawCard', '0', undefined],
      ['move.drawCard', '0', undefined],
      ['move.playCard', '0', 'MOVE_NOT_ALLOWED'],
      ['endTurn', '0', undefined],
      ['move.drawCard', '1', undefined],
    ]);
    // A refused request leaves the state as it was.
    expect(trace.actions[2].state).toEqual(trace.actions[1].state);
    expect(trace.actions[4].state.G).toEqual({ deck: 2, hand: 3 });
    expect(trace.actions[4].state.ctx).toMatchObject({ phase: 'draw', currentPlayer: '1', turn: 2 });
    expect(trace.actions[4].state.value).toEqual({
      phases: { draw: { turn: { player0: 'idle', player1: 'active' } } },
    });
  });

  test('recordTrace plays a list of requests; without a seed the one the match made is recorded', () => {
    const trace = recordTrace(Discard, { numPlayers: 3, setupData: { note: 'kept' } }, [
      { type: 'move.playCard', playerID: '0', args: [] },
      { type: 'move.discard', playerID: '2', args: [] },
    ]);
    expect(typeof trace.game.seed).toBe('string');
    expect(trace.game.setupData).toEqual({ note: 'kept' });
    expect(trace.actions[1].state.value).toEqual({
      phases: { '(no phase)': { turn: { player0: 'idle', player1: 'discard', player2: 'idle' } } },
    });
    expect(replayTrace(Discard, onDisk(trace))).toMatchObject({ ok: true, actions: 2, matched: 2, warnings: [] });
  });
});

describe('replaying a trace', () => {
  test('every state matches: ok, with the refusals counted', () => {
    const report = replayTrace(CardPhases, onDisk(cardTrace()));
    expect(report).toMatchObject({ ok: true, actions: 5, matched: 5, refused: 1, warnings: [] });
    expect(report.divergence).toBeUndefined();
    expect(report.final.G).toEqual({ deck: 2, hand: 3 });
  });

  test('a recorded G that differs: the request index, the request, the path, expected and actual', () => {
    const trace = onDisk(cardTrace());
    (trace.actions[1].state.G as { deck: number }).deck = 7;
    const report = replayTrace(CardPhases, trace);
    expect(report.ok).toBe(false);
    expect(report.matched).toBe(1);
    expect(report.divergence).toEqual({
      index: 1,
      request: { type: 'move.drawCard', playerID: '0', args: [] },
      kind: 'state',
      path: 'G.deck',
      expected: 7,
      actual: 3,
    });
  });

  test('a ctx field and a chart state differ: paths in ctx and in the state value', () => {
    const trace = onDisk(cardTrace());
    trace.actions[3].state.ctx.currentPlayer = '0';
    expect(replayTrace(CardPhases, trace).divergence).toMatchObject({
      index: 3,
      path: 'ctx.currentPlayer',
      expected: '0',
      actual: '1',
    });
    const other = onDisk(cardTrace());
    (other.actions[3].state.value as { phases: { draw: { turn: Record<string, string> } } }).phases.draw.turn.player1 =
      'idle';
    expect(replayTrace(CardPhases, other).divergence).toMatchObject({
      index: 3,
      path: 'value.phases.draw.turn.player1',
      expected: 'idle',
      actual: 'active',
    });
  });

  test('a verdict that differs: accepted where the trace has a refusal, and the other way round, with the message', () => {
    const accepted = onDisk(cardTrace());
    delete accepted.actions[2].rejection;
    expect(replayTrace(CardPhases, accepted).divergence).toMatchObject({
      index: 2,
      kind: 'verdict',
      path: 'rejection',
      expected: 'accepted',
      actual: 'MOVE_NOT_ALLOWED',
      message: expect.stringContaining('playCard is not allowed for player 0'),
    });
    const refused = onDisk(cardTrace());
    refused.actions[0].rejection = 'INVALID_MOVE';
    expect(replayTrace(CardPhases, refused).divergence).toMatchObject({
      index: 0,
      kind: 'verdict',
      expected: 'INVALID_MOVE',
      actual: 'accepted',
    });
  });

  test('the initial state differs (another seed for a game that shuffles): index -1', () => {
    const Shuffled: Game<{ deck: number[] }> = {
      name: 'shuffled',
      setup: ({ random }) => ({ deck: random.Shuffle([1, 2, 3, 4, 5, 6]) }),
      moves: { noop: () => undefined },
    };
    const trace = onDisk(recordTrace(Shuffled, { numPlayers: 2, seed: 'a' }, []));
    trace.game.seed = 'b';
    expect(replayTrace(Shuffled, trace).divergence).toMatchObject({
      index: -1,
      kind: 'state',
      path: expect.stringMatching(/^G\.deck\[\d\]$/),
    });
  });

  test('new move code on the same chart: same hash, no warning, the divergence shows where', () => {
    const trace = onDisk(cardTrace());
    const changed: Game = {
      ...CardPhases,
      phases: {
        ...CardPhases.phases,
        draw: {
          ...CardPhases.phases!.draw,
          moves: {
            drawCard: ({ G }) => {
              G.deck -= 2;
              G.hand += 2;
            },
          },
        },
      },
    };
    const report = replayTrace(changed, trace);
    expect(report.warnings).toEqual([]);
    expect(report.divergence).toMatchObject({ index: 0, path: 'G.deck', expected: 4, actual: 3 });
  });

  test('a changed chart is a warning, not a failure, when the states still match', () => {
    const trace = onDisk(cardTrace());
    const withUndo: Game = { ...CardPhases, moves: { shrug: () => undefined } };
    const report = replayTrace(withUndo, trace);
    expect(report.ok).toBe(true);
    expect(report.warnings).toEqual([
      expect.stringMatching(
        /^the chart changed since the trace was recorded \(machine hash [0-9a-f]{16} then, [0-9a-f]{16} now\)$/,
      ),
    ]);
    const renamed = replayTrace({ ...CardPhases, name: 'cards' }, trace);
    expect(renamed.warnings).toContain('the trace was recorded on game "card-phases", this game is "cards"');
  });
});

describe('trace files', () => {
  test('parseTrace refuses what is not a turnchart trace, saying what is wrong', () => {
    const good = JSON.parse(JSON.stringify(cardTrace()));
    expect(() => parseTrace({ ...good, format: 'other/1' })).toThrow(
      new TraceFormatError('not a turnchart trace: format is "other/1", expected "turnchart-trace/1"'),
    );
    expect(() => parseTrace([])).toThrow('a trace is a JSON object');
    expect(() => parseTrace({ ...good, game: { ...good.game, numPlayers: 0 } })).toThrow(
      'trace.game.numPlayers must be a positive integer',
    );
    const badRequest = JSON.parse(JSON.stringify(good));
    badRequest.actions[1].request.args = 'x';
    expect(() => parseTrace(badRequest)).toThrow('trace.actions[1].request must be { type, playerID, args: [] }');
    const badState = JSON.parse(JSON.stringify(good));
    delete badState.actions[0].state.ctx;
    expect(() => parseTrace(badState)).toThrow('trace.actions[0].state must be { G, ctx, value }');
    expect(parseTrace(good).actions).toHaveLength(5);
  });

  test('paths name keys that are not identifiers in brackets', () => {
    expect(childPath('value.phases', '(no phase)')).toBe('value.phases["(no phase)"]');
    expect(childPath('G.hands', '0')).toBe('G.hands["0"]');
    expect(childPath('G.cells', 3)).toBe('G.cells[3]');
    expect(diffValues({ a: [1, 2], b: { c: 1 } }, { a: [1, 3, 4], b: {}, d: true }, 'G')).toEqual([
      { path: 'G.a[1]', before: 2, after: 3 },
      { path: 'G.a[2]', before: undefined, after: 4 },
      { path: 'G.b.c', before: 1, after: undefined },
      { path: 'G.d', before: undefined, after: true },
    ]);
  });
});
