/**
 * The React debug panel's controls without a browser: the keys moves get
 * (boardgame.io's rule: first letters when they are all different and
 * free, else free letters from `a`, never m, l, i or a), the argument
 * prompt's parsing, and save / restore on a client: a saved match comes
 * back; a slot that is missing, not JSON, not a saved match, of another
 * game or seat count, or without a readable state is refused with a
 * SavedGameError and changes nothing.
 */
import { TurnchartClient } from '../../src/adapters/boardgameio/client';
import { parseArguments } from '../../src/adapters/react/debug/move-prompt';
import {
  readSavedGame,
  restoreGame,
  saveGame,
  SavedGameError,
  slotOf,
} from '../../src/adapters/react/debug/saved-game';
import { moveKeys } from '../../src/adapters/react/debug/shortcuts';
import { keyAction, type PanelNow } from '../../src/adapters/react/debug/panel-keys';
import type { Bots } from '../../src/adapters/react/debug/use-bots';
import { TicTacToe } from '../../examples/react-tic-tac-toe/game-with-bots';

/** localStorage's interface over a Map. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear = () => this.items.clear();
  getItem = (key: string) => this.items.get(key) ?? null;
  key = (index: number) => [...this.items.keys()][index] ?? null;
  removeItem = (key: string) => void this.items.delete(key);
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
}

const client = (numPlayers = 2) => {
  const made = new TurnchartClient({ game: TicTacToe, numPlayers });
  made.start();
  return made;
};
const cells = (of: TurnchartClient) => of.getState()!.G.cells;

describe('move keys', () => {
  test("first letters when they are all different and free; else free letters from a, never boardgame.io's tab keys", () => {
    expect(moveKeys(['clickCell', 'pass', 'drawCard'])).toEqual({ clickCell: 'c', pass: 'p', drawCard: 'd' });
    expect(moveKeys(['clickCell', 'chooseCard', 'zap'])).toEqual({ clickCell: 'b', chooseCard: 'c', zap: 'd' });
    expect(moveKeys(['move', 'build'])).toEqual({ move: 'b', build: 'c' });
    expect(moveKeys([])).toEqual({});
  });
});

describe("the panel's keys", () => {
  /** A panel on a tic-tac-toe client whose every control records its name in `done`. */
  function panelNow(change: Partial<PanelNow> = {}, bots: Partial<Bots> = {}) {
    const done: string[] = [];
    const record = (name: string) => () => void done.push(name);
    const panel: PanelNow = {
      client: client(),
      open: true,
      tab: 'main',
      setTab: (tab) => done.push(`tab ${tab}`),
      controls: { reset: record('reset'), save: record('save'), restore: record('restore') },
      bots: {
        status: { busy: false, simulating: false },
        reset: record('bot reset'),
        step: async () => void done.push('bot step'),
        simulate: async () => void done.push('bot simulate'),
        stop: record('bot stop'),
        ...bots,
      } as Bots,
      moveKeys: { clickCell: 'c' },
      prompt: undefined,
      setPrompt: (move) => done.push(`prompt ${move}`),
      ...change,
    };
    const press = (...keys: string[]) =>
      keys.map((key) => (keyAction(key, panel)?.(), done.length ? done.pop() : undefined));
    return { press };
  }

  test("boardgame.io's keys: tabs, controls, flow events, moves; the AI tab's own 1 2 3", () => {
    expect(panelNow().press('m', 'a', '1', '2', '3', 'c', 'x', '4')).toEqual([
      'tab main',
      'tab ai',
      'reset',
      'save',
      'restore',
      'prompt clickCell',
      undefined,
      undefined,
    ]);
    expect(panelNow({ tab: 'ai' }).press('1', '2', '3', 'c')).toEqual([
      'bot reset',
      'bot step',
      'bot simulate',
      undefined,
    ]);
    expect(panelNow({ tab: 'ai' }, { unavailable: 'no ai.enumerate' }).press('1', '2')).toEqual([undefined, undefined]);
  });

  test("folded, only `.` is the panel's; Escape closes the prompt, else stops a simulation, else is not the panel's", () => {
    expect(panelNow({ open: false }).press('1', 'm', 'c', 'Escape')).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(keyAction('.', { open: false } as PanelNow)).toBeDefined();
    expect(panelNow({ prompt: 'clickCell' }).press('Escape')).toEqual(['prompt undefined']);
    expect(panelNow({}, { status: { busy: true, simulating: true } }).press('Escape')).toEqual(['bot stop']);
    expect(panelNow().press('Escape')).toEqual([undefined]);
  });
});

describe("the move prompt's arguments", () => {
  test('JSON values separated by commas; anything else throws', () => {
    expect(parseArguments('')).toEqual([]);
    expect(parseArguments('4')).toEqual([4]);
    expect(parseArguments('"left", 2, {"a": [1]}')).toEqual(['left', 2, { a: [1] }]);
    expect(() => parseArguments('left')).toThrow(SyntaxError);
    expect(() => parseArguments('1], [2')).toThrow(SyntaxError);
  });
});

describe('save and restore', () => {
  test('a saved match comes back, its log with it; the undo history does not', () => {
    const storage = new MemoryStorage();
    const match = client();
    match.moves.clickCell(4);
    saveGame(match, storage);
    match.moves.clickCell(0);
    match.moves.clickCell(8);
    restoreGame(match, storage);
    expect(cells(match)).toEqual([null, null, null, null, '0', null, null, null, null]);
    expect(match.getState()!.ctx.currentPlayer).toBe('1');
    expect(match.getState()!.log.map((entry) => entry.action.payload.type)).toEqual(['clickCell', 'endTurn']);
    expect(match.store.getState()!._undo).toEqual([]);
    // Restored into another client of the same game, too.
    const other = client();
    restoreGame(other, storage);
    expect(cells(other)).toEqual(cells(match));
  });

  test('a slot that is not a saved match of this game is refused and changes nothing', () => {
    const storage = new MemoryStorage();
    const match = client();
    match.moves.clickCell(2);
    const before = match.store.getState();
    const refused = (slot: string | undefined, message: RegExp) => {
      if (slot === undefined) storage.removeItem(slotOf(match));
      else storage.setItem(slotOf(match), slot);
      expect(() => restoreGame(match, storage)).toThrow(SavedGameError);
      expect(() => readSavedGame(match, storage)).toThrow(message);
      expect(match.store.getState()).toBe(before);
    };
    refused(undefined, /nothing saved for tic-tac-toe/);
    refused('{not json', /is not JSON/);
    refused('{"format":"something else"}', /is not a match saved by the debug panel/);

    const threeSeats = new MemoryStorage();
    saveGame(client(3), threeSeats);
    refused(threeSeats.getItem(slotOf(match))!, /with 3 players; this client plays tic-tac-toe with 2/);
    const saved = JSON.parse(threeSeats.getItem(slotOf(match))!);
    refused(JSON.stringify({ ...saved, game: 'chess' }), /of chess with 3 players/);
    refused(JSON.stringify({ ...saved, numPlayers: 2, state: { G: {} } }), /no readable state/);
  });
});
