import { Cron } from 'croner';

/** When a schedule fires next after `after` (croner, in the rule's time zone); null when it never does. */
export function nextRunOf(cron: string, timezone: string, after: Date = new Date()): Date | null {
  const job = new Cron(cron, { timezone, paused: true });
  try {
    return job.nextRun(after) ?? null;
  } finally {
    job.stop();
  }
}
