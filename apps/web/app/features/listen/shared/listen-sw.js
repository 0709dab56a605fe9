/* global self, caches */
// The listener app's service worker (scope /listen): the shell and the app's files load offline.
// Every /listen page is the same client-rendered shell, so one cached copy answers them all.
// It also shows the reminders sent by Web Push and opens /listen when one is tapped.
// Downloaded audio lives in its own cache ("serene-downloads-v1"), written by the page itself.
//
// The build (vite/listen-service-worker.ts) writes this file out with the three values below: every
// file the /listen pages can load (their code, what it loads on demand such as the stats chart, and
// the styles of both), a version naming that list, and the pages prerendered to HTML of their own
// (the sign-in page, and /listen, which a signed-out visitor gets as the sign-in form), whose HTML
// is never the shell of the others. A new build is a new worker,
// which keeps the new files in a new cache and drops the old one.
const PRECACHE = self.__LISTEN_PRECACHE__;
const VERSION = self.__LISTEN_VERSION__;
const PRERENDERED = self.__LISTEN_PRERENDERED__;
const SHELL_CACHE = `serene-listen-shell-${VERSION}`;
const SHELL_URL = "/listen";
// Where the worker first takes the shell from: a page the server answers with it whoever asks (the
// signed-in pages send a signed-out visitor to sign in, and the sign-in page is prerendered).
const SHELL_SOURCE = "/listen/signup";
const STATIC_FILES = ["/listen.webmanifest", "/listen-icon-192.png", "/listen-icon-512.png", "/favicon.svg"];
// Written by the page (library/downloads.ts): downloads, their covers, the reads kept for offline.
const DOWNLOADS_CACHE = "serene-downloads-v1";
const KEEP = new Set([SHELL_CACHE, DOWNLOADS_CACHE]);

/**
 * Whether a page's answer is the shell: an app page's (not the not-found page, not a page that may
 * be prerendered HTML of its own, not a redirect: a signed-out visitor's other pages are answered
 * by one to the sign-in page).
 */
function isShell(response, url) {
  return (
    response.ok && !response.redirected && !PRERENDERED.includes(new URL(url).pathname.replace(/\/$/, ""))
  );
}

/** A page's HTML as the cache keeps it: a plain copy, whose body the browser may read again. */
async function shellCopy(response) {
  return new Response(await response.text(), {
    headers: { "Content-Type": response.headers.get("Content-Type") ?? "text/html; charset=utf-8" },
  });
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      const response = await fetch(SHELL_SOURCE, { credentials: "same-origin" });
      const shell = isShell(response, response.url) ? await shellCopy(response) : undefined;
      // The files the shell itself names (the router's manifest, the entry) beside the app's own.
      const named = (shell ? await shell.clone().text() : "").match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [];
      if (shell) await cache.put(SHELL_URL, shell);
      await cache.addAll([...new Set([...STATIC_FILES, ...PRECACHE, ...named])]);
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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // An uploaded image: the network's, else the copy kept with a download (its cover), so a
  // downloaded item shows its cover offline.
  if (url.pathname.startsWith("/media/image/")) {
    event.respondWith(
      fetch(request).catch(
        async () => (await caches.match(request.url, { cacheName: DOWNLOADS_CACHE })) ?? Response.error(),
      ),
    );
    return;
  }
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate" && (url.pathname === "/listen" || url.pathname.startsWith("/listen/"))) {
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          // The app's pages refresh the shell.
          if (isShell(response, request.url)) {
            const copy = shellCopy(response.clone());
            event.waitUntil(
              copy.then(async (shell) => (await caches.open(SHELL_CACHE)).put(SHELL_URL, shell)),
            );
          }
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
