/** examples/blitz (a 20 s turn limit and per-player clocks) as a served game module. */
import { Blitz } from '../../../examples/blitz/game';

export default Blitz;
