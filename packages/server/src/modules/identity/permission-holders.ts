import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { groupPermissions, permissions, userGroups, userPermissions, users } from '../../db/schema/identity';

/**
 * Who holds a permission, for other modules (the help desk notifies the users
 * who may change tickets). `executor` is the caller's transaction when it has
 * one: on PGlite a statement outside an open transaction would wait for it.
 */
export interface PermissionHolders {
  /** Active users holding `model.action` through a group or directly; superusers hold every permission. */
  usersHolding(executor: DbOrTx, model: string, action: string): Promise<string[]>;
  /** The same test as a condition over the `users` table (lists of people who may do something). */
  holderCondition(model: string, action: string): SQL;
}

/**
 * The condition "this user row is active and holds `model.action`" (through a group or directly;
 * superusers hold every permission), over the `users` table.
 */
function activeHolderOf(model: string, action: string): SQL {
  return sql`${users.isActive} and (
    ${users.isSuperuser}
    or exists (select 1 from ${userGroups} ug
                 join ${groupPermissions} gp on gp.group_id = ug.group_id
                 join ${permissions} p on p.id = gp.permission_id
                where ug.user_id = ${users.id} and p.model = ${model} and p.action = ${action})
    or exists (select 1 from ${userPermissions} up
                 join ${permissions} p on p.id = up.permission_id
                where up.user_id = ${users.id} and p.model = ${model} and p.action = ${action}))`;
}

export const permissionHolders: PermissionHolders = {
  async usersHolding(executor, model, action) {
    const result = await executor.execute<{ id: string }>(sql`select ${users.id} as id from ${users} where ${activeHolderOf(model, action)}`);
    const rows = (result as { rows?: { id: string }[] }).rows ?? (result as unknown as { id: string }[]);
    return rows.map((r) => String(r.id));
  },
  holderCondition: activeHolderOf,
};
