// React Router's framework entry (Reflex's template, agency_site/frontend/paint_before_hydration.py writes
// it instead of Reflex's), with hydration moved after the first paint: every page is
// prerendered and complete without JavaScript, so the browser paints it first.
// requestAnimationFrame runs just before the next frame is painted, and a task queued from
// it runs after that paint. A hidden tab gets no frames, so a timer hydrates it regardless.
//
// A page whose largest image is marked `fetchpriority="high"` (components/ui/picture.py)
// hydrates after that image has been painted too: hydration is one long task, and an
// image that arrives during it is painted only after it (on the article page 300-450 ms
// later on a 4x slower CPU, measured). An image that never arrives holds hydration back
// for PRIORITY_IMAGE_WAIT_MS at most; the page works without hydration meanwhile (links,
// menus and the FAQ are native HTML).
import { startTransition, createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

const PRIORITY_IMAGE_WAIT_MS = 3000;
const HIDDEN_TAB_HYDRATE_MS = 200;

let hydrated = false;
function hydrate() {
  if (hydrated) return;
  hydrated = true;
  startTransition(() => {
    hydrateRoot(document, createElement(HydratedRouter));
  });
}

function priorityImageSettled() {
  const image = document.querySelector('img[fetchpriority="high"]');
  if (!image || image.complete) return Promise.resolve();
  return new Promise((settled) => {
    image.addEventListener("load", settled, { once: true });
    image.addEventListener("error", settled, { once: true });
    setTimeout(settled, PRIORITY_IMAGE_WAIT_MS);
  });
}

priorityImageSettled().then(() => {
  requestAnimationFrame(() => setTimeout(hydrate, 0));
  setTimeout(hydrate, HIDDEN_TAB_HYDRATE_MS);
});

// The dev server only (Vite's `import.meta.hot`; a production build leaves this out): a
// page added while this one is open (a new blog post, agency_site/dev/live_routes.py) is not
// among the routes React Router read when this page loaded, so a link to it would be routed
// to the unknown-post page. A click on a link to an address no static route of this page's
// manifest has is left to the browser, which loads it from the dev server, which knows every
// route written since.
function isKnownPath(pathname) {
  const path = pathname.replace(/^\/+|\/+$/g, "");
  const routes = Object.values(window.__reactRouterManifest?.routes ?? {});
  return path === "" || routes.some((route) => route.path === path);
}

function loadNewRoutesFromTheServer(event) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || isKnownPath(url.pathname)) return;
  // Before React's listener (on the document) routes it; the browser follows the link.
  event.stopPropagation();
}

if (import.meta.hot) {
  window.addEventListener("click", loadNewRoutesFromTheServer, true);
}
