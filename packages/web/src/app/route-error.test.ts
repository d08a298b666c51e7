import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../api/connectivity';
import { classifyRouteError, importWithRetry, isChunkLoadError } from './route-error';

describe('classifyRouteError', () => {
  const chrome = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/HomePage-abc.js');
  const firefox = new TypeError('error loading dynamically imported module: http://127.0.0.1/assets/x.js');
  const safari = new TypeError('Importing a module script failed.');

  it('reads a chunk that fails while the server answers as a new version, and otherwise as the connection', () => {
    for (const error of [chrome, firefox, safari]) {
      expect(isChunkLoadError(error)).toBe(true);
      expect(classifyRouteError(error, true)).toBe('new-version');
      expect(classifyRouteError(error, false)).toBe('unreachable');
    }
  });

  it('reads a request without an answer as the connection, and anything else as a crash', () => {
    expect(classifyRouteError(new NetworkError(new TypeError('Failed to fetch')), true)).toBe('unreachable');
    expect(classifyRouteError(new Error('Cannot read properties of undefined'), true)).toBe('crash');
    expect(classifyRouteError('thrown string', true)).toBe('crash');
  });
});

describe('importWithRetry', () => {
  it('tries a failed chunk once more and gives up after the second failure', async () => {
    const flaky = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: x'))
      .mockResolvedValueOnce({ Page: 'ok' });
    await expect(importWithRetry(flaky)).resolves.toEqual({ Page: 'ok' });
    expect(flaky).toHaveBeenCalledTimes(2);
    const broken = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module: x'));
    await expect(importWithRetry(broken)).rejects.toThrow('dynamically imported module');
    expect(broken).toHaveBeenCalledTimes(2);
  });
});
