import { AsyncResource } from 'node:async_hooks';
import { and, sql, type SQL } from 'drizzle-orm';
import { MAX_CHAIN_DEPTH, type ActionResult, type RuleAction, type RunOutcome } from '@ops/contract/automations/automations.schemas';
import type { Db, DbOrTx } from '../../platform/db';
import type { AuthUser } from '../../platform/auth';
import { ApiError } from '../../platform/errors';
import { compileFilters } from '../../list-query/list-filters';
import { SYSTEM_VIEWER } from '../../list-query/list-resource';
import { idIn } from '../../list-query/list-page';
import { uuidv7 } from '../../db/ids';
import { users } from '../identity/index';
import { tickets, type HelpdeskService, type TicketRaiser } from '../helpdesk/index';
import { helpdeskTeamMembers } from '../helpdesk-flow/index';
import type { NotificationDraft, NotificationWriter } from '../notifications/index';
import { createAutomationsRepository, type EventRow, type RuleRow, type RunDraft } from './automations.repository';
import { SUBJECTS, type Subject } from './automations.subjects';
import { ruleContext, type RuleContext } from './automation-events';
import { render, variableNames, variablesOfMany } from './rule-actions';
import { nextRunOf } from './schedules';
import type { WebhookQueue } from './webhook-deliveries';

export interface RuleRunnerDeps {
  db: Db;
  helpdesk: Pick<HelpdeskService, 'updateWithin' | 'updateManyWithin'> & TicketRaiser;
  notifications: NotificationWriter;
  webhooks: WebhookQueue;
  log: (message: string, error?: unknown) => void;
  /** A RUNNING event whose runner stopped beating this long ago is taken over. */
  staleAfterMs?: number;
  pollMs?: number;
  /** Events claimed per statement (a burst's events are read, matched and run in batches). */
  batchSize?: number;
}

/** A matched rule's run on one event, its actions' results filled in as the batch runs them. */
interface Run {
  id: string;
  rule: RuleRow;
  event: EventRow;
  subject: Subject;
  actions: RuleAction[];
  results: ActionResult[];
  /** What the events its actions cause carry: one hop deeper, this rule among their origins. */
  context: RuleContext;
  actor: AuthUser;
}

/** One action of one run: the unit a batch groups by kind. */
interface Step {
  run: Run;
  index: number;
  action: RuleAction;
}

/** What a group of steps did: a result per step (in order) and what to do once the batch committed. */
interface Done {
  results: ActionResult[];
  after: (() => void)[];
}

/** The actions that write their subject: a later action on the same subject must see what they wrote. */
const WRITES = new Set<RuleAction['type']>(['set_fields', 'assign']);
const succeeded = (step: Step, detail: string): ActionResult => ({ type: step.action.type, outcome: 'SUCCEEDED', detail });
const failed = (step: Step, detail: string): ActionResult => ({ type: step.action.type, outcome: 'FAILED', detail });
/** Field errors as one line: `ticket_status: Cannot change status from OPEN to REOPENED.` */
function fieldMessages(body: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(body).flatMap(([field, value]) => {
    const name = field === 'non_field_errors' ? prefix : `${prefix}${prefix ? '.' : ''}${field}`;
    if (Array.isArray(value)) return [`${name ? `${name}: ` : ''}${value.join(' ')}`];
    return value && typeof value === 'object' ? fieldMessages(value as Record<string, unknown>, name) : [];
  });
}
/** What a failed action's result says: the error's message, or a 400's field messages (an API error's own message is only its status). */
function messageOf(error: unknown): string {
  const text = error instanceof ApiError && typeof error.body.detail !== 'string' ? fieldMessages(error.body).join(' ') : '';
  return (text || (error instanceof Error ? error.message : String(error))).slice(0, 500);
}
const ROLES = ['assignee', 'requester', 'team'];

