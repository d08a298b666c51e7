import { PassThrough } from 'node:stream';
import { z } from 'zod';
import {
  DEFAULT_WINDOW_MINUTES,
  SITE_CHECK_REPORT_MAX_DAYS,
  FILE_STEP_KINDS,
  siteCheckStepSchema,
  type SiteCheckAnswerInput,
  type SiteCheckCompliance,
  type SiteCheckRun,
  type SiteCheckRunStatus,
  type SiteCheckSchedule,
  type SiteCheckScheduleChanges,
  type SiteCheckScheduleInput,
  type SiteCheckStep,
  type SiteCheckTemplate,
  type SiteCheckTemplateChanges,
} from '@ops/contract/sitechecks/sitechecks';
import { TICKET_TITLE_MAX } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { Db, DbOrTx } from '../../platform/db';
import type { AuthUser } from '../../platform/auth';
import type { FileStorage } from '../../platform/storage';
import type { ReceivedFile } from '../../platform/multipart';
import { CONTENT_TYPES, EXTENSIONS, safeFileName, type DetectedType } from '../../platform/file-types';
import { COMMON_ERRORS, notFound, ValidationError } from '../../platform/errors';
import { uuidv7 } from '../../db/ids';
import { listPage } from '../../list-query/list-endpoint';
import type { StreamedResponse } from '../../list-query/csv-export';
import type { ListRequest } from '../../list-query/list-request';
import type { ListViewer } from '../../list-query/list-resource';
import { viewerOf } from '../../list-query/scope-mask';
import type { PermissionHolders } from '../identity/index';
import type { NotificationDraft, NotificationWriter } from '../notifications/index';
import type { TicketRaiser } from '../helpdesk/index';
import { costCentresResource } from '../records/index';
import { createSiteChecksRepository, type RunRow, type ScheduleRow, type SiteChecksRepository } from './sitechecks.repository';
import { costCentreScope, siteCheckRunsResource, siteCheckSchedulesResource, siteCheckTemplatesResource } from './sitechecks.resource';
import { siteCheckRuns, siteCheckSchedules } from '../../db/schema/sitechecks';
import { createOccurrences, ruleProblem } from './occurrences';
import { answerOk, answerValueOf, normalisedSteps, stepsDiffer, valueText, type AnswerValue } from './steps';
import { SITECHECKS_ERRORS } from './sitechecks.errors';
import { writeSiteCheckReport } from './sitechecks.report';
import { createSiteCheckReads, defaultTimeZone } from './sitechecks.reads';
import { checkIfMatch, entityTag, type Conditional } from '../../platform/conditional';

/** The table names in the entity tags of templates and schedules (from their `row_version`, platform.md 14.6). */
export const TEMPLATE_TAG = 'sitechecks_template';
export const SCHEDULE_TAG = 'sitechecks_schedule';

export interface SiteChecksDeps {
  db: Db;
  holders: PermissionHolders;
  notifications: NotificationWriter;
  tickets: TicketRaiser;
  storage: FileStorage;
  log: { warn(obj: unknown, msg: string): void };
  /** The clock (tests pin it). */
  now?: () => Date;
  /** Told of failed and missed runs inside their transaction (automations' events, spec platform §14.3). */
  events?: (tx: DbOrTx, events: { event: string; model: string; subjectId: string }[]) => Promise<void>;
}

const HOUR = 3600_000;
/** Runs exist this far ahead once a schedule is saved or extended. */
export const AHEAD_MS = 25 * HOUR;
/** A schedule is extended when its runs reach less than this far ahead (spec: the next 24 hours always exist). */
export const KEEP_AHEAD_MS = 24 * HOUR;
const SCHEDULE_BATCH = 500;

const stepsOfJson = (value: unknown): SiteCheckStep[] => z.array(siteCheckStepSchema).parse(value ?? []);
const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};

/** A rich-text document of plain lines (a ticket's content). */
const documentOf = (lines: string[]) => ({
  type: 'doc',
  content: lines.map((text) => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] })),
});

