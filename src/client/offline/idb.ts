/**
 * A small key-value store in IndexedDB for what the app keeps on this device (issue 24): the
 * last answers per account and the queue of writes made offline. IndexedDB, not localStorage:
 * it holds megabytes, structured data, and does not block the page while it writes.
 */
const DB_NAME = 'portal-offline';
const STORE = 'kv';

let opened: Promise<IDBDatabase> | undefined;
function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export const idbGet = <T>(key: string) =>
  run<T | undefined>('readonly', (s) => s.get(key) as IDBRequest<T | undefined>);
export const idbSet = (key: string, value: unknown) => run('readwrite', (s) => s.put(value, key)).then(() => undefined);
export const idbDelete = (key: string) => run('readwrite', (s) => s.delete(key)).then(() => undefined);
/** Everything this app kept on the device, for every account: sign-out leaves nothing. */
export const idbClear = () => run('readwrite', (s) => s.clear()).then(() => undefined);
