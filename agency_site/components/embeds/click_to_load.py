"""Click-to-load placeholder: no request reaches a third party before the visitor asks.

docs/architecture.md §6: video, map, voice widget and avatar embeds first render a self-hosted
poster, a short note naming the provider and a button. Only a click (or Enter/Space on
the focused button) renders the real embed, an iframe or a script, so nothing is
fetched from the provider before that.

How to use it:

    click_to_load(
        IframeEmbed(src="https://www.google.com/maps?...&output=embed", title="Office map"),
        poster=Poster(src="/contact/map.webp", width=1200, height=450, alt=""),
        label=t(lang, "embed-map-load"),          # the button's text
        note=t(lang, "embed-note", provider="Google Maps"),
        embed_id=OFFICE_MAP,                      # names its client state (ids.py)
        testid="office-map",                      # the root's data-testid, for tests
        class_name="h-[450px]",                   # the embed fills the box
    )

`ScriptEmbed(src=...)` loads a widget script instead of an iframe (the voice agent); any
other component (the video player, the avatar frame) can be passed as the embed too.
With `lang`, a strip under the poster links to the privacy policy's section on embedded
services until the embed is loaded (beside the button, not inside: a link inside a button
is not valid HTML), so what the note says about the provider can be checked before the
click.

The state is Reflex client state (`EmbedState`, one per `embed_id`): idle until the click,
then loaded; a piece that can be closed again (the avatar) goes through closing to
closed, which shows the placeholder again with focus on its button. The placeholder's
button works once the page has hydrated; before that, and with JavaScript off, the
poster, the note and the privacy link are shown. Leaving the page resets the state, so
coming back shows the placeholder, not a player that starts by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import reflex as rx
from reflex import Var

from agency_site.components.client_state import client_state
from agency_site.components.embeds.consent import EmbedProvider, RememberButton, RememberedEmbed
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING_INSET
from agency_site.components.ui.picture import CONTENT_SIZES, picture
from agency_site.i18n import localized_path, t
from agency_site.reflex_adapter import ClientStateVar, EventSpec

# The privacy policy's section naming every embed provider (content/legal/*/privacy.md, '5.').
PRIVACY_SECTION = "/datenschutz#section-5"

# The states of an embed (docs/product.md §4 'Avatar demo: closed, launched, closed again');
# REMEMBERED is loaded by itself, its provider always allowed (consent.py): it takes no focus.
IDLE, LOADED, CLOSING, CLOSED, REMEMBERED = "idle", "loaded", "closing", "closed", "remembered"


@dataclass(frozen=True)
class EmbedState:
    """Whether the embed `name` is idle, loaded, closing or closed (client state)."""

    name: str

    @property
    def status(self) -> ClientStateVar:
        return client_state(f"embed_{self.name}", IDLE)

    @property
    def loaded(self) -> Var[bool]:
        """True while the embed is shown (also while it is being closed)."""
        status = self.status.value
        return (status == LOADED) | (status == CLOSING) | (status == REMEMBERED)

    @property
    def clicked(self) -> Var[bool]:
        """True unless the embed loaded by itself: only a click moves focus into it."""
        return self.status.value != REMEMBERED

    @property
    def closing(self) -> Var[bool]:
        return self.status.value == CLOSING

    def set(self, status: str) -> Var:
        """An event setting the status (for `on_click` and the like)."""
        return self.status.set_value(status)

    @property
    def frame_id(self) -> str:
        """The id of the embed's iframe (its focus target once loaded)."""
        return f"{self.name}-frame"


@dataclass(frozen=True)
class Poster:
    """The self-hosted image shown until the embed is loaded."""

    src: str
    width: int
    height: int
    alt: str = ""
    # The width of the box it fills at each screen width (components/ui/picture.py).
    sizes: str = CONTENT_SIZES


@dataclass(frozen=True)
class IframeEmbed:
    """An iframe created on click; `allow` is its permissions policy (e.g. "microphone")."""

    src: str
    title: str
    allow: str = ""
    extra: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ScriptEmbed:
    """A third-party widget script, added on click.

    React 19 puts an async script with a `src` into the document's head (once per
    address) and runs it there."""

    src: str
    extra: dict[str, str] = field(default_factory=dict)


