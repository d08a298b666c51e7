// `npm test`: every suite (server API on the configured engine, web unit tests,
// end-to-end in chromium), then one closing line with the totals.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const allSuites = [
  { name: 'server', cwd: 'packages/server', args: ['vitest', 'run'] },
  // The repository's own scripts (scripts/*.test.mjs: the layer check).
  { name: 'scripts', cwd: '.', args: ['vitest', 'run', '--dir', 'scripts', '--reporter=default', '--reporter=./packages/server/src/test/summary-reporter.ts'] },
  { name: 'web', cwd: 'packages/web', args: ['vitest', 'run'], when: () => hasTests('packages/web/src') },
  { name: 'e2e', cwd: 'e2e', args: ['vitest', 'run'], when: () => hasTests('e2e/tests'), needs: ensureChromium },
];
// `--list` names every suite (.ci/run checks it runs them all); a suite name that does not exist is an error, not a skip.
if (only[0] === '--list') {
  console.log(allSuites.map((suite) => suite.name).join(' '));
  process.exit(0);
}
const unknown = only.filter((name) => !allSuites.some((suite) => suite.name === name));
if (unknown.length) {
  console.error(`No such suite: ${unknown.join(', ')} (suites: ${allSuites.map((suite) => suite.name).join(', ')})`);
  process.exit(1);
}
const suites = allSuites.filter((suite) => (only.length ? only.includes(suite.name) : true));

function hasTests(dir) {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return false;
  const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).some((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : /\.test\.tsx?$/.test(e.name)));
  return walk(full);
}

const CHROMIUM_PACKAGES = ['chromium', 'fonts-dejavu-core'];
const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The e2e suite drives Debian's chromium (e2e/fixtures/app.ts). When it is
 * missing, root installs Debian's package here; anyone else is told the one
 * command to run, and the suite counts as failed rather than skipped.
 */
function ensureChromium() {
  if (fs.existsSync(chromiumPath())) return undefined;
  const install = `apt-get update && apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}`;
  const canInstall = !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (canInstall) {
    console.log(`chromium is missing: installing Debian's package (${install})`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const ok =
      spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'inherit', 'inherit'], env }).status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', ...CHROMIUM_PACKAGES], { stdio: ['ignore', 'inherit', 'inherit'], env }).status === 0;
    if (ok && fs.existsSync(chromiumPath())) return undefined;
  }
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return process.env.CHROMIUM_PATH
    ? `chromium not found at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}: point it at a chromium binary`
    : `chromium not found at /usr/bin/chromium: run \`${sudo}${install.replace('&& ', `&& ${sudo}`)}\` (or set CHROMIUM_PATH)`;
}

function run(suite) {
  return new Promise((resolve) => {
    const child = spawn('npx', suite.args, { cwd: path.join(root, suite.cwd), stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    });
    child.on('exit', (code) => {
      const match = /tests: (\d+) passed, (\d+) failed, (\d+) skipped/.exec(tail);
      resolve({ code: code ?? 1, passed: Number(match?.[1] ?? 0), failed: Number(match?.[2] ?? (code ? 1 : 0)), skipped: Number(match?.[3] ?? 0) });
    });
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
for (const suite of suites) {
  if (suite.when && !suite.when()) continue;
  console.log(`\n=== ${suite.name} tests ===`);
  const missing = suite.needs?.();
  if (missing) {
    console.log(`${suite.name}: not run, counted as failed: ${missing}`);
    failed += 1;
    exitCode = 1;
    continue;
  }
  const result = await run(suite);
  passed += result.passed;
  failed += result.failed;
  skipped += result.skipped;
  if (result.code !== 0) exitCode = result.code;
}
console.log(`\ntotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode || (failed ? 1 : 0));
