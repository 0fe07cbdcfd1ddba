"""Video card (SPEC.md 'Video card', §4, §7): the video host's player behind a placeholder.

How to use it:

    video_card(lang, video_id="76979871", poster=Poster("/home/promo.webp", 1280, 720),
               title=t(lang, "home-promo-title"), vertical=False, testid="promo-video")

Until clicked it is a click-to-load placeholder (`click_to_load.py`): nothing is fetched
from the video host. The click creates the player iframe
(`https://player.vimeo.com/video/{id}?autoplay=1&muted=1&loop=1&transparent=1&controls=0
&background=1&playsinline=1&dnt=1`, plus `player_params`), shows a spinner until the
player posts `ready`, and then:
- a single click on the video toggles mute (`setMuted`, `setVolume` messages);
- a fullscreen button (768 px and wider) or a double click (narrower) opens a modal
  dialog with the video at full controls, do-not-track on; closing it removes that player;
- `play_pause=True` adds a play/pause button (`play` / `pause` messages; the player's
  `play` and `pause` events keep it in step).
`vertical=True` makes the card 9:16, otherwise 16:9. Messages go by `postMessage` to the
player's origin only; a failure is logged with `console.error`, never thrown.

`video_language_picker(...)` adds radio buttons that point a card at another video: a
loaded player reloads with the new source, an unloaded one loads it on click.
"""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from agency_site.components.embeds.click_to_load import IframeEmbed, Poster, click_to_load
from agency_site.components.ui.kit import FOCUS_RING_ON_DARK, focus_ring
from agency_site.constants import MOBILE_BREAKPOINT_PX
from agency_site.i18n import t

PLAYER_ORIGIN = "https://player.vimeo.com"
CARD_PARAMS = "autoplay=1&muted=1&loop=1&transparent=1&controls=0&background=1&playsinline=1&dnt=1"
DIALOG_PARAMS = "autoplay=1&muted=0&controls=1&playsinline=1&dnt=1"
# BCP 47 tags of the language ids in content/site.yaml (a name shown in its own language
# is marked as such, so screen readers pronounce it right).
LANGUAGE_TAGS = {
    "english": "en",
    "german": "de",
    "french": "fr",
    "arabic": "ar",
    "russian": "ru",
    "polish": "pl",
}


def player_url(video_id: str, params: str, player_params: str = "") -> str:
    """The player's address for `video_id` with `params` and any extra `player_params`."""
    query = "&".join(part for part in (params, player_params.lstrip("?&")) if part)
    return f"{PLAYER_ORIGIN}/video/{video_id}?{query}"


@dataclass(frozen=True)
class VideoChoice:
    """One entry of a language picker: the value shown and the video it plays."""

    id: str
    name: str
    video_id: str
    player_params: str = ""


_CONTROL = (
    "video-control absolute z-10 flex items-center justify-center rounded-full bg-slate-950/60 text-white "
    f"backdrop-blur transition hover:bg-slate-950/80 {FOCUS_RING_ON_DARK}"
)


def _state_label(when: str, text: str, icon: str) -> rx.Component:
    """Icon and screen-reader text shown only in one state (`when` names it for CSS)."""
    return rx.el.span(
        rx.icon(icon, size=18, aria_hidden="true"),
        rx.el.span(text, class_name="sr-only"),
        class_name="video-state contents",
        custom_attrs={"data-when": when},
    )


def _controls(lang: str, play_pause: bool) -> list[rx.Component]:
    controls = [
        # Covers the video: a click toggles mute, a double click (mobile) opens fullscreen.
        rx.el.button(
            rx.el.span(
                _state_label("muted", t(lang, "video-unmute"), "volume-x"),
                _state_label("unmuted", t(lang, "video-mute"), "volume-2"),
                class_name="absolute bottom-3 left-3 flex h-9 w-9 items-center justify-center rounded-full bg-slate-950/60",
            ),
            type="button",
            class_name="video-control absolute inset-0 z-10 cursor-pointer text-white",
            custom_attrs={"data-video-mute": "true"},
        ),
        rx.el.button(
            rx.icon("maximize-2", size=18, aria_hidden="true"),
            rx.el.span(t(lang, "video-fullscreen"), class_name="sr-only"),
            type="button",
            class_name=f"{_CONTROL} right-3 top-3 hidden h-9 w-9 md:flex",
            custom_attrs={"data-video-fullscreen": "true"},
        ),
        rx.el.div(
            rx.el.span(
                class_name="h-10 w-10 animate-spin rounded-full border-4 border-white/40 border-t-white"
            ),
            rx.el.span(t(lang, "video-loading"), class_name="sr-only"),
            role="status",
            class_name="video-spinner pointer-events-none absolute inset-0 z-20 items-center justify-center",
        ),
    ]
    if play_pause:
        controls.append(
            rx.el.button(
                _state_label("playing", t(lang, "video-pause"), "pause"),
                _state_label("paused", t(lang, "video-play"), "play"),
                type="button",
                class_name=f"{_CONTROL} bottom-3 right-3 h-9 w-9",
                custom_attrs={"data-video-playpause": "true"},
            )
        )
    return controls


