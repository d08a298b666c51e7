import { and, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { automationEvents, automationRuns, webhookDeliveries } from '../../db/schema/automations';

/** How long the automation tables keep what is finished (docs/operations.md, "Automations"). */
export interface AutomationRetention {
  /** Processed (DONE) outbox events: AUTOMATION_EVENT_RETENTION_DAYS, default 7. */
  eventDays: number;
  /** Runs and finished webhook deliveries: AUTOMATION_RUN_RETENTION_DAYS, default 90. */
  runDays: number;
}

const days = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
};
export const retentionFromEnv = (): AutomationRetention => ({ eventDays: days('AUTOMATION_EVENT_RETENTION_DAYS', 7), runDays: days('AUTOMATION_RUN_RETENTION_DAYS', 90) });

/**
 * Removes processed outbox events, runs and finished deliveries older than the retention: three
 * set-based DELETEs. A queued or running event, and a delivery still to be retried, are never
 * removed, whatever their age; a run's event may go before the run (the run keeps its own copy).
 */
export async function purgeAutomations(db: DbOrTx, retention: AutomationRetention, now = new Date()): Promise<{ events: number; runs: number; deliveries: number }> {
  const before = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const events = await db
    .delete(automationEvents)
    .where(and(eq(automationEvents.status, 'DONE'), lt(automationEvents.createdAt, before(retention.eventDays))))
    .returning({ id: automationEvents.id });
  const runs = await db.delete(automationRuns).where(lt(automationRuns.at, before(retention.runDays))).returning({ id: automationRuns.id });
  const deliveries = await db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['SUCCEEDED', 'FAILED']), lt(webhookDeliveries.firstAt, before(retention.runDays))))
    .returning({ id: webhookDeliveries.id });
  return { events: events.length, runs: runs.length, deliveries: deliveries.length };
}
