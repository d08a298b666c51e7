import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db';
import type { ListResource, ListViewer } from './list-resource';
import { idIn, rowsOf } from './list-page';

/**
 * Related records outside the viewer's scope (docs/decisions.md, "Withheld related records"): a
 * record the viewer may see can point at one they may not (a directly allocated cost centre of an
 * unallocated client, a parent client, a ticket's site). The reference keeps its id, so the item
 * keeps its shape and a form can send the unchanged value back; every other field of the embedded
 * object (name, account number, code) is null.
 */
export function withheld<T extends object>(ref: T & { id: string }): T {
  const out: Record<string, unknown> = { id: ref.id };
  for (const key of Object.keys(ref)) if (key !== 'id') out[key] = null;
  return out as T;
}

/** The viewer as the row scopes see it, for services that hold an actor instead of a list request. */
export const viewerOf = (user: ListViewer['user']): ListViewer => ({ user, canRead: () => true });

/**
 * Of `ids` (records of `target`), those inside the viewer's row scope, in one statement; null when
 * the target's scope does not bound the viewer (everything visible, no statement run).
 */
export async function idsInScope(db: DbOrTx, target: ListResource, viewer: ListViewer, ids: readonly string[]): Promise<Set<string> | null> {
  const scope = target.rowScope?.(viewer);
  if (!scope) return null;
  if (!ids.length) return new Set();
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select ${target.id}::text as id from ${target.table} where ${idIn(target.id, [...new Set(ids)])} and (${scope})`));
  return new Set(rows.map((r) => r.id));
}

const refId = (value: unknown): string | undefined =>
  value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : undefined;

/**
 * Which embedded related records of a batch are outside the viewer's scope: `idsOf(field)` gives the
 * ids a relation field of `resource` points at across the batch. The relations come from the
 * resource's declaration (fields with a `relation` whose resource has a row scope). One statement
 * for the whole batch, none for a viewer no scope bounds (null: nothing withheld).
 */
export async function withheldRelated(
  db: DbOrTx,
  resource: ListResource,
  viewer: ListViewer,
  idsOf: (field: string) => Iterable<string>,
): Promise<((field: string, id: unknown) => boolean) | null> {
  if (!viewer.user) return null;
  const relations = Object.entries(resource.fields).flatMap(([field, spec]) => {
    const target = spec.relation?.();
    const scope = target?.rowScope?.(viewer);
    return target && scope ? [{ field, target, scope }] : [];
  });
  if (!relations.length) return null;
  const checks: SQL[] = [];
  relations.forEach(({ field, target, scope }, index) => {
    const ids = [...new Set(idsOf(field))];
    if (ids.length)
      checks.push(sql`select ${index}::int as k, ${target.id}::text as id from ${target.table} where ${idIn(target.id, ids)} and (${scope})`);
  });
  if (!checks.length) return null;
  const rows = rowsOf<{ k: number | string; id: string }>(await db.execute(sql.join(checks, sql` union all `)));
  const visible = new Set(rows.map((r) => `${Number(r.k)}:${r.id}`));
  const indexOf = new Map(relations.map(({ field }, index) => [field, index]));
  return (field, id) => {
    const index = indexOf.get(field);
    return index !== undefined && typeof id === 'string' && !!id && !visible.has(`${index}:${id}`);
  };
}

/**
 * The items of `resource` with every embedded related record outside the viewer's scope withheld
 * (`withheldRelated`), so every list, export and detail of the resource is covered by declaring the
 * relation field once.
 */
export async function maskOutOfScope<T>(db: DbOrTx, resource: ListResource, viewer: ListViewer, items: T[]): Promise<T[]> {
  if (!items.length || !viewer.user) return items;
  const fieldOf = (item: T, field: string) => (item as Record<string, unknown>)[field];
  const isWithheld = await withheldRelated(db, resource, viewer, (field) =>
    items.map((item) => refId(fieldOf(item, field))).filter((id): id is string => !!id),
  );
  if (!isWithheld) return items;
  const fields = Object.keys(resource.fields);
  return items.map((item) => {
    let masked: Record<string, unknown> | undefined;
    for (const field of fields) {
      const value = fieldOf(item, field);
      const id = refId(value);
      if (id && isWithheld(field, id)) (masked ??= { ...(item as Record<string, unknown>) })[field] = withheld(value as { id: string });
    }
    return (masked ?? item) as T;
  });
}

/**
 * Of `names` (text recorded earlier, such as a ticket history's old and new site), those that name a
 * record of `target` inside the viewer's scope; null when the scope does not bound the viewer. A
 * name the viewer can see on some record of theirs discloses nothing; any other is withheld.
 */
export async function namesInScope(db: DbOrTx, target: ListResource, viewer: ListViewer, names: readonly string[]): Promise<Set<string> | null> {
  const scope = target.rowScope?.(viewer);
  if (!scope) return null;
  const wanted = [...new Set(names)];
  if (!wanted.length) return new Set();
  const name = target.fields.name!.column;
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select distinct ${name} as name from ${target.table} where ${name} = any(string_to_array(${wanted.join('\u001f')}, ${'\u001f'})::text[]) and (${scope})`),
  );
  return new Set(rows.map((r) => r.name));
}
