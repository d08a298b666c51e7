import type { Database } from '../../platform/db';
import { runSync, SyncBusyError } from './connector';
import { parseCron } from './cron';
import type { Env } from './provider';
import { PROVIDER_REGISTRY } from './registry';

/**
 * Runs each configured connector on its cron schedule (SYNC_<NAME>_CRON).
 * Every instance may run the scheduler: the connector's advisory lock lets
 * one of them do the work and the others skip that tick.
 */
export function startSyncScheduler(options: { database: Database; env: Env; log: (line: string) => void }): { stop(): void } {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  for (const definition of Object.values(PROVIDER_REGISTRY)) {
    const expression = options.env[definition.cronEnv];
    if (!expression) continue;
    const connector = definition.fromEnv(options.env);
    if (!connector) {
      options.log(`${definition.cronEnv} is set but ${definition.provider} is not configured; no schedule`);
      continue;
    }
    const schedule = parseCron(expression);
    const plan = () => {
      if (stopped) return;
      const next = schedule.next(new Date());
      // setTimeout holds at most ~24.8 days; wake up earlier and plan again.
      const wait = Math.min(next.getTime() - Date.now(), 2 ** 31 - 1);
      const timer = setTimeout(async () => {
        timers.delete(timer);
        if (Date.now() >= next.getTime()) {
          try {
            await runSync({ database: options.database, connector, trigger: 'schedule', log: options.log });
          } catch (error) {
            if (!(error instanceof SyncBusyError))
              options.log(
                `scheduled ${definition.provider} sync failed: ${error instanceof Error ? error.message : String(error)}`,
              );
          }
        }
        plan();
      }, wait);
      timer.unref();
      timers.add(timer);
    };
    plan();
    options.log(`${definition.provider} sync scheduled: ${expression}`);
  }
  return {
    stop() {
      stopped = true;
      timers.forEach(clearTimeout);
      timers.clear();
    },
  };
}
