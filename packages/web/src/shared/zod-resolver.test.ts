import { describe, expect, it, vi } from 'vitest';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { userUpdateSchema } from '@ops/contract/identity/identity.schemas';
import { zodResolver } from './zod-resolver';

const options = {} as ResolverOptions<FieldValues>;

describe('zodResolver', () => {
  it('checks values with a contract schema: nested messages by field, values on success', async () => {
    const resolve = zodResolver(userUpdateSchema);
    expect(await resolve({ first_name: 'Ada', last_name: 'Lovelace' }, undefined, options)).toEqual({
      values: { first_name: 'Ada', last_name: 'Lovelace' },
      errors: {},
    });
    const refused = await resolve({ first_name: 'x'.repeat(200), last_name: 'Lovelace' }, undefined, options);
    expect(refused.errors.first_name?.message).toMatch(/no more than/);
  });

  it('takes a loader instead, loading the schema on the first check only', async () => {
    const load = vi.fn(async () => userUpdateSchema);
    const resolve = zodResolver(load);
    expect(load).not.toHaveBeenCalled();
    await resolve({ first_name: 'Ada', last_name: 'Lovelace' }, undefined, options);
    const refused = await resolve({ first_name: 'x'.repeat(200), last_name: '' }, undefined, options);
    expect(refused.errors.first_name?.message).toMatch(/no more than/);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load once more at once, and again on the next check (the chunk may come once the network is back)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockRejectedValueOnce(new Error('offline')).mockResolvedValue(userUpdateSchema);
    const resolve = zodResolver(load);
    await expect(resolve({ first_name: 'Ada', last_name: 'Lovelace' }, undefined, options)).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(2);
    expect((await resolve({ first_name: 'Ada', last_name: 'Lovelace' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('starts loading a preloaded schema at once (a dialog as it opens), before any check', async () => {
    const load = vi.fn(async () => userUpdateSchema);
    const resolve = zodResolver(load, { preload: true });
    expect(load).toHaveBeenCalledTimes(1);
    expect((await resolve({ first_name: 'Ada', last_name: 'Lovelace' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(1);
  });
});
