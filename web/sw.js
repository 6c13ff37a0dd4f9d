// Parlour's service worker: keeps every file of one build in a cache named after that build, so
// that the app loads and every game plays with the network off after one visit. A new build has
// a new name (`web/make-sw.mjs` writes it and the file list at build time): it is
// installed beside the old one and waits until the player chooses to reload.
const VERSION = '__VERSION__';
const FILES = __FILES__;
// The cache's name carries the app's address as well as the build, so that two copies of
// Parlour on one site (two project sites of one GitHub user) never remove each other's files.
const SCOPE = new URL(self.registration.scope);
const PREFIX = `parlour ${SCOPE.pathname} `;
const CACHE = PREFIX + VERSION;

self.addEventListener('install', (event) => {
  // Every file straight from the server, past the browser's own cache: a file it kept from the
  // build before would otherwise be kept here under this build's name.
  const fresh = FILES.map((file) => new Request(file, { cache: 'reload' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    // This copy's older builds, and caches named as builds before this one named them
    // (`parlour-<version>`, which did not say whose they were).
    const old = names.filter((n) => (n.startsWith(PREFIX) && n !== CACHE) || /^parlour-[0-9a-f]{16}$/.test(n));
    await Promise.all(old.map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

// The page asks a waiting build to take over when the player presses Reload.
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // The app's own page, however it is asked for ("./", "index.html", with a query); any other
  // page beside the app (a site's articles) is left to the network.
  const page = url.pathname === SCOPE.pathname || url.pathname === `${SCOPE.pathname}index.html`;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request, { ignoreSearch: true })
      ?? (request.mode === 'navigate' && page ? await cache.match('index.html') : undefined);
    if (kept) return kept;
    return fetch(request);
  })());
});
