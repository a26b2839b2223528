// The offline copy of the app (a service worker): the app shell, the wasm and the workers are kept
// when the app is installed, Pyodide's files once a run has loaded them, the second parsing module
// (every grammar) once a drop has; a second visit opens and analyses without the network. Only GET
// requests of the app's own origin are touched: nothing a user drops is ever fetched, so nothing of
// it is ever kept here. tools/build-web.sh puts two constants above this comment: VERSION, a digest
// of the build (a new build replaces the whole cache), and SHELL, every file of the build but
// Pyodide's and the second module's, listed from dist/ itself so that no module the app imports
// (wasm-bindgen's snippets among them) can be missed.
/* global VERSION, SHELL */
const CACHE = `exerscope-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('exerscope-') && key !== CACHE) await caches.delete(key);
    }
    // The first visit is served by this worker too, so that Pyodide is kept once loaded.
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request, { ignoreSearch: true });
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
    return response;
  })());
});
