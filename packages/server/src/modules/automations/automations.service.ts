import { randomBytes } from 'node:crypto';
import { and, count, eq, gte, sql, type SQL } from 'drizzle-orm';
import {
  DRY_RUN_DEFAULT_DAYS,
  DRY_RUN_SAMPLE,
  type AutomationEvent,
  type Delivery,
  type DryRun,
  type Rule,
  type RuleAction,
  type RuleChanges,
  type RuleInput,
  type RuleVersion,
  type Run,
  type Webhook,
  type WebhookChanges,
  type WebhookInput,
} from '@ops/contract/automations/automations.schemas';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { AuthUser } from '../../platform/auth';
import { listPage, type ListAnswer } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { compileFilters } from '../../list-query/list-filters';
import { SYSTEM_VIEWER, type ListViewer } from '../../list-query/list-resource';
import { webhookDeliveries } from '../../db/schema/automations';
import { createAutomationsRepository, type AutomationsRepository, type DeliveryRow, type RuleRow, type WebhookRow } from './automations.repository';
import { deliveriesResource, rulesResource, runsResource, webhooksResource } from './automations.resource';
import { checkRule } from './rule-validation';
import { SUBJECTS, subjectModelOf, type Subject } from './automations.subjects';
import { AUTOMATION_ERRORS } from './automations.errors';
import { nextRunOf } from './schedules';
import { describeAction, idsNamedBy } from './rule-actions';
import type { UrlGuard } from './ssrf-guard';
import { checkIfMatch, entityTag, type Conditional } from '../../platform/conditional';

/** The table name in a rule's entity tag (its `version` raised by every saved change). */
const RULE_TAG = 'automation_rule';

export interface AutomationsServiceDeps {
  db: DbOrTx;
  transaction: <T>(work: (repository: AutomationsRepository, tx: DbOrTx) => Promise<T>) => Promise<T>;
  /** Refuses webhook URLs resolving to private addresses (400 naming `url`). */
  guardUrl: UrlGuard;
}

export function serializeRule(row: RuleRow): Rule {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    trigger: { event: row.event as AutomationEvent, model: row.model, cron: row.cron, timezone: row.timezone },
    conditions: row.conditions as Record<string, unknown>,
    changed: row.changed as string[],
    actions: row.actions as Record<string, unknown>[],
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The rule's own fields as a version keeps them (and as restore puts them back). */
function snapshotOf(rule: RuleInput): Record<string, unknown> {
  return { name: rule.name, active: rule.active, trigger: rule.trigger, conditions: rule.conditions, changed: rule.changed, actions: rule.actions };
}

function inputOf(row: RuleRow): RuleInput {
  const rule = serializeRule(row);
  return { name: rule.name, active: rule.active, trigger: rule.trigger, conditions: rule.conditions, changed: rule.changed, actions: rule.actions as RuleAction[] };
}

function columnsOf(rule: RuleInput) {
  const { event, model, cron, timezone } = rule.trigger;
  return {
    name: rule.name,
    active: rule.active,
    event,
    model,
    cron,
    timezone,
    conditions: rule.conditions,
    changed: rule.changed,
    actions: rule.actions,
    nextRunAt: event === 'schedule' && cron && timezone && rule.active ? nextRunOf(cron, timezone) : null,
  };
}

export const MASKED_SECRET = 'whsec_****';
const serializeWebhook = (row: WebhookRow, secret = MASKED_SECRET): Webhook => ({
  id: row.id,
  name: row.name,
  url: row.url,
  events: row.events as string[],
  active: row.active,
  secret,
});
export const serializeDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  event: row.event,
  attempt: row.attempt,
  at: (row.at ?? row.firstAt).toISOString(),
  status_code: row.statusCode,
  duration_ms: row.durationMs,
  response_excerpt: row.responseExcerpt,
});

/** The condition on a subject's rows an event's dry run looks at since `since`. */
function periodOf(event: AutomationEvent, subject: Subject, since: Date): SQL | undefined {
  switch (event) {
    case 'ticket.created':
    case 'record.created':
      return gte(subject.createdAt, since);
    case 'ticket.updated':
    case 'record.updated':
      return gte(subject.updatedAt, since);
    case 'ticket.sla_at_risk':
      return and(gte(subject.updatedAt, since), sql`${SUBJECTS.ticket!.resource.fields.sla_status!.column} in ('AT_RISK', 'BREACHED')`);
    case 'ticket.sla_breached':
      return and(gte(subject.updatedAt, since), sql`${SUBJECTS.ticket!.resource.fields.sla_status!.column} = 'BREACHED'`);
    case 'sitecheck.failed':
      return and(gte(subject.updatedAt, since), sql`${subject.resource.fields.status!.column} = 'FAILED'`);
    case 'sitecheck.missed':
      return and(gte(subject.updatedAt, since), sql`${subject.resource.fields.status!.column} = 'MISSED'`);
    case 'schedule':
      return undefined;
  }
}

