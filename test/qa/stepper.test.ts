/**
 * The stepper's core without a terminal: what it shows (phase, turn, current
 * player, each seat's state, the numbered requests each player may send),
 * sending by number, arguments typed for moves that need them, undo, saving
 * the session as a trace that replays, and its answers to mistakes.
 */
import { INVALID_MOVE, type Game } from 'turnchart';
import { Discard } from '../../examples/discard/game';
import { parseTrace, replayTrace, Stepper, type CandidateOptions } from '../../src/adapters/qa/index';

function stepper(game: Game = Discard, numPlayers = 3, candidates?: CandidateOptions) {
  const files = new Map<string, string>();
  const core = new Stepper({
    game,
    numPlayers,
    seed: 'step-test',
    ...(candidates ? { candidates } : {}),
    writeFile: (path, text) => void files.set(path, text),
  });
  return { core, files };
}

/** The number the stepper shows for a request of a player, e.g. ('1', 'move.discard'). */
function numberOf(view: string, playerID: string, label: string): string {
  const section = view.split(/^player /m).find((part) => part.startsWith(`${playerID} may send`));
  const line = section?.split('\n').find((entry) => entry.trim().replace(/^\d+\s+/, '') === label);
  if (!line) throw new Error(`no "${label}" for player ${playerID} in:\n${view}`);
  return line.trim().split(/\s+/)[0];
}

