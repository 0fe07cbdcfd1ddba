"""Video card (docs/product.md 'Video card', §4, §7): the video host's player behind a placeholder.

How to use it:

    video_card(lang, video_id="76979871", poster=Poster("/home/promo.webp", 1280, 720),
               title=t(lang, "home-promo-title"), vertical=False, embed_id=PROMO_VIDEO,
               testid="promo-video")

Until clicked it is a click-to-load placeholder (`click_to_load.py`): nothing is fetched
from the video host. The click renders the player
(`https://player.vimeo.com/video/{id}?autoplay=1&muted=1&loop=1&transparent=1&controls=0
&background=1&playsinline=1&dnt=1`, plus `player_params`), shows a spinner until the
player posts `ready`, and then:
- a single click on the video toggles mute (`setMuted`, `setVolume` messages);
- a fullscreen button (768 px and wider) or a double click opens a modal dialog with the
  video at full controls, do-not-track on; closing it removes that player;
- a play/pause button (`play` / `pause` messages; the player's `play`, `pause` and `ended`
  events keep it in step): every running video can be stopped, by pointer or keyboard;
- with reduced motion asked for, the looping video plays once and stops (`setLoop`).
`vertical=True` makes the card 9:16, otherwise 16:9.

The card's state (`VideoState`: muted, ready, playing, fullscreen open, chosen language)
is Reflex client state, set by the event chains below. The player messaging (postMessage
to the player's origin only, the player's ready/play/pause messages) is one React
component, `frontend/react/vimeo_player.jsx`: props in, callbacks out.

`video_language_picker(...)` adds radio buttons that point a card (given the same
`choices`, `target` its embed id) at another video: a loaded player reloads with the new source, an unloaded one
loads it on click.
"""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx
from reflex import EventHandler, Var

from agency_site.components.client_state import client_state
from agency_site.components.embeds.ai_label import ai_label
from agency_site.components.embeds.click_to_load import EmbedState, Poster, click_to_load
from agency_site.components.embeds.consent import embed_provider
from agency_site.components.ui.dialogs import modal_dialog
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING_ON_DARK, FOCUS_RING_PEER, FOCUS_RING_TIGHT
from agency_site.constants import VIMEO_PLAYER_ORIGIN
from agency_site.frontend.react import jsx_library
from agency_site.i18n import t
from agency_site.reflex_adapter import no_args_event_spec

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
    return f"{VIMEO_PLAYER_ORIGIN}/video/{video_id}?{query}"


@dataclass(frozen=True)
class VideoChoice:
    """One entry of a language picker: the value shown and the video it plays."""

    id: str
    name: str
    video_id: str
    player_params: str = ""


class VimeoPlayer(rx.Component):
    """The player iframe and its messages (`frontend/react/vimeo_player.jsx`)."""

    library = jsx_library("vimeo_player.jsx")
    tag = "VimeoPlayer"

    src: Var[str]
    title: Var[str]
    muted: Var[bool]
    playing: Var[bool]
    auto_focus: Var[bool]
    on_ready: EventHandler[no_args_event_spec]
    on_play: EventHandler[no_args_event_spec]
    on_pause: EventHandler[no_args_event_spec]


@dataclass(frozen=True)
class VideoState:
    """The browser-side state of the card `embed_id` (docs/product.md §4 'Video')."""

    embed_id: str

    @property
    def embed(self) -> EmbedState:
        return EmbedState(self.embed_id)

    def _var(self, name: str, default: bool | str):
        return client_state(f"video_{self.embed_id}_{name}", default)

    @property
    def muted(self):
        return self._var("muted", True)

    @property
    def ready(self):
        return self._var("ready", False)

    @property
    def playing(self):
        return self._var("playing", True)

    @property
    def fullscreen(self):
        return self._var("fullscreen", False)

    def language(self, first: str):
        return self._var("language", first)

    def new_player(self) -> list[Var]:
        """A (re)loaded player starts muted and playing, and is not ready yet."""
        return [self.ready.set_value(False), self.muted.set_value(True), self.playing.set_value(True)]

    def open_fullscreen(self) -> list[Var]:
        """The dialog plays with sound: the card goes quiet first."""
        return [self.muted.set_value(True), self.fullscreen.set_value(True)]


