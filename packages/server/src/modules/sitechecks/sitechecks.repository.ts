import { and, asc, eq, getTableColumns, gt, gte, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  siteCheckAnswerKeys,
  siteCheckAnswers,
  siteCheckRuns,
  siteCheckSchedules,
  siteCheckTemplates,
  siteCheckTemplateVersions,
} from '../../db/schema/sitechecks';
import type { DbOrTx } from '../../platform/db';
import { insertRecordset } from '../../platform/recordset-insert';
import { idIn, rowsOf } from '../../list-query/list-page';
import { appSettings, users, type PermissionHolders } from '../identity/index';
import { allocations, costCentres } from '../records/index';
import { tickets } from '../helpdesk/index';

export type TemplateRow = typeof siteCheckTemplates.$inferSelect;
export type ScheduleRow = typeof siteCheckSchedules.$inferSelect;
export type RunRow = typeof siteCheckRuns.$inferSelect;
export type RunInsert = typeof siteCheckRuns.$inferInsert;
export type AnswerInsert = typeof siteCheckAnswers.$inferInsert;
export type AnswerRow = typeof siteCheckAnswers.$inferSelect;

const OPEN = sql`('DUE', 'IN_PROGRESS')`;
const completer = alias(users, 'completer');

/** Site check templates, schedules, runs and answers: every statement of the module. */
export function createSiteChecksRepository(db: DbOrTx) {
  return {
    /** Templates with their current steps: one statement for any number of ids. */
    templatesWithSteps: (ids: string[]) =>
      db
        .select({ ...getTableColumns(siteCheckTemplates), steps: siteCheckTemplateVersions.steps })
        .from(siteCheckTemplates)
        .innerJoin(
          siteCheckTemplateVersions,
          and(eq(siteCheckTemplateVersions.templateId, siteCheckTemplates.id), eq(siteCheckTemplateVersions.version, siteCheckTemplates.version)),
        )
        .where(idIn(siteCheckTemplates.id, ids)),

    /** A template, its row locked for a change. */
    async lockTemplate(id: string): Promise<TemplateRow | undefined> {
      const [row] = await db.select().from(siteCheckTemplates).where(eq(siteCheckTemplates.id, id)).for('update').limit(1);
      return row;
    },

    async insertTemplate(values: typeof siteCheckTemplates.$inferInsert): Promise<string> {
      const [row] = await db.insert(siteCheckTemplates).values(values).returning({ id: siteCheckTemplates.id });
      return row!.id;
    },

    async updateTemplate(id: string, values: Partial<Pick<TemplateRow, 'name' | 'description' | 'active' | 'version' | 'updatedAt'>>): Promise<void> {
      await db.update(siteCheckTemplates).set(values).where(eq(siteCheckTemplates.id, id));
    },

    /** Sets the steps of a template's version, adding the version if it is new. */
    async putVersion(templateId: string, version: number, steps: unknown): Promise<void> {
      await db
        .insert(siteCheckTemplateVersions)
        .values({ templateId, version, steps })
        .onConflictDoUpdate({ target: [siteCheckTemplateVersions.templateId, siteCheckTemplateVersions.version], set: { steps } });
    },

    /** The steps of one version of a template. */
    async stepsOf(templateId: string, version: number): Promise<unknown> {
      const [row] = await db
        .select({ steps: siteCheckTemplateVersions.steps })
        .from(siteCheckTemplateVersions)
        .where(and(eq(siteCheckTemplateVersions.templateId, templateId), eq(siteCheckTemplateVersions.version, version)))
        .limit(1);
      return row?.steps;
    },

    /** Whether any run started with this version of the template. */
    async versionHasRuns(templateId: string, version: number): Promise<boolean> {
      const [row] = await db
        .select({ id: siteCheckRuns.id })
        .from(siteCheckRuns)
        .where(and(eq(siteCheckRuns.templateId, templateId), eq(siteCheckRuns.templateVersion, version)))
        .limit(1);
      return Boolean(row);
    },

    /** How many schedules and runs refer to a template (a delete is refused while any do). */
    async templateReferences(id: string): Promise<{ schedules: number; runs: number }> {
      const rows = rowsOf<{ schedules: number | string; runs: number | string }>(
        await db.execute(sql`select
            (select count(*) from ${siteCheckSchedules} where ${siteCheckSchedules.templateId} = ${id}) as schedules,
            (select count(*) from ${siteCheckRuns} where ${siteCheckRuns.templateId} = ${id}) as runs`),
      );
      return { schedules: Number(rows[0]?.schedules ?? 0), runs: Number(rows[0]?.runs ?? 0) };
    },

    async removeTemplate(id: string): Promise<void> {
      await db.delete(siteCheckTemplates).where(eq(siteCheckTemplates.id, id));
    },

    /** A template's current version, when it exists (and is active, with `activeOnly`). */
    async templateVersion(id: string, activeOnly: boolean): Promise<{ id: string; version: number } | undefined> {
      const [row] = await db
        .select({ id: siteCheckTemplates.id, version: siteCheckTemplates.version })
        .from(siteCheckTemplates)
        .where(and(eq(siteCheckTemplates.id, id), activeOnly ? eq(siteCheckTemplates.active, true) : undefined))
        .limit(1);
      return row;
    },

    /** A cost centre, when it exists and `scope` (a condition on cost centres) lets it through. */
    async costCentreWithin(id: string, scope: SQL | undefined): Promise<boolean> {
      const [row] = await db
        .select({ id: costCentres.id })
        .from(costCentres)
        .where(and(eq(costCentres.id, id), scope))
        .limit(1);
      return Boolean(row);
    },

    /** Which of `ids` are users (active or not): one statement. */
    async existingUsers(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    scheduleRows: (ids: string[]) => db.select().from(siteCheckSchedules).where(idIn(siteCheckSchedules.id, ids)),

    async lockSchedule(id: string): Promise<ScheduleRow | undefined> {
      const [row] = await db.select().from(siteCheckSchedules).where(eq(siteCheckSchedules.id, id)).for('update').limit(1);
      return row;
    },

    async insertSchedule(values: typeof siteCheckSchedules.$inferInsert): Promise<ScheduleRow> {
      const [row] = await db.insert(siteCheckSchedules).values(values).returning();
      return row!;
    },

    async updateSchedule(id: string, values: Partial<typeof siteCheckSchedules.$inferInsert>): Promise<ScheduleRow> {
      const [row] = await db.update(siteCheckSchedules).set(values).where(eq(siteCheckSchedules.id, id)).returning();
      return row!;
    },

    async removeSchedule(id: string): Promise<void> {
      await db.delete(siteCheckSchedules).where(eq(siteCheckSchedules.id, id));
    },

    /** A schedule's runs not yet due and not answered (a changed or removed schedule takes them back). */
    async removeUnstartedRuns(scheduleId: string, after: Date): Promise<void> {
      await db
        .delete(siteCheckRuns)
        .where(and(eq(siteCheckRuns.scheduleId, scheduleId), eq(siteCheckRuns.status, 'DUE'), sql`${siteCheckRuns.dueAt} > ${after}`));
    },

    /**
     * Active schedules whose runs do not yet reach `horizon`, after `afterId` in id order (the
     * caller's keyset: each batch starts where the last ended, so a pass reads every schedule
     * once), locked with SKIP LOCKED so several instances each take different ones; at most `limit`.
     */
    schedulesToExtend: (horizon: Date, afterId: string | null, limit: number) =>
      db
        .select()
        .from(siteCheckSchedules)
        .where(
          and(
            eq(siteCheckSchedules.active, true),
            or(sql`${siteCheckSchedules.generatedUntil} is null`, lt(siteCheckSchedules.generatedUntil, horizon)),
            afterId ? gt(siteCheckSchedules.id, afterId) : undefined,
          ),
        )
        .orderBy(asc(siteCheckSchedules.id))
        .limit(limit)
        .for('update', { skipLocked: true }),

    /** The current version of each active template among `ids`: one statement. */
    async activeTemplateVersions(ids: string[]): Promise<Map<string, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: siteCheckTemplates.id, version: siteCheckTemplates.version })
        .from(siteCheckTemplates)
        .where(and(inArray(siteCheckTemplates.id, ids), eq(siteCheckTemplates.active, true)));
      return new Map(rows.map((r) => [r.id, r.version]));
    },

    /** Inserts one run (an ad-hoc one) and answers its id. */
    async insertRun(values: RunInsert): Promise<string> {
      const [row] = await db.insert(siteCheckRuns).values(values).returning({ id: siteCheckRuns.id });
      return row!.id;
    },

    /**
     * Inserts a schedule's runs in one statement with one parameter (a JSON recordset, however many
     * runs); a run a schedule already has at that instant is left as it is (several instances, or a
     * second pass). Answers how many were new.
     */
    async insertRuns(values: RunInsert[]): Promise<number> {
      if (!values.length) return 0;
      const rows = await insertRecordset(db, siteCheckRuns, values).onConflictDoNothing().returning({ id: siteCheckRuns.id });
      return rows.length;
    },

    async markGenerated(ids: string[], until: Date): Promise<void> {
      if (!ids.length) return;
      await db.update(siteCheckSchedules).set({ generatedUntil: until }).where(idIn(siteCheckSchedules.id, ids));
    },

    /** Runs with template, site and completer: one statement for any number of ids. */
    runsWithRefs: (ids: string[]) =>
      db
        .select({
          ...getTableColumns(siteCheckRuns),
          templateName: siteCheckTemplates.name,
          costCentreName: costCentres.name,
          completedByFirst: completer.firstName,
          completedByLast: completer.lastName,
        })
        .from(siteCheckRuns)
        .innerJoin(siteCheckTemplates, eq(siteCheckTemplates.id, siteCheckRuns.templateId))
        .innerJoin(costCentres, eq(costCentres.id, siteCheckRuns.costCentreId))
        .leftJoin(completer, eq(completer.id, siteCheckRuns.completedById))
        .where(idIn(siteCheckRuns.id, ids)),

    /** The answers of runs with who gave them: one statement. */
    answersOf: (runIds: string[]) =>
      db
        .select({ ...getTableColumns(siteCheckAnswers), byFirst: users.firstName, byLast: users.lastName })
        .from(siteCheckAnswers)
        .leftJoin(users, eq(users.id, siteCheckAnswers.answeredById))
        .where(idIn(siteCheckAnswers.runId, runIds))
        .orderBy(asc(siteCheckAnswers.answeredAt), asc(siteCheckAnswers.id)),

    /** A run inside `scope` (a condition on runs), its row locked for an answer or completion. */
    async lockRun(id: string, scope: SQL | undefined): Promise<RunRow | undefined> {
      const [row] = await db
        .select()
        .from(siteCheckRuns)
        .where(and(eq(siteCheckRuns.id, id), scope))
        .for('update')
        .limit(1);
      return row;
    },

    /** Whether a run exists inside `scope`. */
    async runWithin(id: string, scope: SQL | undefined): Promise<boolean> {
      const [row] = await db
        .select({ id: siteCheckRuns.id })
        .from(siteCheckRuns)
        .where(and(eq(siteCheckRuns.id, id), scope))
        .limit(1);
      return Boolean(row);
    },

    async updateRun(id: string, values: Partial<RunInsert>): Promise<void> {
      await db.update(siteCheckRuns).set(values).where(eq(siteCheckRuns.id, id));
    },

    /** Sets a run's answer to a step, replacing an earlier one; answers the stored file the earlier answer had. */
    /** Whether the run already took an answer with this idempotency key (called with the run locked). */
    async answerKeySeen(runId: string, idempotencyKey: string): Promise<boolean> {
      const [row] = await db
        .select({ runId: siteCheckAnswerKeys.runId })
        .from(siteCheckAnswerKeys)
        .where(and(eq(siteCheckAnswerKeys.runId, runId), eq(siteCheckAnswerKeys.idempotencyKey, idempotencyKey)))
        .limit(1);
      return Boolean(row);
    },

    /** Notes the idempotency key of an answer written in this transaction. */
    async rememberAnswerKey(runId: string, idempotencyKey: string, stepKey: string): Promise<void> {
      await db.insert(siteCheckAnswerKeys).values({ runId, idempotencyKey, stepKey });
    },

    async putAnswer(values: AnswerInsert): Promise<{ replacedPhotoKey: string | null }> {
      const [before] = await db
        .select({ photoKey: siteCheckAnswers.photoKey })
        .from(siteCheckAnswers)
        .where(and(eq(siteCheckAnswers.runId, values.runId), eq(siteCheckAnswers.key, values.key)))
        .limit(1);
      const { id: _id, runId: _run, key: _key, ...changes } = values;
      await db
        .insert(siteCheckAnswers)
        .values(values)
        .onConflictDoUpdate({ target: [siteCheckAnswers.runId, siteCheckAnswers.key], set: changes });
      return { replacedPhotoKey: before?.photoKey ?? null };
    },

    /** Every open run whose window has closed becomes MISSED, in one statement (row locks keep two sweeps from both taking one). */
    missRuns: (now: Date) =>
      db
        .update(siteCheckRuns)
        .set({ status: 'MISSED' })
        .where(and(sql`${siteCheckRuns.status} in ${OPEN}`, lte(siteCheckRuns.closesAt, now)))
        .returning({
          id: siteCheckRuns.id,
          scheduleId: siteCheckRuns.scheduleId,
          templateId: siteCheckRuns.templateId,
          costCentreId: siteCheckRuns.costCentreId,
          dueAt: siteCheckRuns.dueAt,
        }),

    /** Names of templates and cost centres, for notification text: one statement. */
    async namesOf(templateIds: string[], costCentreIds: string[]): Promise<Map<string, string>> {
      const rows = rowsOf<{ id: string; name: string }>(
        await db.execute(sql`select ${siteCheckTemplates.id}::text as id, ${siteCheckTemplates.name} as name from ${siteCheckTemplates} where ${idIn(siteCheckTemplates.id, templateIds)}
          union all select ${costCentres.id}::text, ${costCentres.name} from ${costCentres} where ${idIn(costCentres.id, costCentreIds)}`),
      );
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** The explicit assignees of schedules: one statement. */
    async assigneesOf(scheduleIds: string[]): Promise<Map<string, string[]>> {
      if (!scheduleIds.length) return new Map();
      const rows = await db
        .select({ id: siteCheckSchedules.id, assignees: siteCheckSchedules.assignees })
        .from(siteCheckSchedules)
        .where(idIn(siteCheckSchedules.id, scheduleIds));
      return new Map(rows.map((r) => [r.id, (r.assignees as string[]) ?? []]));
    },

    /**
     * The active users allocated to each cost centre (directly, through its client or its legal
     * entity) who hold change on runs: one statement.
     */
    async staffOf(costCentreIds: string[], holders: PermissionHolders): Promise<{ costCentreId: string; userId: string }[]> {
      if (!costCentreIds.length) return [];
      return db
        .selectDistinct({ costCentreId: costCentres.id, userId: users.id })
        .from(costCentres)
        .innerJoin(
          allocations,
          or(
            eq(allocations.costCentreId, costCentres.id),
            eq(allocations.clientId, costCentres.clientId),
            and(isNotNull(allocations.legalEntityId), eq(allocations.legalEntityId, costCentres.legalEntityId)),
          ),
        )
        .innerJoin(users, eq(users.id, allocations.userId))
        .where(and(idIn(costCentres.id, costCentreIds), holders.holderCondition('sitecheckrun', 'change')));
    },

    /** The stored file of a run's PHOTO or SIGNATURE answer, when the run is inside `scope` (a condition on runs). */
    async photoOf(runId: string, photoId: string, scope: SQL | undefined) {
      const [row] = await db
        .select({ key: siteCheckAnswers.photoKey, name: siteCheckAnswers.photoName, type: siteCheckAnswers.photoType })
        .from(siteCheckAnswers)
        .innerJoin(siteCheckRuns, eq(siteCheckRuns.id, siteCheckAnswers.runId))
        .where(and(eq(siteCheckAnswers.runId, runId), eq(siteCheckAnswers.photoId, photoId), isNotNull(siteCheckAnswers.photoKey), scope))
        .limit(1);
      return row;
    },

    /** A cost centre's name and code, when `scope` (a condition on cost centres) lets it through. */
    async site(id: string, scope: SQL | undefined): Promise<{ id: string; name: string; code: string | null } | undefined> {
      const [row] = await db
        .select({ id: costCentres.id, name: costCentres.name, code: costCentres.code })
        .from(costCentres)
        .where(and(eq(costCentres.id, id), scope))
        .limit(1);
      return row;
    },

    /**
     * A cost centre's runs due in `[from, to)` after `(afterDue, afterId)` in (due_at, id) order, at
     * most `limit`, with template, schedule zone, completer and ticket number: one statement a batch.
     */
    reportRuns: (costCentreId: string, from: Date, to: Date, after: { dueAt: Date; id: string } | null, limit: number) =>
      db
        .select({
          id: siteCheckRuns.id,
          templateId: siteCheckRuns.templateId,
          templateVersion: siteCheckRuns.templateVersion,
          templateName: siteCheckTemplates.name,
          timezone: siteCheckSchedules.timezone,
          dueAt: siteCheckRuns.dueAt,
          closesAt: siteCheckRuns.closesAt,
          status: siteCheckRuns.status,
          failedSteps: siteCheckRuns.failedSteps,
          completedAt: siteCheckRuns.completedAt,
          completedByFirst: completer.firstName,
          completedByLast: completer.lastName,
          completedByEmail: completer.email,
          ticketNumber: tickets.number,
        })
        .from(siteCheckRuns)
        .innerJoin(siteCheckTemplates, eq(siteCheckTemplates.id, siteCheckRuns.templateId))
        .leftJoin(siteCheckSchedules, eq(siteCheckSchedules.id, siteCheckRuns.scheduleId))
        .leftJoin(completer, eq(completer.id, siteCheckRuns.completedById))
        .leftJoin(tickets, eq(tickets.id, siteCheckRuns.ticketId))
        .where(
          and(
            eq(siteCheckRuns.costCentreId, costCentreId),
            gte(siteCheckRuns.dueAt, from),
            lt(siteCheckRuns.dueAt, to),
            after ? sql`(${siteCheckRuns.dueAt}, ${siteCheckRuns.id}) > (${after.dueAt}, ${after.id}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(siteCheckRuns.dueAt), asc(siteCheckRuns.id))
        .limit(limit),

    /** The steps of several template versions: one statement. */
    versionSteps: (pairs: { templateId: string; version: number }[]) =>
      pairs.length
        ? db
            .select({ templateId: siteCheckTemplateVersions.templateId, version: siteCheckTemplateVersions.version, steps: siteCheckTemplateVersions.steps })
            .from(siteCheckTemplateVersions)
            .where(or(...pairs.map((p) => and(eq(siteCheckTemplateVersions.templateId, p.templateId), eq(siteCheckTemplateVersions.version, p.version)))))
        : Promise.resolve([]),

    /** The runs of a cost centre inside `scope` (a condition on runs) whose window is open at `at`, closing soonest first. */
    openRunsAt: (costCentreId: string, at: Date, scope: SQL | undefined, limit: number) =>
      db
        .select({
          id: siteCheckRuns.id,
          templateId: siteCheckRuns.templateId,
          templateName: siteCheckTemplates.name,
          status: siteCheckRuns.status,
          dueAt: siteCheckRuns.dueAt,
          closesAt: siteCheckRuns.closesAt,
        })
        .from(siteCheckRuns)
        .innerJoin(siteCheckTemplates, eq(siteCheckTemplates.id, siteCheckRuns.templateId))
        .where(
          and(
            eq(siteCheckRuns.costCentreId, costCentreId),
            sql`${siteCheckRuns.status} in ${OPEN}`,
            lte(siteCheckRuns.dueAt, at),
            gt(siteCheckRuns.closesAt, at),
            scope,
          ),
        )
        .orderBy(asc(siteCheckRuns.closesAt), asc(siteCheckRuns.id))
        .limit(limit),

    /** The time zone of a user's app setting, when they have one. */
    async userTimeZone(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ timezone: appSettings.timezone }).from(appSettings).where(eq(appSettings.userId, userId)).limit(1);
      return row?.timezone || undefined;
    },

    /** Runs due in `[from, to)` inside `scope` (a condition on runs), by outcome: one statement. */
    async dayFigures(from: Date, to: Date, scope: SQL | undefined) {
      const [row] = await db
        .select({
          due: sql<number>`count(*)::int`,
          open: sql<number>`(count(*) filter (where ${siteCheckRuns.status} in ${OPEN}))::int`,
          done: sql<number>`(count(*) filter (where ${siteCheckRuns.status} = 'DONE'))::int`,
          failed: sql<number>`(count(*) filter (where ${siteCheckRuns.status} = 'FAILED'))::int`,
          missed: sql<number>`(count(*) filter (where ${siteCheckRuns.status} = 'MISSED'))::int`,
        })
        .from(siteCheckRuns)
        .where(and(gte(siteCheckRuns.dueAt, from), lt(siteCheckRuns.dueAt, to), scope));
      return {
        due: Number(row?.due ?? 0),
        open: Number(row?.open ?? 0),
        done: Number(row?.done ?? 0),
        failed: Number(row?.failed ?? 0),
        missed: Number(row?.missed ?? 0),
      };
    },

    /**
     * Compliance per cost centre over runs due in `[from, to)` inside `scope` (a condition on
     * runs): one statement.
     */
    compliance: (from: Date, to: Date, scope: SQL | undefined) =>
      db
        .select({
          id: costCentres.id,
          name: costCentres.name,
          due: sql<number>`count(*)::int`,
          done: sql<number>`(count(*) filter (where ${siteCheckRuns.status} = 'DONE'))::int`,
          failed: sql<number>`(count(*) filter (where ${siteCheckRuns.status} = 'FAILED'))::int`,
          missed: sql<number>`(count(*) filter (where ${siteCheckRuns.status} = 'MISSED'))::int`,
        })
        .from(siteCheckRuns)
        .innerJoin(costCentres, eq(costCentres.id, siteCheckRuns.costCentreId))
        .where(and(gte(siteCheckRuns.dueAt, from), lt(siteCheckRuns.dueAt, to), scope))
        .groupBy(costCentres.id, costCentres.name)
        .orderBy(asc(costCentres.name), asc(costCentres.id)),
  };
}

export type SiteChecksRepository = ReturnType<typeof createSiteChecksRepository>;
