/** examples/blitz with an hour per turn and per clock: a deadline no test outruns before it kills the server. */
import { Blitz } from '../../../examples/blitz/game';

export default {
  ...Blitz,
  name: 'slow-blitz',
  turn: { ...Blitz.turn, time: { ...Blitz.turn!.time!, limit: 3_600_000 } },
  clock: { ...Blitz.clock!, initial: 7_200_000 },
};
