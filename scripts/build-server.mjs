// Compiles the server (and the contract package it imports as TypeScript) into
// packages/server/dist/{main,cli}.js with esbuild. Dependencies stay external:
// they load from node_modules as usual, so PGlite's wasm and data files,
// Swagger UI's assets and every other package file resolve from the package.
// Migrations, chart logos and the web build resolve from the server package
// folder (src/platform/paths.ts), the same from src/ and from dist/.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'packages/server');
export const SERVER_DIST = path.join(server, 'dist');
const SOURCES = [
  path.join(server, 'src'),
  path.join(root, 'packages/contract/src'),
  path.join(server, 'package.json'),
  path.join(root, 'package-lock.json'),
];

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry, { withFileTypes: true })) {
    if (child.isDirectory() && child.name === 'migrations') continue; // read at run time, not bundled
    if (!child.isDirectory() && /\.test\.ts$/.test(child.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child.name)));
  }
  return newest;
}

/** True when dist/ is missing or older than any server or contract source. */
export function serverBuildIsStale() {
  const stamp = path.join(SERVER_DIST, 'main.js');
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(SERVER_DIST, 'cli.js'))) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return SOURCES.some((source) => fs.existsSync(source) && newestMtime(source) > built);
}

export async function buildServer() {
  // The contract's own dependencies (zod) stay external too: one copy, shared with the packages that import it.
  const external = ['packages/server/package.json', 'packages/contract/package.json'].flatMap((file) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
    return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
  });
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  // Imported here: `npm start` runs the server in the process that checked the build, which then holds
  // esbuild only when it built (and stops its service process below).
  const { build, stop } = await import('esbuild');
  await build({
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      cli: path.join(server, 'src/cli.ts'),
      // Loaded by path from charts.service.ts (`./chart-render.worker.js` beside the importing module: main.js).
      'chart-render.worker': path.join(server, 'src/modules/charts/chart-render.worker.ts'),
      // Loaded by platform/worker-pool.ts's workerModule() from dist/ (the calling code may sit in a chunk).
      'xlsx-writer.worker': path.join(server, 'src/list-query/xlsx-writer.worker.ts'),
      'table-reader.worker': path.join(server, 'src/modules/jobs/table-reader.worker.ts'),
    },
    outdir: SERVER_DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Package imports (and their subpaths) load from node_modules; only @ops/* workspace code is compiled in.
    external: external.flatMap((name) => [name, `${name}/*`]),
    sourcemap: 'linked',
    logLevel: 'warning',
    chunkNames: 'chunks/[name]-[hash]',
  });
  await stop();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildServer();
  console.log(`server built into ${path.relative(root, SERVER_DIST)} in ${Date.now() - started} ms`);
}
