// Parlour's service worker: keeps every file of one build in a cache named after that build, so
// that the app loads and every game plays with the network off after one visit. A new build has
// a new name (`web/make-sw.mjs` writes it and the file list at build time): it is
// installed beside the old one and waits until the player chooses to reload.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `parlour-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith('parlour-') && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

// The page asks a waiting build to take over when the player presses Reload.
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request, { ignoreSearch: true })
      ?? (request.mode === 'navigate' ? await cache.match('index.html') : undefined);
    if (kept) return kept;
    return fetch(request);
  })());
});
