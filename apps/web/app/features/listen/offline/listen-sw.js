/* global self, caches */
// The listener app's service worker (scope /listen): the shell and the app's files load offline.
// Every /listen page is the same client-rendered shell, so one cached copy answers them all.
// It also shows the reminders sent by Web Push and opens /listen when one is tapped.
// Downloaded audio lives in its own cache ("serene-downloads-v1"), written by the page itself.
const SHELL_CACHE = "serene-listen-shell-v1";
const SHELL_URL = "/listen";
const STATIC_FILES = ["/listen.webmanifest", "/listen-icon-192.png", "/listen-icon-512.png", "/favicon.svg"];
const KEEP = new Set([SHELL_CACHE, "serene-downloads-v1"]);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll([SHELL_URL, ...STATIC_FILES]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!KEEP.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

// The page names the app's files (its route modules) so that pages not yet visited open offline too.
self.addEventListener("message", (event) => {
  const urls = event.data?.type === "cache-files" && Array.isArray(event.data.urls) ? event.data.urls : [];
  const sameOrigin = urls.filter((url) => typeof url === "string" && url.startsWith("/assets/"));
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) =>
        Promise.all(
          sameOrigin.map(async (url) =>
            (await cache.match(url)) ? undefined : cache.add(url).catch(() => undefined),
          ),
        ),
      ),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate" && (url.pathname === "/listen" || url.pathname.startsWith("/listen/"))) {
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          if (response.ok) (await caches.open(SHELL_CACHE)).put(SHELL_URL, response.clone());
          return response;
        } catch {
          return (await caches.match(SHELL_URL)) ?? Response.error();
        }
      })(),
    );
    return;
  }
  // Hashed files never change: the cached copy is the right one.
  if (url.pathname.startsWith("/assets/") || STATIC_FILES.includes(url.pathname)) {
    event.respondWith(
      (async () => {
        const cached = await caches.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) (await caches.open(SHELL_CACHE)).put(request, response.clone());
        return response;
      })(),
    );
  }
});

// A reminder (or a test) sent by the server through Web Push: { title, body, url }.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const url = typeof message.url === "string" && message.url.startsWith("/listen") ? message.url : "/listen";
  event.waitUntil(
    self.registration.showNotification(message.title || "Serene", {
      body: message.body || "A few minutes of Serene today.",
      icon: "/listen-icon-192.png",
      tag: "serene-reminder",
      data: { url },
    }),
  );
});

// A tap on the notification opens the app: an open /listen window comes forward, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url || "/listen";
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith("/listen"));
      if (open) {
        await open.focus();
        if ("navigate" in open) await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