/** `items` grouped by `key`, each group in the items' order. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * The automation runner (spec platform §14.3): claims committed events from the outbox with FOR
 * UPDATE SKIP LOCKED (one instance per event), finds the active rules whose `changed` fields and
 * conditions hold, and runs them a batch at a time, set-based: in one transaction per batch, the
 * batch's run rows are inserted in one statement (unique per event, rule and subject, before any
 * action, so a second instance or a retry never repeats a run), the actions run grouped by kind,
 * the outcomes are written in one statement and the events marked done; a crash rolls all of it
 * back and the events are taken over whole. A rule never hears a change its own actions made, and a
 * chain of rules stops at depth 3 (SKIPPED).
 */
export function createRuleRunner(deps: RuleRunnerDeps) {
  const { db } = deps;
  const repository = createAutomationsRepository(db);
  const staleAfterMs = deps.staleAfterMs ?? 120_000;
  const pollMs = deps.pollMs ?? 1000;
  const batchSize = deps.batchSize ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  /** Whether a rule hears an event at all, before its conditions are read. */
  function hears(rule: RuleRow, event: EventRow): Subject | undefined {
    const subject = Object.hasOwn(SUBJECTS, event.model) ? SUBJECTS[event.model]! : undefined;
    if (!subject) return undefined;
    if (rule.event !== 'schedule' && rule.model && rule.model !== event.model) return undefined;
    // A rule does not hear a change its own actions made.
    if ((event.originRules as string[]).includes(rule.id)) return undefined;
    const changed = rule.changed as string[];
    if (changed.length && !changed.some((f) => (event.changedFields as string[]).includes(f))) return undefined;
    return subject;
  }

  /** One rule's conditions as SQL on its subject's table (`true` when it has none); undefined when they no longer compile. */
  function conditionOf(subject: Subject, rule: RuleRow): SQL | undefined {
    try {
      return and(...compileFilters(subject.resource, JSON.stringify(rule.conditions), SYSTEM_VIEWER)) ?? sql`true`;
    } catch (error) {
      deps.log(`automation rule ${rule.id}: its conditions failed`, error);
      return undefined;
    }
  }

  /**
   * Which of the heard subjects each rule's conditions select: one statement per subject model for
   * all the batch's rules (a column per rule); if that statement fails, one per rule, so one rule's
   * broken conditions cost only that rule its runs.
   */
  async function conditionsHold(subject: Subject, entries: { rule: RuleRow; subjectIds: Set<string> }[]): Promise<Set<string>[]> {
    const conditions = entries.map(({ rule }) => conditionOf(subject, rule));
    const ids = [...new Set(entries.flatMap(({ subjectIds }) => [...subjectIds]))];
    const held = entries.map(() => new Set<string>());
    const columns = Object.fromEntries(conditions.flatMap((condition, i) => (condition ? [[`m${i}`, sql<boolean>`coalesce((${condition}), false)`]] : [])));
    try {
      const rows = (await db
        .select({ id: sql<string>`(${subject.id})::text`, ...columns })
        .from(subject.table)
        .where(idIn(subject.id, ids))) as Record<string, unknown>[];
      for (const row of rows)
        conditions.forEach((condition, i) => {
          if (condition && row[`m${i}`] === true) held[i]!.add(String(row.id));
        });
      return held;
    } catch (error) {
      deps.log(`automation rules on ${subject.model}: their conditions failed together, read one rule at a time`, error);
    }
    for (const [i, { rule, subjectIds }] of entries.entries()) {
      if (!conditions[i]) continue;
      try {
        const rows = await db
          .select({ id: sql<string>`(${subject.id})::text` })
          .from(subject.table)
          .where(and(idIn(subject.id, [...subjectIds]), conditions[i]));
        rows.forEach((row) => held[i]!.add(String(row.id)));
      } catch (error) {
        deps.log(`automation rule ${rule.id}: its conditions failed`, error);
      }
    }
    return held;
  }

  /**
   * The batch's matched (rule, event) pairs, in event order and, per event, in rule order: rules
   * read in two statements, conditions in one per subject model.
   */
  async function matchedPairs(events: EventRow[]): Promise<{ rule: RuleRow; event: EventRow; subject: Subject }[]> {
    const byEvent = groupBy(await repository.activeRulesOfEvents([...new Set(events.filter((e) => !e.ruleId).map((e) => e.event))]), (rule) => rule.event);
    const scheduled = new Map((await repository.activeRulesByIds([...new Set(events.flatMap((e) => (e.ruleId ? [e.ruleId] : [])))])).map((r) => [r.id, r]));
    const pairs: { rule: RuleRow; event: EventRow; subject: Subject }[] = [];
    const heard = new Map<string, { rule: RuleRow; subject: Subject; subjectIds: Set<string> }>();
    for (const event of events) {
      const rules = event.ruleId ? [scheduled.get(event.ruleId)].filter((r): r is RuleRow => !!r) : (byEvent.get(event.event) ?? []);
      for (const rule of rules) {
        const subject = hears(rule, event);
        if (!subject) continue;
        const key = `${rule.id}:${subject.model}`;
        const entry = heard.get(key) ?? { rule, subject, subjectIds: new Set<string>() };
        entry.subjectIds.add(event.subjectId);
        heard.set(key, entry);
        pairs.push({ rule, event, subject });
      }
    }
    const matched = new Set<string>();
    for (const entries of groupBy([...heard.values()], (entry) => entry.subject).values()) {
      const held = await conditionsHold(entries[0]!.subject, entries);
      entries.forEach(({ rule, subject }, i) => held[i]!.forEach((id) => matched.add(`${rule.id}:${subject.model}:${id}`)));
    }
    return pairs.filter(({ rule, event, subject }) => matched.has(`${rule.id}:${subject.model}:${event.subjectId}`));
  }

  // ------------------------------------------------------------ actions, a group of steps at a time

  /** The variables' values of each step's texts, one statement per subject model; per step, in order. */
  async function valuesOf(tx: DbOrTx, steps: Step[], texts: (action: RuleAction) => string[]): Promise<Map<string, string>[]> {
    const read = new Map<Subject, Map<string, Map<string, string>>>();
    for (const [subject, group] of groupBy(steps, (s) => s.run.subject)) {
      const names = new Set(group.flatMap((s) => [...variableNames(texts(s.action))]));
      read.set(subject, await variablesOfMany(tx, subject, group.map((s) => s.run.event.subjectId), names));
    }
    return steps.map((s) => read.get(s.run.subject)?.get(s.run.event.subjectId) ?? new Map());
  }

  /** Each step's recipients (its `to`: roles of its ticket, user ids; addresses left out): tickets and team members read once for the group. */
  async function recipientsOf(tx: DbOrTx, steps: Step[], to: (action: RuleAction) => string[]): Promise<string[][]> {
    const ticketIds = [...new Set(steps.filter((s) => s.run.subject.model === 'ticket' && to(s.action).some((who) => ROLES.includes(who))).map((s) => s.run.event.subjectId))];
    const rows = ticketIds.length
      ? await tx
          .select({ id: sql<string>`(${tickets.id})::text`, assigneeId: tickets.assigneeId, requesterId: tickets.requesterId, teamId: tickets.teamId })
          .from(tickets)
          .where(idIn(tickets.id, ticketIds))
      : [];
    const ticketById = new Map(rows.map((row) => [String(row.id), row]));
    const teamIds = [...new Set(steps.flatMap((s) => (to(s.action).includes('team') ? [ticketById.get(s.run.event.subjectId)?.teamId ?? ''] : [])).filter(Boolean))];
    const members: Map<string, { userId: string }[]> = teamIds.length
      ? groupBy(
          await tx.select({ teamId: helpdeskTeamMembers.teamId, userId: helpdeskTeamMembers.userId }).from(helpdeskTeamMembers).where(idIn(helpdeskTeamMembers.teamId, teamIds)),
          (m) => m.teamId,
        )
      : new Map<string, { userId: string }[]>();
    return steps.map((s) => {
      const ids = new Set<string>();
      const ticket = s.run.subject.model === 'ticket' ? ticketById.get(s.run.event.subjectId) : undefined;
      for (const who of to(s.action)) {
        if (who === 'assignee' && ticket?.assigneeId) ids.add(ticket.assigneeId);
        else if (who === 'requester' && ticket?.requesterId) ids.add(ticket.requesterId);
        else if (who === 'team' && ticket?.teamId) (members.get(ticket.teamId) ?? []).forEach((m) => ids.add(m.userId));
        else if (!ROLES.includes(who) && !who.includes('@')) ids.add(who);
      }
      return [...ids];
    });
  }

  /** Notify: every step's notifications through the notifications' writer in one call (each run's action its own notification). */
  async function notify(tx: DbOrTx, steps: Step[]): Promise<Done> {
    const message = (action: RuleAction) => (action.type === 'notify' ? action.message : '');
    const values = await valuesOf(tx, steps, (action) => [message(action)]);
    const recipients = await recipientsOf(tx, steps, (action) => (action.type === 'notify' ? action.to : []));
    const drafts: NotificationDraft[] = steps.flatMap((step, i) => {
      const { subject, event } = step.run;
      const description = render(message(step.action), values[i]!).slice(0, 1000);
      return recipients[i]!.map((recipientId) => ({
        recipientId,
        actorId: null,
        verb: 'automation',
        description,
        target: { type: subject.model, id: event.subjectId, text: description.slice(0, 200) },
        key: `${step.run.id}:${step.index}`,
      }));
    });
    const recorded = await deps.notifications.record(tx, drafts);
    return { results: steps.map((step, i) => succeeded(step, `Notified ${recipients[i]!.length} user(s).`)), after: [() => deps.notifications.afterCommit(recorded)] };
  }

  /** E-mail: the recipients' addresses read once, every step's messages written to the outbox in one call. */
  async function email(tx: DbOrTx, steps: Step[]): Promise<Done> {
    const texts = (action: RuleAction) => (action.type === 'email' ? { to: action.to, subject: action.subject, body: action.body } : { to: [], subject: '', body: '' });
    const values = await valuesOf(tx, steps, (action) => [texts(action).subject, texts(action).body]);
    const ids = await recipientsOf(tx, steps, (action) => texts(action).to);
    const allIds = [...new Set(ids.flat())];
    const emailOf = new Map(
      (allIds.length ? await tx.select({ id: sql<string>`(${users.id})::text`, email: users.email }).from(users).where(idIn(users.id, allIds)) : []).map((u) => [String(u.id), u.email]),
    );
    const addresses = steps.map((step, i) => [...texts(step.action).to.filter((who) => who.includes('@')), ...ids[i]!.flatMap((id) => (emailOf.get(id) ? [emailOf.get(id)!] : []))]);
    const messages = steps.flatMap((step, i) => {
      const subject = render(texts(step.action).subject, values[i]!);
      const text = render(texts(step.action).body, values[i]!);
      return addresses[i]!.map((to) => ({ to, subject, text }));
    });
    const recorded = await deps.notifications.mail(tx, messages);
    return {
      results: steps.map((step, i) => succeeded(step, recorded.emails && addresses[i]!.length ? `Queued ${addresses[i]!.length} e-mail(s).` : 'Mail is not configured: nothing sent.')),
      after: [() => deps.notifications.afterCommit(recorded)],
    };
  }

  /** Create a ticket: raised through the help desk in the batch's transaction, one by one (each its own routing and notifications). */
  async function createTicket(tx: DbOrTx, steps: Step[]): Promise<Done> {
    const values = await valuesOf(tx, steps, (action) => (action.type === 'create_ticket' ? [action.title] : []));
    // The subject's own cost centre, for actions naming none: one statement per subject model that has one.
    const siteOf = new Map<string, string | null>();
    for (const [subject, group] of groupBy(
      steps.filter((s) => s.action.type === 'create_ticket' && !s.action.cost_centre),
      (s) => s.run.subject,
    )) {
      const field = subject.resource.fields.cost_centre;
      if (!field) continue;
      const rows = await tx
        .select({ id: sql<string>`(${subject.id})::text`, site: sql<string | null>`(${field.column})::text` })
        .from(subject.table)
        .where(idIn(subject.id, [...new Set(group.map((s) => s.run.event.subjectId))]));
      rows.forEach((row) => siteOf.set(`${subject.model}:${row.id}`, row.site));
    }
    const done: Done = { results: [], after: [] };
    for (const [i, step] of steps.entries()) {
      const { action, run } = step;
      if (action.type !== 'create_ticket') continue;
      const costCentreId = action.cost_centre || siteOf.get(`${run.subject.model}:${run.event.subjectId}`) || null;
      if (!costCentreId) {
        done.results.push(failed(step, 'The subject has no cost centre.'));
        continue;
      }
      const title = render(action.title, values[i]!).slice(0, 200);
      const raised = await ruleContext.run(run.context, () =>
        deps.helpdesk.raiseWithin(tx, run.actor, {
          title,
          type: action.ticket_type as never,
          priority: action.priority as never,
          content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] },
          costCentreId,
          source: 'automation',
        }),
      );
      done.after.push(raised.afterCommit);
      done.results.push(succeeded(step, `Created ticket ${raised.id}.`));
    }
    return done;
  }

  /** Webhook: every step's message queued in one statement (the webhooks read in one). */
  async function webhook(tx: DbOrTx, steps: Step[]): Promise<Done> {
    const target = (action: RuleAction) => (action.type === 'webhook' ? action.webhook : '');
    const queued = await deps.webhooks.enqueueMany(
      tx,
      steps.map(({ action, run }) => ({ webhookId: target(action), event: run.event.event, data: { model: run.subject.model, id: run.event.subjectId, rule: run.event.ruleId } })),
    );
    return {
      results: steps.map((step) => (queued.has(target(step.action)) ? succeeded(step, 'Delivery queued.') : failed(step, 'The webhook no longer exists or is inactive.'))),
      after: queued.size ? [() => deps.webhooks.kick()] : [],
    };
  }

  /** The current values (as text) of the fields the group's `set_fields` steps set, per ticket: one statement. */
  async function fieldsNow(tx: DbOrTx, steps: Step[]): Promise<Map<string, Record<string, string | null>>> {
    const setting = steps.filter((s) => s.action.type === 'set_fields' && s.run.subject.model === 'ticket');
    const subject = SUBJECTS.ticket!;
    const names = [...new Set(setting.flatMap((s) => (s.action.type === 'set_fields' ? Object.keys(s.action.fields) : [])))].filter((f) => Object.hasOwn(subject.resource.fields, f));
    if (!setting.length || !names.length) return new Map();
    const rows = (await tx
      .select({ id: sql<string>`(${subject.id})::text`, ...Object.fromEntries(names.map((f, i) => [`f${i}`, sql<string | null>`(${subject.resource.fields[f]!.column})::text`])) })
      .from(subject.table)
      .where(idIn(subject.id, [...new Set(setting.map((s) => s.run.event.subjectId))]))) as Record<string, unknown>[];
    return new Map(rows.map((row) => [String(row.id), Object.fromEntries(names.map((f, i) => [f, row[`f${i}`] == null ? null : String(row[`f${i}`])]))]));
  }

  /**
   * Set fields and assign: the tickets changed through the help desk's own update (its checks,
   * history, SLA clock, events), all in the batch's transaction. The steps giving the same change as
   * the same actor in the same rule context (the level's tickets of one rule, typically) go as one
   * group through the help desk's set-based update; a group refused (one of its tickets refused) is
   * rolled back by `inGroup` and its steps run one by one. A `set_fields` whose values the ticket
   * already holds writes nothing (no history, no event, no new version to make an editor's form stale).
   */
  async function write(tx: DbOrTx, steps: Step[]): Promise<Done> {
    const results = new Map<Step, ActionResult>();
    const now = await fieldsNow(tx, steps);
    const changing: { step: Step; changes: Record<string, unknown>; detail: string }[] = [];
    for (const step of steps) {
      const { action, run } = step;
      const id = run.event.subjectId;
      if (action.type === 'set_fields') {
        if (run.subject.model !== 'ticket') {
          results.set(step, failed(step, `Fields of ${run.subject.model} cannot be set.`));
          continue;
        }
        const held = now.get(id);
        if (held && Object.entries(action.fields).every(([field, value]) => Object.hasOwn(held, field) && held[field] === String(value))) {
          results.set(step, succeeded(step, `Set ${Object.keys(action.fields).join(', ')}: already so, nothing changed.`));
          continue;
        }
        changing.push({ step, changes: action.fields, detail: `Set ${Object.keys(action.fields).join(', ')}.` });
      } else if (action.type === 'assign') {
        const changes = { ...(action.team ? { team: action.team } : {}), ...(action.user ? { assignee: action.user } : {}) };
        changing.push({ step, changes, detail: `Assigned to${action.team ? ` team ${action.team}` : ''}${action.user ? ` user ${action.user}` : ''}.` });
      }
    }
    const after: (() => void)[] = [];
    for (const group of groupBy(changing, ({ step, changes }) => JSON.stringify([step.run.actor.id, changes, step.run.context])).values()) {
      const { run } = group[0]!.step;
      const ids = group.map(({ step }) => step.run.event.subjectId);
      const changed = await ruleContext.run(run.context, () => deps.helpdesk.updateManyWithin(tx, run.actor, ids, group[0]!.changes as never));
      after.push(changed.afterCommit);
      for (const { step, detail } of group) results.set(step, succeeded(step, detail));
    }
    return { results: steps.map((step) => results.get(step)!), after };
  }

  const READS: Record<Exclude<RuleAction['type'], 'set_fields' | 'assign'>, (tx: DbOrTx, steps: Step[]) => Promise<Done>> = {
    notify,
    email,
    create_ticket: createTicket,
    webhook,
  };

  /**
   * A group of steps under one savepoint; if anything in it fails, the group is rolled back and its
   * steps run again one by one, each under its own savepoint, so a failed action is that run's
   * FAILED result with its error and the others still act.
   */
  async function inGroup(tx: DbOrTx, steps: Step[], work: (tx: DbOrTx, steps: Step[]) => Promise<Done>, after: (() => void)[]): Promise<void> {
    const settle = (group: Step[], done: Done) => {
      group.forEach((step, i) => (step.run.results[step.index] = done.results[i]!));
      after.push(...done.after);
    };
    try {
      settle(steps, await tx.transaction((savepoint) => work(savepoint, steps)));
      return;
    } catch (error) {
      if (steps.length === 1) {
        steps[0]!.run.results[steps[0]!.index] = failed(steps[0]!, messageOf(error));
        return;
      }
    }
    for (const step of steps) {
      try {
        settle([step], await tx.transaction((savepoint) => work(savepoint, [step])));
      } catch (error) {
        step.run.results[step.index] = failed(step, messageOf(error));
      }
    }
  }

  /**
   * The runs' actions, set-based. Per subject the steps (each run's actions, runs in event and rule
   * order) keep their order where it matters: a step's level is how many writes (set_fields,
   * assign) of its subject come before it. Level by level, the reads (notify, email, create_ticket,
   * webhook) run grouped by kind across all subjects, then the level's writes (at most one per
   * subject, in subject order); so a text always renders what the writes before it wrote.
   */
  async function runActions(tx: DbOrTx, runs: Run[], after: (() => void)[]): Promise<void> {
    const levels: Step[][] = [];
    const writes = new Map<string, number>();
    for (const run of runs) {
      const key = `${run.subject.model}:${run.event.subjectId}`;
      run.actions.forEach((action, index) => {
        const level = writes.get(key) ?? 0;
        (levels[level] ??= []).push({ run, index, action });
        if (WRITES.has(action.type)) writes.set(key, level + 1);
      });
    }
    for (const steps of levels) {
      for (const [type, group] of groupBy(
        steps.filter((s) => !WRITES.has(s.action.type)),
        (s) => s.action.type as keyof typeof READS,
      ))
        await inGroup(tx, group, READS[type], after);
      const written = steps.filter((s) => WRITES.has(s.action.type)).sort((a, b) => (a.run.event.subjectId < b.run.event.subjectId ? -1 : 1));
      if (written.length) await inGroup(tx, written, write, after);
    }
  }

  /** The rules' last editors, whom their actions act as: one statement for the batch. */
  async function actorsOf(tx: DbOrTx, rules: RuleRow[]): Promise<Map<string, AuthUser>> {
    const rows = await createAutomationsRepository(tx).activeUsersByIds([...new Set(rules.flatMap((r) => (r.updatedBy ? [r.updatedBy] : [])))]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * A claimed batch in one transaction: the matched runs inserted (only those no one inserted before
   * run), their actions, their outcomes, the webhooks' messages of the events, and the events done.
   * Answers what to announce once it committed.
   */
  async function handleBatch(token: string, events: EventRow[]): Promise<(() => void)[]> {
    const pairs = await matchedPairs(events);
    return db.transaction(async (tx) => {
      const repo = createAutomationsRepository(tx);
      const after: (() => void)[] = [];
      const drafts: { pair: (typeof pairs)[number]; run: RunDraft }[] = pairs.map((pair) => {
        const { rule, event, subject } = pair;
        const skipped = event.depth >= MAX_CHAIN_DEPTH;
        const run: RunDraft = {
          id: uuidv7(),
          eventId: event.id,
          ruleId: rule.id,
          ruleVersion: rule.version,
          event: event.event,
          subjectModel: subject.model,
          subjectId: event.subjectId,
          outcome: skipped ? 'SKIPPED' : 'FAILED',
          actions: skipped
            ? [{ type: 'chain', outcome: 'SKIPPED', detail: `Chain of rules stopped at depth ${MAX_CHAIN_DEPTH}: this event was caused by rules ${(event.originRules as string[]).join(', ')}.` }]
            : [{ type: 'run', outcome: 'FAILED', detail: 'Interrupted before its actions finished.' }],
        };
        return { pair, run };
      });
      // Claimed before any action: a second instance (or a retry) finds the runs and leaves them.
      const owned = await repo.insertRuns(drafts.map((d) => d.run));
      const toRun = drafts.filter((d) => d.run.outcome !== 'SKIPPED' && owned.has(d.run.id)).map((d) => ({ id: d.run.id, pair: d.pair }));
      if (toRun.length) {
        const actors = await actorsOf(tx, toRun.map((d) => d.pair.rule));
        const runs: Run[] = [];
        const finished: { id: string; outcome: RunOutcome; actions: ActionResult[] }[] = [];
        for (const { id, pair } of toRun) {
          const { rule, event, subject } = pair;
          const actions = rule.actions as RuleAction[];
          const actor = rule.updatedBy ? actors.get(rule.updatedBy) : undefined;
          if (!actor) {
            const detail = "The rule's last editor is no longer an active user to act as.";
            finished.push({ id, outcome: actions.length ? 'FAILED' : 'SUCCEEDED', actions: actions.map((a) => ({ type: a.type, outcome: 'FAILED', detail })) });
            continue;
          }
          runs.push({ id, rule, event, subject, actions, actor, results: [], context: { depth: event.depth + 1, originRules: [...(event.originRules as string[]), rule.id] } });
        }
        await runActions(tx, runs, after);
        for (const run of runs)
          finished.push({ id: run.id, outcome: run.results.some((r) => r.outcome === 'FAILED') ? 'FAILED' : 'SUCCEEDED', actions: run.results });
        await repo.finishRuns(finished, new Date());
      }
      // A webhook hears every event it subscribed to, whether or not a rule exists (schedules excepted: they are a rule's).
      const fannedOut = await deps.webhooks.fanOutMany(
        tx,
        events.filter((e) => !e.ruleId && e.depth < MAX_CHAIN_DEPTH).map((e) => ({ event: e.event, data: { model: e.model, id: e.subjectId } })),
      );
      if (fannedOut) after.push(() => deps.webhooks.kick());
      await repo.finishEvents(token);
      return after;
    });
  }

  /**
   * Due schedules: each instance may read one, but only the one whose conditional update moves its
   * `next_run_at` on fires it, writing one event per record the conditions select (at most 1000).
   */
  async function fireSchedules(now = new Date()): Promise<void> {
    for (const rule of await repository.dueSchedules(now)) {
      const subject = rule.model && Object.hasOwn(SUBJECTS, rule.model) ? SUBJECTS[rule.model]! : undefined;
      const next = rule.cron && rule.timezone ? nextRunOf(rule.cron, rule.timezone, now) : null;
      if (!(await repository.advanceSchedule(rule.id, now, next)) || !subject) continue;
      const filters = compileFilters(subject.resource, JSON.stringify(rule.conditions), SYSTEM_VIEWER);
      const rows = await db.select({ id: sql<string>`${subject.id}` }).from(subject.table).where(and(...filters)).limit(1000);
      if (rows.length) await repository.insertEvents(rows.map((row) => ({ event: 'schedule', model: subject.model, subjectId: row.id, ruleId: rule.id })));
    }
  }

  /** Claims and handles events, a batch at a time, until none is left. */
  async function drainOnce(): Promise<number> {
    await fireSchedules();
    let handled = 0;
    for (;;) {
      if (stopped && handled > 0) return handled;
      const token = uuidv7();
      const events = await repository.claimEvents(token, new Date(Date.now() - staleAfterMs), batchSize);
      if (!events.length) return handled;
      let after: (() => void)[] | undefined;
      // Once more on failure (a deadlock or a lost connection rolls the whole batch back); after that
      // the events stay claimed and are taken over once stale.
      for (let attempt = 1; !after && attempt <= 2; attempt++) {
        try {
          after = await handleBatch(token, events);
        } catch (error) {
          deps.log(`automation batch of ${events.length} events failed (attempt ${attempt})`, error);
        }
      }
      after?.forEach((announce) => announce());
      handled += events.length;
    }
  }

  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        try {
          await drainOnce();
        } catch (error) {
          deps.log('automation runner failed', error);
        }
      } while (again && !stopped);
    })().finally(() => {
      draining = undefined;
    });
    return draining;
  }

  return {
    drain,
    fireSchedules,
    // Bound where the runner is made, so a run woken from a request never joins that request's
    // context (its SQL trace, its rule chain): the runner works for no request.
    kick: AsyncResource.bind(() => {
      if (!stopped) void drain();
    }),
    start() {
      stopped = false;
      const tick = () => {
        timer = setTimeout(() => void drain().finally(() => !stopped && tick()), pollMs);
        timer.unref?.();
      };
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await draining;
    },
  };
}

export type RuleRunner = ReturnType<typeof createRuleRunner>;
