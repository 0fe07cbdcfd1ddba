// The live avatar's iframe (agency_site/components/embeds/avatar.py; docs/product.md §4, §7, §9):
// the timers and messages that Reflex state cannot express.
//
// Props in: `src`, `title`, `closing`, `autoFocus`, and the timings of docs/product.md §9 from
// agency_site/constants.py. Callback out: `onClosed`.
// - Once shown, the frame takes focus. From `injectionStartMs` after that, a style that
//   lets the avatar page blend into our card is injected, tried every `injectionEveryMs`
//   for up to `injectionForMs`. The provider is another origin, so this normally fails;
//   the failure is logged once (console.warn).
// - When `closing` turns true, the avatar is asked to hide (a message to its origin), and
//   `removalDelayMs` later `onClosed` is called, which removes this frame.
import { useEffect, useRef } from "react";

const AVATAR_STYLE = "html,body{background:transparent!important}";
const HIDE_MESSAGE = { type: "hide" };

export function AvatarFrame({
  src,
  title,
  closing = false,
  injectionStartMs,
  injectionEveryMs,
  injectionForMs,
  removalDelayMs,
  autoFocus = true,
  onClosed,
  className,
}) {
  const frame = useRef(null);
  const closed = useRef(onClosed);
  closed.current = onClosed;

  useEffect(() => {
    // A session the visitor started takes focus; one that loaded by itself does not.
    if (!autoFocus) return undefined;
    const iframe = frame.current;
    iframe?.focus();
    // The box around the frame follows the same state and may become visible a frame
    // later; focus() on a hidden frame does nothing, so try once more then.
    const retry = requestAnimationFrame(() => {
      if (document.activeElement !== iframe) iframe?.focus();
    });
    return () => cancelAnimationFrame(retry);
  }, [autoFocus]);

  useEffect(() => {
    const iframe = frame.current;
    const stopAt = Date.now() + injectionStartMs + injectionForMs;
    let logged = false;
    let timer;
    const attempt = () => {
      try {
        const doc = iframe.contentDocument;
        if (!doc?.head) throw new Error("cross-origin frame");
        const style = doc.createElement("style");
        style.textContent = AVATAR_STYLE;
        doc.head.appendChild(style);
        return;
      } catch (error) {
        if (!logged) console.warn("Avatar style injection not possible", error.message);
        logged = true;
      }
      if (Date.now() < stopAt) timer = setTimeout(attempt, injectionEveryMs);
    };
    timer = setTimeout(attempt, injectionStartMs);
    return () => clearTimeout(timer);
  }, [injectionStartMs, injectionEveryMs, injectionForMs]);

  useEffect(() => {
    if (!closing) return undefined;
    try {
      frame.current.contentWindow.postMessage(HIDE_MESSAGE, new URL(src).origin);
    } catch (error) {
      console.error("Avatar hide message failed", error);
    }
    const timer = setTimeout(() => closed.current?.(), removalDelayMs);
    return () => clearTimeout(timer);
  }, [closing, src, removalDelayMs]);

  return (
    <iframe ref={frame} src={src} title={title} allow="microphone" className={className} />
  );
}
