import { party, THEMES, type PartyState } from '../games/party';
import { event, int, move, pick, type Action, type Rand, type RealisticGame } from './driver';

/** Party: the storyteller tells, the others guess at once; some guesses are out of range, some seats act out of turn. */
function chooseParty({ G, ctx }: { G: PartyState; ctx: any }, rand: Rand): Action {
  const teller = ctx.currentPlayer;
  const r = rand();
  if (G.table === null) {
    const hand = G.players[teller].hand;
    if (r < 0.6 && hand.length > 0) return move('tell', teller, pick(rand, hand).id);
    if (r < 0.75) return move('tell', teller, int(rand, 160));
    if (r < 0.95) return move('guess', pick(rand, ctx.playOrder), 1 + int(rand, THEMES));
    return event('endTurn', teller);
  }
  const guessers = Object.keys(ctx.activePlayers ?? {});
  const player: string = guessers.length > 0 ? pick(rand, guessers) : teller;
  if (r < 0.78) return move('guess', player, 1 + int(rand, THEMES));
  if (r < 0.9) return move('guess', player, rand() < 0.5 ? 0 : THEMES + 1);
  return move('tell', teller, pick(rand, G.players[teller].hand)?.id ?? 0);
}

export const partyWorkload: RealisticGame = {
  name: 'party',
  label: 'party: 8 seats, stages for the others',
  numPlayers: 8,
  api: '0.50',
  make: party,
  choose: chooseParty as RealisticGame['choose'],
  maxActions: 1000,
};