def embed_component(embed: IframeEmbed | ScriptEmbed, state: EmbedState) -> rx.Component:
    """What `embed` describes, rendered; an iframe takes focus once it is there."""
    if isinstance(embed, ScriptEmbed):
        return rx.el.script(src=embed.src, async_=True, custom_attrs=dict(embed.extra))
    attrs = {"allow": embed.allow} if embed.allow else {"allowFullScreen": Var.create(True)}

    def frame(on_mount: EventSpec | None = None) -> rx.Component:
        return rx.el.iframe(
            src=embed.src,
            title=embed.title,
            id=state.frame_id,
            # As high as the box the caller sized (the map's 450 px, the avatar's 400 px).
            class_name="block h-full w-full border-0",
            custom_attrs=attrs | embed.extra,
            on_mount=on_mount,
        )

    return rx.cond(state.clicked, frame(on_mount=rx.set_focus(state.frame_id)), frame())


def placeholder_button(
    poster: Poster,
    label: str,
    note: str,
    *,
    on_click: Var,
    auto_focus: Var[bool] | bool = False,
    icon: str = "play",
    lazy: bool = True,
) -> rx.Component:
    """The poster, the provider note and the load button."""
    return rx.el.button(
        picture(
            poster.src,
            width=poster.width,
            height=poster.height,
            sizes=poster.sizes,
            alt=poster.alt,
            eager=not lazy,
            class_name="absolute inset-0 h-full w-full object-cover",
        ),
        rx.el.span(
            rx.el.span(
                lucide_icon(icon, size=22, aria_hidden="true"),
                class_name=(
                    "flex h-10 w-10 items-center justify-center rounded-full bg-white/95 text-violet-700 sm:h-14 sm:w-14 "
                    "shadow-lg transition group-hover:scale-105 group-focus-visible:scale-105"
                ),
            ),
            # On a dark, translucent backing: readable (WCAG AA) over a light poster too.
            rx.el.span(
                rx.el.span(label, class_name="text-base font-semibold text-white"),
                rx.el.span(
                    note,
                    class_name="max-w-xs text-xs leading-snug text-white/90",
                    custom_attrs={"data-embed-note": "true"},
                ),
                class_name="flex flex-col items-center gap-1 rounded-2xl bg-slate-950/70 px-4 py-2.5",
            ),
            class_name=(
                "relative flex w-full flex-1 flex-col items-center justify-center gap-1.5 sm:gap-3 "
                "bg-gradient-to-t from-slate-950/80 via-slate-950/45 to-slate-950/10 p-2 text-center sm:p-5"
            ),
        ),
        type="button",
        auto_focus=auto_focus,
        on_click=on_click,
        class_name=(
            # A column: its backing grows with it (the placeholder's height is a minimum).
            "group embed-placeholder relative flex min-h-0 w-full flex-1 cursor-pointer flex-col overflow-hidden "
            f"{FOCUS_RING_INSET}"
        ),
        # Tests (and the CSP check of the stack) find every placeholder by this.
        custom_attrs={"data-embed-load": "true"},
    )


# Positioned: the inset focus ring is a layer over the item (assets/styles.css).
_STRIP_ITEM = (
    "relative px-3 py-1.5 text-center text-xs font-medium text-white underline underline-offset-2 "
    f"hover:bg-slate-800 {FOCUS_RING_INSET}"
)


def privacy_link(lang: str) -> rx.Component:
    """'More in our privacy policy': in the strip at the foot of the placeholder."""
    return rx.el.a(
        t(lang, "embed-privacy-link"), href=localized_path(lang, PRIVACY_SECTION), class_name=_STRIP_ITEM
    )


def always_button(lang: str, consent: EmbedProvider, state: EmbedState) -> rx.Component:
    """'Always load <provider>': stores the choice (frontend/react/embed_consent.jsx), loads this one."""
    return RememberButton.create(
        t(lang, "embed-always", provider=consent.name),
        provider=consent.id,
        on_remember=state.set(LOADED),
        data_testid="embed-always",
        class_name=f"cursor-pointer {_STRIP_ITEM}",
    )


