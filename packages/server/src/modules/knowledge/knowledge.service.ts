import { and, type SQL } from 'drizzle-orm';
import type {
  Acknowledgement,
  Acknowledgements,
  Article,
  ArticleChanges,
  ArticleInput,
  ArticleStatus,
  ArticleVersion,
  Category,
  Suggestion,
} from '@ops/contract/knowledge/knowledge.schemas';
import { MAX_SUGGESTIONS } from '@ops/contract/knowledge/knowledge.schemas';
import type { AuthUser } from '../../platform/auth';
import type { Db, DbOrTx } from '../../platform/db';
import { invalidPk, notFound, ValidationError, type FieldErrors } from '../../platform/errors';
import { checkIfMatch, entityTag, type Conditional } from '../../platform/conditional';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { vocabularyLookup } from '../search/index';
import { articlesResource, awaitingAcknowledgement, categoriesResource, forCostCentre, isPublished, readableBy } from './knowledge.resource';
import { createKnowledgeRepository, type ArticleRow, type ArticleValues, type ArticleView, type KnowledgeRepository } from './knowledge.repository';
import { canonicalJson, documentImages, documentText } from './knowledge-document';
import { createAttachmentFiles } from '../../platform/attachment-files';
import type { ReceivedFile } from '../../platform/multipart';
import type { FileStorage } from '../../platform/storage';
import type { ArticleAttachmentRow } from './knowledge.repository';
import { KNOWLEDGE_ERRORS } from './knowledge.errors';

/** The table an article's entity tag names (platform.md 14.6): `"knowledge_article-<id>-<version>"`. */
export const ARTICLE_TAG_TABLE = 'knowledge_article';
const articleTag = (row: Pick<ArticleRow, 'id' | 'version'>) => entityTag(ARTICLE_TAG_TABLE, row.id, row.version);

/** Who asks: the user, and whether they hold article.change (editors see every article). */
export interface Reader {
  user: AuthUser;
  editor: boolean;
}

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const userRef = (id: string | null, first: string | null, last: string | null) => (id ? { id, full_name: fullName(first, last) } : null);

export function serializeArticle(view: ArticleView): Article {
  return {
    id: view.id,
    title: view.title,
    body: view.body as Record<string, unknown>,
    category: view.categoryId && view.categoryName !== null ? { id: view.categoryId, name: view.categoryName } : null,
    status: view.status as ArticleStatus,
    audience: {
      user_types: view.audienceUserTypes,
      legal_entities: view.audienceLegalEntities,
      clients: view.audienceClients,
      cost_centres: view.audienceCostCentres,
    },
    review_by: view.reviewBy,
    acknowledgement_required: view.acknowledgementRequired,
    version: view.currentVersion,
    published_at: view.publishedAt?.toISOString() ?? null,
    updated_by: userRef(view.updatedBy, view.editorFirst, view.editorLast),
    updated_at: view.updatedAt.toISOString(),
    tickets_avoided: view.ticketsAvoided,
  };
}

const serializeCategory = (row: { id: string; name: string; position: number }): Category => ({ id: row.id, name: row.name, position: row.position });

export interface KnowledgeServiceDeps {
  db: Db;
  /** Where articles' images are kept (the help desk's attachment storage). */
  storage: FileStorage;
  log: { warn(obj: unknown, msg: string): void };
}

