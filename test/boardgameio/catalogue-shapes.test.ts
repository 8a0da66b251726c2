/**
 * Shapes found in published boardgame.io games (issue 18's catalogue) that
 * turnchart refused or played differently, each as a minimal game run on
 * boardgame.io 0.50.2's client and on turnchart (turnchart/boardgameio's
 * client, and createGame where it applies), comparing G and ctx after every
 * step. The same shapes through turnchart/legacy against 0.49 are in
 * test/legacy/catalogue-shapes.test.ts.
 */
import { createGame } from 'turnchart';
import { allowedActionsOf } from '../../src/adapters/inspect/allowed-actions';
import { playerChoices, Stepper } from 'turnchart/qa';
import { EVENT_NAMED_MOVES_SCRIPT } from '../support/catalogue-scripts';
import { expectChartAgrees } from '../support/invariants';
import { quiet } from '../support/quiet';
import { expectSame, playBoth, type Act } from './support';

/** The script on createGame, as the current player of each step; G and ctx after every step. */
function onCreateGame(game: any, script: Act[], numPlayers = 2): { states: any[]; match: ReturnType<typeof createGame> } {
  const match = createGame(game, { numPlayers, seed: 'catalogue' });
  const plain = () => JSON.parse(JSON.stringify({ G: match.getState().G, ctx: match.getState().ctx }));
  const states = [plain()];
  for (const step of script) {
    const player = match.getState().ctx.currentPlayer;
    if ('move' in step) match.move(step.move, step.args ?? [], player);
    else if ('event' in step) match.event(step.event as never, step.args?.[0], player);
    else throw new Error('only moves and events here');
    expectChartAgrees(game, match);
    states.push(plain());
  }
  return { states, match };
}

const gAndCtx = (states: any[]) => states.map(({ G, ctx }) => ({ G, ctx }));

describe('a move named like a flow event (pass, endTurn, endGame), at the top level and in a phase', () => {
  // A bidding phase where players pass (the move records the pass and ends the turn), and a
  // move called endTurn that does not end the turn; a scoring phase with its own endGame and pass.
  const game = () => ({
    seed: 'catalogue',
    setup: () => ({ passes: [] as string[], calls: 0, endGames: 0 }),
    moves: {
      pass: ({ G, playerID, events }: any) => {
        G.passes.push(playerID);
        events.endTurn();
      },
      endTurn: ({ G }: any) => {
        G.calls++;
      },
    },
    phases: {
      bidding: { start: true, endIf: ({ G }: any) => G.passes.length >= 3, next: 'scoring' },
      scoring: {
        moves: {
          endGame: ({ G }: any) => {
            G.endGames++;
          },
          pass: ({ G, playerID }: any) => {
            G.passes.push(`scoring ${playerID}`);
          },
        },
      },
    },
  });
  const script: Act[] = EVENT_NAMED_MOVES_SCRIPT;

  test('boardgame.io 0.50.2 and turnchart/boardgameio: client.moves.pass and client.events.pass are different things', () => {
    const traces = playBoth(game, script);
    expectSame(traces, script);
    const states = traces.turnchart.states;
    // The move endTurn changes G and keeps the turn; the event ends it.
    expect([states[1].G.calls, states[1].ctx.turn, states[2].ctx.turn]).toEqual([1, 1, 2]);
    // The move pass records a pass (and ends the turn itself); the event pass only ends the turn.
    expect([states[3].G.passes, states[3].ctx.turn]).toEqual([['1'], 3]);
    expect([states[4].G.passes, states[4].ctx.turn]).toEqual([['1'], 4]);
    expect(states[6].ctx.phase).toBe('scoring');
    // The scoring phase's move endGame does not end the game; the event does.
    expect([states[7].G.endGames, states[7].ctx.gameover]).toEqual([1, undefined]);
    expect(traces.turnchart.output[9]).toEqual(['error ERROR: disallowed move: endTurn']);
    expect(states[11].ctx.gameover).toBe(true);
  });

  test('createGame: move("pass") and event("pass") each do what boardgame.io does, and the chart agrees with ctx', () => {
    const traces = quiet(() => playBoth(game, script));
    const { states } = onCreateGame(game(), script);
    expect(states).toEqual(gAndCtx(traces.bgio.states));
  });

  test('the chart has both the move event and the flow event; the inspector, the qa candidates and the CLI stepper list both', () => {
    const match = createGame(game(), { numPlayers: 2, seed: 'catalogue' });
    const events = match.machine.events;
    for (const type of ['pass', 'endTurn', 'endGame', 'move.pass', 'move.endTurn', 'move.endGame']) expect(events).toContain(type);
    const { context } = match.actor.getSnapshot();
    const listed = allowedActionsOf(game(), context, '0').map((action) => action.type);
    expect(listed).toEqual(expect.arrayContaining(['move.pass', 'move.endTurn', 'pass', 'endTurn']));
    const choices = playerChoices(game(), context, '0').accepted.map(({ request }) => request.type);
    expect(choices).toEqual(expect.arrayContaining(['move.pass', 'move.endTurn', 'pass', 'endTurn']));
    // The CLI's `turnchart step`: the move and the event are two numbered entries that do different things.
    const stepper = new Stepper({ game: game(), numPlayers: 2, seed: 'catalogue', writeFile: () => undefined });
    const view = stepper.start();
    const numberOf = (label: string) => view.split('\n').find((line) => line.trim().replace(/^\d+\s+/, '') === label)!.trim().split(/\s+/)[0];
    const move = stepper.input(numberOf('move.endTurn'));
    expect(move).toMatch(/^0 move\.endTurn: accepted\n/);
    expect(move).toContain('G.calls: 0 → 1');
    expect(move).not.toContain('ctx.turn');
    const event = stepper.input(numberOf('endTurn'));
    expect(event).toMatch(/^0 endTurn: accepted\n/);
    expect(event).toContain('ctx.turn: 1 → 2');
  });
});
