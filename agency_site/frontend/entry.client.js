// React Router's framework entry (Reflex's template, agency_site/frontend/paint_before_hydration.py writes
// it instead of Reflex's), with hydration moved after the first paint: every page is
// prerendered and complete without JavaScript, so the browser paints it first.
// requestAnimationFrame runs just before the next frame is painted, and a task queued from
// it runs after that paint. A hidden tab gets no frames, so a timer hydrates it regardless.
import { startTransition, createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

let hydrated = false;
function hydrate() {
  if (hydrated) return;
  hydrated = true;
  startTransition(() => {
    hydrateRoot(document, createElement(HydratedRouter));
  });
}

requestAnimationFrame(() => setTimeout(hydrate, 0));
setTimeout(hydrate, 200);
