// The loader page (load.html): a link `…/#data=<url>&data=<url>&<view>` opens the app, which sends
// it here when its data is not yet in this browser. This page names every host, downloads only
// after the user agrees, keeps the files where the app finds them (IndexedDB, kept.js) and opens
// the app on the link's view. Downloading happens here, not in the app, so the app's page keeps
// `connect-src 'self'`: that it cannot send anything anywhere stays checkable.
import { keepDrop } from './kept.js';

const MAX_LINKS = 20;
// As for a drop: more is refused, named.
const MAX_BYTES = 512 * 1024 * 1024;

const params = new URLSearchParams(location.hash.slice(1));
const links = params.getAll('data');
const status = document.querySelector('#loader-status');
const list = document.querySelector('#loader-links');
const confirm = document.querySelector('#loader-confirm');

// https: only; plain http: for this machine alone (a local server, the tests).
function allowed(url) {
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
}

function say(text) {
  status.textContent = text;
}

const urls = [];
for (const link of links.slice(0, MAX_LINKS)) {
  const item = document.createElement('li');
  let url = null;
  try { url = new URL(link); } catch { /* named below */ }
  if (url && allowed(url)) {
    urls.push(url);
    const host = document.createElement('strong');
    host.textContent = url.host;
    item.append(host, ` — ${url.href}`);
  } else {
    item.textContent = `not downloaded (only https: links are): ${link.slice(0, 200)}`;
  }
  list.append(item);
}
if (links.length > MAX_LINKS) say(`Only the first ${MAX_LINKS} of ${links.length} links are used.`);
if (urls.length === 0) {
  confirm.disabled = true;
  document.querySelector('#loader-question').textContent = 'This link names no result files that can be downloaded.';
}

// The app on the link's view; without the data when `withData` is false.
function openApp(withData) {
  const view = new URLSearchParams(params);
  if (!withData) view.delete('data');
  location.replace(`./#${view}`);
}

function fileName(url, index) {
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '');
  return last.replace(/[\\/\0]/g, '_') || `download-${index + 1}`;
}

async function download(url, index, budget) {
  const response = await fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer' });
  if (!response.ok) throw new Error(`${url.host}: ${response.status} ${response.statusText}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > budget) throw new Error(`${url.href} is larger than the ${MAX_BYTES >> 20} MiB a drop may have`);
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > budget) {
      await reader.cancel();
      throw new Error(`${url.href} is larger than the ${MAX_BYTES >> 20} MiB a drop may have`);
    }
    chunks.push(value);
    say(`Downloading ${url.host}: ${(size / 1048576).toFixed(1)} MiB…`);
  }
  return { path: fileName(url, index), file: new File(chunks, fileName(url, index)) };
}

confirm.addEventListener('click', async () => {
  confirm.disabled = true;
  try {
    const files = [];
    let budget = MAX_BYTES;
    for (const [index, url] of urls.entries()) {
      const file = await download(url, index, budget);
      budget -= file.file.size;
      // Two links may end in the same name (`results.zip`): each keeps its own file.
      if (files.some((f) => f.path === file.path)) file.path = `${index + 1}-${file.path}`;
      files.push(file);
    }
    await keepDrop(files, links);
    openApp(true);
  } catch (e) {
    say(`Not loaded: ${e.message}`);
    confirm.disabled = false;
  }
});
document.querySelector('#loader-cancel').addEventListener('click', () => openApp(false));
