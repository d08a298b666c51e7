import { sql, type SQL } from 'drizzle-orm';
import type { TimelineKind } from '@ops/contract/timeline/timeline.schemas';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../list-query/list-page';
import type { TimelineSource } from './timeline.sources';

/** One entry as the union answers it (the actor's name joined once per page). */
export interface TimelineRow {
  at_text: string;
  kind: TimelineKind;
  id: string;
  title: string | null;
  summary: string | null;
  actor_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  link: string | null;
}

/** One source's branch of the union: at most `limit` rows through its own index, newest first. */
function branch(source: TimelineSource, conditions: SQL[], limit: number): SQL {
  const at = source.at.type === 'timestamp' ? source.at.column : sql`(${source.at.column}::timestamp at time zone 'UTC')`;
  const idText = source.id.type === 'uuid' ? sql`${source.id.column}::text` : sql`lpad(${source.id.column}::text, 20, '0')`;
  const where = sql.join([source.where, sql`${source.at.column} is not null`, ...conditions], sql` and `);
  return sql`(select ${at} as at, ${source.kind}::text as kind, ${source.prefix + ':'} || ${idText} as id,
      ${source.title} as title, ${source.summary} as summary, ${source.actor} as actor_id, ${source.link} as link
    from ${source.from} where ${where}
    order by ${source.at.column} desc, ${source.id.column} desc limit ${limit})`;
}

/** A client's or cost centre's timeline: its sites, and one page of the union over its sources. */
export function createTimelineRepository(db: DbOrTx) {
  return {
    /**
     * The subject's cost centres (id, code) if `visible` (the caller's allocation) lets the subject
     * through: none found is a subject outside it. A client without sites answers one row of nulls.
     */
    async subjectSites(model: 'client' | 'costcentre', id: string, visible: SQL): Promise<{ id: string; code: string | null }[]> {
      return rowsOf<{ id: string; code: string | null }>(
        await db.execute(
          model === 'client'
            ? sql`select cc.id, cc.code from accounts_client left join operations_cost_centre cc on cc.client_id = accounts_client.id
              where ${visible} and accounts_client.id = ${id}`
            : sql`select operations_cost_centre.id, operations_cost_centre.code from operations_cost_centre where ${visible} and operations_cost_centre.id = ${id}`,
        ),
      );
    },

    /** Up to `limit` entries, newest first, from each source's branch under its conditions (cursor, from, to). */
    async entries(branches: { source: TimelineSource; conditions: SQL[] }[], limit: number): Promise<TimelineRow[]> {
      const union = branches.map(({ source, conditions }) => branch(source, conditions, limit));
      return rowsOf<TimelineRow>(
        await db.execute(sql`select to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_text, e.kind, e.id,
            e.title, e.summary, e.actor_id, u.first_name, u.last_name, u.email, e.link
          from (select * from (${sql.join(union, sql` union all `)}) all_entries order by at desc, kind desc, id desc limit ${limit}) e
          left join auth_user u on u.id = e.actor_id
          order by e.at desc, e.kind desc, e.id desc`),
      );
    },
  };
}
