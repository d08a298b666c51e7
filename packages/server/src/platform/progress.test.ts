import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress } from './progress';

describe('progress of long work', () => {
  it('prints plain progress lines when not on a terminal', () => {
    const lines: string[] = [];
    const progress = createProgress('export', 10, (line) => lines.push(line), { tty: false });
    progress.tick(4); // the first tick prints at once, later ones every few seconds
    progress.tick(6);
    progress.done('export: written');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^export: 4\/10 \(\d[\d,]* rows\/s, [\d.]+ s left\)$/);
    expect(lines[1]).toMatch(/^export: 10\/10 \(/);
    expect(lines[2]).toBe('export: written');
  });

  it('draws a bar with rows done and rate on a terminal', () => {
    const stream = new PassThrough();
    let drawn = '';
    stream.on('data', (chunk: Buffer) => (drawn += chunk.toString()));
    const lines: string[] = [];
    const progress = createProgress('backup', 40, (line) => lines.push(line), { tty: true, stream });
    progress.tick(10);
    progress.done('backup written');
    expect(drawn).toContain('backup [');
    expect(drawn).toContain('10/40');
    expect(lines).toEqual(['backup written']);
  });
});
