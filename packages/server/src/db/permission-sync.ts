import { ALL_MODELS, defaultGrantsFor, EXTRA_PERMISSIONS, PERMISSION_ACTIONS, USER_TYPES, type UserType } from '@ops/contract/common/permissions';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { groupPermissions, groups, permissions } from './schema/identity';
import { uuidv7 } from './ids';

/**
 * Brings the permission rows and default groups in line with the catalogue,
 * like Django's post-migrate step: missing groups and permissions are created,
 * and a permission's default grants are applied only when the permission is
 * first created, so an administrator's later changes to a group stay.
 */
export async function syncPermissions(db: PgDatabase<PgQueryResultHKT>): Promise<{ createdPermissions: number }> {
  return db.transaction(async (tx) => {
    for (const [type, name] of Object.entries(USER_TYPES)) {
      await tx
        .insert(groups)
        .values({ name, userType: Number(type) })
        .onConflictDoNothing();
    }
    const groupRows = await tx.select({ id: groups.id, userType: groups.userType }).from(groups);
    const existing = await tx.select({ model: permissions.model, action: permissions.action }).from(permissions);
    const have = new Set(existing.map((r) => `${r.model}.${r.action}`));
    const toCreate = ALL_MODELS.flatMap(({ module, model }) =>
      PERMISSION_ACTIONS.filter((action) => !have.has(`${model}.${action}`)).map((action) => ({
        id: uuidv7(),
        module,
        model,
        action,
      })),
    );
    // Rights beyond the four actions (view.share), granted to their listed default groups.
    const extras = EXTRA_PERMISSIONS.filter(({ model, action }) => !have.has(`${model}.${action}`)).map((extra) => ({
      row: { id: uuidv7(), module: extra.module, model: extra.model, action: extra.action },
      userTypes: extra.userTypes as readonly number[],
    }));
    if (!toCreate.length && !extras.length) return { createdPermissions: 0 };
    await tx.insert(permissions).values([...toCreate, ...extras.map((e) => e.row)]).onConflictDoNothing();
    const grants: { groupId: string; permissionId: string }[] = [];
    for (const group of groupRows) {
      if (!group.userType || !(group.userType in USER_TYPES)) continue;
      for (const permission of toCreate) {
        const allowed = defaultGrantsFor(group.userType as UserType, permission.module, permission.model);
        if (allowed.includes(permission.action)) grants.push({ groupId: group.id, permissionId: permission.id });
      }
      for (const extra of extras) if (extra.userTypes.includes(group.userType)) grants.push({ groupId: group.id, permissionId: extra.row.id });
    }
    if (grants.length) await tx.insert(groupPermissions).values(grants).onConflictDoNothing();
    return { createdPermissions: toCreate.length + extras.length };
  });
}