def _source(state: VideoState, choices: list[VideoChoice], params: str) -> Var[str] | str:
    """The player address for the chosen language (the only one without a picker)."""
    first = choices[0]
    if len(choices) == 1:
        return player_url(first.video_id, params, first.player_params)
    source = rx.match(
        state.language(first.id).value,
        *[(choice.id, player_url(choice.video_id, params, choice.player_params)) for choice in choices[1:]],
        player_url(first.video_id, params, first.player_params),
    )
    # Cases that are all strings make a Var, never a component.
    assert isinstance(source, Var)
    return source


_CONTROL = (
    "absolute z-10 flex items-center justify-center rounded-full bg-slate-950/60 text-white "
    f"backdrop-blur transition hover:bg-slate-950/80 {FOCUS_RING_ON_DARK}"
)


def _state_label(text: str, icon: str) -> rx.Component:
    """An icon with its screen-reader text."""
    return rx.fragment(lucide_icon(icon, size=18, aria_hidden="true"), rx.el.span(text, class_name="sr-only"))


def _controls(lang: str, state: VideoState) -> list[rx.Component]:
    muted, playing = state.muted, state.playing
    return [
        # Covers the video: a click toggles mute, a double click opens fullscreen (the way
        # in on phones, where the fullscreen button is hidden).
        rx.el.button(
            rx.el.span(
                rx.cond(
                    muted.value,
                    _state_label(t(lang, "video-unmute"), "volume-x"),
                    _state_label(t(lang, "video-mute"), "volume-2"),
                ),
                class_name="absolute bottom-3 left-3 flex h-9 w-9 items-center justify-center rounded-full bg-slate-950/60",
            ),
            type="button",
            on_click=muted.set_value(~muted.value),
            on_double_click=state.open_fullscreen(),
            class_name="absolute inset-0 z-10 cursor-pointer text-white",
            custom_attrs={"data-video-mute": "true"},
        ),
        rx.el.button(
            lucide_icon("maximize-2", size=18, aria_hidden="true"),
            rx.el.span(t(lang, "video-fullscreen"), class_name="sr-only"),
            type="button",
            on_click=state.open_fullscreen(),
            class_name=f"{_CONTROL} right-3 top-3 hidden h-9 w-9 md:flex",
            custom_attrs={"data-video-fullscreen": "true"},
        ),
        rx.cond(
            state.ready.value,
            rx.fragment(),
            rx.el.div(
                rx.el.span(
                    class_name="h-10 w-10 animate-spin rounded-full border-4 border-white/40 border-t-white"
                ),
                rx.el.span(t(lang, "video-loading"), class_name="sr-only"),
                role="status",
                class_name="video-spinner pointer-events-none absolute inset-0 z-20 flex items-center justify-center",
            ),
        ),
        # A looping video moves on and on: it must be possible to stop it.
        rx.el.button(
            rx.cond(
                playing.value,
                _state_label(t(lang, "video-pause"), "pause"),
                _state_label(t(lang, "video-play"), "play"),
            ),
            type="button",
            on_click=playing.set_value(~playing.value),
            class_name=f"{_CONTROL} bottom-3 right-3 h-9 w-9",
            custom_attrs={"data-video-playpause": "true"},
        ),
    ]


def _dialog(
    lang: str, state: VideoState, title: str, full_src: Var[str] | str, ai_generated: bool
) -> rx.Component:
    dialog_id = f"{state.embed_id}-dialog"
    return modal_dialog(
        rx.el.div(
            rx.el.div(
                rx.el.p(title, class_name="truncate text-sm font-semibold text-white"),
                ai_label(lang, on_card=False) if ai_generated else rx.fragment(),
                class_name="flex min-w-0 items-center gap-3",
            ),
            rx.el.button(
                lucide_icon("x", size=20, aria_hidden="true"),
                rx.el.span(t(lang, "video-close"), class_name="sr-only"),
                type="button",
                class_name=f"rounded-full p-2 text-white hover:bg-white/10 {FOCUS_RING_TIGHT}",
                custom_attrs={"command": "close", "commandfor": dialog_id, "data-video-close": "true"},
            ),
            class_name="flex items-center justify-between gap-4 px-4 py-2",
        ),
        # Only while open: closing the dialog removes its player, which stops the sound.
        rx.cond(
            state.fullscreen.value,
            rx.el.iframe(
                src=full_src,
                title=title,
                allow="autoplay; fullscreen; picture-in-picture",
                class_name="block aspect-video max-h-[85vh] w-full border-0",
            ),
            rx.fragment(),
        ),
        open=state.fullscreen.value,
        on_close=state.fullscreen.set_value(False),
        id=dialog_id,
        class_name="m-auto w-[min(96vw,1200px)] overflow-hidden rounded-2xl bg-slate-950 p-0 backdrop:bg-slate-950/80",
        custom_attrs={"aria-label": title, "data-video-dialog": "true"},
    )


