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

// Hands files to the worker in chunks, yielding between them: the browser looks up each file
// (a cost of its own per file) when it is first sent, so one big message would freeze the page.
const CHUNK = 400;

export async function sendFiles(worker, files, options) {
  if (files.handles) {
    worker.postMessage({ kind: 'handles', handles: files.handles, options });
    return;
  }
  worker.postMessage({ kind: 'begin', total: files.length, options });
  for (let start = 0; start < files.length; start += CHUNK) {
    worker.postMessage({ kind: 'files', files: files.slice(start, start + CHUNK) });
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  worker.postMessage({ kind: 'end' });
}

// Whether the worker reads (and keeps) these files itself: a drop of handles.
export function readByWorker(files) {
  return Boolean(files && files.handles);
}
