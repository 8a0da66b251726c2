/**
 * QA tools on a game with time limits (examples/blitz): the stepper shows
 * each seat's time, `advance 30s` lets time pass and applies each deadline
 * it passes, `expire` brings the next one at once; the session's trace
 * records the start and every request's time, timeouts included, so
 * `replay` is exact, and a trace whose times are changed no longer replays.
 */
import { Blitz } from '../../examples/blitz/game';
import type { Game } from 'turnchart';
import { checkGame, checkText, parseTrace, replayTrace, Stepper, type Trace } from '../../src/adapters/qa/index';
import { InspectorSession } from '../../src/adapters/qa/inspector-session';
import { ManualClock } from '../support/manual-clock';

function stepper() {
  const files = new Map<string, string>();
  const core = new Stepper({
    game: Blitz,
    numPlayers: 2,
    seed: 'time-tools',
    writeFile: (p, t) => void files.set(p, t),
  });
  return { core, files };
}

test('the stepper shows the time, advances it deadline by deadline, expires the next, and saves an exact trace', () => {
  const { core, files } = stepper();
  expect(core.start()).toContain('time 0.0 s · player 0: 20.0 s (turn), clock 3:00.0 running · player 1: clock 3:00.0');
  expect(core.input('advance 5s')).toContain('advanced 5s: no deadline passed');
  expect(core.input('state')).toContain('"time":{"at":0,"turn":20000');
  // A draw at 5 s, by number: the request happens at the session's time.
  const draw = /(\d+)\s+move\.draw/.exec(core.view())![1];
  expect(core.input(draw)).toContain('0 move.draw: accepted');
  expect(core.view()).toContain('time 5.0 s · player 0: clock 2:57.0 · player 1: 20.0 s (turn), clock 3:00.0 running');
  // 45 s more: seat 1's turn runs out at 25 s, seat 0's at 45 s.
  expect(core.input('advance 45s')).toContain('advanced 45s: 2 timeouts applied');
  expect(core.view()).toContain('time 50.0 s · player 0: clock 2:37.0 · player 1: 15.0 s (turn)');
  expect(core.input('expire')).toContain('the next deadline came: its timeout applied');
  expect(core.view()).toContain('time 1:05.0');
  expect(core.input('advance 1')).toContain('usage: advance <duration>');

  expect(core.input('save blitz.json')).toBe('saved 4 requests to blitz.json\n');
  const trace = parseTrace(JSON.parse(files.get('blitz.json')!));
  expect(trace.game.start).toBe(0);
  expect(trace.actions.map((action) => [action.request.type, action.request.now])).toEqual([
    ['move.draw', 5_000],
    ['timeout', 25_000],
    ['timeout', 45_000],
    ['timeout', 65_000],
  ]);
  expect(replayTrace(Blitz, trace)).toMatchObject({ ok: true, actions: 4, matched: 4 });

  // The draw made 10 s later: the same requests no longer give the same match.
  const late: Trace = JSON.parse(JSON.stringify(trace));
  late.actions[0].request.now = 15_000;
  expect(replayTrace(Blitz, late)).toMatchObject({ ok: false, divergence: { index: 0, path: 'ctx.time.at' } });
  // After the deadline it would be refused.
  late.actions[0].request.now = 20_000;
  expect(replayTrace(Blitz, late)).toMatchObject({
    ok: false,
    divergence: { index: 0, kind: 'verdict', expected: 'accepted', actual: 'TIME_UP' },
  });
});

test('time travel takes the time back with the match', () => {
  const session = new InspectorSession({ game: Blitz, numPlayers: 2, seed: 'travel' });
  session.advance(30_000);
  expect(session.time!.now()).toBe(30_000);
  expect(session.position).toBe(1);
  session.back();
  expect(session.time!.now()).toBe(0);
  session.forward();
  expect(session.time!.now()).toBe(20_000);
  session.stop();
});

test("the inspector's session runs on the wall clock: a timer applies each deadline when it comes", () => {
  const wall = new ManualClock(1_000_000);
  const session = new InspectorSession({ game: Blitz, numPlayers: 2, seed: 'real', time: 'real', wall });
  expect(session.context.ctx.time!.turn).toBe(1_020_000);
  wall.advance(19_999);
  expect(session.position).toBe(0);
  wall.advance(1);
  expect(session.position).toBe(1);
  expect(session.requests[0].request).toMatchObject({ type: 'timeout', now: 1_020_000 });
  // Time travel back: the time is the start's again, and runs from there.
  session.back();
  expect(session.time!.now()).toBe(1_000_000);
  wall.advance(5_000);
  expect(session.time!.now()).toBe(1_005_000);
  session.stop();
});

describe('check reports time limits that can stall the game', () => {
  const options = { numPlayers: 2, playouts: 10, searchStates: 50, abstractStates: 50 };

  test('a turn limit whose hook does not end the turn, a clock that leaves a seat without time', () => {
    const game: Game = {
      name: 'idle-hook',
      moves: { play: ({ events }) => events.endTurn() },
      turn: { time: { limit: 10_000, onTimeout: () => undefined } },
      clock: { initial: 60_000, onTimeout: 'endTurn' },
      endIf: ({ ctx }) => (ctx.turn > 6 ? { draw: true } : undefined),
    };
    const report = checkGame(game, options);
    expect(report.timeStalls.map((stall) => [stall.location, stall.limit])).toEqual([
      ['clock', 'clock'],
      ['turn.time', 'turn'],
    ]);
    const turn = report.timeStalls[1];
    expect(turn.why).toContain('the same player may move forever');
    expect(turn.path.at(-1)).toMatchObject({ type: 'timeout' });
    expect(checkText(report, 'idle-hook')).toContain('Time limits that can stall the game: 2');
  });

  test('blitz: its turns end by their default move, a clock that runs out loses', () => {
    const report = checkGame(Blitz, options);
    expect(report.timeStalls).toEqual([]);
    expect(checkText(report, 'blitz')).toContain('\nTime limits that can stall the game: none\n');
  });

  test('a game with no time limits says nothing of them', () => {
    const game: Game = { name: 'untimed', moves: { play: () => undefined }, endIf: ({ ctx }) => ctx.turn > 3 };
    const report = checkGame(game, options);
    expect([report.timed, report.timeStalls]).toEqual([false, []]);
    expect(checkText(report, 'untimed')).not.toContain('Time limits');
  });
});