describe('the stepper core', () => {
  test('shows the phase, turn, current player, every seat and what each player may send', () => {
    const { core } = stepper();
    const start = core.start();
    expect(start).toContain('discard: 3 players, seed "step-test"');
    expect(start).toContain('phase (no phase) · turn 1 · current player 0 · after 0 requests');
    expect(start).toContain('seats: 0 active · 1 idle · 2 idle');
    expect(start).toContain('player 0 may send:\n   1  move.playCard\n   2  endTurn\n   3  pass\n');
    expect(start).toContain('player 1 may send: nothing');
    expect(core.prompt).toBe('> ');
  });

  test('by default the flow events a player sends (endTurn, pass, endStage); the others with events: all', () => {
    const { core } = stepper();
    const start = core.start();
    for (const gameLogic of ['setStage', 'setActivePlayers', 'endGame', 'endPhase', 'endTurn ['])
      expect(start).not.toContain(`  ${gameLogic}`);
    const all = stepper(Discard, 3, { events: 'all' }).core.start();
    expect(all).toMatch(/\d+ {2}setStage \["discard"\]/);
    expect(all).toMatch(/\d+ {2}endGame\n/);
    expect(all).toMatch(/\d+ {2}endTurn \[\{"next":"2"\}\]/);
    expect(stepper(Discard, 3, { events: [] }).core.start()).toContain(
      'player 0 may send:\n   1  move.playCard\nplayer 1 may send: nothing\n',
    );
  });

  test('a request by number: accepted, the G and ctx changes, and the seats now in their stage', () => {
    const { core } = stepper();
    const out = core.input(numberOf(core.start(), '0', 'move.playCard'));
    expect(out).toMatch(/^0 move\.playCard: accepted\n/);
    expect(out).toContain('  G.hands["0"]: 5 → 4');
    expect(out).toContain('  G.table: 0 → 1');
    expect(out).toContain('  ctx.activePlayers: null → {"1":"discard","2":"discard"}');
    expect(out).toContain('seats: 0 idle · 1 discard · 2 discard');
    expect(out).toContain('player 0 may send: nothing');
    const discard = numberOf(out, '2', 'move.discard');
    const after = core.input(discard);
    expect(after).toContain('  G.hands["2"]: 5 → 4');
    expect(after).toContain('seats: 0 idle · 1 discard · 2 idle');
  });

  test('undo takes back the last request; nothing to undo at the start', () => {
    const { core } = stepper();
    expect(core.input('undo')).toBe('nothing to undo\n');
    core.input(numberOf(core.start(), '0', 'move.playCard'));
    const undone = core.input('undo');
    expect(undone).toMatch(/^undid 0 move\.playCard\n/);
    expect(undone).toContain('seats: 0 active · 1 idle · 2 idle');
    expect(core.session.position).toBe(0);
  });

  test('save writes the session as a trace that replays; undone requests are not in it', () => {
    const { core, files } = stepper();
    let view = core.input(numberOf(core.start(), '0', 'move.playCard'));
    view = core.input(numberOf(view, '1', 'move.discard'));
    core.input(numberOf(view, '2', 'move.discard'));
    core.input('send 1 move.playCard');
    core.input('u');
    expect(core.input('save session.json')).toBe('saved 3 requests to session.json\n');
    const trace = parseTrace(JSON.parse(files.get('session.json')!));
    expect(trace.meta).toEqual({ recordedBy: 'stepper' });
    expect(trace.game).toMatchObject({ name: 'discard', numPlayers: 3, seed: 'step-test' });
    expect(trace.actions.map((action) => `${action.request.playerID} ${action.request.type}`)).toEqual([
      '0 move.playCard',
      '1 move.discard',
      '2 move.discard',
    ]);
    expect(replayTrace(Discard, trace)).toMatchObject({ ok: true, actions: 3 });
  });

  test('a typed request that is refused is shown with its code, kept, and saved as refused', () => {
    const { core, files } = stepper();
    const out = core.input('send 1 move.playCard');
    expect(out).toMatch(/^1 move\.playCard: refused, PLAYER_NOT_ACTIVE: /);
    core.input('save refused.json');
    const trace = parseTrace(JSON.parse(files.get('refused.json')!));
    expect(trace.actions[0].rejection).toBe('PLAYER_NOT_ACTIVE');
    expect(replayTrace(Discard, trace).ok).toBe(true);
  });

  test('a move that needs arguments asks for them; arguments can also follow the number', () => {
    const Words: Game<{ words: string[] }> = {
      name: 'words',
      setup: () => ({ words: [] }),
      moves: {
        say: ({ G }, word: unknown) => {
          if (typeof word !== 'string' || word.length < 3) return INVALID_MOVE;
          G.words.push(word);
        },
      },
    };
    const { core } = stepper(Words, 2);
    const start = core.start();
    const say = numberOf(start, '0', 'move.say (type its arguments)');
    expect(core.input(say)).toBe('');
    expect(core.prompt).toBe('arguments for move.say as a JSON array (empty line: cancel)> ');
    const said = core.input('["hello"]');
    expect(said).toMatch(/^0 move\.say \["hello"\]: accepted\n {2}G\.words\[0\]: \(missing\) → "hello"/);
    expect(core.prompt).toBe('> ');
    expect(core.input(`${say} ["no"]`)).toMatch(/^0 move\.say \["no"\]: refused, INVALID_MOVE: /);
    core.input(say);
    expect(core.input('')).toMatch(/^cancelled\n/);
    core.input(say);
    expect(core.input('{"a":1}')).toMatch(/^arguments are a JSON array, like \[\] or \[3\]/);
  });

  test('mistakes get one-line answers; help lists the commands; quit ends', () => {
    const { core } = stepper();
    core.start();
    expect(core.input('99')).toMatch(/^there is no request 99: choose 1 to \d+\n$/);
    expect(core.input('fly')).toBe('unknown command "fly" (type "help")\n');
    expect(core.input('1 [oops')).toMatch(/^not JSON: /);
    expect(core.input('send 0')).toMatch(/^usage: send <player> <type>/);
    expect(core.input('save')).toBe('usage: save <file>\n');
    expect(core.input('help')).toContain('save <file>');
    expect(core.input('state')).toMatch(/^G: {3}\{"hands":\{"0":5,"1":5,"2":5\},"table":0,"discards":0\}\nctx: \{/);
    expect(core.done).toBe(false);
    expect(core.input('quit')).toBe('');
    expect(core.done).toBe(true);
  });

  test('at the end of the game it says so and offers nothing; a request sent then is refused, as the trace records it', () => {
    const { core, files } = stepper();
    core.start();
    const out = core.input('send 0 endGame');
    expect(out).toContain('game over: true (after 1 request; "undo" to go back)');
    expect(core.input('1')).toBe('nothing can be sent now ("undo" to go back)\n');
    const after = core.input('send 0 move.playCard');
    expect(after).toMatch(/^0 move\.playCard: refused, GAME_OVER: the game is over; move playCard was not applied\.\n/);
    expect(after).not.toContain('accepted');
    core.input('save over.json');
    const trace = parseTrace(JSON.parse(files.get('over.json')!));
    expect(trace.actions.map((action) => action.rejection ?? 'ok')).toEqual(['ok', 'GAME_OVER']);
    expect(core.input('undo')).toMatch(/^undid 0 move\.playCard \(refused\)\n/);
    expect(core.input('undo')).toMatch(/^undid 0 endGame\n/);
  });

  test("a disabled request is explained in the chart's terms (explain): the seat's stage and what it allows", () => {
    const { core } = stepper();
    core.start();
    core.input(numberOf(core.start(), '0', 'move.playCard'));
    const out = core.input('send 2 move.playCard');
    expect(out).toContain(
      'refused, MOVE_NOT_ALLOWED: player 2 is in stage `discard`, which allows only `discard` (turn.stages.discard.moves); move `playCard` is not among them.',
    );
  });
});
