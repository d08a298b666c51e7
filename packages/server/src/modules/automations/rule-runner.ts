import { AsyncResource } from 'node:async_hooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_CHAIN_DEPTH, type ActionResult, type RuleAction, type RunOutcome } from '@ops/contract/automations/automations.schemas';
import type { Db } from '../../platform/db';
import type { AuthUser } from '../../platform/auth';
import { compileFilters } from '../../list-query/list-filters';
import { SYSTEM_VIEWER } from '../../list-query/list-resource';
import { uuidv7 } from '../../db/ids';
import { users } from '../identity/index';
import { tickets, type HelpdeskService, type TicketRaiser } from '../helpdesk/index';
import { helpdeskTeamMembers } from '../helpdesk-flow/index';
import type { NotificationWriter } from '../notifications/index';
import { createAutomationsRepository, type EventRow, type RuleRow } from './automations.repository';
import { SUBJECTS, type Subject } from './automations.subjects';
import { ruleContext } from './automation-events';
import { render, variablesOf } from './rule-actions';
import { nextRunOf } from './schedules';
import type { WebhookQueue } from './webhook-deliveries';

export interface RuleRunnerDeps {
  db: Db;
  helpdesk: Pick<HelpdeskService, 'updateTicket'> & TicketRaiser;
  notifications: NotificationWriter;
  webhooks: WebhookQueue;
  log: (message: string, error?: unknown) => void;
  /** A RUNNING event whose runner stopped beating this long ago is taken over. */
  staleAfterMs?: number;
  pollMs?: number;
  /** Events claimed per statement (a burst's events are read, matched and finished in batches). */
  batchSize?: number;
  /** Subjects whose runs go on at once (one subject's runs stay in order). */
  parallel?: number;
}

/** Runs `work` on every item, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * The automation runner (spec platform §14.3): claims committed events from the outbox with FOR
 * UPDATE SKIP LOCKED (one instance per event), runs every active rule of the event whose `changed`
 * fields and conditions hold, and logs each run. The run row is written (unique per event, rule and
 * subject) before the actions, so an event taken over after a crash never repeats a run; a rule
 * never hears a change its own actions made, and a chain of rules stops at depth 3 (SKIPPED).
 */
