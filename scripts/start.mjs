// `npm start`: build the web app and the compiled server when their sources
// changed, then run the compiled server (which migrates the database and
// serves API and web on PORT, default 8000). `npm run cli` runs from source.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, serverBuildIsStale, SERVER_DIST } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');
const dist = path.join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(web, 'src')),
  newestMtime(path.join(root, 'packages/contract/src')),
  fs.statSync(path.join(web, 'index.html')).mtimeMs,
);
if (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sources || process.env.FORCE_WEB_BUILD) {
  console.log('Building the web app (after a change only)...');
  // The bundler's report is for `npm run build`; here it shows only when the build fails.
  const build = spawnSync('npm', ['run', 'build', '-w', '@ops/web'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    process.exit(build.status ?? 1);
  }
}

if (serverBuildIsStale() || process.env.FORCE_SERVER_BUILD) {
  console.log('Building the server (after a change only)...');
  await buildServer();
}

// The server runs in this process, not in a child: one Node process (~40 MB resident) less, and
// SIGINT/SIGTERM reach its own shutdown directly. No --enable-source-maps: Node 20 reads and parses
// every loaded module's source map at load time (+14 MB resident, +16 MB heap idle; bench/RESULTS.md,
// issue 20 item 4). The bundle is not minified, so stack traces name readable lines of dist/main.js;
// NODE_OPTIONS=--enable-source-maps maps them to src/.
process.chdir(root);
await import(pathToFileURL(path.join(SERVER_DIST, 'main.js')).href);
