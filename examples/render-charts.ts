/**
 * Draws every example's chart into examples/<name>/chart.mmd (Mermaid),
 * chart.svg and chart.json (the machine config Stately's editor loads), and
 * docs/chart-example.svg (the card game of test/cli/fixtures, as
 * `turnchart diagram` draws it). Run from the repository root:
 *
 *   npm run charts
 *
 * (the bundle goes under node_modules/ so that its external packages, xstate,
 * elkjs and immer, resolve: a bundle written elsewhere, e.g. to /tmp, cannot find them).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES, renderJson, renderMermaid, renderSvg } from './charts';
import { renderDiagram } from '../src/adapters/cli/commands/diagram';
import cardGame from '../test/cli/fixtures/card-game';

if (!existsSync(join(process.cwd(), 'examples', 'charts.ts'))) throw new Error('run this from the repository root');

for (const example of EXAMPLES) {
  const folder = join(process.cwd(), 'examples', example.name);
  const mermaid = renderMermaid(example);
  const svg = await renderSvg(example);
  writeFileSync(join(folder, 'chart.mmd'), mermaid);
  writeFileSync(join(folder, 'chart.svg'), svg);
  writeFileSync(join(folder, 'chart.json'), renderJson(example));
  console.log(
    `${example.name}: chart.mmd ${mermaid.split('\n').length} lines, chart.svg ${Math.round(svg.length / 1024)} KiB`,
  );
}

writeFileSync(
  join(process.cwd(), 'docs', 'chart-example.svg'),
  await renderDiagram(cardGame, 2, 'svg', { moves: true, jsonShape: 'config', explore: true }),
);
console.log('docs/chart-example.svg');
