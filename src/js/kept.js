// The last drop, kept in this browser's IndexedDB so that a reload shows it again: the File
// objects themselves (the browser keeps a copy of their bytes on this machine; nothing is sent
// anywhere), or 'demo', with the links it was downloaded from (`#data=`, by load.html; empty for
// a drop). "Forget this data" deletes it. Used by the app and by the loader page.
const DATABASE = 'exerscope';
const STORE = 'drops';
const KEY = 'last';
const SOURCE = 'source';
/** Where run_cache.js (the analysis worker) keeps the programs' runs. */
export const RUNS_DATABASE = 'exerscope-runs';

/** Opens a database of this origin with one object store (made on first use). */
export function openDatabase(name, store) {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(store);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact(mode, act) {
  const database = await openDatabase(DATABASE, STORE);
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(STORE, mode);
    const request = act(transaction.objectStore(STORE));
    transaction.oncomplete = () => { database.close(); resolve(request?.result); };
    transaction.onerror = transaction.onabort = () => { database.close(); reject(transaction.error); };
  });
}

export function keepDrop(files, links = []) {
  return transact('readwrite', (store) => {
    store.put(links, SOURCE);
    return store.put(files, KEY);
  });
}

// The links the kept drop came from ([] for a drop).
export async function keptLinks() {
  return (await transact('readonly', (store) => store.get(SOURCE))) ?? [];
}

// The kept drop, or null.
export async function keptDrop() {
  return (await transact('readonly', (store) => store.get(KEY))) ?? null;
}

// Forgets the drop, and the runs of its programs kept by the analysis worker (run_cache.js).
export async function forgetDrop() {
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(RUNS_DATABASE);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
  return transact('readwrite', (store) => {
    store.delete(SOURCE);
    return store.delete(KEY);
  });
}
