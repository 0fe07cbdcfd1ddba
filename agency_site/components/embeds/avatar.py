"""Avatar session (SPEC.md §2 'Avatar demo', §4, §7, §9): a live AI avatar in an iframe.

How to use it:

    avatar_session(lang, embed_url=str(site.links.avatar_embed_url),
                   poster=Poster("/home/avatar.webp", 800, 400))

Closed at first: a self-hosted poster, a note that the visitor will talk to an AI and
which provider hosts it, and 'Launch Virtual Assistant'. Launching creates the iframe
(microphone allowed, 400 px high). From 2 s after launch a style injection is tried
every 500 ms for up to 10 s; the provider is cross-origin, so it normally fails, which
is logged once. 'Close Avatar Session' posts a hide message to the avatar, removes the
iframe 100 ms later and shows the launch button again.
"""

from __future__ import annotations

import json

import reflex as rx

from agency_site.components.embeds.click_to_load import IframeEmbed, Poster, click_to_load
from agency_site.components.ui.kit import FOCUS_RING_ON_DARK
from agency_site.constants import (
    AVATAR_BOX_HEIGHT_PX,
    AVATAR_REMOVAL_DELAY_MS,
    AVATAR_STYLE_INJECTION_EVERY_MS,
    AVATAR_STYLE_INJECTION_FOR_MS,
    AVATAR_STYLE_INJECTION_START_MS,
)
from agency_site.i18n import t

# What the injection would add inside the avatar page: let it blend into our card.
AVATAR_STYLE = "html,body{background:transparent!important}"
HIDE_MESSAGE = {"type": "hide"}


def avatar_session(lang: str, *, embed_url: str, poster: Poster, provider: str = "") -> rx.Component:
    """The avatar demo box: launch button until clicked, then the live avatar and a close button."""
    close = rx.el.button(
        rx.icon("x", size=16, aria_hidden="true"),
        t(lang, "avatar-close"),
        type="button",
        class_name=(
            "video-control absolute right-3 top-3 z-10 inline-flex items-center gap-1.5 rounded-full bg-slate-950/70 "
            "px-4 py-2 text-sm font-semibold text-white backdrop-blur hover:bg-slate-950/90 "
            f"{FOCUS_RING_ON_DARK}"
        ),
        custom_attrs={"data-embed-unload": "true"},
    )
    return click_to_load(
        IframeEmbed(
            src=embed_url, title=t(lang, "avatar-title"), allow="microphone", height_px=AVATAR_BOX_HEIGHT_PX
        ),
        poster=poster,
        label=t(lang, "avatar-launch"),
        note=t(lang, "avatar-note", provider=provider or t(lang, "avatar-provider")),
        icon="sparkles",
        class_name="w-full rounded-3xl bg-slate-900",
        testid="avatar-session",
        lang=lang,
        extra_children=(close,),
        extra_attrs={"data-avatar": "true"},
        style={"height": f"{AVATAR_BOX_HEIGHT_PX}px"},
    )


AVATAR_SCRIPT = f"""
(function () {{
  document.addEventListener("embed:loaded", function (event) {{
    var root = event.target;
    if (!root.matches || !root.matches("[data-avatar]")) return;
    var iframe = event.detail.element;
    var startedAt = Date.now() + {AVATAR_STYLE_INJECTION_START_MS};
    var logged = false;
    setTimeout(function attempt() {{
      if (!iframe.isConnected) return;
      try {{
        var doc = iframe.contentDocument;
        if (!doc || !doc.head) throw new Error("cross-origin frame");
        var style = doc.createElement("style");
        style.textContent = {json.dumps(AVATAR_STYLE)};
        doc.head.appendChild(style);
        return;
      }} catch (error) {{
        if (!logged) console.warn("Avatar style injection not possible", error.message);
        logged = true;
      }}
      if (Date.now() - startedAt < {AVATAR_STYLE_INJECTION_FOR_MS}) setTimeout(attempt, {AVATAR_STYLE_INJECTION_EVERY_MS});
    }}, {AVATAR_STYLE_INJECTION_START_MS});
  }});

  document.addEventListener("embed:unload", function (event) {{
    var root = event.target;
    if (!root.matches || !root.matches("[data-avatar]")) return;
    event.preventDefault();
    var iframe = root.querySelector("[data-embed-slot] iframe");
    try {{
      iframe.contentWindow.postMessage({json.dumps(HIDE_MESSAGE)}, "*");
    }} catch (error) {{
      console.error("Avatar hide message failed", error);
    }}
    setTimeout(function () {{ window.agencyEmbeds.unload(root); }}, {AVATAR_REMOVAL_DELAY_MS});
  }});
}})();
"""
