"""Click-to-load placeholder: no request reaches a third party before the visitor asks.

DESIGN.md §6: video, map, voice widget and avatar embeds first render a self-hosted
poster, a short note naming the provider and a button. Only a click (or Enter/Space on
the focused button) creates the real embed, an iframe or a script, so nothing is
fetched from the provider before that.

How to use it:

    click_to_load(
        IframeEmbed(src="https://www.google.com/maps?...&output=embed", title="Office map",
                    height_px=450),
        poster=Poster(src="/contact/map.webp", width=1200, height=450, alt=""),
        label=t(lang, "embed-map-load"),          # the button's text
        note=t(lang, "embed-note", provider="Google Maps"),
        class_name="h-[450px]",
    )

`ScriptEmbed(src=...)` loads a widget script instead of an iframe (the voice agent).
With `lang`, a strip under the poster links to the privacy policy's section on embedded
services until the embed is loaded (beside the button, not inside: a link inside a button is
not valid HTML), so what the note says about the provider can be checked before the click.
`testid` names the root element for tests. After the click the root gets
`data-loaded="true"`, the placeholder is hidden, the embed is created inside the
root's `[data-embed-slot]` element (React never renders children there, so it never
removes what the script adds), and an `embed:loaded` event is dispatched on the root
with `detail.element` (how the video card and the avatar hook in). A button inside
the root with `data-embed-unload` removes the embed again and shows the placeholder.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import reflex as rx

from agency_site.components.ui.kit import focus_ring
from agency_site.i18n import localized_path, t

# The privacy policy's section naming every embed provider (content/legal/*/privacy.md, '5.').
PRIVACY_SECTION = "/datenschutz#section-5"


@dataclass(frozen=True)
class Poster:
    """The self-hosted image shown until the embed is loaded."""

    src: str
    width: int
    height: int
    alt: str = ""


@dataclass(frozen=True)
class IframeEmbed:
    """An iframe created on click; `allow` is its permissions policy (e.g. "microphone")."""

    src: str
    title: str
    allow: str = ""
    height_px: int | None = None
    extra: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ScriptEmbed:
    """A third-party widget script, appended to the slot on click."""

    src: str
    extra: dict[str, str] = field(default_factory=dict)


def embed_attrs(embed: IframeEmbed | ScriptEmbed) -> dict[str, str]:
    """The data attributes the document script reads to create `embed`."""
    attrs = {
        "data-embed": "iframe" if isinstance(embed, IframeEmbed) else "script",
        "data-embed-src": embed.src,
    }
    if isinstance(embed, IframeEmbed):
        attrs["data-embed-title"] = embed.title
        if embed.allow:
            attrs["data-embed-allow"] = embed.allow
        if embed.height_px:
            attrs["data-embed-height"] = str(embed.height_px)
    attrs |= {f"data-embed-attr-{name}": value for name, value in embed.extra.items()}
    return attrs


def placeholder_button(
    poster: Poster, label: str, note: str, *, icon: str = "play", lazy: bool = True
) -> rx.Component:
    """The poster, the provider note and the load button; a click replaces it by the embed."""
    return rx.el.button(
        rx.el.img(
            src=poster.src,
            alt=poster.alt,
            # Reflex would turn width/height props into CSS; these must be attributes.
            custom_attrs={"width": str(poster.width), "height": str(poster.height)},
            loading="lazy" if lazy else "eager",
            decoding="async",
            class_name="absolute inset-0 h-full w-full object-cover",
        ),
        rx.el.span(
            rx.el.span(
                rx.icon(icon, size=22, aria_hidden="true"),
                class_name=(
                    "flex h-10 w-10 items-center justify-center rounded-full bg-white/95 text-violet-700 sm:h-14 sm:w-14 "
                    "shadow-lg transition group-hover:scale-105 group-focus-visible:scale-105"
                ),
            ),
            # On a dark, translucent backing: readable (WCAG AA) over a light poster too.
            rx.el.span(
                rx.el.span(label, class_name="text-base font-semibold text-white"),
                rx.el.span(note, class_name="max-w-xs text-xs leading-snug text-white/90"),
                class_name="flex flex-col items-center gap-1 rounded-2xl bg-slate-950/70 px-4 py-2.5",
            ),
            class_name=(
                "relative flex h-full w-full flex-col items-center justify-center gap-1.5 sm:gap-3 "
                "bg-gradient-to-t from-slate-950/80 via-slate-950/45 to-slate-950/10 p-2 text-center sm:p-5"
            ),
        ),
        type="button",
        class_name=(
            "group embed-placeholder relative min-h-0 w-full flex-1 cursor-pointer overflow-hidden "
            "focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-violet-500"
        ),
        custom_attrs={"data-embed-load": "true"},
    )


def embed_slot(class_name: str = "") -> rx.Component:
    """The empty element the embed is created in (React never gives it children)."""
    return rx.el.div(
        class_name=f"embed-slot absolute inset-0 {class_name}".strip(),
        custom_attrs={"data-embed-slot": "true"},
    )


def privacy_link(lang: str) -> rx.Component:
    """'More in our privacy policy': a strip at the foot of the placeholder."""
    return rx.el.a(
        t(lang, "embed-privacy-link"),
        href=localized_path(lang, PRIVACY_SECTION),
        class_name=(
            "shrink-0 bg-slate-950 px-3 py-1.5 text-center text-xs font-medium text-white underline "
            f"underline-offset-2 hover:bg-slate-800 {focus_ring('white', offset=-2)}"
        ),
    )


def click_to_load(
    embed: IframeEmbed | ScriptEmbed,
    *,
    poster: Poster,
    label: str,
    note: str,
    class_name: str = "",
    testid: str = "",
    icon: str = "play",
    lazy: bool = True,
    extra_children: tuple[rx.Component, ...] = (),
    extra_attrs: dict[str, str] | None = None,
    style: dict[str, str] | None = None,
    lang: str | None = None,
) -> rx.Component:
    """A box showing `poster` with a load button; the embed is created only on click.

    `class_name` sizes the box (e.g. an aspect ratio or a height). `extra_children`
    are rendered inside the box above the slot (controls of the video card, avatar).
    `lang` adds the link to the privacy policy (see the module docstring).
    """
    attrs = embed_attrs(embed) | (extra_attrs or {})
    if testid:
        attrs["data-testid"] = testid
    return rx.el.div(
        embed_slot(),
        # The placeholder: the load button over the poster, then the privacy strip; gone once loaded.
        rx.el.div(
            placeholder_button(poster, label, note, icon=icon, lazy=lazy),
            privacy_link(lang) if lang else rx.fragment(),
            class_name="absolute inset-0 flex flex-col group-data-[loaded=true]/embed:hidden",
        ),
        *extra_children,
        class_name=f"group/embed relative overflow-hidden {class_name}".strip(),
        style=style or {},
        custom_attrs=attrs,
    )


# Delegated from the document, so the button works before React hydrates.
CLICK_TO_LOAD_SCRIPT = """
(function () {
  function createEmbed(root) {
    var kind = root.getAttribute("data-embed");
    var slot = root.querySelector("[data-embed-slot]");
    if (!slot || root.getAttribute("data-loaded") === "true") return null;
    var element = document.createElement(kind === "script" ? "script" : "iframe");
    element.src = root.getAttribute("data-embed-src");
    if (kind === "script") {
      element.async = true;
    } else {
      element.title = root.getAttribute("data-embed-title") || "";
      var allow = root.getAttribute("data-embed-allow");
      if (allow) element.setAttribute("allow", allow); else element.setAttribute("allowfullscreen", "");
      element.className = "h-full w-full border-0";
      var height = root.getAttribute("data-embed-height");
      if (height) element.style.height = height + "px";
    }
    Array.prototype.forEach.call(root.attributes, function (attribute) {
      if (attribute.name.indexOf("data-embed-attr-") === 0) {
        element.setAttribute(attribute.name.slice("data-embed-attr-".length), attribute.value);
      }
    });
    slot.appendChild(element);
    root.setAttribute("data-loaded", "true");
    root.dispatchEvent(new CustomEvent("embed:loaded", { bubbles: true, detail: { element: element } }));
    if (kind !== "script") element.focus();
    return element;
  }

  function removeEmbed(root) {
    var slot = root.querySelector("[data-embed-slot]");
    if (slot) slot.replaceChildren();
    root.removeAttribute("data-loaded");
    root.removeAttribute("data-ready");
    root.dispatchEvent(new CustomEvent("embed:unloaded", { bubbles: true }));
    var button = root.querySelector("[data-embed-load]");
    if (button) button.focus();
  }

  window.agencyEmbeds = { load: createEmbed, unload: removeEmbed };

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest) return;
    var load = target.closest("[data-embed-load]");
    if (load) {
      createEmbed(load.closest("[data-embed]"));
      return;
    }
    var unload = target.closest("[data-embed-unload]");
    if (unload) {
      var root = unload.closest("[data-embed]");
      // A piece may delay the removal (the avatar says goodbye first).
      var proceed = root.dispatchEvent(new CustomEvent("embed:unload", { bubbles: true, cancelable: true }));
      if (proceed) removeEmbed(root);
    }
  });
})();
"""
