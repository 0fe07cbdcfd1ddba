"""About (/about): docs/product.md §2 'About'. Screen order: hero, mission and vision, figures,
the six core values, the four expertise blocks, the closing block."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from agency_site.components.ui.closing_cta import closing_cta
from agency_site.components.ui.heading import heading, wrapping
from agency_site.components.ui.kit import CARD, LIGHT_BUTTON_ON_VIOLET, eyebrow, icon_badge, internal_link
from agency_site.components.ui.reveal import reveal
from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.blocks import page_hero


@dataclass(frozen=True)
class Topic:
    """A value or an expertise block: its key in about.yaml and its lucide icon."""

    key: str
    icon: str


# docs/product.md §2 names six values (its source says five but lists six).
CORE_VALUES = (
    Topic("innovation", "lightbulb"),
    Topic("excellence", "award"),
    Topic("integrity", "shield-check"),
    Topic("collaboration", "users"),
    Topic("adaptability", "refresh-cw"),
    Topic("empowerment", "rocket"),
)
EXPERTISE = (
    Topic("ai", "brain-circuit"),
    Topic("industry", "building-2"),
    Topic("software", "code-xml"),
    Topic("client", "target"),
)
# docs/product.md §9's marketing claims: each figure and the text explaining it are in about.yaml
# (about-figure-{key}-value, about-figure-{key}), so each language writes the number its way.
FIGURES = ("efficiency", "callers", "languages", "support")


def _statement(lang: str, key: str, icon: str) -> rx.Component:
    return rx.el.article(
        icon_badge(icon),
        eyebrow(t(lang, f"about-{key}-eyebrow")),
        heading(
            2,
            t(lang, f"about-{key}-title"),
            class_name="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl",
        ),
        rx.el.p(wrapping(t(lang, f"about-{key}-text")), class_name="text-lg leading-relaxed text-slate-600"),
        data_testid=f"about-{key}",
        class_name=f"{CARD} flex h-full flex-col gap-4 p-8 sm:p-10",
    )


def _mission_and_vision(lang: str) -> rx.Component:
    return rx.el.div(
        reveal(_statement(lang, "mission", "compass")),
        reveal(_statement(lang, "vision", "telescope"), index=1),
        class_name="grid gap-8 lg:grid-cols-2",
    )


def _figures(lang: str) -> rx.Component:
    return reveal(
        rx.el.dl(
            *[
                rx.el.div(
                    rx.el.dt(
                        wrapping(t(lang, f"about-figure-{key}")),
                        class_name="mt-2 text-sm leading-snug text-violet-100",
                    ),
                    rx.el.dd(
                        t(lang, f"about-figure-{key}-value"),
                        class_name="order-first text-4xl font-bold tracking-tight text-white",
                    ),
                    class_name="flex flex-col",
                )
                for key in FIGURES
            ],
            aria_label=t(lang, "about-figures-label"),
            class_name="grid grid-cols-2 gap-8 lg:grid-cols-4",
        ),
        class_name="mt-16 rounded-3xl bg-slate-900 bg-gradient-to-br from-slate-900 to-violet-950 p-8 sm:p-12",
    )


def _topic_card(lang: str, prefix: str, topic: Topic) -> rx.Component:
    return rx.el.article(
        icon_badge(topic.icon),
        heading(
            3, t(lang, f"{prefix}-{topic.key}-title"), class_name="mt-5 text-lg font-semibold text-slate-900"
        ),
        rx.el.p(
            wrapping(t(lang, f"{prefix}-{topic.key}-text")), class_name="mt-2 leading-relaxed text-slate-600"
        ),
        data_testid=prefix,
        class_name=f"{CARD} h-full p-6 sm:p-8 transition hover:-translate-y-1 hover:shadow-md",
    )


def _topic_section(lang: str, key: str, prefix: str, topics: tuple[Topic, ...], columns: str) -> rx.Component:
    intro_key = f"about-{key}-text"
    return rx.el.section(
        reveal(
            eyebrow(t(lang, f"about-{key}-eyebrow")),
            heading(
                2,
                t(lang, f"about-{key}-title"),
                class_name="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl",
            ),
            rx.el.p(wrapping(t(lang, intro_key)), class_name="mt-4 max-w-2xl text-lg text-slate-600")
            if key == "values"
            else rx.fragment(),
        ),
        rx.el.div(
            *[reveal(_topic_card(lang, prefix, topic), index=i) for i, topic in enumerate(topics)],
            class_name=f"mt-10 grid gap-6 {columns}",
        ),
        class_name="mt-20",
    )


def _closing(lang: str) -> rx.Component:
    return reveal(
        closing_cta(
            t(lang, "about-closing-title"),
            t(lang, "about-closing-text"),
            internal_link(lang, t(lang, "about-closing-contact"), "/contact", style=LIGHT_BUTTON_ON_VIOLET),
            internal_link(
                lang,
                t(lang, "about-closing-services"),
                "/services",
                icon="",
                style=(
                    "inline-flex items-center justify-center rounded-full border border-white/40 px-6 py-3 "
                    "text-sm font-semibold text-white transition hover:bg-white/10"
                ),
            ),
        )
    )


def about_page(lang: str) -> Page:
    """The about page in `lang`."""
    title = t(lang, "page-about-title")
    body = rx.el.div(
        page_hero(t(lang, "about-eyebrow"), title, t(lang, "about-subtitle")),
        _mission_and_vision(lang),
        _figures(lang),
        _topic_section(lang, "values", "about-value", CORE_VALUES, "sm:grid-cols-2 lg:grid-cols-3"),
        _topic_section(lang, "expertise", "about-expertise", EXPERTISE, "sm:grid-cols-2 xl:grid-cols-4"),
        _closing(lang),
    )
    return Page(
        content=body,
        title=title,
        description=t(lang, "page-about-description"),
    )
