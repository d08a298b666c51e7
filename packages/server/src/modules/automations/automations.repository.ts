import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { automationEvents, automationRules, automationRuleVersions, automationRuns, webhookDeliveries, webhooks } from '../../db/schema/automations';
import type { DbOrTx } from '../../platform/db';
import { idIn, rowsOf } from '../../list-query/list-page';
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

/** A run as the runner drafts it (the row's `at` is the insert's time). */
export interface RunDraft {
  id: string;
  eventId: string;
  ruleId: string;
  ruleVersion: number;
  event: string;
  subjectModel: string;
  subjectId: string;
  outcome: string;
  actions: unknown[];
}
const runRecord = (run: RunDraft) => ({
  id: run.id,
  event_id: run.eventId,
  rule_id: run.ruleId,
  rule_version: run.ruleVersion,
  event: run.event,
  subject_model: run.subjectModel,
  subject_id: run.subjectId,
  outcome: run.outcome,
  actions: run.actions,
});

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

    /**
     * Claims up to `limit` queued events (or ones whose runner stopped beating), oldest first, in one
     * statement: each on one instance (SKIP LOCKED).
     */
    async claimEvents(token: string, staleBefore: Date, limit: number): Promise<EventRow[]> {
      const rows = await db
        .update(automationEvents)
        .set({ status: 'RUNNING', claim: token, heartbeatAt: sql`now()` })
        .where(
          sql`${automationEvents.id} in (
            select e.id from ${automationEvents} e
            where e.status = 'QUEUED' or (e.status = 'RUNNING' and e.heartbeat_at < ${staleBefore.toISOString()}::timestamptz)
            order by e.created_at, e.id
            limit ${limit}
            for update skip locked
          )`,
        )
        .returning();
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },

    async finishEvents(token: string): Promise<void> {
      await db.update(automationEvents).set({ status: 'DONE', claim: null }).where(eq(automationEvents.claim, token));
    },

    /** The active users among `ids` (the rules' last editors, whom their actions act as), one statement. */
    async activeUsersByIds(ids: string[]) {
      if (!ids.length) return [];
      const { id, email, firstName, lastName, isSuperuser, isActive, userType } = users;
      return db.select({ id, email, firstName, lastName, isSuperuser, isActive, userType }).from(users).where(and(idIn(users.id, ids), eq(users.isActive, true)));
    },

    /**
     * A batch's runs in one statement, each unless it exists already (unique per event, rule and
     * subject): answers the ids inserted, the runs this caller owns. Inserted before any action, so a
     * second instance's insert waits for this transaction and then finds the runs taken.
     */
    async insertRuns(values: RunDraft[]): Promise<Set<string>> {
      if (!values.length) return new Set();
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into ${automationRuns} (id, event_id, rule_id, rule_version, event, subject_model, subject_id, outcome, actions)
          select v.id, v.event_id, v.rule_id, v.rule_version, v.event, v.subject_model, v.subject_id, v.outcome, v.actions
          from jsonb_to_recordset(${JSON.stringify(values.map(runRecord))}::jsonb)
            as v(id uuid, event_id uuid, rule_id uuid, rule_version integer, event text, subject_model text, subject_id uuid, outcome text, actions jsonb)
          on conflict do nothing
          returning id`),
      );
      return new Set(rows.map((row) => String(row.id)));
    },

    /** The outcomes of a batch's runs, one statement. */
    async finishRuns(values: { id: string; outcome: string; actions: unknown[] }[], at: Date): Promise<void> {
      if (!values.length) return;
      await db.execute(sql`
        update ${automationRuns} as r set outcome = v.outcome, actions = v.actions, at = ${at.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, outcome text, actions jsonb)
        where r.id = v.id`);
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
