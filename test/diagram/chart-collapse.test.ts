/**
 * Turns drawn closed (chart-collapse.ts), for the inspector page: a closed
 * turn is one box listing its states, the arrows with an end inside it start
 * or end at its box (joined where they then meet), those between its states
 * are not drawn, and every state inside it is drawn by its box.
 */
import { createGameMachine } from 'turnchart';
import { chartGraph, chartUsage, reachedStates, toSvg, type ChartGraph } from '../../src/adapters/diagram/index';
import { collapsibleIds } from '../../src/adapters/diagram/chart-collapse';
import { shortcutGame } from './example-games';

const machine = createGameMachine(shortcutGame, { numPlayers: 2 });
const usage = chartUsage(shortcutGame, reachedStates(shortcutGame, { numPlayers: 2 }));
const path = (id: string) => machine.getStateNodeById(id).path.join('.');
const arrows = (graph: ChartGraph) =>
  graph.edges.map((edge) => `${path(edge.source)} -> ${path(edge.target)}: ${edge.labels.join(' / ')}`).sort();

describe('turns drawn closed', () => {
  const open = chartGraph(machine, { usage });
  const turns = collapsibleIds(open);
  const draw = turns.find((id) => path(id) === 'phases.draw.turn')!;

  test('the collapsible nodes are the turns, one per phase the chart draws; without `expanded` none is closed', () => {
    expect(turns.map(path)).toEqual([
      'phases.draw.turn',
      'phases.play.turn',
      'phases.score.turn',
      'phases.(no phase).turn',
    ]);
    expect([...open.nodes.values()].some((node) => node.collapsed)).toBe(false);
  });

  test('a closed turn lists its states; its call arrow leaves its box; the arrows between its states are gone; its states are drawn by its box', () => {
    const closed = chartGraph(machine, { usage, expanded: turns.filter((id) => id !== draw) });
    const turn = closed.nodes.get(draw)!;
    expect(turn).toMatchObject({ collapsible: true, collapsed: ['idle', 'active'], children: [] });
    expect(turn.label).toBe('turn · each player (×2)');
    expect([...closed.nodes.keys()].filter((id) => path(id).startsWith('phases.draw.turn.'))).toEqual([]);
    // skip's setPhase, made in draw's `active`, now leaves the turn's box; startTurn (idle → active) is not drawn.
    expect(arrows(closed)).toContain('phases.draw.turn -> phases.score: skip · setPhase');
    expect(arrows(closed).filter((arrow) => arrow.startsWith('phases.draw.turn.'))).toEqual([]);
    // The turn's own loop stays.
    expect(arrows(closed)).toContain('phases.draw.turn -> phases.draw.turn: endTurn, pass · order.next');
    for (const seat of [0, 1])
      expect(closed.drawnAs.get(machine.getStateNodeById(`${draw}`).states[`player${seat}`].states.active.id)).toBe(
        draw,
      );
    // The other turns are open as before.
    expect(arrows(closed)).toContain(
      'phases.play.turn.player0.idle -> phases.play.turn.player0.active: startTurn · turn.order',
    );
  });

  test("drawn: a closed turn is its phase's box, marked ▸ and data-collapse, listing its states; an open one ▾", async () => {
    const svg = await toSvg(machine, { usage, expanded: turns.filter((id) => id !== draw), legend: false });
    expect(svg).toMatch(
      new RegExp(`<g class="state state-parallel merged collapsed" data-id="${draw}"[^>]*data-collapse="${draw}"`),
    );
    expect(svg).toContain('▸ draw · turn · each player (×2)');
    expect(svg).toContain('in: idle, active');
    expect(svg).toContain('▾ turn · each player (×2)');
  });
});
