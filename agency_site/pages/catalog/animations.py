"""The live animation panel of each service (docs/product.md §2 'Service detail').

Pure CSS: the keyframes (`svc-*`) live in assets/styles.css. Every element's resting
style is its visible state, so with reduced motion (styles.css stops animations) the
panel shows a still, complete picture. Animations start after 100 ms (docs/product.md §9),
and hold still while the panel is off screen (styles.css, .motion-while-seen).
"""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import SECONDARY_BUTTON
from agency_site.constants import ANIMATION_START_DELAY_MS
from agency_site.i18n import localized_path, t
from agency_site.pages.catalog.ui import TONES, Tone


def _inline_style(css: dict[str, str]) -> dict[str, dict[str, str]]:
    """An element's own style as its style attribute (custom_attrs), not a Reflex style
    prop: that one becomes a <style> element in the page's body, which HTML does not allow."""
    camel = {
        key.split("_")[0] + "".join(part.title() for part in key.split("_")[1:]): value
        for key, value in css.items()
    }
    return {"style": camel}


def _animated(animation: str, delay_ms: int = 0, duration_s: float | None = None) -> dict[str, str]:
    style = {"animation": animation, "animation_delay": f"{ANIMATION_START_DELAY_MS + delay_ms}ms"}
    if duration_s:
        style["animation_duration"] = f"{duration_s}s"
    return style


def _staggered(
    count: int, animation: str, step_ms: int, class_name: str, *children: rx.Component
) -> list[rx.Component]:
    """`count` identical spans running `animation`, each `step_ms` after the previous one."""
    return [
        rx.el.span(
            *children,
            class_name=class_name,
            custom_attrs=_inline_style(_animated(animation, index * step_ms)),
        )
        for index in range(count)
    ]


def _chip(icon: str, tone: Tone, *, extra: str = "") -> rx.Component:
    return rx.el.span(
        lucide_icon(icon, size=22),
        class_name=f"flex h-12 w-12 items-center justify-center rounded-2xl shadow-md {tone.solid} {extra}",
    )


def _bar(
    width: str, colour: str = "bg-slate-200", *, style: dict | None = None, height: str = "h-2.5"
) -> rx.Component:
    return rx.el.span(
        class_name=f"block rounded-full {height} {width} {colour} origin-left",
        custom_attrs=_inline_style(style or {}),
    )


def _window(*children: rx.Component, extra: str = "") -> rx.Component:
    return rx.el.div(
        rx.el.div(
            *[
                rx.el.span(class_name=f"h-2.5 w-2.5 rounded-full {c}")
                for c in ("bg-red-300", "bg-amber-300", "bg-green-300")
            ],
            class_name="flex gap-1.5 border-b border-slate-100 px-4 py-3",
        ),
        rx.el.div(*children, class_name="space-y-3 p-5"),
        class_name=f"w-full max-w-sm overflow-hidden rounded-2xl bg-white shadow-xl {extra}",
    )


def _automation(tone: Tone) -> rx.Component:
    icons = ["mail", "sparkles", "database"]
    return rx.el.div(
        rx.el.div(
            rx.el.span(class_name="absolute inset-x-6 top-1/2 h-1 -translate-y-1/2 rounded-full bg-white/80"),
            rx.el.span(
                class_name="svc-dot absolute top-1/2 h-4 w-4 -translate-y-1/2 rounded-full bg-purple-600 shadow",
                custom_attrs=_inline_style(_animated("svc-travel 2.4s ease-in-out infinite")),
            ),
            *[rx.el.span(_chip(icon, tone), class_name="relative") for icon in icons],
            class_name="relative flex w-full max-w-sm items-center justify-between",
        ),
        rx.el.div(
            *_staggered(
                3,
                "svc-pop 4.8s ease-out infinite",
                800,
                "flex items-center gap-2 rounded-xl bg-white px-3 py-2 text-purple-600 shadow-sm",
                lucide_icon("check", size=14),
                _bar("w-24", "bg-purple-200"),
            ),
            class_name="mt-8 grid w-full max-w-sm gap-2",
        ),
        class_name="flex w-full flex-col items-center",
    )


