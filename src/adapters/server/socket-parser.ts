/**
 * socket.io's packet parser, minus one scan. Before encoding each event,
 * socket.io's encoder walks the whole payload looking for binary
 * attachments (`hasBinary`): a full walk of every state the server sends,
 * 4% of a served action in the profile. The server only ever sends JSON,
 * so its events are encoded as socket.io's plain text packets directly —
 * the very format socket.io's encoder writes for them, with arguments
 * already written as JSON (`PreEncoded`, see reusing-json.ts) put in as
 * they are. Decoding (what clients send, binary included) is socket.io's
 * own.
 */
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { PreEncoded } from './reusing-json';

/** The JSON of an event's arguments, with the text of PreEncoded ones as it is. */
function dataText(data: unknown): string {
  if (!Array.isArray(data) || !data.some((item) => item instanceof PreEncoded)) return JSON.stringify(data);
  return `[${data.map((item) => (item instanceof PreEncoded ? item.json : (JSON.stringify(item) ?? 'null'))).join(',')}]`;
}

/** socket.io-parser's text encoding of a packet without attachments. */
function encodeAsText(packet: Packet): string {
  let text = String(packet.type);
  if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
  if (packet.id !== undefined && packet.id !== null) text += packet.id;
  if (packet.data !== undefined && packet.data !== null) text += dataText(packet.data);
  return text;
}

/** The text packet of an event to namespace `nsp` (what socket.io's encoder writes for it). */
export function eventPacketText(nsp: string, data: unknown[]): string {
  return encodeAsText({ type: PacketType.EVENT, nsp, data });
}

class JsonEncoder extends Encoder {
  override encode(packet: Packet): any[] {
    if (packet.type === PacketType.EVENT || packet.type === PacketType.ACK) return [encodeAsText(packet)];
    return super.encode(packet);
  }
}

/** The `parser` option of socket.io's Server. */
export const jsonOnlyParser = { Encoder: JsonEncoder, Decoder };
