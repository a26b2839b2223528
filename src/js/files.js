// Files from a drop or a file input, as [{path, file}] with the folder structure kept — or, where
// the browser gives file system handles (Chromium), as {handles}: the analysis worker walks the
// folders and reads the files itself, and the page's thread does nothing per file (walking the
// ExeRScope artifact's 11,009 files held it for seconds). Elsewhere the entries API walks them
// here; it is callback-based: simplest in JS.

export function droppedFiles(dataTransfer) {
  const items = Array.from(dataTransfer.items).filter((item) => item.kind === 'file');
  // Everything is asked for during the drop event, before any await, as browsers require: the
  // handles where there are any, and the entries or files in case there are not (a drop made by
  // a script has no file system behind it).
  const handles = items.map((item) => (typeof item.getAsFileSystemHandle === 'function'
    ? item.getAsFileSystemHandle().catch(() => null)
    : null));
  const entries = [];
  const loose = [];
  for (const item of items) {
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry) {
      entries.push(entry);
    } else {
      const file = item.getAsFile();
      if (file) loose.push({ path: file.name, file });
    }
  }
  return Promise.all(handles).then((found) => {
    if (found.length > 0 && found.every(Boolean)) return { handles: found };
    return Promise.all(entries.map(walk)).then((lists) => loose.concat(...lists));
  });
}

// Folders deeper than this are not read: only a link loop makes them (`ln -s . loop`). (The same
// limit and problems as the worker's walk over handles, worker.js.)
const MAX_DEPTH = 40;

// A folder's files; what cannot be read is passed on as a problem naming it, never thrown (one
// unreadable entry must not lose the drop).
async function walk(entry, depth = 0) {
  const where = entry.fullPath.replace(/^\//, '');
  try {
    if (entry.isFile) {
      const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
      return [{ path: where, file }];
    }
    if (depth === MAX_DEPTH) {
      return [{ path: where, file: null, problem: `folders nested ${MAX_DEPTH} deep (a link loop?): not read below` }];
    }
    const reader = entry.createReader();
    const children = [];
    for (;;) {
      const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      children.push(...batch);
    }
    if (children.length === 0) return [{ path: where, file: null, problem: 'empty folder: nothing in it to analyse' }];
    const lists = await Promise.all(children.map((child) => walk(child, depth + 1)));
    return [].concat(...lists);
  } catch (error) {
    return [{ path: where, file: null, problem: `cannot be read: ${error && error.message ? error.message : error}` }];
  }
}

export function pickedFiles(fileList) {
  return Array.from(fileList, (file) => ({ path: file.webkitRelativePath || file.name, file }));
}

// The page's thread may spend this long on one part of a drop before it yields: the browser looks a
// picked file up (its size) the first time it is used, some 0.2 ms a file, on this thread.
const SLICE_MS = 30;
// A part's files are read as one Blob of them (one round trip to the browser, not one per file),
// up to this many bytes (a bigger file makes a part of its own).
const PART_BYTES = 8 << 20;
/** Counts sends: a drop still being sent when another begins stops there. */
let sends = 0;
/** The files of the last send left for later: {worker, unread, send}, or null. */
let waiting = null;

// Hands files to the worker in parts, yielding between them. The files `later` marks (1: only a
// program's view shows them, AnalysisSession.left_unread) are sent when the worker asks for them
// (sendLater), once the first view is shown: before, they would hold the page's thread while it
// shows the analysis. `keep`: the worker keeps the drop for a reload once its first view is shown.
export async function sendFiles(worker, files, options, later, keep) {
  const send = ++sends;
  waiting = null;
  if (files.handles) {
    worker.postMessage({ kind: 'handles', handles: files.handles, options, keep });
    return;
  }
  const now = [];
  const unread = [];
  files.forEach((entry, i) => (later[i] && entry.file ? unread : now).push(entry));
  worker.postMessage({ kind: 'begin', total: now.length, unread: unread.map((entry) => entry.path), options, keep });
  for await (const part of parts(now, urgently)) {
    if (send !== sends) return;
    const present = part.filter((entry) => entry.file).map((entry) => entry.file);
    worker.postMessage({ kind: 'files', files: part, blob: new Blob(present) });
  }
  worker.postMessage({ kind: 'end' });
  waiting = { worker, unread, send };
}

// Sends the files the last send left for later, as the worker asked.
export async function sendLater() {
  const left = waiting;
  waiting = null;
  if (left === null) return;
  for await (const part of parts(left.unread, politely)) {
    if (left.send !== sends) return;
    left.worker.postMessage({ kind: 'later', files: part });
  }
}

// `entries` in parts of at most SLICE_MS of looking up and PART_BYTES, `next()` awaited between.
async function* parts(entries, next) {
  for (let start = 0; start < entries.length;) {
    const began = performance.now();
    let end = start;
    let bytes = 0;
    while (end < entries.length && performance.now() - began < SLICE_MS) {
      const size = entries[end].file?.size ?? 0; // the look-up
      if (end > start && bytes + size > PART_BYTES) break;
      bytes += size;
      end += 1;
    }
    yield entries.slice(start, end);
    start = end;
    await next();
  }
}

// Yields to the browser (input, drawing) and comes back before other tasks, where it can: the
// analysis waits for these files.
const urgently = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : politely());
// Yields behind the tasks waiting: what the worker sends (the analysis) goes first.
const politely = () => new Promise((resolve) => setTimeout(resolve, 0));
