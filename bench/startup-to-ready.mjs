// Time from process start to the first 200 of GET /readyz, then a clean stop.
// `node bench/startup-to-ready.mjs source|compiled` (DATA_DIR: an existing, migrated data folder).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const mode = process.argv[2] ?? 'compiled';
const args =
  mode === 'source' ? ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')] : [path.join(root, 'packages/server/dist/main.js')];
const port = Number(process.env.PORT ?? 18931);
const started = performance.now();
const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn' }, stdio: 'ignore' });
for (;;) {
  if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
  const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
  if (ok) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
console.log(`${mode}: ready in ${Math.round(performance.now() - started)} ms`);
child.kill('SIGTERM');
await new Promise((resolve) => child.on('exit', resolve));
