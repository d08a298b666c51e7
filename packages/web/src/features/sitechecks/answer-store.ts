import type { AnswerStore, QueuedAnswer } from './answer-queue';

/**
 * The answer queue kept in IndexedDB (database `ops-sitechecks`, store `answers`, by `id`): answers
 * and their photos (Blobs are stored as they are) outlive a reload, a closed tab and a phone that
 * lost its connection. Where IndexedDB is not there (a private window that refuses it) the queue
 * lives in memory for the page's life.
 */
const DB_NAME = 'ops-sitechecks';
const STORE = 'answers';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('The answer store is blocked by another tab.'));
  });
}

function memoryStore(): AnswerStore {
  const rows = new Map<string, QueuedAnswer>();
  return {
    all: async () => [...rows.values()],
    put: async (item) => void rows.set(item.id, item),
    delete: async (id) => void rows.delete(id),
  };
}

export function indexedDbStore(): AnswerStore {
  if (typeof indexedDB === 'undefined') return memoryStore();
  let db: Promise<IDBDatabase> | null = null;
  const fallback = memoryStore();
  let failed = false;
  const withStore = async <T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    db ??= open();
    const store = (await db).transaction(STORE, mode).objectStore(STORE);
    return request(use(store));
  };
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
    all: guarded(() => withStore('readonly', (store) => store.getAll() as IDBRequest<QueuedAnswer[]>), fallback.all),
    put: guarded(async (item: QueuedAnswer) => void (await withStore('readwrite', (store) => store.put(item))), fallback.put),
    delete: guarded(async (id: string) => void (await withStore('readwrite', (store) => store.delete(id))), fallback.delete),
  };
}
