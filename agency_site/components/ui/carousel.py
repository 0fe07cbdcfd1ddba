"""The one carousel of the site: `embla-carousel-react`, wrapped as a Reflex component.

SPEC.md §9 options come from constants (drag threshold 10, duration 25, centre
alignment); previous/next are disabled at the ends unless the carousel loops (§4).

How to use it:

    carousel(
        [card(item) for item in items],
        lang=lang,
        label=t(lang, "home-features-title"),   # names the region for screen readers
        loop=True,
        mobile_only=True,          # a carousel below 768 px, the track's grid above
        track_class_name="md:grid md:grid-cols-3 md:gap-6",
        slide_class_name="basis-[85%] sm:basis-[60%] md:basis-auto",
        testid="feature-cards",
    )

Slides are laid out by the markup alone (a flex row that can be dragged once the
script is in), so the prerendered page shows the first slides before any JavaScript.
The embla code is a separate chunk imported after the page has hydrated, once the
carousel is near the viewport, so it adds nothing to a page's initial JavaScript; until it arrives the server markup stays as it
is (same element, nothing replaced). Arrow keys move between slides when the carousel has focus; with
reduced motion slides jump instead of gliding.
"""

from __future__ import annotations

import reflex as rx
from reflex.vars.base import Var

from agency_site.components.ui.kit import FOCUS_RING, FOCUS_RING_CARD
from agency_site.constants import (
    CAROUSEL_ALIGN,
    CAROUSEL_DRAG_THRESHOLD,
    CAROUSEL_DURATION,
    MOBILE_BREAKPOINT_PX,
)
from agency_site.i18n import t

EMBLA_PACKAGE = "embla-carousel-react@8.6.0"

# The root element is always the same <div> (server and client render the same), so
# hydration never replaces it. After hydration the embla hook is imported as a separate
# chunk and driven by an engine component that renders nothing. It finds the viewport
# and buttons by data attribute, so the buttons stay plain Reflex elements; `disabled`
# is written to the DOM (not a prop), so a slide change re-renders nothing.
CAROUSEL_CODE = """
function AgencyCarouselEngine({ useEmblaCarousel, options, rootRef }) {
  const [viewportRef, api] = useEmblaCarousel(options);
  useEffect(() => {
    viewportRef(rootRef.current.querySelector("[data-carousel-viewport]"));
  }, [viewportRef]);
  useEffect(() => {
    if (!api) return;
    const root = rootRef.current;
    const prev = root.querySelector("[data-carousel-prev]");
    const next = root.querySelector("[data-carousel-next]");
    const jump = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const update = () => {
      if (prev) prev.disabled = !api.canScrollPrev();
      if (next) next.disabled = !api.canScrollNext();
      root.dataset.selected = String(api.selectedScrollSnap());
    };
    const goPrev = () => api.scrollPrev(jump());
    const goNext = () => api.scrollNext(jump());
    const onKey = (event) => {
      if (event.key === "ArrowLeft") { event.preventDefault(); goPrev(); }
      if (event.key === "ArrowRight") { event.preventDefault(); goNext(); }
    };
    prev && prev.addEventListener("click", goPrev);
    next && next.addEventListener("click", goNext);
    root.addEventListener("keydown", onKey);
    api.on("select", update).on("reInit", update);
    update();
    root.dataset.ready = "true";
    return () => {
      prev && prev.removeEventListener("click", goPrev);
      next && next.removeEventListener("click", goNext);
      root.removeEventListener("keydown", onKey);
      api.off("select", update).off("reInit", update);
      delete root.dataset.ready;
    };
  }, [api]);
  return null;
}

function AgencyCarousel({ options, children, ...props }) {
  const rootRef = useRef(null);
  const [hook, setHook] = useState(null);
  useEffect(() => {
    let mounted = true;
    const load = () => import("embla-carousel-react")
      .then((module) => { if (mounted) setHook(() => module.default); })
      .catch((error) => console.error("Carousel could not load", error));
    // Fetched when the carousel comes near the viewport (a focused one is scrolled
    // into view), so pages whose carousels are further down load no carousel code.
    if (!("IntersectionObserver" in window)) { load(); return () => { mounted = false; }; }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    }, { rootMargin: "200px" });
    observer.observe(rootRef.current);
    return () => { mounted = false; observer.disconnect(); };
  }, []);
  return jsx(
    Fragment,
    {},
    jsx("div", { ref: rootRef, ...props }, children),
    hook ? jsx(AgencyCarouselEngine, { useEmblaCarousel: hook, options, rootRef }) : null,
  );
}
"""


