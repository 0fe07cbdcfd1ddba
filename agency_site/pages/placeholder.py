"""Placeholder for a screen not built yet: its translated title and a way to get in touch."""

from __future__ import annotations

import reflex as rx

from agency_site.components.layout.shell import page_shell
from agency_site.i18n import localized_path, t
from agency_site.pages import Page


def placeholder_page(
    lang: str,
    path: str,
    title: str,
    description: str,
    *,
    eyebrow: str = "",
    canonical_path: str | None = None,
    noindex: bool = False,
) -> Page:
    """A page at `path` that shows `title`; the screen issues replace these one by one."""
    body = rx.el.section(
        rx.el.p(
            eyebrow,
            class_name="text-sm font-semibold uppercase tracking-widest text-violet-600",
        )
        if eyebrow
        else rx.fragment(),
        rx.el.h1(
            title,
            data_testid="screen-title",
            class_name="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl",
        ),
        rx.el.p(
            t(lang, "placeholder-note"),
            class_name="mt-6 max-w-2xl text-lg leading-relaxed text-slate-600",
        ),
        rx.el.a(
            t(lang, "placeholder-cta"),
            rx.icon("arrow-right", size=18, aria_hidden="true"),
            href=localized_path(lang, "/contact"),
            class_name=(
                "mt-10 inline-flex items-center gap-2 rounded-full bg-slate-900 px-6 py-3 text-sm "
                "font-semibold text-white transition hover:bg-violet-700 focus-visible:outline-2 "
                "focus-visible:outline-offset-2 focus-visible:outline-violet-600"
            ),
        ),
        class_name="py-16 sm:py-24",
    )
    return Page(
        component=page_shell(lang, path, body, canonical_path=canonical_path, noindex=noindex),
        title=title,
        description=description,
    )
