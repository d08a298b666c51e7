import { AUDIT_ACTIONS, type AuditActionKind, type AuditRetention } from '@ops/contract/audit/audit.schemas';
import { AUDIT_ERRORS } from './audit.errors';
import type { DbOrTx } from '../../platform/db';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { auditTrailResource, createAuditTrailRepository, type Retention } from './audit-trail.repository';

const ACTIONS: ReadonlySet<string> = new Set(AUDIT_ACTIONS);
const DAY_MS = 86_400_000;

/** The retention map as the API's object: keys are the fixed action names, never user input. */
export function retentionAnswer(retention: Retention): AuditRetention {
  return Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, retention.get(action) ?? null])) as AuditRetention;
}

/**
 * A `PUT audit/retention/` body's keys must be exactly the action names: an unknown key answers 400
 * naming it (the zod schema has checked each known key's value and that none is missing).
 */
export function retentionFrom(raw: unknown, parsed: AuditRetention): Retention {
  const unknown = Object.keys(raw as object).find((key) => !ACTIONS.has(key));
  if (unknown !== undefined) throw AUDIT_ERRORS.onField(unknown.slice(0, 100), 'NOT_AN_ACTION');
  const retention: Retention = new Map();
  for (const action of AUDIT_ACTIONS) retention.set(action, parsed[action] ?? null);
  return retention;
}

export function createAuditTrailService(deps: { db: DbOrTx; transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T> }) {
  const repository = createAuditTrailRepository(deps.db);
  return {
    list: (list: ListRequest) => listPage(deps.db, list, { resource: auditTrailResource, hydrate: repository.entriesByIds }),
    retention: async () => retentionAnswer(await repository.retention()),
    setRetention: async (retention: Retention) => {
      await repository.setRetention(retention);
      return retentionAnswer(await repository.retention());
    },
    /**
     * The nightly purge: each action's entries older than its days go. One instance at a time (an
     * advisory lock; another instance's tick finds it taken and skips). Answers how many per action.
     */
    purge: (now = new Date()) =>
      deps.transaction(async (tx) => {
        const repo = createAuditTrailRepository(tx);
        const removed = new Map<AuditActionKind, number>();
        if (!(await repo.tryPurgeLock())) return removed;
        for (const [action, days] of await repo.retention()) {
          if (days === null) continue;
          removed.set(action, await repo.purge(action, new Date(now.getTime() - days * DAY_MS)));
        }
        return removed;
      }),
  };
}

export type AuditTrailService = ReturnType<typeof createAuditTrailService>;