def _callers(tone: Tone) -> rx.Component:
    return rx.el.div(
        rx.el.div(
            *[
                rx.el.span(
                    class_name="absolute inset-0 rounded-full border-2 border-blue-400 opacity-30",
                    custom_attrs=_inline_style(_animated("svc-ping 2.4s ease-out infinite", delay)),
                )
                for delay in (0, 800, 1600)
            ],
            rx.el.span(
                lucide_icon("phone-call", size=34),
                class_name=f"relative flex h-20 w-20 items-center justify-center rounded-full shadow-lg {tone.solid}",
            ),
            class_name="relative flex h-20 w-20 items-center justify-center",
        ),
        rx.el.div(
            *_staggered(
                9,
                "svc-bar 1s ease-in-out infinite",
                110,
                "block h-10 w-2 origin-bottom rounded-full bg-blue-500",
            ),
            class_name="mt-10 flex h-10 items-end gap-1.5",
        ),
        class_name="flex flex-col items-center",
    )


def _chatbot(tone: Tone) -> rx.Component:
    def bubble(width: str, mine: bool, delay: int) -> rx.Component:
        colour = "bg-orange-500" if mine else "bg-white"
        bar = "bg-white/70" if mine else "bg-slate-200"
        return rx.el.div(
            rx.el.div(
                _bar(width, bar),
                _bar("w-16", bar),
                class_name=f"space-y-2 rounded-2xl px-4 py-3 shadow-sm {colour}",
            ),
            class_name=f"flex {'justify-end' if mine else 'justify-start'}",
            custom_attrs=_inline_style(_animated("svc-pop 6s ease-out infinite", delay)),
        )

    return rx.el.div(
        bubble("w-32", False, 0),
        bubble("w-40", True, 1000),
        bubble("w-28", False, 2000),
        rx.el.div(
            *_staggered(3, "svc-bounce 1s ease-in-out infinite", 150, "h-2 w-2 rounded-full bg-orange-400"),
            class_name="flex w-fit gap-1 rounded-2xl bg-white px-4 py-3 shadow-sm",
        ),
        class_name="w-full max-w-xs space-y-3",
    )


def _software(tone: Tone) -> rx.Component:
    lines = [
        ("w-24", "bg-pink-400", 0),
        ("w-40", "bg-slate-300", 1),
        ("w-32", "bg-violet-300", 2),
        ("w-48", "bg-slate-300", 2),
        ("w-20", "bg-pink-300", 1),
        ("w-36", "bg-slate-300", 0),
    ]
    return _window(
        *[
            rx.el.div(
                _bar(width, colour, style=_animated("svc-type 5s ease-out infinite", index * 400)),
                class_name="flex",
                custom_attrs=_inline_style({"padding_left": f"{indent * 1.25}rem"}),
            )
            for index, (width, colour, indent) in enumerate(lines)
        ],
        rx.el.span(
            class_name="ml-1 inline-block h-4 w-0.5 bg-pink-600",
            custom_attrs=_inline_style(_animated("svc-blink 1s steps(1) infinite")),
        ),
    )


def _app(tone: Tone) -> rx.Component:
    cards = [
        rx.el.div(
            rx.el.span(class_name="h-8 w-8 rounded-lg bg-green-200"),
            rx.el.div(_bar("w-20"), _bar("w-12", "bg-slate-100"), class_name="space-y-1.5"),
            class_name="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm",
        )
        for _ in range(6)
    ]
    return rx.el.div(
        rx.el.div(
            rx.el.div(
                *cards,
                class_name="space-y-2",
                custom_attrs=_inline_style(_animated("svc-scroll 6s ease-in-out infinite")),
            ),
            class_name="h-full overflow-hidden p-3",
        ),
        rx.el.div(
            *[
                rx.el.span(class_name=f"h-2 w-6 rounded-full {'bg-green-600' if i == 0 else 'bg-slate-200'}")
                for i in range(4)
            ],
            class_name="absolute inset-x-0 bottom-0 flex justify-around border-t border-slate-200 bg-white py-3",
        ),
        class_name="relative h-64 w-36 overflow-hidden rounded-[2rem] border-[6px] border-slate-900 bg-green-50 shadow-xl",
    )


