import fs from 'node:fs';
import type { Provider } from '@ops/contract/integrations/sync-runs.schemas';
import type { Connector } from './connector';
import { DEFAULT_RETRY, type RetryPolicy } from './http';

export type Env = Record<string, string | undefined>;

/** How a provider is configured and built; a provider whose required variables are unset is off. */
export interface ProviderDefinition {
  provider: Provider;
  /** Cron expression variable of the schedule (5 fields; unset: no schedule). */
  cronEnv: string;
  env: { name: string; meaning: string; default?: string }[];
  fromEnv(env: Env): Connector | null;
}

/** Retries of every connector's HTTP calls (SYNC_HTTP_RETRIES, SYNC_HTTP_BACKOFF_MS). */
export function retryPolicyFromEnv(env: Env): RetryPolicy {
  const retries = Number(env.SYNC_HTTP_RETRIES ?? DEFAULT_RETRY.retries);
  const base = Number(env.SYNC_HTTP_BACKOFF_MS ?? DEFAULT_RETRY.baseDelayMs);
  return {
    retries: Number.isInteger(retries) && retries >= 0 ? retries : DEFAULT_RETRY.retries,
    baseDelayMs: Number.isFinite(base) && base >= 0 ? base : DEFAULT_RETRY.baseDelayMs,
    maxDelayMs: DEFAULT_RETRY.maxDelayMs,
  };
}

/** A secret given inline or as a file path (NAME or NAME_FILE). */
export function secret(env: Env, name: string): string | undefined {
  if (env[name]) return env[name];
  const file = env[`${name}_FILE`];
  return file ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

export const SHARED_SYNC_ENV = [
  { name: 'SYNC_HTTP_RETRIES', meaning: 'Retries of a failed or throttled source request', default: '5' },
  { name: 'SYNC_HTTP_BACKOFF_MS', meaning: 'First retry delay; doubles each retry (Retry-After wins when sent)', default: '500' },
];
