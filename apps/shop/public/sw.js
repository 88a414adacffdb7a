// The shop's service worker: keeps the shell (the page and its hashed assets) so the shop opens
// on a poor network. API answers (prices, carts, orders, the customer's profile) are never
// stored: every /api request goes to the network as it is.
const SHELL = "shop-shell-v1";
const PAGE = "/shop/";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(new Request(PAGE, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("shop-") && k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith("/shop/")) return;
  if (req.mode === "navigate") {
    // The page from the network (a new build at once), the kept shell when offline.
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            caches.open(SHELL).then((cache) => cache.put(PAGE, copy));
          }
          return res;
        })
        .catch(() => caches.match(PAGE).then((hit) => hit ?? Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith("/shop/assets/")) {
    // Hashed names: the URL is the version, so a kept copy is always right.
    event.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ??
          fetch(req).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              caches.open(SHELL).then((cache) => cache.put(req, copy));
            }
            return res;
          }),
      ),
    );
  }
});
