/**
 * The benchmark's seat clients. Both speak boardgame.io's protocol over
 * socket.io (engine.io 4 over WebSocket, which boardgame.io 0.50.2's
 * socket.io 3 and turnchart's socket.io 4 both serve) and see the same bytes
 * from either server.
 *
 * - `light` (default): a bare WebSocket speaking socket.io's text packets
 *   itself, reading only what a seat needs from an update (the state's
 *   `_stateID`, `ctx.currentPlayer`, whether `ctx.gameover` is set) instead
 *   of parsing the whole state four times per action. On two shared cores
 *   the full parse made the clients cost about as much CPU as the server
 *   they measure. Every 32nd update is also parsed whole and compared, so a
 *   misread stops the run.
 * - `socket.io`: socket.io-client, every message parsed whole.
 */
import { io } from 'socket.io-client';
import WebSocket from 'ws';

export interface SeenState {
  stateID: number;
  currentPlayer: string;
  over: boolean;
}

export interface SeatClient {
  /** Resolves once the seat is synced. */
  ready: Promise<void>;
  /** The last state seen. */
  last(): SeenState;
  move(stateID: number, cell: number): void;
  close(): void;
}

export type ClientKind = 'light' | 'socket.io';

const seen = (state: any): SeenState => ({
  stateID: state._stateID,
  currentPlayer: state.ctx.currentPlayer,
  over: state.ctx.gameover !== undefined,
});

const moveArgs = (matchID: string, playerID: string, stateID: number, cell: number) => [
  { type: 'MAKE_MOVE', payload: { type: 'place', args: [cell], playerID } },
  stateID,
  matchID,
  playerID,
];

export function seatClient(
  kind: ClientKind,
  port: number,
  namespace: string,
  matchID: string,
  playerID: string,
  numPlayers: number,
  onUpdate: (state: SeenState) => void,
): SeatClient {
  return kind === 'light'
    ? lightSeat(port, namespace, matchID, playerID, numPlayers, onUpdate)
    : socketIoSeat(port, namespace, matchID, playerID, numPlayers, onUpdate);
}

function socketIoSeat(
  port: number,
  namespace: string,
  matchID: string,
  playerID: string,
  numPlayers: number,
  onUpdate: (state: SeenState) => void,
): SeatClient {
  const socket = io(`http://127.0.0.1:${port}/${namespace}`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  let last: SeenState;
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('sync', (_id: string, info: any) => {
      last = seen(info.state);
      resolve();
    });
    socket.on('turnchart.error', (error: unknown) => reject(refusal(matchID, playerID, error)));
  });
  socket.on('update', (_id: string, state: any) => onUpdate((last = seen(state))));
  socket.on('connect', () => socket.emit('sync', matchID, playerID, undefined, numPlayers));
  return {
    ready,
    last: () => last,
    move: (stateID, cell) => socket.emit('update', ...moveArgs(matchID, playerID, stateID, cell)),
    close: () => socket.close(),
  };
}

/** A refusal stops the run saying why: a seat that ignored it would look like a seat never answered. */
const refusal = (matchID: string, playerID: string, error: unknown) =>
  new Error(`seat ${playerID} of ${matchID}: the server refused a request: ${JSON.stringify(error)}`);

const CHECK_EVERY = 32;

/** Sockets that failed after their seat had synced (the pass reports them). */
export const seatErrors = { count: 0 };

/** The integer after `key` at or after `from`. */
function intAfter(data: Buffer, key: string, from: number): number {
  const at = data.indexOf(key, from);
  if (at < 0) return NaN;
  let value = 0;
  for (let i = at + key.length; data[i] >= 48 && data[i] <= 57; i++) value = value * 10 + data[i] - 48;
  return value;
}

/** The fields of an update's state, read from its packet without parsing it. */
function readUpdate(data: Buffer): SeenState {
  const player = data.indexOf('"currentPlayer":"') + 17;
  return {
    // The state's own `_stateID` closes it, after `_redo`; log entries carry theirs too.
    stateID: intAfter(data, '"_stateID":', data.indexOf('"_redo":')),
    currentPlayer: data.toString('latin1', player, data.indexOf(0x22, player)),
    over: data.indexOf('"gameover":') >= 0,
  };
}

function lightSeat(
  port: number,
  namespace: string,
  matchID: string,
  playerID: string,
  numPlayers: number,
  onUpdate: (state: SeenState) => void,
): SeatClient {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false });
  const prefix = `42/${namespace},`;
  const emit = (...args: unknown[]) => ws.send(prefix + JSON.stringify(args));
  const updateHead = Buffer.from(`${prefix}["update",`);
  const syncHead = Buffer.from(`${prefix}["sync",`);
  const errorHead = Buffer.from(`${prefix}["turnchart.error",`);
  let last: SeenState;
  let updates = 0;
  let synced: () => void = () => {};
  let refused: (error: Error) => void = () => {};
  let isSynced = false;
  const ready = new Promise<void>((resolve, reject) => ((synced = resolve), (refused = reject)));
  ready.then(() => (isSynced = true)).catch(() => undefined);
  // A socket that fails before its sync fails the pass, saying why; one that fails later is counted.
  ws.on('error', (error) => {
    if (isSynced) seatErrors.count++;
    else refused(new Error(`seat ${playerID} of ${matchID}: ${error.message}`));
  });
  ws.on('message', (data: Buffer) => {
    if (data.length === 1 && data[0] === 0x32) return ws.send('3'); // engine.io ping
    if (data[0] === 0x30) return ws.send(`40/${namespace},`); // engine.io open: join the namespace
    if (data.subarray(0, updateHead.length).equals(updateHead)) {
      last = readUpdate(data);
      if (updates++ % CHECK_EVERY === 0) {
        const whole = seen(JSON.parse(data.toString('utf8', prefix.length))[2]);
        if (JSON.stringify(whole) !== JSON.stringify(last))
          throw new Error(`light client misread an update: ${JSON.stringify(last)} for ${JSON.stringify(whole)}`);
      }
      return onUpdate(last);
    }
    if (data.subarray(0, syncHead.length).equals(syncHead)) {
      last = seen(JSON.parse(data.toString('utf8', prefix.length))[2].state);
      return synced();
    }
    if (data.subarray(0, errorHead.length).equals(errorHead))
      return refused(refusal(matchID, playerID, JSON.parse(data.toString('utf8', prefix.length))[1]));
    if (data.toString('latin1', 0, prefix.length) === `40/${namespace},`)
      return emit('sync', matchID, playerID, null, numPlayers);
  });
  return {
    ready,
    last: () => last,
    move: (stateID, cell) => emit('update', ...moveArgs(matchID, playerID, stateID, cell)),
    close: () => ws.close(),
  };
}
