import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertUser, type TestUser } from '../../../test/factories/users';
import { runSync, type SyncResult } from '../connector';
import type { RunningFake } from '../fake-support';
import type { Env, ProviderDefinition } from '../provider';

/** Fast retries so throttling and failure tests do not wait on production back-off. */
const QUICK_RETRY = { SYNC_HTTP_RETRIES: '2', SYNC_HTTP_BACKOFF_MS: '10' };

export interface SyncHarness<F extends RunningFake & { env: Record<string, string> }> {
  readonly app: TestApp;
  readonly fake: F;
  readonly admin: TestUser;
  /** One sync against the fake, configured from its env plus the harness's extra env. */
  sync(): Promise<SyncResult>;
  /** One sync with exactly this configuration (no fake env), e.g. a drop folder. */
  syncWithEnv(env: Env): Promise<SyncResult>;
  /** GET as the superuser, asserting 200; the parsed body (tests read many shapes). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  get(url: string): Promise<any>;
}

/**
 * A test app, a superuser and a running protocol fake for one connector's test file, with the
 * before/after hooks registered; the fields are filled once beforeAll has run.
 */
export function useSyncHarness<F extends RunningFake & { env: Record<string, string> }>(options: {
  provider: ProviderDefinition;
  startFake: () => Promise<F>;
  env?: Env;
  trigger?: 'cli' | 'schedule';
}): SyncHarness<F> {
  const state = {} as { app: TestApp; fake: F; admin: TestUser };
  const run = (env: Env) =>
    runSync({
      database: state.app.database,
      connector: options.provider.fromEnv(env)!,
      trigger: options.trigger ?? 'cli',
      log: () => undefined,
    });
  beforeAll(async () => {
    state.app = await createTestApp();
    state.admin = await insertUser(state.app, { superuser: true });
    state.fake = await options.startFake();
  });
  afterAll(async () => {
    await state.fake?.close();
    await state.app?.close();
  });
  return {
    get app() {
      return state.app;
    },
    get fake() {
      return state.fake;
    },
    get admin() {
      return state.admin;
    },
    sync: () => run({ ...state.fake.env, ...QUICK_RETRY, ...options.env }),
    syncWithEnv: run,
    async get(url) {
      const response = await state.app.request({ method: 'GET', url, token: state.admin.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
  };
}

export const filterParam = (filters: Record<string, unknown>) => `filters=${encodeURIComponent(JSON.stringify(filters))}`;
