import type { z } from 'zod';
import type { View, viewInputSchema, viewPatchSchema } from '@ops/contract/views/views.schemas';
import { uuidv7 } from '../../db/ids';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { viewsResourceFor, viewsVisibleTo } from './views.resource';
import { createViewsRepository, type ViewRow, type ViewValues } from './views.repository';
import { VIEWS_ERRORS } from './views.errors';

export type ViewInput = z.output<typeof viewInputSchema>;
export type ViewPatch = z.output<typeof viewPatchSchema>;

export interface Caller {
  id: string;
  /** Holds `view.share`. */
  canShare: () => Promise<boolean>;
}

/**
 * Named list views: own and shared ones are visible, only the owner changes or
 * deletes one (someone else's answers 404 there), sharing needs `view.share`.
 * The default view is per user (a shared view can be anyone's default).
 */
export function createViewsService(db: Db) {
  const repository = createViewsRepository(db);
  /** The items of a batch of view rows as `userId` sees them: owner names and defaults in two statements. */
  async function hydrate(userId: string, rows: ViewRow[]): Promise<View[]> {
    if (!rows.length) return [];
    const [owners, defaultIds] = await Promise.all([
      repository.ownerNames([...new Set(rows.map((r) => r.userId))]),
      repository.defaultsAmong(
        userId,
        rows.map((r) => r.id),
      ),
    ]);
    const ownerById = new Map(owners.map((o) => [o.id, { id: o.id, full_name: `${o.firstName} ${o.lastName}`.trim() }]));
    return rows.map((row) => ({
      id: row.id,
      page: row.page,
      name: row.name,
      settings: row.settings as Record<string, unknown>,
      shared: row.shared,
      owner: ownerById.get(row.userId) ?? { id: row.userId, full_name: '' },
      is_default: defaultIds.has(row.id),
      is_owner: row.userId === userId,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  async function visible(userId: string, id: string): Promise<ViewRow> {
    const row = await repository.visible(userId, id);
    if (!row) throw notFound();
    return row;
  }

  async function owned(userId: string, id: string): Promise<ViewRow> {
    const row = await repository.owned(userId, id);
    if (!row) throw notFound();
    return row;
  }

  const one = async (userId: string, row: ViewRow) => (await hydrate(userId, [row]))[0]!;

  return {
    list(userId: string, list: ListRequest) {
      return listPage(db, list, {
        resource: viewsResourceFor(userId),
        where: viewsVisibleTo(userId),
        hydrate: async (ids) => hydrate(userId, await repository.viewsByIds(ids)),
      });
    },

    async get(userId: string, id: string) {
      return one(userId, await visible(userId, id));
    },

    async create(caller: Caller, input: ViewInput) {
      if (input.shared && !(await caller.canShare())) throw VIEWS_ERRORS.error('SHARE_DENIED');
      const row = await repository.insertView({
        id: uuidv7(),
        userId: caller.id,
        page: input.page,
        name: input.name.trim(),
        settings: input.settings,
        shared: input.shared,
      });
      return one(caller.id, row!);
    },

    async patch(caller: Caller, id: string, patch: ViewPatch) {
      const current = await owned(caller.id, id);
      // Sharing (or unsharing) is the share right's; saving the same value again is not a change.
      if (patch.shared !== undefined && patch.shared !== current.shared && !(await caller.canShare()))
        throw VIEWS_ERRORS.error('SHARE_DENIED');
      const values: ViewValues = { updatedAt: new Date() };
      if (patch.name !== undefined) values.name = patch.name.trim();
      if (patch.settings !== undefined) values.settings = patch.settings;
      if (patch.shared !== undefined) values.shared = patch.shared;
      const row = await repository.updateOwnView(id, caller.id, values);
      if (!row) throw notFound();
      // Unsharing takes the view away from others: it stops being their default.
      if (current.shared && row.shared === false) {
        await repository.clearOthersDefaults(id, caller.id);
      }
      return one(caller.id, row);
    },

    async remove(userId: string, id: string) {
      if (!(await repository.deleteOwnView(id, userId))) throw notFound();
    },

    async makeDefault(userId: string, id: string) {
      const row = await visible(userId, id);
      await repository.setDefault(userId, row.page, row.id);
      return one(userId, row);
    },

    async clearDefault(userId: string, id: string) {
      const row = await visible(userId, id);
      await repository.clearDefault(userId, id);
      return one(userId, row);
    },
  };
}

export type ViewsService = ReturnType<typeof createViewsService>;
