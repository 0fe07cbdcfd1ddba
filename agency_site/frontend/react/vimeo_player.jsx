// The video host's player in an iframe, and the messages to and from it
// (agency_site/components/embeds/video_card.py; docs/product.md 'Video card', §7).
//
// Props in: `src` (the player address), `title`, `muted`, `playing`, `autoFocus`.
// Callbacks out: `onReady` once the player says it is ready, `onPlay` / `onPause` when it
// reports playing, or pausing or reaching the end. The card's state (muted, ready, playing) is Reflex client
// state in Python; this component only turns changes of `muted` and `playing` into player
// messages (setMuted and setVolume, play and pause), posted to the player's origin only,
// and the player's messages into callbacks. A message that cannot be sent is logged with
// console.error, never thrown. A new `src` is a new player: it starts muted and playing,
// as the card's parameters say (autoplay=1, muted=1).
//
// The card's video loops (loop=1). A visitor who asked for reduced motion gets it once: the
// player is told `setLoop` false as it is ready, and its end shows as a pause.
import { useEffect, useRef } from "react";

function send(iframe, origin, method, value) {
  try {
    if (!iframe?.contentWindow) throw new Error("player not loaded");
    const message = value === undefined ? { method } : { method, value };
    iframe.contentWindow.postMessage(JSON.stringify(message), origin);
  } catch (error) {
    console.error("Video player message failed", method, error);
  }
}

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function parse(data) {
  if (typeof data !== "string") return data;
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

export function VimeoPlayer({
  src,
  title,
  muted = true,
  playing = true,
  autoFocus = false,
  onReady,
  onPlay,
  onPause,
  className,
}) {
  const frame = useRef(null);
  const origin = new URL(src).origin;
  // What the player was last told or last reported; a prop that differs is sent.
  const player = useRef({ muted: true, playing: true });
  const callbacks = useRef({});
  callbacks.current = { onReady, onPlay, onPause };

  useEffect(() => {
    if (autoFocus) frame.current?.focus();
  }, [autoFocus]);

  useEffect(() => {
    player.current = { muted: true, playing: true };
    const onMessage = (event) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = parse(event.data);
      if (!data?.event) return;
      if (data.event === "ready") {
        for (const name of ["play", "pause", "ended"]) {
          send(frame.current, origin, "addEventListener", name);
        }
        if (reducedMotion()) send(frame.current, origin, "setLoop", false);
        callbacks.current.onReady?.();
      } else if (["play", "pause", "ended"].includes(data.event)) {
        player.current.playing = data.event === "play";
        const callback = data.event === "play" ? callbacks.current.onPlay : callbacks.current.onPause;
        callback?.();
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [src, origin]);

  useEffect(() => {
    if (muted === player.current.muted) return;
    player.current.muted = muted;
    send(frame.current, origin, "setMuted", muted);
    send(frame.current, origin, "setVolume", muted ? 0 : 1);
  }, [muted, src, origin]);

  useEffect(() => {
    if (playing === player.current.playing) return;
    player.current.playing = playing;
    send(frame.current, origin, playing ? "play" : "pause");
  }, [playing, src, origin]);

  return (
    <iframe
      ref={frame}
      src={src}
      title={title}
      allow="autoplay; fullscreen; picture-in-picture"
      className={className}
    />
  );
}