def _web(tone: Tone) -> rx.Component:
    return _window(
        rx.el.div(
            _bar("w-16", "bg-red-400"),
            rx.el.div(_bar("w-8"), _bar("w-8"), _bar("w-8"), class_name="flex gap-2"),
            class_name="flex items-center justify-between",
        ),
        rx.el.div(
            _bar("w-40", "bg-slate-300", height="h-3"),
            _bar("w-28", "bg-slate-200"),
            _bar("w-20", "bg-red-500", height="h-5"),
            class_name="space-y-2 rounded-xl bg-red-50 p-4",
        ),
        rx.el.div(
            *_staggered(3, "svc-pop 4.5s ease-out infinite", 500, "h-12 rounded-lg bg-slate-100"),
            class_name="grid grid-cols-3 gap-2",
        ),
        rx.el.span(
            lucide_icon("mouse-pointer-2", size=20, class_name="fill-white text-slate-900"),
            class_name="absolute",
            custom_attrs=_inline_style(
                {"top": "70%", "left": "75%", **_animated("svc-cursor 5s ease-in-out infinite")}
            ),
        ),
        extra="relative",
    )


def _agents(tone: Tone) -> rx.Component:
    satellites = ["search", "mail", "calendar", "chart-line"]
    return rx.el.div(
        rx.el.div(class_name="absolute inset-6 rounded-full border-2 border-dashed border-amber-300"),
        rx.el.div(
            *[
                rx.el.span(
                    rx.el.span(
                        lucide_icon(icon, size=18),
                        class_name="flex h-10 w-10 items-center justify-center rounded-full bg-white text-amber-600 shadow-md",
                        custom_attrs=_inline_style(_animated("svc-orbit 12s linear infinite reverse")),
                    ),
                    class_name="absolute",
                    custom_attrs=_inline_style(
                        {"top": top, "left": left, "transform": "translate(-50%, -50%)"}
                    ),
                )
                for icon, (top, left) in zip(
                    satellites, [("6%", "50%"), ("50%", "94%"), ("94%", "50%"), ("50%", "6%")], strict=True
                )
            ],
            class_name="absolute inset-0",
            custom_attrs=_inline_style(_animated("svc-orbit 12s linear infinite")),
        ),
        rx.el.span(
            lucide_icon("bot", size=36),
            class_name=f"relative flex h-20 w-20 items-center justify-center rounded-3xl shadow-lg {tone.solid}",
        ),
        class_name="relative flex h-64 w-64 items-center justify-center",
    )


def _avatars(tone: Tone) -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.span(
                class_name="absolute -inset-3 rounded-full border-4 border-indigo-300 opacity-40",
                custom_attrs=_inline_style(_animated("svc-ping 2s ease-out infinite")),
            ),
            rx.el.span(
                lucide_icon("user-round", size=56),
                class_name="relative flex h-28 w-28 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-xl",
            ),
            class_name="relative",
        ),
        rx.el.div(
            *_staggered(
                5,
                "svc-bar 0.9s ease-in-out infinite",
                120,
                "block h-6 w-1.5 origin-center rounded-full bg-indigo-500",
            ),
            class_name="mt-6 flex h-6 items-center gap-1",
        ),
        rx.el.div(
            _bar("w-44", "bg-white"),
            _bar("w-28", "bg-white/70"),
            class_name="mt-5 flex flex-col items-center gap-2 rounded-2xl bg-indigo-900/80 px-5 py-3",
            custom_attrs=_inline_style(_animated("svc-fade 3s ease-in-out infinite")),
        ),
        class_name="flex flex-col items-center",
    )