def footer_strip(lang: str, consent: EmbedProvider | None, state: EmbedState) -> rx.Component:
    """Under the poster: 'always load' (with a provider) and the privacy link."""
    return rx.el.div(
        always_button(lang, consent, state) if consent else rx.fragment(),
        privacy_link(lang),
        class_name="flex shrink-0 flex-wrap items-center justify-center bg-slate-950",
    )


def click_to_load(
    embed: IframeEmbed | ScriptEmbed | rx.Component,
    *,
    embed_id: str,
    testid: str,
    poster: Poster,
    label: str,
    note: str,
    class_name: str = "",
    icon: str = "play",
    lazy: bool = True,
    loaded_children: tuple[rx.Component, ...] = (),
    extra_children: tuple[rx.Component, ...] = (),
    extra_attrs: dict[str, str | Var] | None = None,
    lang: str | None = None,
    reset: tuple[Var, ...] = (),
    consent: EmbedProvider | None = None,
    header: rx.Component | None = None,
    grows: bool = False,
) -> rx.Component:
    """A box showing `poster` with a load button; the embed is rendered only after the click.

    `embed_id` names its `EmbedState` (components/embeds/ids.py); `testid` is the root's
    test id. `class_name` sizes the box (an
    aspect ratio or a height). `loaded_children` are rendered over the embed once it is
    loaded (the video card's controls, the avatar's close button); `extra_children` always
    (the video card's dialog). `lang` adds the link to the privacy policy. `reset` are
    events that, with the status, reset the piece's own client state when the page is left.
    `consent` names the provider (consent.py): with `lang`, the strip offers to always load
    its content, and a page whose visitor chose that loads it by itself after hydration.
    `header` is a strip over the placeholder's top (the video's AI label), in the flow, so
    the label never covers the load button's text however long it runs on a phone.
    `grows`: `class_name` sizes the box by an aspect ratio, which may grow to show the whole
    placeholder (else the placeholder fits the box, its button shrinking).
    """
    state = EmbedState(embed_id)
    content = embed if isinstance(embed, rx.Component) else embed_component(embed, state)
    placeholder = rx.el.div(
        rx.el.div(header, class_name="flex shrink-0 bg-slate-950 px-3 py-1.5", data_embed_header="true")
        if header is not None
        else rx.fragment(),
        placeholder_button(
            poster,
            label,
            note,
            on_click=state.set(LOADED),
            # Back after closing (the avatar): focus returns to the button that loads it again.
            auto_focus=state.status.value == CLOSED,
            icon=icon,
            lazy=lazy,
        ),
        footer_strip(lang, consent, state) if lang else rx.fragment(),
        # Over the box; or (`grows`) in the flow, at least the box's height, so that where
        # an aspect ratio leaves too little room (a 16:9 card on a phone) the box grows to
        # show the whole note. A box of a fixed height cannot grow: its button shrinks.
        class_name="relative flex min-h-full flex-col" if grows else "absolute inset-0 flex flex-col",
    )
    remembered = (
        RememberedEmbed.create(
            provider=consent.id, waiting=~state.loaded, on_remembered=state.set(REMEMBERED)
        )
        if consent
        else rx.fragment()
    )
    return rx.el.div(
        rx.cond(
            state.loaded,
            rx.fragment(
                rx.el.div(content, class_name="absolute inset-0", custom_attrs={"data-embed-slot": "true"}),
                *loaded_children,
            ),
            placeholder,
        ),
        *extra_children,
        remembered,
        # Clipped, not hidden, where it grows: a box that hides its overflow is a scroll
        # container, which CSS never lets grow past its aspect ratio; one that clips it may.
        class_name=f"relative {'overflow-clip' if grows else 'overflow-hidden'} {class_name}".strip(),
        custom_attrs={
            "data-testid": testid,
            # Every embed's box, placeholder or player: print leaves them out (styles.css).
            "data-embed": "true",
            "data-loaded": rx.cond(state.loaded, "true", "false"),
        }
        | (extra_attrs or {}),
        on_unmount=[state.set(IDLE), *reset],
    )
