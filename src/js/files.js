// Files from a drop or a file input, as [{path, file}] with the folder structure kept.
// Folder traversal uses the entries API, which is callback-based: it is simplest in JS.

export function droppedFiles(dataTransfer) {
  const entries = [];
  const loose = [];
  for (const item of Array.from(dataTransfer.items)) {
    if (item.kind !== 'file') continue;
    // webkitGetAsEntry must be called during the drop event, before any await.
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry) {
      entries.push(entry);
    } else {
      const file = item.getAsFile();
      if (file) loose.push({ path: file.name, file });
    }
  }
  return Promise.all(entries.map(walk)).then((lists) => loose.concat(...lists));
}

// Folders deeper than this are not read: only a link loop makes them (`ln -s . loop`).
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
  worker.postMessage({ kind: 'begin', total: files.length, options });
  for (let start = 0; start < files.length; start += CHUNK) {
    worker.postMessage({ kind: 'files', files: files.slice(start, start + CHUNK) });
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  worker.postMessage({ kind: 'end' });
}
