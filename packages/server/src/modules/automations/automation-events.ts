import { AsyncLocalStorage } from 'node:async_hooks';
import type { DbOrTx } from '../../platform/db';
import type { RecordChange } from '../records/index';
import { diffSnapshots } from '../../platform/audit';
import { createAutomationsRepository } from './automations.repository';
import { AUDIT_MODELS } from './automations.subjects';

/** The rule whose actions are running: a change they make carries it, so the rule does not hear its own change and chains are counted. */
export interface RuleContext {
  depth: number;
  originRules: string[];
}
export const ruleContext = new AsyncLocalStorage<RuleContext>();

export interface EventDraft {
  event: string;
  model: string;
  subjectId: string;
  changedFields?: string[];
  ruleId?: string;
}

/**
 * The automation outbox's writer (spec platform §14.3): events are written in the transaction that
 * caused them, so one exists exactly when that transaction committed; the runner claims each after
 * the commit on one instance. `kick` wakes the runner (it also polls).
 */
export function createAutomationEvents(kick: () => void) {
  // A ticket's event wakes the runner shortly after its transaction (it commits meanwhile); a burst
  // of tickets shares one pending wake-up rather than one timer each.
  let wakeUp: NodeJS.Timeout | undefined;
  const kickSoon = () => {
    wakeUp ??= setTimeout(() => {
      wakeUp = undefined;
      kick();
    }, 20);
  };
  async function record(tx: DbOrTx, drafts: EventDraft[]): Promise<void> {
    if (!drafts.length) return;
    const context = ruleContext.getStore();
    await createAutomationsRepository(tx).insertEvents(
      drafts.map((d) => ({
        event: d.event,
        model: d.model,
        subjectId: d.subjectId,
        changedFields: d.changedFields ?? [],
        ruleId: d.ruleId ?? null,
        depth: context?.depth ?? 0,
        originRules: context?.originRules ?? [],
      })),
    );
  }
  return {
    record,
    kick,
    /** The help desk's port: a new or changed ticket. The runner is woken soon after (and polls). */
    tickets: {
      created: async (tx: DbOrTx, ticketId: string) => {
        await record(tx, [{ event: 'ticket.created', model: 'ticket', subjectId: ticketId }]);
        kickSoon();
      },
      updated: async (tx: DbOrTx, ticketId: string, fields: string[]) => {
        await record(tx, [{ event: 'ticket.updated', model: 'ticket', subjectId: ticketId, changedFields: fields }]);
        kickSoon();
      },
      updatedMany: async (tx: DbOrTx, changes: { ticketId: string; fields: string[] }[]) => {
        await record(tx, changes.map(({ ticketId, fields }) => ({ event: 'ticket.updated', model: 'ticket', subjectId: ticketId, changedFields: fields })));
        if (changes.length) kickSoon();
      },
    },
    /** The records' change listener: audited creates and updates of clients, cost centres, contact persons and brands. */
    async recordsChanged(tx: DbOrTx, changes: RecordChange[]): Promise<(() => void) | undefined> {
      const drafts: EventDraft[] = [];
      for (const change of changes) {
        const model = Object.hasOwn(AUDIT_MODELS, change.model) ? AUDIT_MODELS[change.model] : undefined;
        if (!model || change.action === 'delete') continue;
        if (change.action === 'create') drafts.push({ event: 'record.created', model, subjectId: change.recordId });
        else drafts.push({ event: 'record.updated', model, subjectId: change.recordId, changedFields: Object.keys(diffSnapshots(change.before, change.after)) });
      }
      await record(tx, drafts);
      return drafts.length ? kick : undefined;
    },
  };
}

export type AutomationEvents = ReturnType<typeof createAutomationEvents>;
