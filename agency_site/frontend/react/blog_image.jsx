// A blog image that knows its state (agency_site/pages/blog/image.py, SPEC.md §4 and §8):
// "loading", "loaded" or "failed", shown as its `data-image-state` attribute, from which
// CSS (assets/styles.css, 'Blog' block) shows the card's skeleton or its failure panel.
// A failure is logged; with `fallbackSrc` (the article's hero) the image then shows that
// instead. The state belongs to one `src`: another post's image starts again from loading.
//
// Why a component of ours: an image that finished before React hydrated fired its load or
// error event before React listened (React does not replay them), so on mount it reads
// the element's `complete` and `naturalWidth` once. Reflex client state can express that
// too, but it costs a memoized component per image (~265 KB more JavaScript in the
// chunk every page loads, measured); this is one component for every image.
import { useEffect, useRef, useState } from "react";

const LOADING = "loading";

export function BlogImage({ src, fallbackSrc, ...imageProps }) {
  const image = useRef(null);
  const [settled, setSettled] = useState({ src, state: LOADING });
  const state = settled.src === src ? settled.state : LOADING;

  const settle = (next, shown) => {
    if (next === "failed") console.error("Blog image failed to load:", shown);
    // Once failed, stay failed: the fallback loading must not bring the broken src back.
    setSettled((previous) =>
      previous.src === src && previous.state === "failed" ? previous : { src, state: next },
    );
  };
  const settleRef = useRef(settle);
  settleRef.current = settle;

  useEffect(() => {
    const element = image.current;
    if (element?.complete) {
      settleRef.current(element.naturalWidth > 0 ? "loaded" : "failed", element.currentSrc || element.src);
    }
  }, [src]);

  return (
    <img
      ref={image}
      {...imageProps}
      src={state === "failed" && fallbackSrc ? fallbackSrc : src}
      data-image-state={state}
      onLoad={() => settle("loaded")}
      onError={(event) => settle("failed", event.currentTarget.currentSrc || event.currentTarget.src)}
    />
  );
}
