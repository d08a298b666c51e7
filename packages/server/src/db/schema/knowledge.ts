import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { ARTICLE_STATUSES } from '@ops/contract/knowledge/knowledge.schemas';
import { idColumn, timestamptz } from './columns';
import { users } from './identity';

/** PostgreSQL's tsvector, only ever written by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Knowledge base categories (spec platform §14.2). */
export const articleCategories = pgTable(
  'knowledge_category',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('knowledge_category_name_ck', sql`length(btrim(${t.name})) > 0`), index('knowledge_category_position_idx').on(t.position, t.name, t.id)],
);

/**
 * Articles. `current_version` is the content version the API calls `version` (a new one for every
 * saved change of title or body); `version` is the row version for ETags (the knowledge_article_version_bump
 * trigger raises it on every UPDATE, so a change of status or audience makes held tags stale too).
 * The audience lists hold ids of legal entities, clients and cost centres (an empty list: no limit).
 * `body_text` is the body's text, whose words search and suggestions find; `words` is the vector of
 * title (weight A, so ts_rank puts a word of the title first) and body_text (D), stored (a generated
 * column) so that matching and ranking read it instead of parsing ~1 KB of text per matching row
 * twice (bench/RESULTS.md, knowledge round two). Its storage is MAIN (migration 0033, which Drizzle
 * does not model): kept in the row, so ranking a match does not fetch the vector from TOAST.
 */
export const articles = pgTable(
  'knowledge_article',
  {
    id: idColumn(),
    title: varchar('title', { length: 200 }).notNull(),
    body: jsonb('body').notNull(),
    bodyText: text('body_text').notNull().default(''),
    categoryId: uuid('category_id').references(() => articleCategories.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 10 }).notNull().default('DRAFT'),
    audienceUserTypes: smallint('audience_user_types').array().notNull().default(sql`'{}'::smallint[]`),
    audienceLegalEntities: uuid('audience_legal_entities').array().notNull().default(sql`'{}'::uuid[]`),
    audienceClients: uuid('audience_clients').array().notNull().default(sql`'{}'::uuid[]`),
    audienceCostCentres: uuid('audience_cost_centres').array().notNull().default(sql`'{}'::uuid[]`),
    reviewBy: date('review_by', { mode: 'string' }),
    /** The review_by date whose passing was notified (a new date notifies again). */
    reviewNotifiedFor: date('review_notified_for', { mode: 'string' }),
    acknowledgementRequired: boolean('acknowledgement_required').notNull().default(false),
    currentVersion: integer('current_version').notNull().default(1),
    publishedAt: timestamptz('published_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    words: tsvector('words')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`setweight(to_tsvector('simple', ${articles.title}), 'A') || setweight(to_tsvector('simple', ${articles.bodyText}), 'D')`,
      ),
  },
  (t) => [
    check('knowledge_article_title_ck', sql`length(btrim(${t.title})) > 0`),
    check('knowledge_article_status_ck', sql`${t.status} in (${inList(ARTICLE_STATUSES)})`),
    index('knowledge_article_status_idx').on(t.status, t.title, t.id),
    index('knowledge_article_category_idx').on(t.categoryId),
    index('knowledge_article_words_idx').using('gin', t.words),
  ],
);

/** Every saved title and body of an article, by its content version. */
export const articleVersions = pgTable(
  'knowledge_article_version',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: jsonb('body').notNull(),
    editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.version] })],
);

/** A reader's acknowledgement of one version of an article. */
export const articleAcknowledgements = pgTable(
  'knowledge_acknowledgement',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId, t.version] }), index('knowledge_acknowledgement_user_idx').on(t.userId, t.articleId)],
);

/**
 * A suggestion a reader opened from the help drawer or /report (tickets avoided, issue 32): once per
 * user, article and drawer session (the web's id of one ticket being typed), so a repeated open is
 * not counted twice. The open avoided a ticket when the same user raised none in the 30 minutes after.
 */
export const articleSuggestionOpens = pgTable(
  'knowledge_suggestion_open',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    session: uuid('session').notNull(),
    openedAt: timestamptz('opened_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId, t.session] }), index('knowledge_suggestion_open_user_idx').on(t.userId, t.openedAt)],
);

/**
 * Images in an article's text (issue 32): uploaded as attachments of the article, checked like a
 * ticket's (type sniffed from the content, size limit) and stored by the same file staging
 * (platform/attachment-files.ts). The document's `image` nodes name them by id; they are read with
 * the article (404 outside its audience) and kept until the article is deleted, so that every
 * version, restored or not, still shows its images.
 */
export const articleAttachments = pgTable(
  'knowledge_attachment',
  {
    id: idColumn(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileType: varchar('file_type', { length: 10 }).notNull(),
    size: integer('size').notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [
    check('knowledge_attachment_type_ck', sql`${t.fileType} in ('jpeg', 'png')`),
    check('knowledge_attachment_size_ck', sql`${t.size} > 0`),
    index('knowledge_attachment_article_idx').on(t.articleId, t.uploadedAt, t.id),
  ],
);
