// What each program's run on its own input gave, kept in this browser's IndexedDB, so that a
// second drop of the same benchmark has its dynamic properties at once. The key is a SHA-256 of
// the harness, the Python that ran it and the request (program text, input, limits); the value is
// the harness's report. Nothing leaves the machine; "Forget this data" deletes it with the drop
// (kept.js, which names the database).
import { openDatabase, RUNS_DATABASE } from './kept.js';

const STORE = 'reports';
/** The Python the run workers load (run_worker.js): a report is kept for it only. */
const PYTHON = 'pyodide 0.25.1 (CPython 3.11.3)';

function open() {
  return openDatabase(RUNS_DATABASE, STORE);
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function digest(text) {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Keys for requests (JSON texts) run by `harness`. */
export async function keysOf(harness, requests) {
  const prefix = await digest(`${PYTHON}\n${harness}`);
  return Promise.all(requests.map((json) => digest(`${prefix}\n${json}`)));
}

/** The kept reports of these keys (undefined where none), in one transaction; [] if the browser keeps none. */
export async function read(keys) {
  try {
    const database = await open();
    return await new Promise((resolve, reject) => {
      const transaction = database.transaction(STORE, 'readonly');
      const store = transaction.objectStore(STORE);
      const requests = keys.map((key) => store.get(key));
      transaction.oncomplete = () => { database.close(); resolve(requests.map((r) => r.result)); };
      transaction.onerror = transaction.onabort = () => { database.close(); reject(transaction.error); };
    });
  } catch (error) {
    console.warn('exerscope: no kept runs:', error);
    return [];
  }
}

/** Keeps reports: `entries` is [key, report JSON] pairs. */
export async function write(entries) {
  if (entries.length === 0) return;
  try {
    const database = await open();
    await new Promise((resolve, reject) => {
      const transaction = database.transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      for (const [key, json] of entries) store.put(json, key);
      transaction.oncomplete = () => { database.close(); resolve(); };
      transaction.onerror = transaction.onabort = () => { database.close(); reject(transaction.error); };
    });
  } catch (error) {
    console.warn('exerscope: runs not kept:', error);
  }
}