export function createSiteChecksService(deps: SiteChecksDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const repository = createSiteChecksRepository(db);
  const reads = createSiteCheckReads(db);
  const transaction = <T>(work: (repo: SiteChecksRepository, tx: DbOrTx) => Promise<T>) =>
    db.transaction((tx) => work(createSiteChecksRepository(tx), tx));
  const runScope = (viewer: ListViewer) => costCentreScope(siteCheckRuns.costCentreId, viewer);
  const scheduleScope = (viewer: ListViewer) => costCentreScope(siteCheckSchedules.costCentreId, viewer);
  /** A condition on cost centres: those in the user's allocation (undefined when nothing bounds the user). */
  const siteScopeOf = (user: AuthUser) => costCentresResource.rowScope?.(viewerOf(user));

  // ---- templates -------------------------------------------------------------------------------

  /** Templates as the API answers them, each with its entity tag (one statement). */
  async function taggedTemplates(ids: string[]): Promise<{ view: SiteCheckTemplate; tag: string }[]> {
    if (!ids.length) return [];
    const rows = await repository.templatesWithSteps(ids);
    return rows.map((r) => ({
      tag: entityTag(TEMPLATE_TAG, r.id, r.rowVersion),
      view: {
        id: r.id,
        name: r.name,
        description: r.description,
        active: r.active,
        version: r.version,
        steps: stepsOfJson(r.steps),
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      },
    }));
  }
  const templateViews = async (ids: string[]) => (await taggedTemplates(ids)).map((t) => t.view);
  /** One template; its ETag (body and tag read in one statement) set through `condition`. */
  async function oneTemplate(id: string, condition?: Conditional) {
    const [found] = await taggedTemplates([id]);
    if (!found) throw notFound();
    condition?.setTag(found.tag);
    return found.view;
  }

  const templates = {
    list: (list: ListRequest) => listPage(db, list, { resource: siteCheckTemplatesResource, hydrate: templateViews }),
    get: oneTemplate,
    async create(input: { name: string; description: string; active: boolean; steps: SiteCheckStep[] }) {
      const id = await transaction(async (repo) => {
        const id = await repo.insertTemplate({ name: input.name, description: input.description, active: input.active, version: 1 });
        await repo.putVersion(id, 1, normalisedSteps(input.steps));
        return id;
      });
      return oneTemplate(id);
    },
    /**
     * A change; new steps on a version that has runs make a new version (its runs keep theirs). With
     * `condition` (If-Match), StaleRecord (412) when the template moved on, nothing changed.
     */
    async update(id: string, changes: SiteCheckTemplateChanges, condition?: Conditional) {
      await transaction(async (repo) => {
        const template = await repo.lockTemplate(id);
        if (!template) throw notFound();
        // Compared with the row locked until commit: a concurrent save cannot slip in between.
        checkIfMatch(condition, TEMPLATE_TAG, { id, version: template.rowVersion });
        let version = template.version;
        if (changes.steps) {
          const current = stepsOfJson(await repo.stepsOf(id, version));
          const steps = normalisedSteps(changes.steps);
          if (stepsDiffer(current, steps)) {
            if (await repo.versionHasRuns(id, version)) version += 1;
            await repo.putVersion(id, version, steps);
          }
        }
        await repo.updateTemplate(id, {
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.active !== undefined ? { active: changes.active } : {}),
          version,
          updatedAt: now(),
        });
      });
      return oneTemplate(id, condition);
    },
    /** DELETE; with `condition` (If-Match), StaleRecord (412) when the template moved on, nothing deleted. */
    async remove(id: string, condition?: Conditional) {
      await transaction(async (repo) => {
        const template = await repo.lockTemplate(id);
        if (!template) throw notFound();
        checkIfMatch(condition, TEMPLATE_TAG, { id, version: template.rowVersion });
        const refs = await repo.templateReferences(id);
        if (refs.schedules || refs.runs) throw SITECHECKS_ERRORS.error('TEMPLATE_IN_USE', refs.schedules, refs.runs);
        await repo.removeTemplate(id);
      });
    },
  };

  // ---- schedules and the runs they keep ahead --------------------------------------------------

  const scheduleView = (r: ScheduleRow): SiteCheckSchedule => ({
    id: r.id,
    template: r.templateId,
    cost_centre: r.costCentreId,
    rrule: r.rrule,
    timezone: r.timezone,
    window_minutes: r.windowMinutes,
    assignees: (r.assignees as string[]) ?? [],
    active: r.active,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  });
  async function taggedSchedules(ids: string[]) {
    return ids.length ? (await repository.scheduleRows(ids)).map((r) => ({ view: scheduleView(r), tag: entityTag(SCHEDULE_TAG, r.id, r.rowVersion) })) : [];
  }
  const scheduleViews = async (ids: string[]) => (await taggedSchedules(ids)).map((s) => s.view);

  /**
   * Inserts the runs of `schedules` due before `until` whose window is still open at `at`
   * (several instances and second passes insert nothing twice: unique (schedule, due_at), ON
   * CONFLICT DO NOTHING). Two statements whatever the number of schedules and runs: the current
   * versions of their templates, and one insert of every run (a JSON recordset, one parameter).
   * Each distinct rule is expanded once (createOccurrences).
   */
  async function generateRuns(repo: SiteChecksRepository, schedules: ScheduleRow[], at: Date, until: Date): Promise<number> {
    const active = schedules.filter((s) => s.active);
    if (!active.length) return 0;
    const versions = await repo.activeTemplateVersions([...new Set(active.map((s) => s.templateId))]);
    const expand = createOccurrences();
    const values: (typeof siteCheckRuns.$inferInsert)[] = [];
    for (const schedule of active) {
      const version = versions.get(schedule.templateId);
      if (version === undefined) continue;
      const windowMs = schedule.windowMinutes * 60_000;
      for (const dueAt of expand(schedule.rrule, schedule.timezone, schedule.createdAt, new Date(at.getTime() - windowMs + 1), until)) {
        values.push({
          templateId: schedule.templateId,
          templateVersion: version,
          scheduleId: schedule.id,
          costCentreId: schedule.costCentreId,
          dueAt,
          closesAt: new Date(dueAt.getTime() + windowMs),
          status: 'DUE',
        });
      }
    }
    return repo.insertRuns(values);
  }

  async function checkSchedule(user: AuthUser, repo: SiteChecksRepository, input: SiteCheckScheduleInput) {
    const problem = ruleProblem(input.rrule);
    if (problem) throw SITECHECKS_ERRORS.onField('rrule', 'BAD_RULE', problem);
    if (input.timezone !== undefined && !isTimeZone(input.timezone)) throw SITECHECKS_ERRORS.onField('timezone', 'UNKNOWN_TIME_ZONE');
    if (!(await repo.templateVersion(input.template, false))) throw COMMON_ERRORS.onField('template', 'INVALID_PK', input.template);
    if (!(await repo.costCentreWithin(input.cost_centre, siteScopeOf(user)))) throw COMMON_ERRORS.onField('cost_centre', 'INVALID_PK', input.cost_centre);
    const assignees = [...new Set(input.assignees)];
    const known = await repo.existingUsers(assignees);
    const unknown = assignees.find((id) => !known.has(id));
    if (unknown) throw COMMON_ERRORS.onField('assignees', 'INVALID_PK', unknown);
    return assignees;
  }

  /**
   * Saves a schedule and, in the same transaction, its runs of the next 24 hours (and the one open now).
   * A change with `condition` (If-Match) throws StaleRecord (412) when the schedule moved on, nothing changed.
   */
  async function saveSchedule(user: AuthUser, id: string | null, input: SiteCheckScheduleInput, condition?: Conditional) {
    const at = now();
    const savedId = await transaction(async (repo) => {
      let existing: ScheduleRow | undefined;
      if (id) {
        existing = await repo.lockSchedule(id);
        if (!existing || !(await repo.costCentreWithin(existing.costCentreId, siteScopeOf(user)))) throw notFound();
        checkIfMatch(condition, SCHEDULE_TAG, { id: existing.id, version: existing.rowVersion });
      }
      const assignees = await checkSchedule(user, repo, input);
      const values = {
        templateId: input.template,
        costCentreId: input.cost_centre,
        rrule: input.rrule.replace(/^RRULE:/i, ''),
        timezone: input.timezone ?? existing?.timezone ?? defaultTimeZone(),
        windowMinutes: input.window_minutes,
        assignees,
        active: input.active,
        generatedUntil: new Date(at.getTime() + AHEAD_MS),
        updatedAt: at,
      };
      let row: ScheduleRow;
      if (existing) {
        // Runs not yet due and not started follow the schedule as it is now.
        await repo.removeUnstartedRuns(existing.id, at);
        row = await repo.updateSchedule(existing.id, values);
      } else {
        row = await repo.insertSchedule({ ...values, createdAt: at });
      }
      await generateRuns(repo, [row], at, new Date(at.getTime() + AHEAD_MS));
      return row.id;
    });
    const [found] = await taggedSchedules([savedId]);
    condition?.setTag(found!.tag);
    return found!.view;
  }

  const schedules = {
    list: (list: ListRequest) => listPage(db, list, { resource: siteCheckSchedulesResource, where: scheduleScope(list.viewer), hydrate: scheduleViews }),
    /** One schedule within the user's sites; its ETag set through `condition`. */
    async get(user: AuthUser, id: string, condition?: Conditional) {
      const [found] = await taggedSchedules([id]);
      if (!found || !(await repository.costCentreWithin(found.view.cost_centre, siteScopeOf(user)))) throw notFound();
      condition?.setTag(found.tag);
      return found.view;
    },
    create: (user: AuthUser, input: SiteCheckScheduleInput) => saveSchedule(user, null, input),
    put: (user: AuthUser, id: string, input: SiteCheckScheduleInput, condition?: Conditional) => saveSchedule(user, id, input, condition),
    /** Merged onto the schedule as read; with If-Match the save compares the locked row, so a stale tag is a 412 however it merged. */
    async patch(user: AuthUser, id: string, changes: SiteCheckScheduleChanges, condition?: Conditional) {
      const current = await schedules.get(user, id);
      return saveSchedule(user, id, {
        template: changes.template ?? current.template,
        cost_centre: changes.cost_centre ?? current.cost_centre,
        rrule: changes.rrule ?? current.rrule,
        timezone: changes.timezone ?? current.timezone,
        window_minutes: changes.window_minutes ?? current.window_minutes,
        assignees: changes.assignees ?? current.assignees,
        active: changes.active ?? current.active,
      }, condition);
    },
    /** DELETE; with `condition` (If-Match), StaleRecord (412) when the schedule moved on, nothing deleted. */
    async remove(user: AuthUser, id: string, condition?: Conditional) {
      await transaction(async (repo) => {
        const existing = await repo.lockSchedule(id);
        if (!existing || !(await repo.costCentreWithin(existing.costCentreId, siteScopeOf(user)))) throw notFound();
        checkIfMatch(condition, SCHEDULE_TAG, { id: existing.id, version: existing.rowVersion });
        await repo.removeUnstartedRuns(id, now());
        await repo.removeSchedule(id);
      });
    },
  };

  /**
   * The background job's first half: every active schedule whose runs reach less than 24 hours
   * ahead gets its runs up to 25 hours ahead, a batch of schedules per transaction, the batch's
   * rows locked with SKIP LOCKED (another instance takes other schedules); the unique (schedule,
   * due_at) makes a second pass insert nothing. Batches follow schedule ids (a keyset), and each
   * is four statements however many runs it makes: the schedules, their templates' versions, the
   * runs' insert and the schedules' new mark.
   */
  async function extendRuns(at = now()): Promise<{ schedules: number; runs: number }> {
    let total = { schedules: 0, runs: 0 };
    let afterId: string | null = null;
    for (;;) {
      const batch: { schedules: number; runs: number; lastId: string | null } = await transaction(async (repo) => {
        const rows = await repo.schedulesToExtend(new Date(at.getTime() + KEEP_AHEAD_MS), afterId, SCHEDULE_BATCH);
        const until = new Date(at.getTime() + AHEAD_MS);
        const runs = await generateRuns(repo, rows, at, until);
        await repo.markGenerated(
          rows.map((r) => r.id),
          until,
        );
        return { schedules: rows.length, runs, lastId: rows.at(-1)?.id ?? null };
      });
      total = { schedules: total.schedules + batch.schedules, runs: total.runs + batch.runs };
      if (batch.schedules < SCHEDULE_BATCH) return total;
      afterId = batch.lastId;
    }
  }

  /**
   * The background job's minute: `extendRuns`, unless this instance's last pass began less than
   * AHEAD_MS - KEEP_AHEAD_MS (an hour) before `at`. That pass marked every schedule it did not find
   * locked until its start + AHEAD_MS, a save always marks now + AHEAD_MS, and a schedule another
   * instance held is that instance's to extend; so none of them needs extending before then, and
   * the claim (a walk over every active schedule: there is no index on the mark, so that marking
   * is a HOT update) is not run for nothing in the minutes between. A restart claims at once.
   */
  let claimAfter = 0;
  async function extendRunsWhenDue(at = now()): Promise<{ schedules: number; runs: number; skipped: boolean }> {
    if (at.getTime() < claimAfter) return { schedules: 0, runs: 0, skipped: true };
    const result = await extendRuns(at);
    claimAfter = at.getTime() + AHEAD_MS - KEEP_AHEAD_MS;
    return { ...result, skipped: false };
  }

  /** Who hears of a run: its schedule's assignees and the cost centre's allocated staff holding change on runs. */
  async function peopleOf(repo: SiteChecksRepository, runs: { scheduleId: string | null; costCentreId: string }[]) {
    const assignees = await repo.assigneesOf([...new Set(runs.flatMap((r) => (r.scheduleId ? [r.scheduleId] : [])))]);
    const staff = await repo.staffOf([...new Set(runs.map((r) => r.costCentreId))], deps.holders);
    return (run: { scheduleId: string | null; costCentreId: string }) =>
      new Set([...(run.scheduleId ? (assignees.get(run.scheduleId) ?? []) : []), ...staff.filter((s) => s.costCentreId === run.costCentreId).map((s) => s.userId)]);
  }

  /** The background job's second half: open runs past `closes_at` become MISSED (one UPDATE), their people notified. */
  async function missRuns(at = now()): Promise<number> {
    const { count, recorded } = await transaction(async (repo, tx) => {
      const missed = await repo.missRuns(at);
      if (!missed.length) return { count: 0, recorded: null };
      await deps.events?.(tx, missed.map((run) => ({ event: 'sitecheck.missed', model: 'sitecheck_run', subjectId: run.id })));
      const names = await repo.namesOf([...new Set(missed.map((m) => m.templateId))], [...new Set(missed.map((m) => m.costCentreId))]);
      const people = await peopleOf(repo, missed);
      const drafts: NotificationDraft[] = missed.flatMap((run) =>
        [...people(run)].map((recipientId) => ({
          recipientId,
          actorId: null,
          verb: 'was missed',
          kind: 'sitecheck_missed' as const,
          description: `The site check "${names.get(run.templateId) ?? ''}" at ${names.get(run.costCentreId) ?? ''} due ${run.dueAt.toISOString()} was missed`,
          level: 'warning' as const,
          target: { type: 'sitecheckrun', id: run.id, text: `${names.get(run.templateId) ?? ''} at ${names.get(run.costCentreId) ?? ''}` },
          data: { run_id: run.id, status: 'MISSED' },
        })),
      );
      return { count: missed.length, recorded: await deps.notifications.record(tx, drafts) };
    });
    if (recorded) deps.notifications.afterCommit(recorded);
    return count;
  }

  /** `[from, to)` of UTC days `from`..`to` (default the 30 days before `to`, `to` default today); 400 on `to` when it is before `from`. */
  function periodOf(query: { from?: string; to?: string }, maxDays?: number) {
    const toDay = query.to ?? now().toISOString().slice(0, 10);
    const fromDay = query.from ?? new Date(Date.parse(`${toDay}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
    if (fromDay > toDay) throw SITECHECKS_ERRORS.onField('to', 'END_BEFORE_START');
    const from = new Date(`${fromDay}T00:00:00Z`);
    const to = new Date(Date.parse(`${toDay}T00:00:00Z`) + 86_400_000);
    if (maxDays !== undefined && to.getTime() - from.getTime() > maxDays * 86_400_000) throw SITECHECKS_ERRORS.onField('to', 'PERIOD_TOO_LONG', maxDays);
    return { fromDay, toDay, from, to };
  }

  // ---- runs ------------------------------------------------------------------------------------

  async function runViews(ids: string[]): Promise<SiteCheckRun[]> {
    if (!ids.length) return [];
    const [rows, answers] = [await repository.runsWithRefs(ids), await repository.answersOf(ids)];
    const versionKey = (templateId: string, version: number) => `${templateId}:${version}`;
    const pairs = new Map(rows.map((r) => [versionKey(r.templateId, r.templateVersion), { templateId: r.templateId, version: r.templateVersion }]));
    const steps = new Map((await repository.versionSteps([...pairs.values()])).map((v) => [versionKey(v.templateId, v.version), stepsOfJson(v.steps)]));
    return rows.map((r) => ({
      id: r.id,
      template: { id: r.templateId, name: r.templateName, version: r.templateVersion },
      schedule: r.scheduleId,
      cost_centre: { id: r.costCentreId, name: r.costCentreName },
      due_at: r.dueAt.toISOString(),
      closes_at: r.closesAt.toISOString(),
      status: r.status as SiteCheckRunStatus,
      answers: answers
        .filter((a) => a.runId === r.id)
        .map((a) => ({
          key: a.key,
          value: (a.value ?? null) as AnswerValue,
          ok: a.ok,
          note: a.note,
          photo: a.photoId,
          answered_by: a.answeredById ? { id: a.answeredById, full_name: fullName(a.byFirst, a.byLast) } : null,
          answered_at: a.answeredAt.toISOString(),
        })),
      steps: steps.get(versionKey(r.templateId, r.templateVersion)) ?? [],
      failed_steps: (r.failedSteps as string[]) ?? [],
      completed_by: r.completedById ? { id: r.completedById, full_name: fullName(r.completedByFirst, r.completedByLast) } : null,
      completed_at: r.completedAt?.toISOString() ?? null,
      ticket: r.ticketId,
    }));
  }
  async function oneRun(id: string) {
    const [view] = await runViews([id]);
    if (!view) throw notFound();
    return view;
  }

  /** A run inside the user's scope, locked and still open, with the steps of its version. */
  async function openRun(repo: SiteChecksRepository, user: AuthUser, id: string): Promise<{ run: RunRow; steps: SiteCheckStep[] }> {
    const run = await repo.lockRun(id, runScope(viewerOf(user)));
    if (!run) throw notFound();
    return checkOpen(repo, run);
  }

  async function checkOpen(repo: SiteChecksRepository, run: RunRow): Promise<{ run: RunRow; steps: SiteCheckStep[] }> {
    if (run.status !== 'DUE' && run.status !== 'IN_PROGRESS') throw SITECHECKS_ERRORS.onField('status', 'RUN_CLOSED', run.status);
    return { run, steps: stepsOfJson(await repo.stepsOf(run.templateId, run.templateVersion)) };
  }

  const runs = {
    list: (list: ListRequest) => listPage(db, list, { resource: siteCheckRunsResource, where: runScope(list.viewer), hydrate: runViews }),
    async get(user: AuthUser, id: string) {
      if (!(await repository.runWithin(id, runScope(viewerOf(user))))) throw notFound();
      return oneRun(id);
    },
    /** An ad-hoc run: due now, open for the default window. */
    async create(user: AuthUser, input: { template: string; cost_centre: string }) {
      const at = now();
      const id = await transaction(async (repo) => {
        const template = await repo.templateVersion(input.template, true);
        if (!template) throw COMMON_ERRORS.onField('template', 'INVALID_PK', input.template);
        if (!(await repo.costCentreWithin(input.cost_centre, siteScopeOf(user)))) throw COMMON_ERRORS.onField('cost_centre', 'INVALID_PK', input.cost_centre);
        return repo.insertRun({
          templateId: template.id,
          templateVersion: template.version,
          costCentreId: input.cost_centre,
          dueAt: at,
          closesAt: new Date(at.getTime() + DEFAULT_WINDOW_MINUTES * 60_000),
          status: 'DUE',
        });
      });
      return oneRun(id);
    },

    /**
     * One answer (replacing an earlier one to the step); a PHOTO or SIGNATURE brings its checked
     * file, stored before the row is written and removed again when the write fails.
     */
    async answer(user: AuthUser, id: string, input: SiteCheckAnswerInput, file: ReceivedFile | null) {
      const stored: string[] = [];
      let replaced: string | null = null;
      try {
        await transaction(async (repo) => {
          const locked = await repo.lockRun(id, runScope(viewerOf(user)));
          if (!locked) throw notFound();
          // A repeated idempotency key (a resend after a lost response) gets the run as it is, nothing
          // written or stored again, even once the run is closed. The run's row lock orders concurrent
          // requests, so the second one sees the first one's key.
          const idempotencyKey = input.idempotency_key;
          if (idempotencyKey && (await repo.answerKeySeen(locked.id, idempotencyKey))) return;
          const { run, steps } = await checkOpen(repo, locked);
          const step = steps.find((s) => s.key === input.key);
          if (!step) throw SITECHECKS_ERRORS.onField('key', 'NOT_A_STEP', input.key.slice(0, 64));
          const takesFile = FILE_STEP_KINDS.includes(step.kind);
          if (file && !takesFile) throw SITECHECKS_ERRORS.onField('file', 'FILE_NOT_TAKEN');
          const checked = answerValueOf(step, input.value, Boolean(file));
          if ('problem' in checked) throw SITECHECKS_ERRORS.onField(takesFile ? 'file' : 'value', 'BAD_VALUE', checked.problem);
          let photo: { photoId: string; photoKey: string; photoName: string; photoType: string; photoSize: number } | null = null;
          if (file) {
            const photoId = uuidv7();
            const photoKey = `sitechecks/runs/${run.id}/${photoId}.${EXTENSIONS[file.type]}`;
            await deps.storage.putFile(photoKey, file.tempPath, CONTENT_TYPES[file.type]);
            stored.push(photoKey);
            photo = { photoId, photoKey, photoName: file.filename.slice(-255), photoType: file.type, photoSize: file.size };
          }
          const result = await repo.putAnswer({
            runId: run.id,
            key: step.key,
            value: checked.value,
            ok: answerOk(step, checked.value),
            note: input.note,
            photoId: photo?.photoId ?? null,
            photoKey: photo?.photoKey ?? null,
            photoName: photo?.photoName ?? null,
            photoType: photo?.photoType ?? null,
            photoSize: photo?.photoSize ?? null,
            answeredById: user.id,
            answeredAt: now(),
          });
          replaced = result.replacedPhotoKey;
          if (idempotencyKey) await repo.rememberAnswerKey(run.id, idempotencyKey, step.key);
          if (run.status === 'DUE') await repo.updateRun(run.id, { status: 'IN_PROGRESS' });
        });
      } catch (error) {
        for (const key of stored) await deps.storage.delete(key).catch((e) => deps.log.warn({ err: e, key }, 'removing a stored file failed'));
        throw error;
      }
      if (replaced) await deps.storage.delete(replaced).catch((e) => deps.log.warn({ err: e, key: replaced }, 'removing a replaced file failed'));
      return oneRun(id);
    },

    /** DONE, or FAILED when a step failed (a ticket at the site, its people notified); 400 naming every required step unanswered. */
    async complete(user: AuthUser, id: string) {
      const after: (() => void)[] = [];
      await transaction(async (repo, tx) => {
        const { run, steps } = await openRun(repo, user, id);
        const answers = new Map((await repo.answersOf([run.id])).map((a) => [a.key, a]));
        const missing = steps.filter((s) => s.required && !answers.has(s.key));
        const unanswered = missing.map((s) => SITECHECKS_ERRORS.message('STEP_REQUIRED', s.label, s.key));
        // Every required step still unanswered, each named (a list under `answers`: step keys never become properties).
        if (unanswered.length) throw new ValidationError({ answers: unanswered });
        const failed = steps.filter((s) => answers.get(s.key)?.ok === false);
        const status = failed.length ? 'FAILED' : 'DONE';
        let ticketId: string | null = null;
        if (failed.length) {
          const names = await repo.namesOf([run.templateId], [run.costCentreId]);
          const template = names.get(run.templateId) ?? '';
          const site = names.get(run.costCentreId) ?? '';
          const ticket = await deps.tickets.raiseWithin(tx, user, {
            title: `Failed check: ${template} at ${site}`.slice(0, TICKET_TITLE_MAX),
            type: 'ISSUE',
            priority: 'HIGH',
            content: documentOf([
              `The site check "${template}" at ${site} (run ${run.id}, due ${run.dueAt.toISOString()}) failed these steps:`,
              ...failed.map((s) => {
                const answer = answers.get(s.key)!;
                return `${s.label} (${s.key}): ${valueText(s, answer.value)}${answer.note ? ` (note: ${answer.note})` : ''}`;
              }),
            ]),
            costCentreId: run.costCentreId,
            source: 'sitecheck',
          });
          ticketId = ticket.id;
          after.push(ticket.afterCommit);
          await deps.events?.(tx, [{ event: 'sitecheck.failed', model: 'sitecheck_run', subjectId: run.id }]);
          const people = await peopleOf(repo, [run]);
          const recorded = await deps.notifications.record(
            tx,
            [...people(run)].map((recipientId) => ({
              recipientId,
              actorId: user.id,
              verb: 'failed a site check',
              kind: 'sitecheck_failed' as const,
              description: `The site check "${template}" at ${site} failed: ${failed.map((s) => s.label).join(', ')}`,
              level: 'error' as const,
              target: { type: 'sitecheckrun', id: run.id, text: `${template} at ${site}` },
              data: { run_id: run.id, status: 'FAILED', ticket_id: ticket.id },
            })),
          );
          after.push(() => deps.notifications.afterCommit(recorded));
        }
        await repo.updateRun(run.id, {
          status,
          failedSteps: failed.map((s) => s.key),
          completedById: user.id,
          completedAt: now(),
          ticketId,
        });
      });
      for (const announce of after) announce();
      return oneRun(id);
    },

    /** Due, done, failed and missed runs per cost centre over `[from, to]` (UTC days) in the caller's scope: one statement. */
    async compliance(user: AuthUser, query: { from?: string; to?: string }): Promise<SiteCheckCompliance> {
      const period = periodOf(query);
      const rows = await repository.compliance(period.from, period.to, runScope(viewerOf(user)));
      return {
        results: rows.map((r) => {
          const closed = r.done + r.failed + r.missed;
          return {
            cost_centre: { id: r.id, name: r.name },
            due: r.due,
            done: r.done,
            failed: r.failed,
            missed: r.missed,
            rate: closed ? Math.round((r.done / closed) * 10_000) / 10_000 : null,
          };
        }),
      };
    },
  };

  /** The stored image of a run's PHOTO or SIGNATURE answer, for a caller who may read the run (404 otherwise). */
  async function photo(user: AuthUser, runId: string, photoId: string) {
    const row = await repository.photoOf(runId, photoId, runScope(viewerOf(user)));
    if (!row?.key) throw notFound();
    const type = (row.type ?? 'png') as DetectedType;
    if (type !== 'png' && type !== 'jpeg') throw notFound();
    const { stream, size } = await deps.storage.read(row.key);
    return { stream, size, type, fileName: safeFileName(row.name ?? 'photo', type) };
  }

  /**
   * The PDF evidence of a cost centre in the caller's allocation over a period (404 outside it;
   * the period checked before anything streams): streamed as it is written.
   */
  async function report(user: AuthUser, costCentreId: string, query: { from?: string; to?: string }): Promise<StreamedResponse> {
    const period = periodOf(query, SITE_CHECK_REPORT_MAX_DAYS);
    const site = await repository.site(costCentreId, siteScopeOf(user));
    if (!site) throw notFound();
    const input = { site, ...period, timeZone: defaultTimeZone(), generatedAt: now() };
    return {
      streamed: true,
      sendTo(reply) {
        const out = new PassThrough();
        writeSiteCheckReport(out, input, { repository, storage: deps.storage, log: deps.log }).catch((error: unknown) => {
          reply.log.error({ err: error }, 'site check report failed');
          out.destroy(error as Error);
        });
        const name = `sitechecks-${(site.code ?? site.id).replace(/[^A-Za-z0-9_-]/g, '_')}-${period.fromDay}-${period.toDay}.pdf`;
        return reply
          .code(200)
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .header('Cache-Control', 'private, no-store')
          .send(out);
      },
    };
  }

  /** Today's runs at the user's sites (the dashboard's card), today in the user's time zone. */
  const today = (user: AuthUser) => reads.today(user, now());

  return { templates, schedules, runs, photo, report, today, extendRuns, extendRunsWhenDue, missRuns };
}

export type SiteChecksService = ReturnType<typeof createSiteChecksService>;
