import { CONTENT_TYPES, EXTENSIONS } from '../../platform/file-types';
import { uuidv7 } from '../../db/ids';
import type { ReceivedFile } from '../../platform/multipart';
import type { AttachmentInsert } from './helpdesk.repository';
import type { HelpdeskServiceDeps } from './helpdesk-service-deps';

/** Whose files these are: the ticket, and the message when they belong to one. */
export interface FileOwner {
  ticketId: string;
  conversationId: string | null;
  uploadedById: string;
}

/** Files already in storage whose attachment rows a transaction is about to write. */
export interface StagedFiles {
  /** The attachment rows to insert, one per file. */
  rows: (AttachmentInsert & { id: string })[];
  /**
   * Waits for the write that inserts `rows`; if it fails, the staged files are removed before the
   * error goes on, so a failed write leaves no file behind.
   */
  keptIf<T>(write: Promise<T>): Promise<T>;
}

/**
 * A ticket's attachment files in storage. Files go in before the transaction that writes their
 * rows (storage is not transactional, and a file must exist before a row names it); a write that
 * fails removes them again.
 */
export function createAttachmentFiles(deps: Pick<HelpdeskServiceDeps, 'storage' | 'log'>) {
  const { storage } = deps;

  /** Removes stored files; a file that will not go is logged and left to the orphan sweep. */
  async function remove(keys: string[]): Promise<void> {
    for (const key of keys) {
      await storage.delete(key).catch((error) => deps.log.warn({ err: error, key }, 'removing a stored file failed'));
    }
  }

  /** Moves received files under `prefix` in storage; if one fails, those stored so far are removed. */
  async function stage(prefix: string, files: ReceivedFile[], owner: FileOwner): Promise<StagedFiles> {
    const rows: (AttachmentInsert & { id: string; storageKey: string })[] = [];
    try {
      for (const file of files) {
        const id = uuidv7();
        const storageKey = `${prefix}/${id}.${EXTENSIONS[file.type]}`;
        await storage.putFile(storageKey, file.tempPath, CONTENT_TYPES[file.type]);
        rows.push({ id, ...owner, storageKey, fileName: file.filename.slice(-255), fileType: file.type, size: file.size, uploadedAt: new Date() });
      }
    } catch (error) {
      await remove(rows.map((row) => row.storageKey));
      throw error;
    }
    return {
      rows,
      async keptIf<T>(write: Promise<T>): Promise<T> {
        try {
          return await write;
        } catch (error) {
          await remove(rows.map((row) => row.storageKey));
          throw error;
        }
      },
    };
  }

  return { stage, remove };
}

export type AttachmentFiles = ReturnType<typeof createAttachmentFiles>;