export function createRuleRunner(deps: RuleRunnerDeps) {
  const { db } = deps;
  const repository = createAutomationsRepository(db);
  const staleAfterMs = deps.staleAfterMs ?? 120_000;
  const pollMs = deps.pollMs ?? 1000;
  const batchSize = deps.batchSize ?? 100;
  const parallel = deps.parallel ?? 4;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  async function actorOf(rule: RuleRow): Promise<AuthUser | undefined> {
    if (!rule.updatedBy) return undefined;
    const [row] = await db.select().from(users).where(eq(users.id, rule.updatedBy)).limit(1);
    if (!row || !row.isActive) return undefined;
    return { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, isSuperuser: row.isSuperuser, isActive: row.isActive, userType: row.userType };
  }

  /** Which of `subjectIds` the rule's conditions select: one statement per rule for a batch of events. */
  async function matching(subject: Subject, rule: RuleRow, subjectIds: string[]): Promise<Set<string>> {
    const filters = compileFilters(subject.resource, JSON.stringify(rule.conditions), SYSTEM_VIEWER);
    const rows = await db.select({ id: sql<string>`${subject.id}` }).from(subject.table).where(and(inArray(subject.id, subjectIds), ...filters));
    return new Set(rows.map((r) => String(r.id)));
  }

  async function recipientsOf(subject: Subject, subjectId: string, to: string[]): Promise<string[]> {
    const ids = new Set<string>();
    const roles = to.some((who) => ['assignee', 'requester', 'team'].includes(who));
    const [ticket] = roles && subject.model === 'ticket' ? await db.select().from(tickets).where(eq(tickets.id, subjectId)).limit(1) : [];
    for (const who of to) {
      if (who === 'assignee' && ticket?.assigneeId) ids.add(ticket.assigneeId);
      else if (who === 'requester' && ticket?.requesterId) ids.add(ticket.requesterId);
      else if (who === 'team' && ticket?.teamId)
        (await db.select({ id: helpdeskTeamMembers.userId }).from(helpdeskTeamMembers).where(eq(helpdeskTeamMembers.teamId, ticket.teamId))).forEach((m) => ids.add(m.id));
      else if (!['assignee', 'requester', 'team'].includes(who) && !who.includes('@')) ids.add(who);
    }
    return [...ids];
  }

  async function runAction(action: RuleAction, actor: AuthUser, subject: Subject, subjectId: string, event: EventRow): Promise<ActionResult> {
    const done = (detail: string): ActionResult => ({ type: action.type, outcome: 'SUCCEEDED', detail });
    switch (action.type) {
      case 'set_fields':
        if (subject.model !== 'ticket') return { type: action.type, outcome: 'FAILED', detail: `Fields of ${subject.model} cannot be set.` };
        await deps.helpdesk.updateTicket(actor, subjectId, action.fields as never);
        return done(`Set ${Object.keys(action.fields).join(', ')}.`);
      case 'assign':
        await deps.helpdesk.updateTicket(actor, subjectId, { ...(action.team ? { team: action.team } : {}), ...(action.user ? { assignee: action.user } : {}) });
        return done(`Assigned to${action.team ? ` team ${action.team}` : ''}${action.user ? ` user ${action.user}` : ''}.`);
      case 'notify': {
        const values = await variablesOf(db, subject, subjectId, [action.message]);
        const recipients = await recipientsOf(subject, subjectId, action.to);
        const description = render(action.message, values).slice(0, 1000);
        const recorded = await db.transaction((tx) =>
          deps.notifications.record(
            tx,
            recipients.map((recipientId) => ({ recipientId, actorId: null, verb: 'automation', description, target: { type: subject.model, id: subjectId, text: description.slice(0, 200) } })),
          ),
        );
        deps.notifications.afterCommit(recorded);
        return done(`Notified ${recipients.length} user(s).`);
      }
      case 'email': {
        const values = await variablesOf(db, subject, subjectId, [action.subject, action.body]);
        const ids = await recipientsOf(subject, subjectId, action.to);
        const addresses = action.to.filter((who) => who.includes('@'));
        for (const id of ids) {
          const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1);
          if (row?.email) addresses.push(row.email);
        }
        const subjectLine = render(action.subject, values);
        const text = render(action.body, values);
        const recorded = await db.transaction((tx) => deps.notifications.mail(tx, addresses.map((to) => ({ to, subject: subjectLine, text }))));
        deps.notifications.afterCommit(recorded);
        return done(recorded.emails ? `Queued ${recorded.emails} e-mail(s).` : 'Mail is not configured: nothing sent.');
      }
      case 'create_ticket': {
        const values = await variablesOf(db, subject, subjectId, [action.title]);
        let costCentreId = action.cost_centre;
        if (!costCentreId) {
          const field = subject.resource.fields.cost_centre;
          if (field) {
            const [row] = (await db.select({ v: sql<string | null>`(${field.column})::text` }).from(subject.table).where(eq(subject.id, subjectId))) as { v: string | null }[];
            costCentreId = row?.v ?? null;
          }
        }
        if (!costCentreId) return { type: action.type, outcome: 'FAILED', detail: 'The subject has no cost centre.' };
        const title = render(action.title, values).slice(0, 200);
        const raised = await db.transaction((tx) =>
          deps.helpdesk.raiseWithin(tx, actor, {
            title,
            type: action.ticket_type as never,
            priority: action.priority as never,
            content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] },
            costCentreId: costCentreId!,
            source: 'automation',
          }),
        );
        raised.afterCommit();
        return done(`Created ticket ${raised.id}.`);
      }
      case 'webhook': {
        const queued = await deps.webhooks.enqueue(action.webhook, event.event, { model: subject.model, id: subjectId, rule: event.ruleId });
        return queued ? done('Delivery queued.') : { type: action.type, outcome: 'FAILED', detail: 'The webhook no longer exists or is inactive.' };
      }
    }
  }

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

  /** One rule's run on one event whose conditions it matched. */
  async function runRule(rule: RuleRow, event: EventRow, subject: Subject, actorOfRule: (rule: RuleRow) => Promise<AuthUser | undefined>): Promise<void> {
    const runId = uuidv7();
    const base = { id: runId, eventId: event.id, ruleId: rule.id, ruleVersion: rule.version, event: event.event, subjectModel: subject.model, subjectId: event.subjectId };
    if (event.depth >= MAX_CHAIN_DEPTH) {
      await repository.insertRun({
        ...base,
        outcome: 'SKIPPED',
        actions: [{ type: 'chain', outcome: 'SKIPPED', detail: `Chain of rules stopped at depth ${MAX_CHAIN_DEPTH}: this event was caused by rules ${(event.originRules as string[]).join(', ')}.` }],
      });
      return;
    }
    // Claimed before any action: a second instance (or a retry after a crash) finds the run and does nothing.
    const claimed = await repository.insertRun({ ...base, outcome: 'FAILED', actions: [{ type: 'run', outcome: 'FAILED', detail: 'Interrupted before its actions finished.' }] });
    if (!claimed) return;
    const actor = await actorOfRule(rule);
    const results: ActionResult[] = [];
    let outcome: RunOutcome = 'SUCCEEDED';
    const context = { depth: event.depth + 1, originRules: [...(event.originRules as string[]), rule.id] };
    for (const action of rule.actions as RuleAction[]) {
      if (!actor) {
        results.push({ type: action.type, outcome: 'FAILED', detail: "The rule's last editor is no longer an active user to act as." });
        outcome = 'FAILED';
        continue;
      }
      try {
        const result = await ruleContext.run(context, () => runAction(action, actor, subject, event.subjectId, event));
        results.push(result);
        if (result.outcome === 'FAILED') outcome = 'FAILED';
      } catch (error) {
        outcome = 'FAILED';
        results.push({ type: action.type, outcome: 'FAILED', detail: (error instanceof Error ? error.message : String(error)).slice(0, 500) });
      }
    }
    await repository.updateRun(runId, outcome, results);
  }

  /**
   * A batch of claimed events: their rules read in two statements, each rule's conditions checked
   * once for all the batch's subjects it hears, then the matched runs, one subject's in event order,
   * several subjects at once; the webhooks' messages queued in one statement.
   */
  async function handleBatch(events: EventRow[]): Promise<void> {
    const byEvent = new Map<string, RuleRow[]>();
    for (const rule of await repository.activeRulesOfEvents([...new Set(events.filter((e) => !e.ruleId).map((e) => e.event))]))
      byEvent.set(rule.event, [...(byEvent.get(rule.event) ?? []), rule]);
    const scheduled = new Map((await repository.activeRulesByIds([...new Set(events.flatMap((e) => (e.ruleId ? [e.ruleId] : [])))])).map((r) => [r.id, r]));
    const heard = new Map<string, { rule: RuleRow; subject: Subject; events: EventRow[] }>();
    const pairs: { rule: RuleRow; event: EventRow; subject: Subject }[] = [];
    for (const event of events) {
      const rules = event.ruleId ? [scheduled.get(event.ruleId)].filter((r): r is RuleRow => !!r) : (byEvent.get(event.event) ?? []);
      for (const rule of rules) {
        const subject = hears(rule, event);
        if (!subject) continue;
        const key = `${rule.id}:${subject.model}`;
        const entry = heard.get(key) ?? { rule, subject, events: [] };
        entry.events.push(event);
        heard.set(key, entry);
        pairs.push({ rule, event, subject });
      }
    }
    const matched = new Set<string>();
    for (const { rule, subject, events: heardEvents } of heard.values()) {
      try {
        const ids = await matching(subject, rule, [...new Set(heardEvents.map((e) => e.subjectId))]);
        for (const event of heardEvents) if (ids.has(event.subjectId)) matched.add(`${rule.id}:${event.id}`);
      } catch (error) {
        deps.log(`automation rule ${rule.id}: its conditions failed`, error);
      }
    }
    const actors = new Map<string, Promise<AuthUser | undefined>>();
    const actorOfRule = (rule: RuleRow) => {
      const key = rule.updatedBy ?? '';
      if (!actors.has(key)) actors.set(key, actorOf(rule));
      return actors.get(key)!;
    };
    const bySubject = new Map<string, typeof pairs>();
    for (const pair of pairs) if (matched.has(`${pair.rule.id}:${pair.event.id}`)) bySubject.set(pair.event.subjectId, [...(bySubject.get(pair.event.subjectId) ?? []), pair]);
    await eachLimited([...bySubject.values()], parallel, async (list) => {
      for (const { rule, event, subject } of list) {
        try {
          await runRule(rule, event, subject, actorOfRule);
        } catch (error) {
          deps.log(`automation rule ${rule.id} on event ${event.id} failed`, error);
        }
      }
    });
    // A webhook hears every event it subscribed to, whether or not a rule exists (schedules excepted: they are a rule's).
    await deps.webhooks.fanOutMany(events.filter((e) => !e.ruleId && e.depth < MAX_CHAIN_DEPTH).map((e) => ({ event: e.event, data: { model: e.model, id: e.subjectId } })));
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
      await handleBatch(events);
      await repository.finishEvents(token);
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
