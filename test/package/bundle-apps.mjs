// Bundles the user's browser apps (react-app.jsx on turnchart/react,
// online-app.mjs on turnchart/boardgameio; for webpack also
// react-app-require.cjs, the React app in CommonJS) from the scratch project,
// with the repository's esbuild, Vite or webpack, as their users configure
// them for React: node bundle-apps.mjs <esbuild|vite|webpack> <project> <out dir>.
// Run as a script of its own (not in jest), so each bundler loads as it does
// for its users. Writes the pages (react.html, online.html) beside the
// bundles; exits 1 with the bundler's errors or warnings.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [bundler, project, outDir] = process.argv.slice(2);
const ENTRIES = { react: 'react-app.jsx', online: 'online-app.mjs' };
const WEBPACK_ENTRIES = { ...ENTRIES, 'react-require': 'react-app-require.cjs' };

function page(name, script, type = 'module') {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title></head><body><div id="root"></div><script type="${type}" src="./${script}"></script></body></html>`;
  writeFileSync(join(outDir, `${name}.html`), html);
}

async function withEsbuild() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: project,
    entryPoints: ENTRIES,
    outdir: outDir,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    jsx: 'automatic',
    // A development build: turnchart/react's debug panel (the live chart) is in it.
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  if (result.warnings.length > 0) throw new Error(JSON.stringify(result.warnings, null, 2));
  for (const name of Object.keys(ENTRIES)) page(name, `${name}.js`);
}

async function withVite() {
  const { build } = await import('vite');
  await build({
    root: project,
    configFile: false,
    // The pages are served from a folder of the site, not its root.
    base: './',
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: { react: join(project, 'react.html'), online: join(project, 'online.html') } },
    },
  });
}

async function withWebpack() {
  const { default: webpack } = await import('webpack');
  const stats = await new Promise((resolve, reject) =>
    webpack(
      {
        mode: 'production',
        context: project,
        entry: Object.fromEntries(Object.entries(WEBPACK_ENTRIES).map(([name, file]) => [name, `./${file}`])),
        output: { path: outDir, filename: '[name].js' },
        resolve: { extensions: ['.js', '.jsx'] },
        // The loader is the repository's (the user's project would have it among its devDependencies).
        resolveLoader: { modules: [join(import.meta.dirname, '..', '..', 'node_modules')] },
        module: {
          rules: [
            {
              test: /\.jsx$/,
              use: {
                loader: 'swc-loader',
                options: {
                  jsc: { parser: { syntax: 'ecmascript', jsx: true }, transform: { react: { runtime: 'automatic' } } },
                },
              },
            },
          ],
        },
        performance: { hints: false },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  if (stats.hasErrors() || stats.hasWarnings()) throw new Error(stats.toString('errors-warnings'));
  for (const name of Object.keys(WEBPACK_ENTRIES)) page(name, `${name}.js`, 'text/javascript');
}

const builders = { esbuild: withEsbuild, vite: withVite, webpack: withWebpack };
try {
  await builders[bundler]();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
