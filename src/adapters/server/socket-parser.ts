/**
 * The server's socket.io parser (socket.io's public `parser` option): the
 * library's own, but an event the server sends is written as text without
 * searching it for binary attachments first. What the server sends is
 * plain JSON: states and logs of JSON games (G must be JSON; development
 * mode checks it), and what clients sent, which message-guards.ts only lets
 * in as plain JSON. That search walked every object of every update, which
 * cost as much as writing its JSON. The text is what socket.io-parser
 * writes for a packet without attachments (test/server/socket-parser.test.ts
 * holds the two equal): type, namespace, acknowledgement id, JSON data.
 *
 * An event's arguments may also come written already (`PreWritten`): the
 * transport writes an update's JSON once, sharing the text of G the store
 * wrote (written-state.ts).
 */
import { Decoder, Encoder, PacketType, protocol, type Packet } from 'socket.io-parser';

/** An event's arguments as JSON text (without the array's brackets), written by the caller. */
export class PreWritten {
  constructor(readonly json: string) {}
}

class PlainJsonEncoder extends Encoder {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- socket.io-parser's own signature
  override encode(packet: Packet): any[] {
    if (packet.type !== PacketType.EVENT && packet.type !== PacketType.ACK) return super.encode(packet);
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id !== undefined && packet.id !== null) text += packet.id;
    const data = packet.data as unknown[] | undefined;
    if (data !== undefined && data !== null) {
      const last = data.length === 2 ? data[1] : undefined;
      text += last instanceof PreWritten ? `[${JSON.stringify(data[0])},${last.json}]` : JSON.stringify(data);
    }
    return [text];
  }
}

export const serverParser = { protocol, Encoder: PlainJsonEncoder, Decoder };
