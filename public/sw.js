// Arbor's service worker: the app shell for an offline start, and notifications that open their worktree.
// Registered by components/shell/ServiceWorker.tsx in production builds on secure contexts (localhost included).
// The API, the WebSocket and the hook endpoint are never cached: they are live or nothing.

const SHELL_CACHE = "arbor-shell-v1";
const SHELL_URL = "/";
/** Hashed build files never change under one name: cache first. */
const isStaticAsset = (url) => url.pathname.startsWith("/_next/static/");
const isShellFile = (url) =>
  url.pathname === "/manifest.webmanifest" || url.pathname === "/favicon.svg" || url.pathname.startsWith("/icons/");

/** The start page and the build files it names, so Arbor opens without a network. */
async function cacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const response = await fetch(SHELL_URL, { credentials: "same-origin", redirect: "manual" });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(SHELL_URL, response);
  const assets = new Set([...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"?#]+)"/g)].map((match) => match[1]));
  await Promise.all(
    [...assets, "/manifest.webmanifest", "/icons/icon-192.png"].map((asset) => cache.add(asset).catch(() => undefined)),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheShell().catch(() => undefined));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Network first: online, every page is fresh; offline, the start page as last seen (it holds the
    // attention view and, by its query, a worktree's chat). Other pages have no offline copy.
    if (url.pathname !== SHELL_URL) return;
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL_URL, copy));
          }
          return response;
        })
        .catch(() => caches.match(SHELL_URL).then((cached) => cached ?? Response.error())),
    );
    return;
  }
  if (isStaticAsset(url) || isShellFile(url)) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});

// A click on a notification brings an open Arbor window to the front on the worktree's chat, or opens one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const href = new URL(event.notification.data?.href ?? "/", self.location.origin);
  if (href.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(href.href);
      const focused = await open.focus();
      return focused.navigate(href.href);
    }),
  );
});
