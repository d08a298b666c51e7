import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AnswerStore, QueuedAnswer } from './answer-queue';

/**
 * The answer queue kept in IndexedDB (database `ops-sitechecks`, store `answers`, by `id`), through
 * `idb`'s promise API: answers and their photos (Blobs are stored as they are) outlive a reload, a
 * closed tab and a phone that lost its connection. Where IndexedDB is not there, or refuses (a
 * private window), the queue lives in memory for the page's life.
 */
const DB_NAME = 'ops-sitechecks';
const STORE = 'answers';

interface AnswerDb extends DBSchema {
  answers: { key: string; value: QueuedAnswer };
}

function openAnswerDb(): Promise<IDBPDatabase<AnswerDb>> {
  return openDB<AnswerDb>(DB_NAME, 1, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'id' });
    },
  });
}

function memoryAnswerStore(): AnswerStore {
  const rows = new Map<string, QueuedAnswer>();
  return {
    all: async () => [...rows.values()],
    put: async (item) => void rows.set(item.id, item),
    delete: async (id) => void rows.delete(id),
  };
}

export function indexedDbStore(): AnswerStore {
  if (typeof indexedDB === 'undefined') return memoryAnswerStore();
  let db: Promise<IDBPDatabase<AnswerDb>> | null = null;
  const fallback = memoryAnswerStore();
  let failed = false;
  const database = () => (db ??= openAnswerDb());
  // The first refusal (quota, a private window) moves the queue to memory for the page's life.
  const guarded =
    <A extends unknown[], T>(run: (...args: A) => Promise<T>, fallbackRun: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      if (failed) return fallbackRun(...args);
      try {
        return await run(...args);
      } catch {
        failed = true;
        return fallbackRun(...args);
      }
    };
  return {
    all: guarded(async () => (await database()).getAll(STORE), fallback.all),
    put: guarded(async (item: QueuedAnswer) => void (await (await database()).put(STORE, item)), fallback.put),
    delete: guarded(async (id: string) => void (await (await database()).delete(STORE, id)), fallback.delete),
  };
}
