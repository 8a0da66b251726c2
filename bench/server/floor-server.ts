/**
 * The served benchmark's floor (`BENCH_SERVER_ENGINES=…,floor`): a socket.io
 * server (the version and parser turnchart serves with) that speaks just enough of
 * boardgame.io's protocol for the seats, with no game engine, no checks
 * and no store. Each move is answered by an update of the same shape and
 * size as a real server's (the relay game's state after as many moves,
 * written as JSON per update), sent to the match's room. What it costs per
 * action is what any server pays to read a move and send the update over
 * socket.io to every seat; the rest of a real server's cost is its own work.
 *
 * `floor+<µs>` also spins for that much CPU time per move before it answers:
 * a floor with a known amount of work of its own, to see what such work
 * costs a served action in all (docs/performance.md, "Served matches").
 */
import type { Server as HttpServer } from 'node:http';
import { Server as IOServer } from 'socket.io';
import { serverParser } from '../../src/adapters/server/socket-parser';
import { relay, type RelayState } from './game';

let sink = 0;
const spin = (n: number) => {
  for (let i = 0; i < n; i++) sink = (sink * 31 + i) | 0;
};

/** Iterations of `spin` per µs of CPU time (this process's CPU time, which other processes do not change). */
function spinsPerMicrosecond(): number {
  spin(1e6);
  const start = process.cpuUsage();
  spin(2e8);
  const used = process.cpuUsage(start);
  return 2e8 / (used.user + used.system);
}

interface FloorMatch {
  G: RelayState;
  stateID: number;
  turn: number;
  numPlayers: number;
}

/** A state shaped as boardgame.io's (the keys the seats read, and about the same bytes). */
function stateOf(match: FloorMatch) {
  const playOrder = Array.from({ length: match.numPlayers }, (_, i) => String(i));
  const currentPlayer = String((match.turn - 1) % match.numPlayers);
  return {
    G: match.G,
    ctx: {
      numPlayers: match.numPlayers,
      turn: match.turn,
      currentPlayer,
      playOrder,
      playOrderPos: Number(currentPlayer),
      phase: null,
      activePlayers: null,
      _activePlayersMinMoves: null,
      _activePlayersMaxMoves: null,
      _activePlayersNumMoves: {},
      _prevActivePlayers: [],
      _nextActivePlayers: null,
      numMoves: 0,
    },
    plugins: { random: {}, log: { data: {} }, events: { data: {} } },
    _undo: [],
    _redo: [],
    _stateID: match.stateID,
  };
}

/** The floor; `ownWorkUs`: CPU time to spend per move (`floor+<µs>`). */
export function serveFloor(http: HttpServer, ownWorkUs = 0): void {
  const spins = ownWorkUs > 0 ? Math.round(ownWorkUs * spinsPerMicrosecond()) : 0;
  // The heartbeat both servers use (boardgame.io's settings, which turnchart keeps), so the floor pays as many pings.
  const io = new IOServer(http, { parser: serverParser, pingTimeout: 20_000, pingInterval: 10_000 });
  const matches = new Map<string, FloorMatch>();
  io.of('/relay').on('connection', (socket) => {
    socket.on('sync', (matchID: string, _playerID: string, _credentials: unknown, numPlayers: number) => {
      let match = matches.get(matchID);
      if (!match) {
        const playOrder = Array.from({ length: numPlayers }, (_, i) => String(i));
        match = { G: relay.setup({ ctx: { playOrder } }), stateID: 0, turn: 1, numPlayers };
        matches.set(matchID, match);
      }
      socket.join(matchID);
      const state = stateOf(match);
      socket.emit('sync', matchID, { state, log: [], filteredMetadata: [], initialState: state });
    });
    socket.on(
      'update',
      (action: { payload: { args: number[]; playerID: string } }, stateID: number, matchID: string) => {
        const match = matches.get(matchID);
        if (!match || stateID !== match.stateID) return;
        const { playerID, args } = action.payload;
        // The game's move, copied as a draft library would copy the changed path.
        const cell = args[0];
        const row = Math.floor(cell / 8);
        const board = [...match.G.board];
        board[row] = [...board[row]];
        const target = { ...board[row][cell % 8] };
        board[row][cell % 8] = target;
        target.owner = playerID;
        target.height += 1;
        match.G = { board, placed: match.G.placed + 1, score: { ...match.G.score } };
        match.G.score[playerID] += target.height;
        const log = [
          {
            action: { type: 'MAKE_MOVE', payload: { type: 'place', args, playerID } },
            _stateID: stateID,
            turn: match.turn,
            phase: null,
          },
          {
            action: { type: 'GAME_EVENT', payload: { type: 'endTurn', args: true } },
            _stateID: stateID,
            turn: match.turn,
            phase: null,
            automatic: true,
          },
        ];
        spin(spins);
        match.stateID++;
        match.turn++;
        io.of('/relay').to(matchID).emit('update', matchID, stateOf(match), log);
      },
    );
  });
}
