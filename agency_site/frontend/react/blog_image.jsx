// An image that knows its state (agency_site/components/ui/picture.py, docs/product.md §4 and §8):
// "loading", "loaded" or "failed", shown as its `data-image-state` attribute, from which
// CSS (assets/styles.css, 'Blog' block) shows the card's skeleton or its failure panel.
// It is a <picture> (display: contents) with a <source> per format in `sources`, each
// with every width and the layout's `sizes`. A failure is logged; the sources are dropped
// then, and with `fallbackSrc` (the article's hero) the image shows that file instead.
// The state belongs to one `src`: another post's image starts again from loading.
//
// Why a component of ours: an image that finished before React hydrated fired its load or
// error event before React listened (React does not replay them), so on mount it reads
// the element's `complete` and `naturalWidth` once. Reflex client state can express that
// too, but it costs a memoized component per image (~265 KB more JavaScript in the
// chunk every page loads, measured); this is one component for every image.
import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";

const LOADING = "loading";

export function BlogImage({ src, fallbackSrc, sources = [], sizes, ...imageProps }) {
  // The page's largest image (fetchpriority="high") is also preloaded from the <head>, in
  // its best format: prerendered, the request then leaves with the head, before the
  // stylesheet, not when the parser reaches the <picture>. A browser that cannot read
  // that format skips the preload (its `type`).
  if (imageProps.fetchPriority === "high" && sources.length > 0) {
    preload(src, {
      as: "image",
      type: sources[0].type,
      imageSrcSet: sources[0].srcSet,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
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

  const failed = state === "failed";
  return (
    <picture className="contents">
      {failed
        ? null
        : sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
          ))}
      <img
        ref={image}
        {...imageProps}
        src={failed && fallbackSrc ? fallbackSrc : src}
        data-image-state={state}
        onLoad={() => settle("loaded")}
        onError={(event) => settle("failed", event.currentTarget.currentSrc || event.currentTarget.src)}
      />
    </picture>
  );
}
