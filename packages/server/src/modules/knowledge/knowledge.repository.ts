import { and, asc, desc, eq, getTableColumns, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { articleAcknowledgements, articleAttachments, articleCategories, articles, articleSuggestionOpens, articleVersions } from '../../db/schema/knowledge';
import type { DbOrTx } from '../../platform/db';
import { idIn, rowsOf } from '../../list-query/list-page';
import { users } from '../identity/index';
import { clients, costCentres, legalEntities } from '../records/index';
import type { VocabularyLookup } from '../search/index';
import { numberedWords, suggestStatement } from './knowledge-suggest';
import { audienceIncludes, ticketsAvoided } from './knowledge.resource';

export type ArticleRow = Omit<typeof articles.$inferSelect, 'words'>;
export type ArticleInsert = typeof articles.$inferInsert;
export type ArticleValues = Partial<Omit<ArticleInsert, 'id' | 'version' | 'createdAt'>>;
export type CategoryRow = typeof articleCategories.$inferSelect;
export type ArticleAttachmentRow = typeof articleAttachments.$inferSelect;
export type ArticleView = ArticleRow & { categoryName: string | null; editorFirst: string | null; editorLast: string | null; ticketsAvoided: number | null };

const editor = alias(users, 'editor');

// Every column but the stored vector of words, which only the database reads (matching and ranking).
const { words: _words, ...articleColumns } = getTableColumns(articles);

/** Categories, articles with their versions and acknowledgements, and the words suggestions match. */
export function createKnowledgeRepository(db: DbOrTx) {
  return {
    categoriesByIds: (ids: string[]) => db.select().from(articleCategories).where(idIn(articleCategories.id, ids)),

    async findCategory(id: string): Promise<CategoryRow | undefined> {
      const [row] = await db.select().from(articleCategories).where(eq(articleCategories.id, id)).limit(1);
      return row;
    },

    async insertCategory(values: { name: string; position: number }): Promise<string> {
      const [row] = await db.insert(articleCategories).values(values).returning({ id: articleCategories.id });
      return row!.id;
    },

    async updateCategory(id: string, values: { name?: string; position?: number; updatedAt: Date }): Promise<boolean> {
      const rows = await db.update(articleCategories).set(values).where(eq(articleCategories.id, id)).returning({ id: articleCategories.id });
      return rows.length > 0;
    },

    async removeCategory(id: string): Promise<boolean> {
      const rows = await db.delete(articleCategories).where(eq(articleCategories.id, id)).returning({ id: articleCategories.id });
      return rows.length > 0;
    },

    /**
     * Articles with their category's name and their last editor's, and (`withAvoided`, for editors) their
     * tickets avoided: one statement for any number of ids.
     */
    articleViews: (ids: string[], withAvoided = false): Promise<ArticleView[]> =>
      db
        .select({
          ...articleColumns,
          categoryName: articleCategories.name,
          editorFirst: editor.firstName,
          editorLast: editor.lastName,
          ticketsAvoided: withAvoided ? ticketsAvoided() : sql<null>`null::int`,
        })
        .from(articles)
        .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .leftJoin(editor, eq(editor.id, articles.updatedBy))
        .where(idIn(articles.id, ids)),

    /** The article when `condition` (the reader's audience) holds for it; locked for a write with `lock`. */
    async findArticle(id: string, condition?: SQL, lock = false): Promise<ArticleRow | undefined> {
      const query = db
        .select(articleColumns)
        .from(articles)
        .where(and(eq(articles.id, id), condition))
        .limit(1);
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async insertArticle(values: ArticleInsert): Promise<string> {
      const [row] = await db.insert(articles).values(values).returning({ id: articles.id });
      return row!.id;
    },

    async updateArticle(id: string, values: ArticleValues): Promise<void> {
      await db.update(articles).set(values).where(eq(articles.id, id));
    },

    async removeArticle(id: string): Promise<void> {
      await db.delete(articles).where(eq(articles.id, id));
    },

    async insertAttachment(values: typeof articleAttachments.$inferInsert): Promise<void> {
      await db.insert(articleAttachments).values(values);
    },

    /** One attachment of one article (none when it belongs to another). */
    async findAttachment(articleId: string, id: string): Promise<ArticleAttachmentRow | undefined> {
      const [row] = await db
        .select()
        .from(articleAttachments)
        .where(and(eq(articleAttachments.id, id), eq(articleAttachments.articleId, articleId)))
        .limit(1);
      return row;
    },

    /** Which of `ids` are attachments of the article. */
    async attachmentIdsOf(articleId: string, ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: articleAttachments.id })
        .from(articleAttachments)
        .where(and(eq(articleAttachments.articleId, articleId), idIn(articleAttachments.id, ids)));
      return new Set(rows.map((row) => row.id));
    },

    /** The stored files of an article's attachments (to remove with the article). */
    async attachmentKeysOf(articleId: string): Promise<string[]> {
      const rows = await db.select({ key: articleAttachments.storageKey }).from(articleAttachments).where(eq(articleAttachments.articleId, articleId));
      return rows.map((row) => row.key);
    },

    async insertVersion(values: typeof articleVersions.$inferInsert): Promise<void> {
      await db.insert(articleVersions).values(values);
    },

    /** An article's versions, newest first, with their editors' names. */
    versions: (articleId: string) =>
      db
        .select({ ...getTableColumns(articleVersions), editorFirst: users.firstName, editorLast: users.lastName })
        .from(articleVersions)
        .leftJoin(users, eq(users.id, articleVersions.editedBy))
        .where(eq(articleVersions.articleId, articleId))
        .orderBy(desc(articleVersions.version)),

    async findVersion(articleId: string, version: number) {
      const [row] = await db
        .select()
        .from(articleVersions)
        .where(and(eq(articleVersions.articleId, articleId), eq(articleVersions.version, version)))
        .limit(1);
      return row;
    },

    /** The ids among these that name no row, per kind of place (an audience must name existing records). */
    async missingPlaces(places: { legalEntities: string[]; clients: string[]; costCentres: string[] }) {
      // One after another: inside a transaction the statements share one connection.
      const found = async (rows: Promise<{ id: string }[]> | undefined) => new Set((rows ? await rows : []).map((r) => r.id));
      const le = await found(places.legalEntities.length ? db.select({ id: legalEntities.id }).from(legalEntities).where(idIn(legalEntities.id, places.legalEntities)) : undefined);
      const cl = await found(places.clients.length ? db.select({ id: clients.id }).from(clients).where(idIn(clients.id, places.clients)) : undefined);
      const cc = await found(places.costCentres.length ? db.select({ id: costCentres.id }).from(costCentres).where(idIn(costCentres.id, places.costCentres)) : undefined);
      return {
        legalEntities: places.legalEntities.filter((id) => !le.has(id)),
        clients: places.clients.filter((id) => !cl.has(id)),
        costCentres: places.costCentres.filter((id) => !cc.has(id)),
      };
    },

    /** Records the acknowledgement (once per user and version) and answers it as stored. */
    async acknowledge(articleId: string, userId: string, version: number) {
      await db.insert(articleAcknowledgements).values({ articleId, userId, version }).onConflictDoNothing();
      const [row] = await db
        .select({ at: articleAcknowledgements.at, firstName: users.firstName, lastName: users.lastName })
        .from(articleAcknowledgements)
        .innerJoin(users, eq(users.id, articleAcknowledgements.userId))
        .where(and(eq(articleAcknowledgements.articleId, articleId), eq(articleAcknowledgements.userId, userId), eq(articleAcknowledgements.version, version)))
        .limit(1);
      return row!;
    },

    /** Who acknowledged this version of the article, earliest first. */
    acknowledged: (articleId: string, version: number) =>
      db
        .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, at: articleAcknowledgements.at })
        .from(articleAcknowledgements)
        .innerJoin(users, eq(users.id, articleAcknowledgements.userId))
        .where(and(eq(articleAcknowledgements.articleId, articleId), eq(articleAcknowledgements.version, version)))
        .orderBy(asc(articleAcknowledgements.at), asc(users.id)),

    /** The active users of the article's audience who have not acknowledged this version, by name. */
    pending: (articleId: string, version: number) =>
      db
        .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .innerJoin(articles, eq(articles.id, articleId))
        .where(
          and(
            eq(users.isActive, true),
            audienceIncludes(users.id, users.userType),
            sql`not exists (select 1 from ${articleAcknowledgements} k where k.article_id = ${articles.id} and k.user_id = ${users.id} and k.version = ${version})`,
          ),
        )
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),

    /**
     * At most `limit` articles passing `scope` that hold any of the query's words or their corrections
     * (the search vocabulary: a word it holds as it is, an unknown word corrected to the words most
     * alike by trigram similarity and with two neighbouring letters swapped back, as search
     * everything corrects: `wordCorrections`) or its words with digits as typed (`numberedWords`), through the
     * GIN index of their words; best first by how many words they hold and how alike the title is.
     * Every word first, then any word: a ticket title says more than the article it needs
     * (`suggestStatement`). `reader`: whose audience the articles must include (none for an editor).
     */
    async suggest(q: string, lookup: VocabularyLookup, scope: SQL, limit: number, reader?: { id: string; userType: number }) {
      if (!lookup.words.length && !numberedWords(q).length) return [];
      return rowsOf<{ id: string; title: string; excerpt: string; category_id: string | null; category_name: string | null; score: number }>(
        await db.execute(suggestStatement(q, lookup, scope, limit, reader)),
      );
    },

    /** Records an opened suggestion, once per user, article and session (a repeat changes nothing). */
    async recordOpen(articleId: string, userId: string, session: string): Promise<void> {
      await db.insert(articleSuggestionOpens).values({ articleId, userId, session }).onConflictDoNothing();
    },

    /**
     * Marks the articles whose review date passed (before `today`) and whose last editor was not yet
     * told of this date, and answers them: one UPDATE, so two instances never notify twice.
     */
    dueForReview: (today: string) =>
      db
        .update(articles)
        .set({ reviewNotifiedFor: sql`${articles.reviewBy}` })
        .where(
          and(
            isNotNull(articles.reviewBy),
            sql`${articles.reviewBy} < ${today}::date`,
            sql`${articles.reviewNotifiedFor} is distinct from ${articles.reviewBy}`,
            isNotNull(articles.updatedBy),
            sql`${articles.status} <> 'ARCHIVED'`,
          ),
        )
        .returning({ id: articles.id, title: articles.title, updatedBy: articles.updatedBy, reviewBy: articles.reviewBy }),
  };
}

export type KnowledgeRepository = ReturnType<typeof createKnowledgeRepository>;
