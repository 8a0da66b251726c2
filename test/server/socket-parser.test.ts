/**
 * The server's socket.io encoder writes what socket.io-parser's own writes
 * for every packet without binary, and an event's pre-written arguments as
 * the same text as the values they were written from.
 */
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { PreWritten, serverParser } from '../../src/adapters/server/socket-parser';

const ours = new serverParser.Encoder();
const library = new Encoder();

const state = {
  G: { board: [[{ owner: null, tags: [] }]], note: 'quote " and \u2028' },
  ctx: { turn: 3 },
  _stateID: 7,
};
const packets: Packet[] = [
  { type: PacketType.CONNECT, nsp: '/relay', data: { sid: 'abc' } },
  { type: PacketType.CONNECT, nsp: '/' },
  { type: PacketType.DISCONNECT, nsp: '/relay' },
  { type: PacketType.CONNECT_ERROR, nsp: '/relay', data: { message: 'no' } },
  { type: PacketType.EVENT, nsp: '/', data: ['update', 'm1', state, []] },
  { type: PacketType.EVENT, nsp: '/relay', data: ['update', 'm1', state, [{ action: { type: 'MAKE_MOVE' } }]] },
  { type: PacketType.EVENT, nsp: '/relay', id: 12, data: ['sync', 'm1', '0', null, 2] },
  { type: PacketType.EVENT, nsp: '/relay', data: ['matchData', 'm1', [{ id: 0, name: 'Ann' }, {}]] },
  { type: PacketType.ACK, nsp: '/relay', id: 3, data: [{ ok: false, error: 'busy', message: 'later' }] },
  {
    type: PacketType.EVENT,
    nsp: '/relay',
    data: ['chat', 'm1', { id: 'x', sender: '1', payload: [1, 'two', { 3: null }] }],
  },
];

test.each(packets.map((packet) => [PacketType[packet.type], packet] as const))(
  'a %s packet is written as socket.io-parser writes it',
  (_type, packet) => {
    expect(ours.encode(packet)).toEqual(library.encode(packet));
  },
);

test('pre-written arguments are written as the values they stand for', () => {
  const args = ['m1', state, [{ action: { type: 'MAKE_MOVE' } }]];
  const written = new PreWritten(JSON.stringify(args).slice(1, -1));
  const packet = { type: PacketType.EVENT, nsp: '/relay', data: ['update', written] };
  const expected = library.encode({ type: PacketType.EVENT, nsp: '/relay', data: ['update', ...args] });
  expect(ours.encode(packet)).toEqual(expected);
});

test("the library's decoder reads what it writes", () => {
  const decoder = new serverParser.Decoder();
  const decoded: Packet[] = [];
  decoder.on('decoded', (packet: Packet) => decoded.push(packet));
  const packet = packets[5];
  decoder.add(ours.encode(packet)[0]);
  expect(decoded).toEqual([{ ...packet }]);
  expect(serverParser.Decoder).toBe(Decoder);
});