def _dialog(lang: str, title: str) -> rx.Component:
    return rx.el.dialog(
        rx.el.div(
            rx.el.p(title, class_name="truncate text-sm font-semibold text-white"),
            rx.el.button(
                rx.icon("x", size=20, aria_hidden="true"),
                rx.el.span(t(lang, "video-close"), class_name="sr-only"),
                type="button",
                class_name=f"rounded-full p-2 text-white hover:bg-white/10 {focus_ring('white', offset=None)}",
                custom_attrs={"data-video-close": "true"},
            ),
            class_name="flex items-center justify-between gap-4 px-4 py-2",
        ),
        rx.el.div(class_name="video-dialog-slot", custom_attrs={"data-video-dialog-slot": "true"}),
        class_name="video-dialog m-auto w-[min(96vw,1200px)] overflow-hidden rounded-2xl bg-slate-950 p-0 backdrop:bg-slate-950/80",
        custom_attrs={"aria-label": title, "data-video-dialog": "true"},
    )


def video_card(
    lang: str,
    *,
    video_id: str,
    poster: Poster,
    title: str,
    vertical: bool = False,
    player_params: str = "",
    play_pause: bool = False,
    testid: str = "",
    lazy: bool = True,
    class_name: str = "",
) -> rx.Component:
    """A 16:9 (or 9:16) card that plays `video_id` muted once the visitor clicks it."""
    return click_to_load(
        IframeEmbed(
            src=player_url(video_id, CARD_PARAMS, player_params),
            title=title,
            allow="autoplay; fullscreen; picture-in-picture",
        ),
        poster=poster,
        label=t(lang, "video-load"),
        note=t(lang, "embed-note", provider="Vimeo"),
        class_name=f"video-card {'aspect-[9/16]' if vertical else 'aspect-video'} rounded-3xl bg-slate-900 {class_name}",
        testid=testid,
        lang=lang,
        lazy=lazy,
        extra_children=(*_controls(lang, play_pause), _dialog(lang, title)),
        extra_attrs={
            "data-video": video_id,
            "data-video-full-src": player_url(video_id, DIALOG_PARAMS, player_params),
        },
    )


def video_language_picker(
    lang: str, *, target_testid: str, choices: list[VideoChoice], label: str
) -> rx.Component:
    """Radio buttons switching the video card `target_testid` to another language's video."""
    group = f"{target_testid}-language"
    return rx.el.fieldset(
        rx.el.legend(label, class_name="sr-only"),
        *[
            rx.el.label(
                rx.el.input(
                    type="radio",
                    name=group,
                    value=choice.id,
                    default_checked=index == 0,
                    class_name="peer sr-only",
                    custom_attrs={
                        "data-video-target": target_testid,
                        "data-video-src": player_url(choice.video_id, CARD_PARAMS, choice.player_params),
                        "data-video-full-src": player_url(
                            choice.video_id, DIALOG_PARAMS, choice.player_params
                        ),
                    },
                ),
                rx.el.span(
                    choice.name,
                    class_name=(
                        "block cursor-pointer rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium "
                        "text-slate-700 transition hover:border-violet-300 peer-checked:border-violet-600 "
                        "peer-checked:bg-violet-600 peer-checked:text-white peer-focus-visible:outline-2 "
                        "peer-focus-visible:outline-offset-2 peer-focus-visible:outline-violet-600"
                    ),
                ),
                custom_attrs={"lang": LANGUAGE_TAGS.get(choice.id, "en")},
            )
            for index, choice in enumerate(choices)
        ],
        class_name="flex flex-wrap justify-center gap-2",
        custom_attrs={"data-testid": f"{target_testid}-languages"},
    )


