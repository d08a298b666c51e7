import { Cron } from 'croner';
import type { Database } from '../../platform/db';
import { runSync, SyncBusyError } from './connector';
import type { Env } from './provider';
import { PROVIDER_REGISTRY } from './registry';

/**
 * A five-field cron schedule (minute hour day-of-month month day-of-week, server
 * time zone), parsed by croner. Day of week 0-7 with 0 and 7 Sunday; when both
 * day fields are restricted a time matches if either does, as in cron.
 * Created paused: `resume()` starts it when it has a job.
 */
export function cronSchedule(expression: string, job?: () => Promise<void>): Cron {
  const fields = expression.trim().split(/\s+/).length;
  if (fields !== 5) throw new Error(`cron expression needs 5 fields, got ${fields}: "${expression}"`);
  try {
    // protect: a run still going when the next tick comes skips that tick.
    const options = { mode: '5-part' as const, domAndDow: false, paused: true, unref: true, protect: true };
    const schedule = job ? new Cron(expression, options, job) : new Cron(expression, options);
    if (!schedule.nextRun()) {
      schedule.stop();
      throw new Error('never matches');
    }
    return schedule;
  } catch (error) {
    throw new Error(`cron expression "${expression}": ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Runs each configured connector on its cron schedule (SYNC_<NAME>_CRON).
 * Every instance may run the scheduler: the connector's advisory lock lets
 * one of them do the work and the others skip that tick.
 */
export function startSyncScheduler(options: { database: Database; env: Env; log: (line: string) => void }): { stop(): void } {
  const jobs: Cron[] = [];
  for (const definition of Object.values(PROVIDER_REGISTRY)) {
    const expression = options.env[definition.cronEnv];
    if (!expression) continue;
    const connector = definition.fromEnv(options.env);
    if (!connector) {
      options.log(`${definition.cronEnv} is set but ${definition.provider} is not configured; no schedule`);
      continue;
    }
    const job = cronSchedule(expression, async () => {
      try {
        await runSync({ database: options.database, connector, trigger: 'schedule', log: options.log });
      } catch (error) {
        if (!(error instanceof SyncBusyError))
          options.log(`scheduled ${definition.provider} sync failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    jobs.push(job);
    job.resume();
    options.log(`${definition.provider} sync scheduled: ${expression}`);
  }
  return {
    stop() {
      for (const job of jobs) job.stop();
      jobs.length = 0;
    },
  };
}
