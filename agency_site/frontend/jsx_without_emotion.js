// What the build gives every `import { jsx } from "@emotion/react"` of Reflex's generated
// code instead of Emotion (agency_site/frontend/patches/unused_runtime.py): React's own
// createElement. Emotion's `jsx` is createElement too, unless an element has a `css` prop,
// which it turns into a class and a <style> rule at run time. The site styles everything
// with the stylesheet's classes and passes no `css` prop; Emotion's runtime (its style
// cache, serializer and CSS parser) was the largest library every page downloaded for it.
//
// Reflex's own crash screen (its error boundary's fallback) still passes `css`: its flat
// declarations become the element's inline style, so that screen keeps its layout; its
// nested rules (a button's :hover shade) have no inline form and are left out.

import { createElement } from "react";

function declarations(css) {
  const style = {};
  for (const [property, value] of Object.entries(css)) {
    if (typeof value === "string" || typeof value === "number") style[property] = value;
  }
  return style;
}

export function jsx(type, props, ...children) {
  if (props != null && props.css != null) {
    const { css, ...rest } = props;
    props = { ...rest, style: { ...declarations(css), ...rest.style } };
  }
  return createElement(type, props, ...children);
}