VIDEO_SCRIPT = f"""
(function () {{
  var mobile = window.matchMedia("(max-width: {MOBILE_BREAKPOINT_PX - 1}px)");

  function send(iframe, method, value) {{
    try {{
      if (!iframe || !iframe.contentWindow) throw new Error("player not loaded");
      var message = value === undefined ? {{ method: method }} : {{ method: method, value: value }};
      iframe.contentWindow.postMessage(JSON.stringify(message), new URL(iframe.src).origin);
    }} catch (error) {{
      console.error("Video player message failed", method, error);
    }}
  }}

  function player(root) {{
    return root.querySelector("[data-embed-slot] iframe");
  }}

  function setMuted(root, muted) {{
    root.setAttribute("data-muted", String(muted));
    send(player(root), "setMuted", muted);
    send(player(root), "setVolume", muted ? 0 : 1);
  }}

  function openDialog(root) {{
    var dialog = root.querySelector("[data-video-dialog]");
    var slot = dialog && dialog.querySelector("[data-video-dialog-slot]");
    if (!slot || dialog.open) return;
    var iframe = document.createElement("iframe");
    iframe.src = root.getAttribute("data-video-full-src");
    iframe.title = root.getAttribute("data-embed-title") || "";
    iframe.setAttribute("allow", "autoplay; fullscreen; picture-in-picture");
    slot.replaceChildren(iframe);
    if (root.getAttribute("data-muted") === "false") setMuted(root, true);
    dialog.showModal();
  }}

  // Player events: ready, then play/pause once subscribed.
  window.addEventListener("message", function (event) {{
    if (event.origin !== {PLAYER_ORIGIN!r}) return;
    var data = event.data;
    try {{ if (typeof data === "string") data = JSON.parse(data); }} catch (error) {{ return; }}
    if (!data || !data.event) return;
    document.querySelectorAll("[data-video][data-loaded]").forEach(function (root) {{
      var iframe = player(root);
      if (!iframe || iframe.contentWindow !== event.source) return;
      if (data.event === "ready") {{
        root.setAttribute("data-ready", "true");
        root.setAttribute("data-playing", "true");
        send(iframe, "addEventListener", "play");
        send(iframe, "addEventListener", "pause");
      }} else if (data.event === "play" || data.event === "pause") {{
        root.setAttribute("data-playing", String(data.event === "play"));
      }}
    }});
  }});

  document.addEventListener("click", function (event) {{
    var target = event.target;
    if (!target || !target.closest) return;
    var root = target.closest("[data-video]");
    if (!root) return;
    if (target.closest("[data-video-mute]")) {{
      setMuted(root, root.getAttribute("data-muted") !== "false" ? false : true);
    }} else if (target.closest("[data-video-fullscreen]")) {{
      openDialog(root);
    }} else if (target.closest("[data-video-playpause]")) {{
      send(player(root), root.getAttribute("data-playing") === "false" ? "play" : "pause");
    }} else if (target.closest("[data-video-close]")) {{
      root.querySelector("[data-video-dialog]").close();
    }}
  }});

  document.addEventListener("dblclick", function (event) {{
    var target = event.target;
    if (!mobile.matches || !target || !target.closest || !target.closest("[data-video-mute]")) return;
    openDialog(target.closest("[data-video]"));
  }});

  // Closing the dialog (button or Escape) removes its player, which stops the sound.
  document.addEventListener("close", function (event) {{
    var dialog = event.target;
    if (!dialog || !dialog.matches || !dialog.matches("[data-video-dialog]")) return;
    var slot = dialog.querySelector("[data-video-dialog-slot]");
    if (slot) slot.replaceChildren();
  }}, true);

  // A language switch points the card at another video; a loaded player reloads.
  document.addEventListener("change", function (event) {{
    var input = event.target;
    if (!input || !input.matches || !input.matches("input[data-video-target]")) return;
    var root = document.querySelector('[data-testid="' + input.getAttribute("data-video-target") + '"]');
    if (!root) return;
    root.setAttribute("data-embed-src", input.getAttribute("data-video-src"));
    root.setAttribute("data-video-full-src", input.getAttribute("data-video-full-src"));
    var iframe = player(root);
    if (iframe) {{
      root.removeAttribute("data-ready");
      root.removeAttribute("data-muted");
      iframe.src = input.getAttribute("data-video-src");
    }}
  }});
}})();
"""
