import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The words of everything search everything finds by name (client, cost centre and contact person
 * names, staff names, ticket titles): each lexeme of `to_tsvector('simple', ...)` made of three or
 * more letters, once. A typo'd query word is corrected against it by trigram similarity (a small
 * table, so cheap), and the records are then found through their word indexes (modules/search).
 * Kept by triggers on those tables (migration 0017: every insert, and updates of the named columns)
 * and filled by the scale seed, which loads with triggers off. Words are never removed: a word no
 * record holds any more only costs a lookup that finds nothing.
 */
export const searchWords = pgTable(
  'search_word',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_word_trgm').using('gin', sql`${t.word} gin_trgm_ops`)],
);