class AgencyCarousel(rx.Component):
    """The carousel root; its code is defined once per page by `CAROUSEL_CODE`."""

    tag = "AgencyCarousel"
    lib_dependencies: list[str] = [EMBLA_PACKAGE]

    # embla options (loop, dragThreshold, duration, align, breakpoints).
    options: Var[dict]

    def add_imports(self) -> dict:
        return {"react": ["Fragment", "useEffect", "useRef", "useState"]}

    def add_custom_code(self) -> list[str]:
        return [CAROUSEL_CODE]


def carousel_options(*, loop: bool, mobile_only: bool) -> dict:
    """embla options for SPEC.md §9; `mobile_only` switches it off from 768 px up."""
    options: dict = {
        "loop": loop,
        "dragThreshold": CAROUSEL_DRAG_THRESHOLD,
        "duration": CAROUSEL_DURATION,
        "align": CAROUSEL_ALIGN,
    }
    if mobile_only:
        options["active"] = False
        options["breakpoints"] = {f"(max-width: {MOBILE_BREAKPOINT_PX - 1}px)": {"active": True}}
    return options


_NAV_BUTTON = (
    "flex h-10 w-10 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 "
    "shadow-sm transition hover:border-violet-300 hover:text-violet-700 disabled:cursor-not-allowed "
    f"disabled:opacity-40 {FOCUS_RING}"
)


def _nav_button(label: str, icon: str, attribute: str) -> rx.Component:
    return rx.el.button(
        rx.icon(icon, size=18, aria_hidden="true"),
        rx.el.span(label, class_name="sr-only"),
        type="button",
        class_name=_NAV_BUTTON,
        custom_attrs={attribute: "true"},
    )


def carousel(
    slides: list[rx.Component],
    *,
    lang: str,
    label: str,
    loop: bool = False,
    mobile_only: bool = False,
    track_class_name: str = "",
    slide_class_name: str = "basis-[85%] sm:basis-[60%]",
    class_name: str = "",
    testid: str = "",
) -> rx.Component:
    """A draggable row of `slides` with previous/next buttons (see the module docstring)."""
    count = len(slides)
    track = rx.el.div(
        *[
            rx.el.div(
                slide,
                role="group",
                class_name=f"min-w-0 shrink-0 grow-0 pl-4 {slide_class_name}",
                custom_attrs={
                    "aria-roledescription": t(lang, "carousel-slide"),
                    "aria-label": t(lang, "carousel-position", index=index + 1, count=count),
                    "data-carousel-slide": str(index),
                },
            )
            for index, slide in enumerate(slides)
        ],
        class_name=f"-ml-4 flex touch-pan-y {track_class_name}",
    )
    controls = rx.el.div(
        _nav_button(t(lang, "carousel-previous"), "chevron-left", "data-carousel-prev"),
        _nav_button(t(lang, "carousel-next"), "chevron-right", "data-carousel-next"),
        class_name=f"mt-6 flex justify-center gap-3 {'md:hidden' if mobile_only else ''}".strip(),
    )
    attrs = {
        "role": "region",
        "aria-roledescription": t(lang, "carousel"),
        "aria-label": label,
        "tabIndex": "0",
    }
    if testid:
        attrs["data-testid"] = testid
    return AgencyCarousel.create(
        rx.el.div(track, class_name="overflow-hidden", custom_attrs={"data-carousel-viewport": "true"}),
        controls,
        options=carousel_options(loop=loop, mobile_only=mobile_only),
        # Focusable for the arrow keys, so it shows a ring when focused from the keyboard.
        class_name=(f"relative rounded-3xl {FOCUS_RING_CARD} {class_name}").strip(),
        custom_attrs=attrs,
    )
