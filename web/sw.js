// Delve's service worker: keeps one build's files in a cache of its own ("delve-BUILD"; build.sh
// writes the build, a digest of the files), serves the page and the game from it first, and so
// starts Delve offline and a second visit without downloading the module again. A newer build
// installs beside it and waits for the page's "Update now" (or for every tab to close), then
// drops the older cache. The board's API and pages always go to the network.

const BUILD = "dev";
const CACHE = `delve-${BUILD}`;
// The page and its files: build.sh writes them here from web/files.txt, the one list of them.
const FILES = ["./"];

self.addEventListener("install", (event) => {
  // From the network, never the HTTP cache: the files of this very build.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("delve-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  const scope = new URL(self.registration.scope);
  const path = url.pathname.slice(scope.pathname.length);
  if (path.startsWith("api/") || path === "board" || path.startsWith("board/")) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Any address of the page (a seed's, a replay's) is the one page.
    const page = request.mode === "navigate" && (path === "" || path === "index.html");
    const hit = page ? await cache.match("index.html") : await cache.match(request, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
