import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HEAP_GROWING_PERCENT, tuneHeap } from './heap-tuning';

const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * A process like a loaded server: ~40 MB that stays alive, then a churn of
 * objects that live long enough to be promoted and die later. Answers the
 * largest heap V8 kept, in MB.
 */
const CHURN = `
import { tuneHeap } from ${JSON.stringify(path.join(import.meta.dirname, 'heap-tuning.ts'))};
tuneHeap();
const live = [];
for (let i = 0; i < 400_000; i++) live.push({ a: i, b: 'x' + i, c: [i, i + 1] });
const ring = new Array(20_000);
let largest = 0;
for (let n = 0; n < 600_000; n++) {
  ring[n % ring.length] = { s: 'y'.repeat(50) + n, list: new Array(200).fill(n) };
  if (n % 2000 === 0) largest = Math.max(largest, process.memoryUsage().heapTotal);
}
console.log(JSON.stringify({ largest: largest / 1048576, live: live.length }));
`;

function largestHeap(percent: string | undefined): number {
  const env = { ...process.env };
  delete env.HEAP_GROWING_PERCENT;
  if (percent !== undefined) env.HEAP_GROWING_PERCENT = percent;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHURN], {
    cwd: serverDir,
    env,
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { largest: number }).largest;
}

describe('heap tuning', () => {
  it('keeps the heap of a churning process well under what V8 grows to on its own', () => {
    const own = largestHeap('0');
    const tuned = largestHeap(undefined);
    // V8's own factor on this machine class is up to 4x the live heap; 1.5x leaves a clear gap.
    expect(tuned).toBeLessThan(own * 0.75);
  }, 120_000);

  it('defaults to 50%, takes 0 as "V8 decides" and refuses anything but a whole percentage', () => {
    expect(DEFAULT_HEAP_GROWING_PERCENT).toBe(50);
    expect(tuneHeap({ HEAP_GROWING_PERCENT: '0' })).toBe(0);
    for (const bad of ['-1', '1.5', 'lots', '1001', '1e9'])
      expect(() => tuneHeap({ HEAP_GROWING_PERCENT: bad }), bad).toThrow(/HEAP_GROWING_PERCENT/);
  });
});