def generic_animation(tone: Tone, icon: str) -> rx.Component:
    """A service without an animation of its own: its icon pulsing in its colour above
    three bars filling in turn. A new service in services.yaml needs no code."""
    return rx.el.div(
        rx.el.div(
            *[
                rx.el.span(
                    class_name=f"absolute inset-0 rounded-full opacity-30 {tone.solid}",
                    custom_attrs=_inline_style(_animated("svc-ping 2.4s ease-out infinite", delay)),
                )
                for delay in (0, 1200)
            ],
            rx.el.span(
                lucide_icon(icon, size=34),
                class_name=f"relative flex h-20 w-20 items-center justify-center rounded-full shadow-lg {tone.solid}",
            ),
            class_name="relative flex h-20 w-20 items-center justify-center",
        ),
        rx.el.div(
            *[
                rx.el.span(
                    _bar(width, tone.solid, style=_animated("svc-pop 4.8s ease-out infinite", index * 800)),
                    class_name="block",
                )
                for index, width in enumerate(("w-40", "w-56", "w-32"))
            ],
            class_name="mt-10 grid w-full max-w-xs gap-3",
        ),
        class_name="flex w-full flex-col items-center",
        data_generic="true",
    )


# The services with an animation of their own; any other gets generic_animation.
ANIMATIONS: dict[str, Callable[[Tone], rx.Component]] = {
    "ai-automation": _automation,
    "ai-callers": _callers,
    "chatbot-development": _chatbot,
    "software-development": _software,
    "app-development": _app,
    "web-development": _web,
    "ai-agents": _agents,
    "ai-avatars": _avatars,
}

_PANEL = (
    "relative flex min-h-[20rem] items-center justify-center overflow-hidden rounded-3xl p-8 sm:min-h-[24rem]"
)


def animation_panel(
    lang: str, service_id: str, colour: str, title: str, icon: str = "sparkles"
) -> rx.Component:
    """The service's animation in its colour, labelled for assistive technology."""
    tone = TONES[colour]
    own = ANIMATIONS.get(service_id)
    # A div, not a figure: role="img" is not allowed on <figure> (axe: aria-allowed-role).
    return rx.el.div(
        rx.el.div(
            own(tone) if own else generic_animation(tone, icon),
            aria_hidden="true",
            class_name="flex w-full items-center justify-center",
        ),
        rx.el.span(
            rx.el.span(
                class_name="h-2 w-2 rounded-full bg-green-500",
                custom_attrs=_inline_style(_animated("svc-fade 2s ease-in-out infinite")),
            ),
            t(lang, "service-widget-title"),
            class_name="absolute left-4 top-4 inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-xs font-semibold text-slate-700 backdrop-blur",
        ),
        role="img",
        aria_label=t(lang, "service-widget-label", service=title),
        data_testid="service-animation",
        custom_attrs={"data-animation": service_id},
        class_name=f"motion-while-seen {_PANEL} {tone.soft}",
    )


def missing_animation_panel(lang: str) -> rx.Component:
    """docs/product.md §8: an unknown service id shows this message in the panel, and a way back."""
    return rx.el.div(
        lucide_icon("circle-help", size=40, class_name="text-slate-400", aria_hidden="true"),
        rx.el.p(
            t(lang, "service-animation-not-found"), class_name="mt-4 text-lg font-semibold text-slate-700"
        ),
        rx.el.a(
            t(lang, "service-all-services"),
            lucide_icon("arrow-right", size=18, aria_hidden="true"),
            href=localized_path(lang, "/services"),
            class_name=f"mt-6 {SECONDARY_BUTTON}",
        ),
        data_testid="service-animation",
        class_name=f"{_PANEL} flex-col bg-slate-100 text-center",
    )