def video_card(
    lang: str,
    *,
    video_id: str = "",
    poster: Poster,
    title: str,
    vertical: bool = False,
    player_params: str = "",
    choices: list[VideoChoice] | None = None,
    embed_id: str,
    testid: str,
    lazy: bool = True,
    class_name: str = "",
    ai_generated: bool = False,
) -> rx.Component:
    """A 16:9 (or 9:16) card that plays `video_id` muted once the visitor clicks it.

    With `choices` (and a `video_language_picker` of the same choices) it plays the chosen
    language's video instead, the first one until another is picked. `embed_id` names its
    client state (components/embeds/ids.py), `testid` is its box's test id. An
    `ai_generated` video carries the 'AI-generated' label on the card and in full screen.
    """
    state = VideoState(embed_id)
    choices = choices or [VideoChoice(id="", name="", video_id=video_id, player_params=player_params)]
    player = VimeoPlayer.create(
        src=_source(state, choices, CARD_PARAMS),
        title=title,
        muted=state.muted.value,
        playing=state.playing.value,
        # A click moves focus into the player; a player that loaded by itself takes none.
        auto_focus=state.embed.clicked,
        on_ready=[state.ready.set_value(True), state.playing.set_value(True)],
        on_play=state.playing.set_value(True),
        on_pause=state.playing.set_value(False),
        class_name="block h-full w-full border-0",
    )
    return click_to_load(
        player,
        embed_id=embed_id,
        testid=testid,
        poster=poster,
        label=t(lang, "video-load"),
        note=t(lang, "embed-note", provider="Vimeo"),
        consent=embed_provider(lang, "vimeo"),
        class_name=f"{'aspect-[9/16]' if vertical else 'aspect-video'} rounded-3xl bg-slate-900 {class_name}",
        lang=lang,
        lazy=lazy,
        loaded_children=(*_controls(lang, state), *((ai_label(lang, on_card=True),) if ai_generated else ())),
        extra_children=(_dialog(lang, state, title, _source(state, choices, DIALOG_PARAMS), ai_generated),),
        # Before it plays, the label heads the placeholder instead of covering its text.
        header=ai_label(lang, on_card=False) if ai_generated else None,
        grows=True,
        extra_attrs={"data-ready": rx.cond(state.ready.value, "true", "false")},
        # Back on the page later: a new player, not the old one's state.
        reset=(*state.new_player(), state.fullscreen.set_value(False)),
    )


def video_language_picker(
    lang: str, *, target: str, choices: list[VideoChoice], label: str, testid: str
) -> rx.Component:
    """Radio buttons switching the video card whose embed id is `target` to another
    language's video; `testid` is the group's test id."""
    state = VideoState(target)
    language = state.language(choices[0].id)
    group = f"{target}-language"
    return rx.el.fieldset(
        rx.el.legend(label, class_name="sr-only"),
        *[
            rx.el.label(
                rx.el.input(
                    type="radio",
                    name=group,
                    value=choice.id,
                    # Controlled by the state, so a re-render of the picker never puts the
                    # first language back (it did, now and then, with default_checked).
                    checked=language.value == choice.id,
                    # Choosing is not consent to load: an unloaded card stays a placeholder.
                    on_change=[language.set_value(choice.id), *state.new_player()],
                    class_name="peer sr-only",
                ),
                rx.el.span(
                    choice.name,
                    class_name=(
                        "block cursor-pointer rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium "
                        "text-slate-700 transition hover:border-violet-300 peer-checked:border-violet-600 "
                        "peer-checked:bg-violet-600 peer-checked:text-white "
                        f"{FOCUS_RING_PEER}"
                    ),
                ),
                custom_attrs={"lang": LANGUAGE_TAGS.get(choice.id, "en")},
            )
            for choice in choices
        ],
        class_name="flex flex-wrap justify-center gap-2",
        custom_attrs={"data-testid": testid},
    )
