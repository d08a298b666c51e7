import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db';

/**
 * The texts whose words go into the vocabulary `search_word` (db/schema/search.ts), by table: the
 * columns migration 0017's triggers read. The scale seed, which loads with triggers off, collects
 * them with `collectSearchWords` after its load.
 */
export const SEARCH_WORD_SOURCES = {
  accounts_client: 'name',
  operations_cost_centre: 'name',
  accounts_contact_person: 'full_name',
  auth_user: `first_name || ' ' || last_name`,
  helpdesk_ticket: 'title',
  knowledge_article: `title || ' ' || body_text`,
} as const;

export type SearchWordTable = keyof typeof SEARCH_WORD_SOURCES;

/**
 * Adds the words of every row of `tables` to the vocabulary (what the triggers do row by row):
 * lexemes of `to_tsvector('simple', ...)` of three or more letters, as in migration 0017.
 */
export async function collectSearchWords(db: DbOrTx, tables: SearchWordTable[]): Promise<void> {
  if (!tables.length) return;
  const bodies = tables.map((table) => `select ${SEARCH_WORD_SOURCES[table]} as body from ${table}`).join(' union all ');
  await db.execute(
    sql.raw(`insert into search_word (word)
      select distinct t.lexeme from (${bodies}) b, unnest(to_tsvector('simple', b.body)) t
       where t.lexeme ~ '^[[:alpha:]]{3,}$'
      on conflict do nothing`),
  );
}
