import type { PermissionAction } from '@ops/contract/common/endpoint';
import type { Watch, WatchModel } from '@ops/contract/notifications/notifications.schemas';
import { notFound } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db';
import type { NotificationWriter, RecordedNotifications, WatchedChange } from './notifications.service';
import type { WatchesRepository, WatchRow } from './watches.repository';

export interface WatchViewer {
  id: string;
  userType: number;
  isSuperuser: boolean;
}

/**
 * Whether `viewer` may read the record: it exists inside their allocation scope. app.ts builds it
 * from the help desk's and records' faces (ticketVisible, recordVisible), so this module imports
 * neither (the help desk already depends on notifications).
 */
export type WatchReadable = (model: WatchModel, id: string, viewer: WatchViewer) => Promise<boolean>;

/** The model permission that guards reading each watchable model. */
const READ_PERMISSION: Readonly<Record<WatchModel, string>> = { ticket: 'ticket', client: 'client', cost_centre: 'costcentre' };
/** Records' audit model names of the watchable records (tickets notify from the help desk's writes). */
const WATCHED_RECORD_MODELS: ReadonlyMap<string, WatchModel> = new Map([
  ['client', 'client'],
  ['costcentre', 'cost_centre'],
]);

/** An audited change of a record (records' change listener, wired in app.ts). */
export interface AuditedChange {
  model: string;
  recordId: string;
  action: 'create' | 'update' | 'delete';
  userId: string | null;
  after: Record<string, unknown> | null;
}

const serializeWatch = (row: WatchRow): Watch => ({
  id: row.id,
  model: row.model as WatchModel,
  object_id: row.objectId,
  created_at: row.createdAt.toISOString(),
});

export interface WatchesServiceDeps {
  repository: WatchesRepository;
  readable: WatchReadable;
  writer: NotificationWriter;
}

/** Watching tickets, clients and cost centres (spec platform §14.4). */
export function createWatchesService(deps: WatchesServiceDeps) {
  return {
    async list(userId: string): Promise<Watch[]> {
      return (await deps.repository.watchesOf(userId)).map(serializeWatch);
    },

    /** Only a record the caller can read is watched; anything else answers 404 (nothing about it leaks). */
    async watch(
      viewer: WatchViewer,
      hasPermission: (model: string, action: PermissionAction) => Promise<boolean>,
      input: { model: WatchModel; id: string },
    ): Promise<Watch> {
      if (!(await hasPermission(READ_PERMISSION[input.model], 'read')) || !(await deps.readable(input.model, input.id, viewer))) throw notFound();
      return serializeWatch(await deps.repository.watch({ userId: viewer.id, model: input.model, objectId: input.id }));
    },

    async unwatch(userId: string, id: string): Promise<void> {
      if (!(await deps.repository.unwatch(userId, id))) throw notFound();
    },

    /**
     * Updates and deletes of watched clients and cost centres notify their watchers inside the
     * write's transaction; what answers announces them after its commit.
     */
    async recordsChanged(tx: DbOrTx, changes: AuditedChange[]): Promise<(() => void) | undefined> {
      const recorded: RecordedNotifications[] = [];
      for (const change of changes) {
        const model = WATCHED_RECORD_MODELS.get(change.model);
        if (!model || change.action === 'create') continue;
        const name = typeof change.after?.name === 'string' ? change.after.name : null;
        const noun = model === 'client' ? 'client' : 'cost centre';
        const watched: WatchedChange = {
          actorId: change.userId,
          subjects: [{ model, id: change.recordId }],
          verb: change.action === 'delete' ? 'deleted' : 'changed',
          description: `${name ? `The ${noun} ${name}` : `A ${noun}`} you watch was ${change.action === 'delete' ? 'deleted' : 'changed'}`,
          target: { type: model, id: change.recordId, text: name ?? noun },
          data: { model, id: change.recordId },
        };
        recorded.push(await deps.writer.record(tx, [], watched));
      }
      if (!recorded.some((r) => r.events.length)) return undefined;
      return () => {
        for (const r of recorded) deps.writer.afterCommit(r);
      };
    },
  };
}

export type WatchesService = ReturnType<typeof createWatchesService>;
