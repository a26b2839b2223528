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

async function walk(entry) {
  if (entry.isFile) {
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
    return [{ path: entry.fullPath.replace(/^\//, ''), file }];
  }
  const reader = entry.createReader();
  const children = [];
  for (;;) {
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    children.push(...batch);
  }
  if (children.length === 0) return [{ path: entry.fullPath.replace(/^\//, ''), file: null }]; // reported as empty
  const lists = await Promise.all(children.map(walk));
  return [].concat(...lists);
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
