/**
 * Which flow events the QA tools take players to send: by default those a
 * player sends from a client (endTurn, pass, endStage) where the game's
 * `events` config allows them, plus events the config sets to true or the
 * game's ai.enumerate lists; 'all', or an exact list, otherwise.
 */
import type { Game } from 'turnchart';
import { createGameMachine } from 'turnchart';
import { CardPhases } from '../../examples/card-phases/game';
import { allChoices, playerEvents } from '../../src/adapters/qa/index';
import { observedStart } from '../../src/adapters/qa/observed-transition';
import type { TurnchartContext } from 'turnchart';

const start = (game: Game, numPlayers = 2) =>
  observedStart(createGameMachine(game, { numPlayers }), { seed: 'candidates' }).snapshot.context as TurnchartContext;
const sent = (game: Game, options = {}) =>
  allChoices(game, start(game), options).flatMap((choices) =>
    choices.accepted.map(
      ({ request }) =>
        `${request.playerID} ${request.type}${request.args?.length ? ` ${JSON.stringify(request.args)}` : ''}`,
    ),
  );

describe('the flow events players send', () => {
  test("by default: endTurn, pass and endStage, unless the game's events config disables them", () => {
    expect(playerEvents({})).toEqual(['endTurn', 'pass', 'endStage']);
    expect(playerEvents({ events: { pass: false } })).toEqual(['endTurn', 'endStage']);
  });

  test('an event the config sets to true is one players send', () => {
    expect(playerEvents({ events: { endPhase: true, endTurn: false } })).toEqual(['pass', 'endStage', 'endPhase']);
  });

  test("'all': every event the game does not disable; a list: exactly those", () => {
    expect(playerEvents({}, 'all')).toEqual([
      'endTurn',
      'pass',
      'endStage',
      'setStage',
      'endPhase',
      'setPhase',
      'endGame',
      'setActivePlayers',
    ]);
    expect(playerEvents({ events: { endGame: false } }, 'all')).not.toContain('endGame');
    expect(playerEvents({}, ['endGame', 'endTurn'])).toEqual(['endTurn', 'endGame']);
    expect(playerEvents({ events: { endGame: false } }, ['endGame'])).toEqual([]);
  });

  test('what a player may send at the start of card-phases: the move, endTurn and pass, plain', () => {
    expect(sent(CardPhases)).toEqual(['0 move.drawCard', '0 endTurn', '0 pass']);
    // endStage from a seat in no stage changes nothing: not listed.
    expect(sent(CardPhases, { events: ['endStage'] })).toEqual(['0 move.drawCard']);
    expect(sent(CardPhases, { events: 'all' })).toEqual(
      expect.arrayContaining(['0 endTurn [{"next":"0"}]', '0 endPhase', '0 endGame', '0 setPhase ["draw"]']),
    );
    expect(sent(CardPhases, { movesOnly: true })).toEqual(['0 move.drawCard']);
  });

  test("events the game's ai.enumerate lists are player events by default, not when a list is chosen", () => {
    const Bot: Game = { ...CardPhases, ai: { enumerate: () => [{ move: 'drawCard' }, { event: 'endPhase' }] } };
    expect(sent(Bot)).toEqual(['0 move.drawCard', '0 endTurn', '0 pass', '0 endPhase']);
    expect(sent(Bot, { events: ['endTurn'] })).toEqual(['0 move.drawCard', '0 endTurn']);
    expect(sent({ ...Bot, events: { endPhase: false } })).toEqual(['0 move.drawCard', '0 endTurn', '0 pass']);
  });
});
