import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ tempSweepSeconds: 1, orphanGraceSeconds: 3600 });
});
afterAll(() => t?.close());

describe('temporary upload sweep while running', () => {
  it('removes abandoned temporary uploads older than the grace period and keeps recent ones', async () => {
    fs.mkdirSync(t.config.tempDir, { recursive: true });
    const abandoned = path.join(t.config.tempDir, 'abandoned.upload');
    const inProgress = path.join(t.config.tempDir, 'in-progress.upload');
    fs.writeFileSync(abandoned, 'left behind by a request that died');
    fs.writeFileSync(inProgress, 'still being written');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    fs.utimesSync(abandoned, twoHoursAgo, twoHoursAgo);

    // Wait on the state, not a duration: the sweep runs every second.
    for (let i = 0; i < 600 && fs.existsSync(abandoned); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.existsSync(abandoned)).toBe(false);
    expect(fs.existsSync(inProgress)).toBe(true);
  }, 120_000);
});
