import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db';
import type { ListResource, ListViewer } from './list-resource';
import { idIn, rowsOf } from './list-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** field -> [old name, new name]; null where the value is empty, withheld or gone. */
export type ChangeNames = Record<string, [string | null, string | null]>;

/**
 * The names of the related records an audit trail's changes point at (`client: [id, id]`), for the
 * relation fields `resource` declares: one statement for the whole page, whatever its length (a
 * `union all` of one select per related resource). A record outside the viewer's row scope of its
 * resource is withheld as lists withhold it (scope-mask.ts): its name is null, like a deleted one's.
 */
export async function changeNames(
  db: DbOrTx,
  resource: ListResource,
  viewer: ListViewer,
  entries: readonly { changes: Record<string, [unknown, unknown]> }[],
): Promise<ChangeNames[]> {
  const targets = new Map<ListResource, Set<string>>();
  const relationOf = (field: string) => (Object.hasOwn(resource.fields, field) ? resource.fields[field]!.relation?.() : undefined);
  for (const { changes } of entries) {
    for (const [field, pair] of Object.entries(changes)) {
      const target = relationOf(field);
      if (!target) continue;
      let ids = targets.get(target);
      if (!ids) targets.set(target, (ids = new Set()));
      for (const value of pair) if (typeof value === 'string' && UUID.test(value)) ids.add(value.toLowerCase());
    }
  }
  const selects: SQL[] = [];
  const order = [...targets.keys()];
  order.forEach((target, index) => {
    const ids = [...targets.get(target)!];
    const name = target.fields.name?.column ?? target.fields.full_name?.column;
    if (!ids.length || !name) return;
    const scope = viewer.user ? target.rowScope?.(viewer) : undefined;
    const shown = scope ? sql`case when ${scope} then (${name})::text end` : sql`(${name})::text`;
    selects.push(sql`select ${index}::int as k, ${target.id}::text as id, btrim(${shown}) as name from ${target.table} where ${idIn(target.id, ids)}`);
  });
  const names = new Map<string, string | null>();
  if (selects.length) {
    const rows = rowsOf<{ k: number | string; id: string; name: string | null }>(await db.execute(sql.join(selects, sql` union all `)));
    for (const row of rows) names.set(`${Number(row.k)}:${row.id}`, row.name);
  }
  const nameOf = (target: ListResource, value: unknown) =>
    typeof value === 'string' ? (names.get(`${order.indexOf(target)}:${value.toLowerCase()}`) ?? null) : null;
  return entries.map(({ changes }) => {
    const out: ChangeNames = {};
    for (const [field, [before, after]] of Object.entries(changes)) {
      const target = relationOf(field);
      if (target) out[field] = [nameOf(target, before), nameOf(target, after)];
    }
    return out;
  });
}
