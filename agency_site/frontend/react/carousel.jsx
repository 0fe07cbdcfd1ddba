// The site's one carousel (agency_site/components/ui/carousel.py): embla-carousel-react,
// fetched after hydration as a chunk of its own, and only once the carousel comes near
// the viewport, so a page's first JavaScript carries no carousel code.
//
// The root <div> is the same element on the server and in the browser (hydration keeps
// it); until embla arrives the prerendered slides stay as they are. The engine finds the
// viewport and the previous/next buttons by their data attributes, so the buttons stay
// plain elements written in Python; `disabled` and `data-selected` are written to the DOM,
// so a slide change re-renders nothing. With reduced motion slides jump, not glide.
import { useEffect, useRef, useState } from "react";

const reducedMotion = () =>
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function CarouselEngine({ useEmblaCarousel, options, rootRef }) {
  const [viewportRef, api] = useEmblaCarousel(options);

  useEffect(() => {
    viewportRef(rootRef.current.querySelector("[data-carousel-viewport]"));
  }, [viewportRef, rootRef]);

  useEffect(() => {
    if (!api) return undefined;
    const root = rootRef.current;
    const prev = root.querySelector("[data-carousel-prev]");
    const next = root.querySelector("[data-carousel-next]");
    const update = () => {
      if (prev) prev.disabled = !api.canScrollPrev();
      if (next) next.disabled = !api.canScrollNext();
      root.dataset.selected = String(api.selectedScrollSnap());
    };
    const goPrev = () => api.scrollPrev(reducedMotion());
    const goNext = () => api.scrollNext(reducedMotion());
    const onKey = (event) => {
      if (event.key === "ArrowLeft") {
        event.preventDefault();
        goPrev();
      }
      if (event.key === "ArrowRight") {
        event.preventDefault();
        goNext();
      }
    };
    // Focus moved into a slide (Tab, Shift+Tab, a screen reader): show that slide at once.
    // Embla follows focus itself only when a Tab press came within 10 ms before it, which a
    // slow device misses; a looping carousel then leaves the focused slide out of view.
    const viewport = root.querySelector("[data-carousel-viewport]");
    const onFocusIn = ({ target }) => {
      // Keyboard focus only: a click focuses on mousedown, and a jump then would move the
      // slide from under the pointer before the click lands.
      if (!target?.matches(":focus-visible")) return;
      const index = api.slideNodes().findIndex((slide) => slide.contains(target));
      if (index < 0) return;
      if (viewport) viewport.scrollLeft = 0;
      api.scrollTo(index, true);
    };
    // Focus came into the strip before embla did (it is fetched as the carousel nears the
    // viewport): the browser scrolled the strip itself to show the focused control, and
    // embla's first position, added to that scroll, moved the control out of view.
    onFocusIn({ target: document.activeElement });
    prev?.addEventListener("click", goPrev);
    next?.addEventListener("click", goNext);
    root.addEventListener("keydown", onKey);
    root.addEventListener("focusin", onFocusIn);
    api.on("select", update).on("reInit", update);
    update();
    root.dataset.ready = "true";
    return () => {
      prev?.removeEventListener("click", goPrev);
      next?.removeEventListener("click", goNext);
      root.removeEventListener("keydown", onKey);
      root.removeEventListener("focusin", onFocusIn);
      api.off("select", update).off("reInit", update);
      delete root.dataset.ready;
    };
  }, [api, rootRef]);

  return null;
}

export function AgencyCarousel({ options, children, ...props }) {
  const rootRef = useRef(null);
  const [useEmblaCarousel, setHook] = useState(null);

  useEffect(() => {
    let mounted = true;
    const load = () =>
      import("embla-carousel-react")
        .then((module) => {
          if (mounted) setHook(() => module.default);
        })
        .catch((error) => console.error("Carousel could not load", error));
    // Fetched when the carousel comes near the viewport (a focused one is scrolled into
    // view), so pages whose carousels are further down load no carousel code at first.
    if (!("IntersectionObserver" in window)) {
      load();
      return () => {
        mounted = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: "200px" },
    );
    observer.observe(rootRef.current);
    return () => {
      mounted = false;
      observer.disconnect();
    };
  }, []);

  return (
    <>
      <div ref={rootRef} {...props}>
        {children}
      </div>
      {useEmblaCarousel ? (
        <CarouselEngine
          useEmblaCarousel={useEmblaCarousel}
          options={options}
          rootRef={rootRef}
        />
      ) : null}
    </>
  );
}
