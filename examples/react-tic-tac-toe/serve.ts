/**
 * `npm run example:react`: bundle the example app and serve it (esbuild's
 * server, rebuilding on each load) at http://127.0.0.1:8080/ or PORT.
 */
import { context } from 'esbuild';
import { join } from 'node:path';
import { appBuildOptions } from './build-options';

// Run by the npm script, from the repository's root.
const root = process.cwd();
const dir = join(root, 'examples/react-tic-tac-toe');

async function main() {
  // Served from memory: nothing is written beside the sources.
  const ctx = await context({ ...appBuildOptions(root, { app: join(dir, 'app.tsx') }, dir), write: false });
  const { port } = await ctx.serve({ servedir: dir, host: '127.0.0.1', port: Number(process.env.PORT ?? 8080) });
  console.log(`tic-tac-toe on turnchart/react: http://127.0.0.1:${port}/`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
