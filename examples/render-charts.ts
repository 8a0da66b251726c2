/**
 * Draws every example's chart into examples/<name>/chart.mmd (Mermaid),
 * chart.svg and chart.json (the machine config Stately's editor loads). Run from the repository root:
 *
 *   npx esbuild examples/render-charts.ts --bundle --platform=node --format=esm --packages=external --outfile=node_modules/.cache/render-charts.mjs && node node_modules/.cache/render-charts.mjs
 *
 * The bundle goes under node_modules/ so that its external packages (xstate,
 * elkjs, immer) resolve: a bundle written elsewhere, e.g. to /tmp, cannot find them.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES, renderJson, renderMermaid, renderSvg } from './charts';

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
