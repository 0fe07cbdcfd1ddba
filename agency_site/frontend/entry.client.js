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
