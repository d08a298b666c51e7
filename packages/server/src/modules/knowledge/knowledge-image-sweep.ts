import { and, asc, gt, inArray, lt } from 'drizzle-orm';
import { articleAttachments, articles, articleVersions } from '../../db/schema/knowledge';
import type { Db } from '../../platform/db';
import type { FileStorage } from '../../platform/storage';
import { documentImages } from './knowledge-document';

/**
 * An image uploaded into an article's text is kept at least this long while no saved text names it:
 * the editor may still be writing (the upload comes before the save), over a restart too.
 */
export const UNUSED_IMAGE_HOURS = 24;

/** Articles read per transaction (each with every version's body). */
const ARTICLES_PAGE = 100;
const FILES_PAGE = 1000;

export interface KnowledgeImageSweepResult {
  /** Image rows (and their files) no saved text of their article names. */
  removedUnused: number;
  /** Stored files under knowledge/ with no image row. */
  removedOrphans: number;
}

/**
 * The start-up sweep for images in articles (`knowledge_attachment`, migration 0031), beside the
 * help desk's `sweepAttachments`, which lists only the help desk's files:
 * - an image no saved text of its article names, neither its body nor any of its versions (a version
 *   may be restored), uploaded more than max(graceSeconds, UNUSED_IMAGE_HOURS) ago: uploaded while
 *   writing, then left out of what was saved, or never saved. Its row goes, then its file. The
 *   article rows are locked while their texts are read, as a save locks them, so an image a save
 *   names meanwhile is not taken;
 * - a stored file under knowledge/ with no row, older than graceSeconds: a process killed between
 *   storing the file and committing its row.
 * An image a saved text names is never removed, however old.
 */
export async function sweepKnowledgeImages(options: {
  db: Db;
  storage: FileStorage;
  graceSeconds: number;
  log: (line: string) => void;
}): Promise<KnowledgeImageSweepResult> {
  const { db, storage, log } = options;
  const result: KnowledgeImageSweepResult = { removedUnused: 0, removedOrphans: 0 };
  const unusedBefore = new Date(Date.now() - Math.max(options.graceSeconds, UNUSED_IMAGE_HOURS * 3600) * 1000);

  for (let after: string | null = null; ; ) {
    const page: string[] = (
      await db
        .selectDistinct({ id: articleAttachments.articleId })
        .from(articleAttachments)
        .where(and(lt(articleAttachments.uploadedAt, unusedBefore), after ? gt(articleAttachments.articleId, after) : undefined))
        .orderBy(asc(articleAttachments.articleId))
        .limit(ARTICLES_PAGE)
    ).map((row) => row.id);
    if (!page.length) break;
    after = page[page.length - 1]!;
    const keys = await db.transaction(async (tx) => {
      const bodies = await tx.select({ articleId: articles.id, body: articles.body }).from(articles).where(inArray(articles.id, page)).for('update');
      const versions = await tx
        .select({ articleId: articleVersions.articleId, body: articleVersions.body })
        .from(articleVersions)
        .where(inArray(articleVersions.articleId, page));
      const named = new Set<string>();
      for (const { articleId, body } of [...bodies, ...versions]) for (const id of documentImages(body).ids) named.add(`${articleId}/${id}`);
      const old = await tx
        .select({ id: articleAttachments.id, articleId: articleAttachments.articleId })
        .from(articleAttachments)
        .where(and(inArray(articleAttachments.articleId, page), lt(articleAttachments.uploadedAt, unusedBefore)));
      const unused = old.filter((row) => !named.has(`${row.articleId}/${row.id}`)).map((row) => row.id);
      if (!unused.length) return [];
      const removed = await tx.delete(articleAttachments).where(inArray(articleAttachments.id, unused)).returning({ key: articleAttachments.storageKey });
      return removed.map((row) => row.key);
    });
    // The rows went with the commit; their files go now (one that will not go is an orphan for the next sweep).
    for (const key of keys) await storage.delete(key).catch((error: unknown) => log(`knowledge image sweep: removing ${key} failed: ${(error as Error).message}`));
    result.removedUnused += keys.length;
  }

  if (storage.list) {
    const orphanedBefore = Date.now() - options.graceSeconds * 1000;
    let batch: { key: string; modifiedAt: Date }[] = [];
    const removeOrphans = async () => {
      const keys = batch.map((file) => file.key);
      const known = new Set(
        keys.length
          ? (await db.select({ key: articleAttachments.storageKey }).from(articleAttachments).where(inArray(articleAttachments.storageKey, keys))).map((row) => row.key)
          : [],
      );
      for (const file of batch) {
        if (known.has(file.key) || file.modifiedAt.getTime() > orphanedBefore) continue;
        await storage.delete(file.key);
        result.removedOrphans += 1;
      }
      batch = [];
    };
    for await (const file of storage.list('knowledge')) {
      batch.push(file);
      if (batch.length >= FILES_PAGE) await removeOrphans();
    }
    await removeOrphans();
  } else {
    log(`knowledge image sweep: the ${storage.driver} storage cannot be listed; stored files without a row were not checked`);
  }

  if (result.removedUnused || result.removedOrphans) {
    log(`knowledge image sweep: removed ${result.removedUnused} image(s) no saved article text names and ${result.removedOrphans} stored file(s) without an image row`);
  }
  return result;
}

