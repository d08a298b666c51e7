import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const saved = process.env.HOST;
afterEach(() => {
  if (saved === undefined) delete process.env.HOST;
  else process.env.HOST = saved;
});

describe('listen address', () => {
  it('is loopback unless HOST says otherwise', () => {
    delete process.env.HOST;
    expect(loadConfig().host).toBe('127.0.0.1');
    process.env.HOST = '0.0.0.0';
    expect(loadConfig().host).toBe('0.0.0.0');
  });
});
