import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { automationEvents, automationRules, automationRuleVersions, automationRuns, webhookDeliveries, webhooks } from '../../db/schema/automations';
import type { DbOrTx } from '../../platform/db';
import { idIn } from '../../list-query/list-page';
import { users } from '../identity/index';
import { costCentres } from '../records/index';
import { helpdeskTeams } from '../helpdesk-flow/index';

export type RuleRow = typeof automationRules.$inferSelect;
export type RuleInsert = typeof automationRules.$inferInsert;
export type EventRow = typeof automationEvents.$inferSelect;
export type EventInsert = typeof automationEvents.$inferInsert;
export type RunRow = typeof automationRuns.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const exists = async (db: DbOrTx, table: typeof users | typeof helpdeskTeams | typeof webhooks | typeof costCentres, id: string) =>
  (await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1)).length > 0;

/** Rules with their versions, the event outbox, runs, webhooks and deliveries. */
export function createAutomationsRepository(db: DbOrTx) {
  return {
    userExists: (id: string) => exists(db, users, id),
    teamExists: (id: string) => exists(db, helpdeskTeams, id),
    webhookExists: (id: string) => exists(db, webhooks, id),
    costCentreExists: (id: string) => exists(db, costCentres, id),

    /** Names of the teams, users and webhooks a rule's actions name (a dry run's texts), at most three statements. */
    async namesOf(ids: { teams: string[]; users: string[]; webhooks: string[] }): Promise<Map<string, string>> {
      const [teamRows, userRows, webhookRows] = await Promise.all([
        ids.teams.length ? db.select({ id: helpdeskTeams.id, name: helpdeskTeams.name }).from(helpdeskTeams).where(idIn(helpdeskTeams.id, ids.teams)) : [],
        ids.users.length
          ? db.select({ id: users.id, name: sql<string>`btrim(${users.firstName} || ' ' || ${users.lastName})` }).from(users).where(idIn(users.id, ids.users))
          : [],
        ids.webhooks.length ? db.select({ id: webhooks.id, name: webhooks.name }).from(webhooks).where(idIn(webhooks.id, ids.webhooks)) : [],
      ]);
      return new Map([...teamRows, ...userRows, ...webhookRows].map((row) => [row.id, row.name]));
    },

    rulesByIds: (ids: string[]) => db.select().from(automationRules).where(idIn(automationRules.id, ids)),

    async findRule(id: string, lock = false): Promise<RuleRow | undefined> {
      const query = db.select().from(automationRules).where(eq(automationRules.id, id)).limit(1);
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async insertRule(values: RuleInsert): Promise<RuleRow> {
      const [row] = await db.insert(automationRules).values(values).returning();
      return row!;
    },

    async updateRule(id: string, values: Partial<RuleInsert>): Promise<RuleRow> {
      const [row] = await db.update(automationRules).set(values).where(eq(automationRules.id, id)).returning();
      return row!;
    },

    async removeRule(id: string): Promise<boolean> {
      return (await db.delete(automationRules).where(eq(automationRules.id, id)).returning({ id: automationRules.id })).length > 0;
    },

    insertVersion: (values: typeof automationRuleVersions.$inferInsert) => db.insert(automationRuleVersions).values(values),

    versions: (ruleId: string) =>
      db
        .select({
          version: automationRuleVersions.version,
          snapshot: automationRuleVersions.snapshot,
          at: automationRuleVersions.at,
          editorId: users.id,
          editorFirst: users.firstName,
          editorLast: users.lastName,
        })
        .from(automationRuleVersions)
        .leftJoin(users, eq(users.id, automationRuleVersions.editedBy))
        .where(eq(automationRuleVersions.ruleId, ruleId))
        .orderBy(desc(automationRuleVersions.version)),

    async findVersion(ruleId: string, version: number) {
      const [row] = await db
        .select()
        .from(automationRuleVersions)
        .where(and(eq(automationRuleVersions.ruleId, ruleId), eq(automationRuleVersions.version, version)))
        .limit(1);
      return row;
    },

    /** Active schedules due by `now`. */
    dueSchedules: (now: Date) =>
      db
        .select()
        .from(automationRules)
        .where(and(eq(automationRules.event, 'schedule'), eq(automationRules.active, true), lte(automationRules.nextRunAt, now))),

    /**
     * Moves a due schedule's next run on, only while it is still due at `now`: a second instance's
     * UPDATE waits for the first's row lock and then finds it no longer due, so one instance fires each time.
     */
    async advanceSchedule(id: string, now: Date, next: Date | null): Promise<boolean> {
      const rows = await db
        .update(automationRules)
        .set({ nextRunAt: next })
        .where(and(eq(automationRules.id, id), lte(automationRules.nextRunAt, now)))
        .returning({ id: automationRules.id });
      return rows.length > 0;
    },

    runsByIds: (ids: string[]) =>
      db
        .select({ run: automationRuns, ruleName: automationRules.name })
        .from(automationRuns)
        .innerJoin(automationRules, eq(automationRules.id, automationRuns.ruleId))
        .where(idIn(automationRuns.id, ids)),

    // ------------------------------------------------------------ the outbox and its runner

    insertEvents: (values: EventInsert[]) => db.insert(automationEvents).values(values),

    /** Active rules of any of these events (one statement for a batch of events). */
    activeRulesOfEvents: (events: string[]) =>
      events.length ? db.select().from(automationRules).where(and(inArray(automationRules.event, events), eq(automationRules.active, true))) : Promise.resolve([] as RuleRow[]),
    activeRulesByIds: (ids: string[]) =>
      ids.length ? db.select().from(automationRules).where(and(idIn(automationRules.id, ids), eq(automationRules.active, true))) : Promise.resolve([] as RuleRow[]),

    /** Claims up to `limit` queued events (or ones whose runner stopped beating), oldest first: each on one instance (SKIP LOCKED). */
    async claimEvents(token: string, staleBefore: Date, limit: number): Promise<EventRow[]> {
      await db.execute(sql`
        update ${automationEvents} set status = 'RUNNING', claim = ${token}, heartbeat_at = now()
        where id in (
          select e.id from ${automationEvents} e
          where e.status = 'QUEUED' or (e.status = 'RUNNING' and e.heartbeat_at < ${staleBefore.toISOString()}::timestamptz)
          order by e.created_at, e.id
          limit ${limit}
          for update skip locked
        )`);
      return db.select().from(automationEvents).where(eq(automationEvents.claim, token)).orderBy(asc(automationEvents.createdAt), asc(automationEvents.id));
    },

    async finishEvents(token: string): Promise<void> {
      await db.update(automationEvents).set({ status: 'DONE', claim: null }).where(eq(automationEvents.claim, token));
    },

    /** The run of a rule on an event, unless that run exists already (unique per event, rule and subject). */
    async insertRun(values: typeof automationRuns.$inferInsert): Promise<boolean> {
      const rows = await db.insert(automationRuns).values(values).onConflictDoNothing().returning({ id: automationRuns.id });
      return rows.length > 0;
    },

    async updateRun(id: string, outcome: string, actions: unknown[]): Promise<void> {
      await db.update(automationRuns).set({ outcome, actions, at: new Date() }).where(eq(automationRuns.id, id));
    },

    // ------------------------------------------------------------ webhooks

    webhooksByIds: (ids: string[]) => db.select().from(webhooks).where(idIn(webhooks.id, ids)),
    async findWebhook(id: string): Promise<WebhookRow | undefined> {
      const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id)).limit(1);
      return row;
    },
    async insertWebhook(values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
      const [row] = await db.insert(webhooks).values(values).returning();
      return row!;
    },
    async updateWebhook(id: string, values: Partial<typeof webhooks.$inferInsert>): Promise<WebhookRow | undefined> {
      const [row] = await db.update(webhooks).set(values).where(eq(webhooks.id, id)).returning();
      return row;
    },
    async removeWebhook(id: string): Promise<boolean> {
      return (await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id })).length > 0;
    },
    deliveriesByIds: (ids: string[]) => db.select().from(webhookDeliveries).where(idIn(webhookDeliveries.id, ids)),
  };
}

export type AutomationsRepository = ReturnType<typeof createAutomationsRepository>;