export function createKnowledgeService({ db, storage, log }: KnowledgeServiceDeps) {
  const repository = createKnowledgeRepository(db);
  const files = createAttachmentFiles({ storage, log });
  const transaction = <T>(work: (repo: KnowledgeRepository, tx: DbOrTx) => Promise<T>) =>
    db.transaction((tx) => work(createKnowledgeRepository(tx), tx));

  /** What a reader sees: every article for an editor, else the published ones of their audience. */
  const visibleTo = (reader: Reader): SQL | undefined => (reader.editor ? undefined : readableBy(reader.user));

  // Tickets avoided are the editors' (`withAvoided`); readers get null.
  async function views(ids: string[], repo: KnowledgeRepository = repository, withAvoided = false): Promise<Article[]> {
    return ids.length ? (await repo.articleViews(ids, withAvoided)).map(serializeArticle) : [];
  }

  async function one(id: string, repo: KnowledgeRepository = repository, withAvoided = true): Promise<Article> {
    const [view] = await views([id], repo, withAvoided);
    if (!view) throw notFound();
    return view;
  }

  /** 400 naming each field whose id names nothing: the category, and the audience's places. */
  async function checkReferences(repo: KnowledgeRepository, input: { category?: string | null; audience?: ArticleInput['audience'] }) {
    const errors: FieldErrors = {};
    if (input.category && !(await repo.findCategory(input.category))) errors.category = [invalidPk(input.category)];
    if (input.audience) {
      const missing = await repo.missingPlaces({
        legalEntities: input.audience.legal_entities,
        clients: input.audience.clients,
        costCentres: input.audience.cost_centres,
      });
      const audience: FieldErrors = {};
      if (missing.legalEntities.length) audience.legal_entities = missing.legalEntities.map(invalidPk);
      if (missing.clients.length) audience.clients = missing.clients.map(invalidPk);
      if (missing.costCentres.length) audience.cost_centres = missing.costCentres.map(invalidPk);
      if (Object.keys(audience).length) errors.audience = audience;
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  /**
   * 400 on `body` when an image of the text names no attachment, or one that is not this article's
   * (a new article has none yet: its images are added once it is saved).
   */
  async function checkImages(repo: KnowledgeRepository, articleId: string | null, body: unknown) {
    const { ids, malformed } = documentImages(body);
    if (malformed) throw KNOWLEDGE_ERRORS.onField('body', 'IMAGE_NAMES_NOTHING');
    if (!ids.length) return;
    const known = articleId ? await repo.attachmentIdsOf(articleId, ids) : new Set<string>();
    const foreign = ids.filter((id) => !known.has(id));
    const messages = foreign.map((id) => KNOWLEDGE_ERRORS.message('IMAGE_NOT_OF_ARTICLE', id));
    if (messages.length) throw new ValidationError({ body: messages });
  }

  const audienceValues = (audience: ArticleInput['audience']): ArticleValues => ({
    audienceUserTypes: [...new Set(audience.user_types)].sort(),
    audienceLegalEntities: [...new Set(audience.legal_entities)],
    audienceClients: [...new Set(audience.clients)],
    audienceCostCentres: [...new Set(audience.cost_centres)],
  });

  /**
   * Writes a change of a locked article: a change of title or body is the next version (published at
   * once on a PUBLISHED article, so its readers are asked to acknowledge again); publishing sets
   * `published_at`. Answers the article's new entity tag.
   */
  async function applyChange(repo: KnowledgeRepository, user: AuthUser, row: ArticleRow, changes: ArticleChanges, forceVersion = false): Promise<string> {
    const title = changes.title ?? row.title;
    const body = changes.body ?? (row.body as Record<string, unknown>);
    const contentChanged = forceVersion || title !== row.title || canonicalJson(body) !== canonicalJson(row.body);
    const status = changes.status ?? (row.status as ArticleStatus);
    const now = new Date();
    const version = contentChanged ? row.currentVersion + 1 : row.currentVersion;
    const published = status === 'PUBLISHED' && (row.status !== 'PUBLISHED' || contentChanged);
    await repo.updateArticle(row.id, {
      title,
      body,
      bodyText: documentText(body),
      status,
      ...(changes.category !== undefined ? { categoryId: changes.category } : {}),
      ...(changes.audience ? audienceValues(changes.audience) : {}),
      ...(changes.review_by !== undefined ? { reviewBy: changes.review_by } : {}),
      ...(changes.acknowledgement_required !== undefined ? { acknowledgementRequired: changes.acknowledgement_required } : {}),
      currentVersion: version,
      ...(published ? { publishedAt: now } : {}),
      updatedBy: user.id,
      updatedAt: now,
    });
    if (contentChanged) await repo.insertVersion({ articleId: row.id, version, title, body, editedBy: user.id, at: now });
    return articleTag((await repo.findArticle(row.id))!);
  }

  return {
    listCategories: (list: ListRequest) =>
      listPage(db, list, { resource: categoriesResource, hydrate: async (ids) => (await repository.categoriesByIds(ids)).map(serializeCategory) }),

    async getCategory(id: string): Promise<Category> {
      const row = await repository.findCategory(id);
      if (!row) throw notFound();
      return serializeCategory(row);
    },

    async createCategory(input: { name: string; position: number }): Promise<Category> {
      const id = await repository.insertCategory({ name: input.name, position: input.position });
      return serializeCategory((await repository.findCategory(id))!);
    },

    async updateCategory(id: string, changes: { name?: string; position?: number }): Promise<Category> {
      if (!(await repository.updateCategory(id, { ...changes, updatedAt: new Date() }))) throw notFound();
      return serializeCategory((await repository.findCategory(id))!);
    },

    async removeCategory(id: string): Promise<void> {
      if (!(await repository.removeCategory(id))) throw notFound();
    },

    list: (reader: Reader, list: ListRequest) =>
      listPage(db, list, { resource: articlesResource, where: visibleTo(reader), hydrate: (ids) => views(ids, repository, reader.editor) }),

    /** The caller's published articles asking for acknowledgement of a version they have not acknowledged. */
    pending: (reader: Reader, list: ListRequest) =>
      listPage(db, list, {
        resource: articlesResource,
        where: and(readableBy(reader.user), awaitingAcknowledgement(reader.user.id)),
        hydrate: (ids) => views(ids),
      }),

    async get(reader: Reader, id: string, condition?: Conditional): Promise<Article> {
      const row = await repository.findArticle(id, visibleTo(reader));
      if (!row) throw notFound();
      condition?.setTag(articleTag(row));
      return one(id, repository, reader.editor);
    },

    async create(user: AuthUser, input: ArticleInput): Promise<Article> {
      return transaction(async (repo) => {
        await checkReferences(repo, input);
        await checkImages(repo, null, input.body);
        const now = new Date();
        const id = await repo.insertArticle({
          title: input.title,
          body: input.body,
          bodyText: documentText(input.body),
          categoryId: input.category,
          status: input.status,
          ...audienceValues(input.audience),
          reviewBy: input.review_by,
          acknowledgementRequired: input.acknowledgement_required,
          currentVersion: 1,
          publishedAt: input.status === 'PUBLISHED' ? now : null,
          updatedBy: user.id,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertVersion({ articleId: id, version: 1, title: input.title, body: input.body, editedBy: user.id, at: now });
        return one(id, repo);
      });
    },

    /** PUT and PATCH (editors only: the route checks article.change). */
    async update(user: AuthUser, id: string, changes: ArticleChanges, condition?: Conditional): Promise<Article> {
      const { article, tag } = await transaction(async (repo) => {
        const row = await repo.findArticle(id, undefined, true);
        if (!row) throw notFound();
        checkIfMatch(condition, ARTICLE_TAG_TABLE, row);
        await checkReferences(repo, changes);
        if (changes.body) await checkImages(repo, id, changes.body);
        const tag = await applyChange(repo, user, row, changes);
        return { article: await one(id, repo), tag };
      });
      condition?.setTag(tag);
      return article;
    },

    async remove(id: string, condition?: Conditional): Promise<void> {
      const keys = await transaction(async (repo) => {
        const row = await repo.findArticle(id, undefined, true);
        if (!row) throw notFound();
        checkIfMatch(condition, ARTICLE_TAG_TABLE, row);
        const stored = await repo.attachmentKeysOf(id);
        await repo.removeArticle(id);
        return stored;
      });
      // Its images' rows went with it; their files go once that is committed.
      await files.remove(keys);
    },

    /** 404 unless the article exists: checked before an upload's body is read, so a wrong id costs no upload. */
    async checkArticle(id: string): Promise<void> {
      if (!(await repository.findArticle(id))) throw notFound();
    },

    /**
     * Keeps an image for the article's text (editors only: the route checks article.change): the
     * file is staged in storage, then its row written; a failed write removes the file again.
     */
    async uploadImage(user: AuthUser, articleId: string, file: ReceivedFile): Promise<ArticleAttachmentRow> {
      const staged = await files.stage(`knowledge/articles/${articleId}`, [file], { articleId, uploadedById: user.id });
      return staged.keptIf(
        transaction(async (repo) => {
          // Locked: an article deleted meanwhile is a 404, not a foreign key error.
          if (!(await repo.findArticle(articleId, undefined, true))) throw notFound();
          await repo.insertAttachment(staged.rows[0]!);
          return (await repo.findAttachment(articleId, staged.rows[0]!.id))!;
        }),
      );
    },

    /** An image's file, for whoever reads the article (404 otherwise, as the article's detail). */
    async openImage(reader: Reader, articleId: string, id: string) {
      if (!(await repository.findArticle(articleId, visibleTo(reader)))) throw notFound();
      const row = await repository.findAttachment(articleId, id);
      if (!row) throw notFound();
      try {
        const { stream, size } = await storage.read(row.storageKey);
        return { row, stream, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw KNOWLEDGE_ERRORS.error('IMAGE_FILE_MISSING');
        throw error;
      }
    },

    async versions(id: string): Promise<ArticleVersion[]> {
      if (!(await repository.findArticle(id))) throw notFound();
      return (await repository.versions(id)).map((v) => ({
        version: v.version,
        title: v.title,
        body: v.body as Record<string, unknown>,
        edited_by: userRef(v.editedBy, v.editorFirst, v.editorLast),
        at: v.at.toISOString(),
      }));
    },

    /** A version's title and body become the article's next version. */
    async restore(user: AuthUser, id: string, version: number): Promise<Article> {
      return transaction(async (repo) => {
        const row = await repo.findArticle(id, undefined, true);
        if (!row) throw notFound();
        const kept = await repo.findVersion(id, version);
        if (!kept) throw KNOWLEDGE_ERRORS.error('NO_SUCH_VERSION', version);
        await applyChange(repo, user, row, { title: kept.title, body: kept.body as ArticleChanges['body'] }, true);
        return one(id, repo);
      });
    },

    /** The reader acknowledges the current version of a published article they read. */
    async acknowledge(reader: Reader, id: string): Promise<Acknowledgement> {
      const row = await repository.findArticle(id, and(visibleTo(reader), isPublished()));
      if (!row) throw notFound();
      const stored = await repository.acknowledge(id, reader.user.id, row.currentVersion);
      return {
        user: { id: reader.user.id, full_name: fullName(stored.firstName, stored.lastName) },
        version: row.currentVersion,
        at: stored.at.toISOString(),
      };
    },

    /** Who of the audience acknowledged the current version, and who has not yet. */
    async acknowledgements(id: string): Promise<Acknowledgements> {
      const row = await repository.findArticle(id);
      if (!row) throw notFound();
      const acknowledged = await repository.acknowledged(id, row.currentVersion);
      const pending = await repository.pending(id, row.currentVersion);
      return {
        version: row.currentVersion,
        acknowledged: acknowledged.map((a) => ({ user: { id: a.userId, full_name: fullName(a.firstName, a.lastName) }, at: a.at.toISOString() })),
        pending: pending.map((p) => ({ user: { id: p.userId, full_name: fullName(p.firstName, p.lastName) } })),
      };
    },

    /** The reader opened a suggested article they read (tickets avoided); once per session. */
    async opened(reader: Reader, id: string, session: string): Promise<void> {
      if (!(await repository.findArticle(id, and(visibleTo(reader), isPublished())))) throw notFound();
      await repository.recordOpen(id, reader.user.id, session);
    },

    /** Up to five published articles the reader reads, for what they are typing (a ticket's title). */
    async suggest(reader: Reader, q: string, costCentre?: string): Promise<Suggestion[]> {
      const text = q.trim();
      if (!text) return [];
      // The audience of a reader who is not an editor is matched inside the statement (`suggestStatement`).
      const scope = and(isPublished(), costCentre ? forCostCentre(costCentre) : undefined)!;
      const rows = await repository.suggest(text, vocabularyLookup(text), scope, MAX_SUGGESTIONS, reader.editor ? undefined : reader.user);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        category: r.category_id && r.category_name !== null ? { id: r.category_id, name: r.category_name } : null,
        excerpt: r.excerpt,
      }));
    },
  };
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
