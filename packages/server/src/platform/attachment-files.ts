import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CONTENT_TYPES, EXTENSIONS, contentDisposition, safeFileName, type DetectedType } from './file-types';
import { uuidv7 } from '../db/ids';
import type { ReceivedFile } from './multipart';
import type { FileStorage } from './storage';

/** What every attachment row says of its file, whoever owns it (a ticket, a message, an article). */
export interface StoredFileRow {
  id: string;
  storageKey: string;
  fileName: string;
  fileType: DetectedType;
  size: number;
  uploadedAt: Date;
}

/** Files already in storage whose attachment rows a transaction is about to write. */
export interface StagedFiles<Owner extends object> {
  /** The attachment rows to insert, one per file: the owner's columns and the file's. */
  rows: (Owner & StoredFileRow)[];
  /**
   * Waits for the write that inserts `rows`; if it fails, the staged files are removed before the
   * error goes on, so a failed write leaves no file behind.
   */
  keptIf<T>(write: Promise<T>): Promise<T>;
}

/**
 * Attachment files in storage, for every module that keeps uploads (the help desk's tickets and
 * messages, the knowledge base's article images). Files are received and checked by
 * `receiveMultipart` (type sniffed from the content, size limit), go into storage before the
 * transaction that writes their rows (storage is not transactional, and a file must exist before a
 * row names it), and a write that fails removes them again.
 */
export function createAttachmentFiles(deps: { storage: FileStorage; log: { warn(obj: unknown, msg: string): void } }) {
  const { storage } = deps;

  /** Removes stored files; a file that will not go is logged and left to the orphan sweep. */
  async function remove(keys: string[]): Promise<void> {
    for (const key of keys) {
      await storage.delete(key).catch((error) => deps.log.warn({ err: error, key }, 'removing a stored file failed'));
    }
  }

  /** Moves received files under `prefix` in storage; if one fails, those stored so far are removed. */
  async function stage<Owner extends object>(prefix: string, files: ReceivedFile[], owner: Owner): Promise<StagedFiles<Owner>> {
    const rows: (Owner & StoredFileRow)[] = [];
    try {
      for (const file of files) {
        const id = uuidv7();
        const storageKey = `${prefix}/${id}.${EXTENSIONS[file.type]}`;
        await storage.putFile(storageKey, file.tempPath, CONTENT_TYPES[file.type]);
        rows.push({ ...owner, id, storageKey, fileName: file.filename.slice(-255), fileType: file.type, size: file.size, uploadedAt: new Date() });
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

/**
 * Answers a stored attachment's file: its type's content type (never the client's), a download
 * name with that type's extension, no sniffing, no caching.
 */
export function sendAttachmentFile(reply: FastifyReply, file: { fileType: string; fileName: string; stream: Readable; size: number }, disposition: 'attachment' | 'inline' = 'attachment') {
  const type = file.fileType as DetectedType;
  return reply
    .header('Content-Type', CONTENT_TYPES[type])
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', contentDisposition(safeFileName(file.fileName, type), disposition))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(file.stream);
}
