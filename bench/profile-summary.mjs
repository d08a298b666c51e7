/**
 * Where a CPU profile's time went: self time by area (npm package, Node's own modules, our built
 * files) and by function, as the text kept in bench/profiles/.
 *   node bench/profile-summary.mjs FILE.cpuprofile [--top 25]
 * A profile from `node --cpu-prof` (V8's format: nodes with call frames, samples and time deltas).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
if (positionals.length !== 1) {
  console.error('usage: node bench/profile-summary.mjs FILE.cpuprofile [--top 25]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(positionals[0], 'utf8'));
const top = Number(values.top);

/** The area a frame's script belongs to: its npm package, `node:<module>`, our built file, or the VM's own entry. */
function areaOf({ url, functionName }) {
  if (!url) return functionName === '(idle)' ? '(idle)' : functionName === '(garbage collector)' ? '(gc)' : '(native/gc/idle)';
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first, second] = path.slice(modules + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  if (path.startsWith('node:')) return path.startsWith('node:internal') ? 'node:internal' : path;
  return `ours:${path.split('/').slice(-2).join('/')}`;
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map();
profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));

const byArea = new Map();
const byFunction = new Map();
let total = 0;
for (const [id, ms] of selfMs) {
  const frame = byId.get(id).callFrame;
  total += ms;
  const area = areaOf(frame);
  byArea.set(area, (byArea.get(area) ?? 0) + ms);
  const where = frame.url ? `${area === 'node:internal' || area.startsWith('node:') ? frame.url : area}:${frame.lineNumber + 1}` : ':0';
  const name = `${frame.functionName || '(anonymous)'} ${where}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
}

const table = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(`\n## self time by area (busy ${Math.round(total)} ms)\n${table(byArea)}`);
console.log(`\n## self time by function (busy ${Math.round(total)} ms)\n${table(byFunction)}`);
