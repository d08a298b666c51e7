import type { DbOrTx } from '../../platform/db';
import { CONTENT_TYPES, EXTENSIONS } from '../../platform/file-types';
import { uuidv7 } from '../../db/ids';
import type { ReceivedFile } from '../../platform/multipart';
import type { RecordedNotifications } from '../notifications/index';
import type { AttachmentRow, HelpdeskRepository } from './helpdesk.repository';
import type { HelpdeskServiceDeps } from './helpdesk-service-deps';

/** Attachment files around a ticket's writes: stored before the transaction, removed again when it fails. */
export function createTicketFiles(deps: Pick<HelpdeskServiceDeps, 'storage' | 'transaction' | 'notifications' | 'log'>) {
  const { storage, notifications } = deps;

  /** Moves received files into storage; the caller removes them again if its transaction fails. */
  async function storeFiles(
    prefix: string,
    files: ReceivedFile[],
    uploadedById: string,
    ticketId: string,
    conversationId: string | null,
  ) {
    const stored: (AttachmentRow & { storageKey: string })[] = [];
    try {
      for (const file of files) {
        const id = uuidv7();
        const storageKey = `${prefix}/${id}.${EXTENSIONS[file.type]}`;
        await storage.putFile(storageKey, file.tempPath, CONTENT_TYPES[file.type]);
        stored.push({
          id,
          ticketId,
          conversationId,
          storageKey,
          fileName: file.filename.slice(-255),
          fileType: file.type,
          size: file.size,
          uploadedById,
          uploadedAt: new Date(),
        });
      }
    } catch (error) {
      await removeFiles(stored.map((s) => s.storageKey));
      throw error;
    }
    return stored;
  }

  async function removeFiles(keys: string[]) {
    for (const key of keys) {
      await storage.delete(key).catch((error) => deps.log.warn({ err: error, key }, 'removing a stored file failed'));
    }
  }

  /** Runs a write with its files: files stored first, removed again if the transaction fails; notifications announced after commit. */
  async function writeWithFiles<T>(
    files: { prefix: string; list: ReceivedFile[]; uploadedById: string; ticketId: string; conversationId: string | null } | null,
    work: (
      repo: HelpdeskRepository,
      tx: DbOrTx,
      stored: AttachmentRow[],
    ) => Promise<{ result: T; recorded: RecordedNotifications }>,
  ): Promise<T> {
    const stored = files
      ? await storeFiles(files.prefix, files.list, files.uploadedById, files.ticketId, files.conversationId)
      : [];
    let outcome: { result: T; recorded: RecordedNotifications };
    try {
      outcome = await deps.transaction((repo, tx) => work(repo, tx, stored));
    } catch (error) {
      await removeFiles(stored.map((s) => s.storageKey));
      throw error;
    }
    notifications.afterCommit(outcome.recorded);
    return outcome.result;
  }


  return { removeFiles, writeWithFiles };
}

export type TicketFiles = ReturnType<typeof createTicketFiles>;
