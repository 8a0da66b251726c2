/**
 * One event, framed once, written straight to the TCP socket of every
 * WebSocket client that gets it. socket.io already encodes a broadcast once
 * and frames it once, but then hands it to each client through
 * engine.io's packet queue, events and flush, and ws's corked two-part
 * write: per client, about as much JavaScript as encoding the update. The
 * bytes written here are those socket.io would write (engine.io's message
 * packet `4` + socket.io's event packet, in one unmasked text frame, as
 * servers send them), so clients cannot tell the difference.
 *
 * Only where that is sound: a client on the WebSocket transport, not
 * upgrading, with nothing waiting in engine.io's queue and no WebSocket
 * extension (compression would make ws queue frames), so the frame goes out
 * after everything sent before it. Any other client (long-polling, mid
 * upgrade, a busy queue) is left to socket.io.
 */
import { Socket as NetSocket } from 'node:net';
import type { Socket } from 'socket.io';
import { eventPacketText } from './socket-parser';

/** The parts of engine.io's and ws's objects read here (none of them typed by socket.io). */
interface EngineSocket {
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: { name: string; socket?: { readyState: number; extensions: string; _socket?: unknown } } | undefined;
}

/** The TCP (or TLS) socket under a socket.io client, when a frame may be written to it directly. */
export function directSocketOf(socket: Socket): NetSocket | undefined {
  const engine = socket.conn as unknown as EngineSocket;
  if (engine.readyState !== 'open' || engine.upgrading || engine.writeBuffer.length !== 0) return undefined;
  const transport = engine.transport;
  if (transport?.name !== 'websocket') return undefined;
  const ws = transport.socket;
  // readyState 1: OPEN; extensions: the negotiated ones ('' for none).
  if (ws === undefined || ws.readyState !== 1 || ws.extensions !== '') return undefined;
  const raw = ws._socket;
  return raw instanceof NetSocket && raw.writable && !raw.destroyed ? raw : undefined;
}

/** A WebSocket text frame holding engine.io's message packet of `packetText`. */
export function messageFrame(packetText: string): Buffer {
  const length = Buffer.byteLength(packetText) + 1;
  const head = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81; // FIN, text
  if (head === 2) frame[1] = length;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame[head] = 0x34; // '4': engine.io's message packet
  frame.write(packetText, head + 1, 'utf8');
  return frame;
}

/**
 * Emit `event` with `args` to `sockets` (all of one namespace): framed once
 * and written directly where possible; the others through socket.io.
 */
export function emitFramed(sockets: readonly Socket[], event: string, args: unknown[]): void {
  let frame: Buffer | undefined;
  let others: string[] | undefined;
  for (const socket of sockets) {
    const raw = directSocketOf(socket);
    if (raw === undefined) {
      (others ??= []).push(socket.id);
      continue;
    }
    frame ??= messageFrame(eventPacketText(socket.nsp.name, [event, ...args]));
    raw.write(frame);
  }
  if (others) sockets[0].nsp.to(others).emit(event, ...args);
}