/** Rules with their versions and run log, dry runs, webhooks and their deliveries (spec platform §14.3). */
export function createAutomationsService(deps: AutomationsServiceDeps) {
  const { db } = deps;
  const repository = createAutomationsRepository(db);

  const check = (rule: RuleInput, viewer: ListViewer) => checkRule(rule, viewer, repository);

  async function ruleOr404(id: string): Promise<RuleRow> {
    const row = await repository.findRule(id);
    if (!row) throw notFound();
    return row;
  }

  /** A rule's change as a new version (row and snapshot in one transaction). */
  async function saveVersion(user: AuthUser, id: string, rule: RuleInput, condition?: Conditional): Promise<Rule> {
    return deps.transaction(async (repo) => {
      const current = await repo.findRule(id, true);
      if (!current) throw notFound();
      // If-Match against the row locked until commit: a concurrent save cannot slip in between.
      checkIfMatch(condition, RULE_TAG, current);
      const version = current.version + 1;
      const row = await repo.updateRule(id, { ...columnsOf(rule), version, updatedAt: new Date(), updatedBy: user.id });
      await repo.insertVersion({ ruleId: id, version, snapshot: snapshotOf(rule), editedBy: user.id });
      condition?.setTag(entityTag(RULE_TAG, row.id, row.version));
      return serializeRule(row);
    });
  }

  async function dryRun(rule: RuleInput, viewer: ListViewer, sinceText: string | undefined): Promise<DryRun> {
    const subject = await check(rule, viewer);
    const event = rule.trigger.event as AutomationEvent;
    const modelName = subjectModelOf(event, rule.trigger.model)!;
    const target = subject ?? SUBJECTS[modelName]!;
    const since = sinceText ? new Date(sinceText) : new Date(Date.now() - DRY_RUN_DEFAULT_DAYS * 86_400_000);
    if (Number.isNaN(since.getTime())) throw new (await import('../../platform/errors')).ValidationError({ since: ['Enter a valid date-time.'] });
    const where = and(periodOf(event, target, since), ...compileFilters(target.resource, JSON.stringify(rule.conditions), SYSTEM_VIEWER), target.resource.rowScope?.(viewer));
    const [total] = await db.select({ n: count() }).from(target.table).where(where);
    const sample = await db
      .select({ id: sql<string>`${target.id}`, title: sql<string>`(${target.title})::text` })
      .from(target.table)
      .where(where)
      .orderBy(sql`${target.createdAt} desc`)
      .limit(DRY_RUN_SAMPLE);
    const first = sample[0];
    const names = first ? await repository.namesOf(idsNamedBy(rule.actions)) : new Map<string, string>();
    const actions = await Promise.all(
      rule.actions.map(async (action) => ({
        type: action.type,
        would: first ? await describeAction(db, target, { id: first.id, title: first.title ?? '' }, action, names) : 'Nothing matched: nothing would be done.',
      })),
    );
    return { matched: Number(total?.n ?? 0), sample: sample.map((s) => ({ model: modelName, id: s.id, title: s.title ?? '' })), actions };
  }

  return {
    repository,

    listRules: (list: ListRequest): Promise<ListAnswer<Rule>> =>
      listPage(db, list, { resource: rulesResource, hydrate: async (ids) => (await repository.rulesByIds(ids)).map(serializeRule) }),

    /** The detail, its ETag set through `condition` (conditional writes, spec platform §14.6). */
    async getRule(id: string, condition?: Conditional): Promise<Rule> {
      const row = await ruleOr404(id);
      condition?.setTag(entityTag(RULE_TAG, row.id, row.version));
      return serializeRule(row);
    },

    async createRule(user: AuthUser, viewer: ListViewer, input: RuleInput): Promise<Rule> {
      await check(input, viewer);
      return deps.transaction(async (repo) => {
        const row = await repo.insertRule({ ...columnsOf(input), version: 1, updatedBy: user.id });
        await repo.insertVersion({ ruleId: row.id, version: 1, snapshot: snapshotOf(input), editedBy: user.id });
        return serializeRule(row);
      });
    },

    /** PUT/PATCH; with `condition` (If-Match), StaleRecord (412) when the rule moved on, nothing saved. */
    async updateRule(user: AuthUser, viewer: ListViewer, id: string, changes: RuleChanges, condition?: Conditional): Promise<Rule> {
      const read = await ruleOr404(id);
      // Refused early when stale (a PATCH merged onto a newer rule would be checked against the wrong one); checked again locked.
      checkIfMatch(condition, RULE_TAG, read);
      const merged: RuleInput = { ...inputOf(read), ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
      await check(merged, viewer);
      return saveVersion(user, id, merged, condition);
    },

    /** DELETE; with `condition` (If-Match), StaleRecord (412) when the rule moved on, nothing deleted. */
    async removeRule(id: string, condition?: Conditional): Promise<void> {
      await deps.transaction(async (repo) => {
        const current = await repo.findRule(id, true);
        if (!current) throw notFound();
        checkIfMatch(condition, RULE_TAG, current);
        await repo.removeRule(id);
      });
    },

    async versions(id: string): Promise<RuleVersion[]> {
      await ruleOr404(id);
      return (await repository.versions(id)).map((v) => ({
        version: v.version,
        rule: v.snapshot as Record<string, unknown>,
        edited_by: v.editorId ? { id: v.editorId, full_name: `${v.editorFirst ?? ''} ${v.editorLast ?? ''}`.trim() } : null,
        at: v.at.toISOString(),
      }));
    },

    /**
     * A version's rule becomes the next version, checked again (a team or webhook it names may be gone).
     * With `condition` (If-Match), StaleRecord (412) when the rule moved on since the caller read it.
     */
    async restore(user: AuthUser, viewer: ListViewer, id: string, version: number, condition?: Conditional): Promise<Rule> {
      const read = await ruleOr404(id);
      // Refused early when stale (the restore was chosen against another rule); checked again locked.
      checkIfMatch(condition, RULE_TAG, read);
      const found = await repository.findVersion(id, version);
      if (!found) throw AUTOMATION_ERRORS.error('NO_SUCH_VERSION', version);
      const rule = found.snapshot as RuleInput;
      await check(rule, viewer);
      return saveVersion(user, id, rule, condition);
    },

    dryRun,
    async savedDryRun(viewer: ListViewer, id: string, since: string | undefined): Promise<DryRun> {
      return dryRun(inputOf(await ruleOr404(id)), viewer, since);
    },

    listRuns: (list: ListRequest): Promise<ListAnswer<Run>> =>
      listPage(db, list, {
        resource: runsResource,
        hydrate: async (ids) =>
          (await repository.runsByIds(ids)).map(({ run, ruleName }) => ({
            id: run.id,
            rule: { id: run.ruleId, name: ruleName, version: run.ruleVersion },
            event: run.event,
            subject: { model: run.subjectModel, id: run.subjectId },
            at: run.at.toISOString(),
            outcome: run.outcome as Run['outcome'],
            actions: run.actions as Run['actions'],
          })),
      }),

    // ------------------------------------------------------------ webhooks

    listWebhooks: (list: ListRequest): Promise<ListAnswer<Webhook>> =>
      listPage(db, list, { resource: webhooksResource, hydrate: async (ids) => (await repository.webhooksByIds(ids)).map((row) => serializeWebhook(row)) }),

    async getWebhook(id: string): Promise<Webhook> {
      const row = await repository.findWebhook(id);
      if (!row) throw notFound();
      return serializeWebhook(row);
    },

    /** The secret (`whsec_` + 32 random bytes in base64) is in this answer only. */
    async createWebhook(input: WebhookInput): Promise<Webhook> {
      await deps.guardUrl(input.url);
      const secret = `whsec_${randomBytes(32).toString('base64')}`;
      const row = await repository.insertWebhook({ ...input, secret });
      return serializeWebhook(row, secret);
    },

    async updateWebhook(id: string, changes: WebhookChanges): Promise<Webhook> {
      if (changes.url !== undefined) await deps.guardUrl(changes.url);
      const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const row = await repository.updateWebhook(id, { ...values, updatedAt: new Date() });
      if (!row) throw notFound();
      return serializeWebhook(row);
    },

    async removeWebhook(id: string): Promise<void> {
      if (!(await repository.removeWebhook(id))) throw notFound();
    },

    async deliveries(id: string, list: ListRequest): Promise<ListAnswer<Delivery>> {
      if (!(await repository.findWebhook(id))) throw notFound();
      return listPage(db, list, {
        resource: deliveriesResource,
        where: eq(webhookDeliveries.webhookId, id),
        hydrate: async (ids) => (await repository.deliveriesByIds(ids)).map(serializeDelivery),
      });
    },
  };
}

export type AutomationsService = ReturnType<typeof createAutomationsService>;
