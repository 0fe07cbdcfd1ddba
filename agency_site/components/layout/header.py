"""The fixed glass header: bar on large screens, hamburger panel below 768 px."""

from __future__ import annotations

import reflex as rx

from agency_site.components.browser import HEADER_ID, HeaderScrollFlag, current_page_marker
from agency_site.components.layout.language_switcher import language_switcher
from agency_site.components.layout.navigation import HEADER_NAV, NavItem
from agency_site.components.ui.brand import logo
from agency_site.components.ui.kit import FOCUS_RING, FOCUS_RING_TIGHT
from agency_site.content import get_content
from agency_site.i18n import localized_path, t
from agency_site.state.menu import MENU_PANEL_ID, MENU_TOGGLE_ID


def _nav_link(lang: str, item: NavItem, *, mobile: bool) -> rx.Component:
    # The header is the same for every page of a language (compiled once, shared by
    # all pages); the current page is marked in the browser from the router's location.
    base = (
        "block rounded-xl px-4 py-3 text-base"
        if mobile
        # Tighter on tablets, so seven links, the switcher and the button fit at 768 px.
        else "rounded-full px-1.5 py-2 text-sm whitespace-nowrap lg:px-3"
    )
    return rx.el.a(
        t(lang, item.label_key),
        href=localized_path(lang, item.path),
        custom_attrs={"aria-current": current_page_marker(localized_path(lang, item.path))},
        class_name=(
            f"{base} font-medium text-slate-700 transition-colors hover:bg-violet-50/70 "
            "hover:text-violet-700 aria-[current=page]:bg-violet-50 aria-[current=page]:font-semibold "
            f"aria-[current=page]:text-violet-700 {FOCUS_RING_TIGHT}"
        ),
    )


def schedule_call_button(lang: str, *, compact: bool = False) -> rx.Component:
    """'Schedule a Call': the external scheduling page, in a new tab.

    `compact` (the desktop bar) shows only the icon below 1280 px, where the label
    would not fit beside the links; the accessible name stays the full label.
    """
    width = "w-10 shrink-0 justify-center xl:w-auto xl:px-5" if compact else "w-full justify-center px-5"
    label = "sr-only xl:not-sr-only" if compact else ""
    return rx.el.a(
        rx.icon("calendar-check", size=16, aria_hidden="true"),
        rx.el.span(t(lang, "schedule-call"), class_name=label),
        rx.el.span(t(lang, "opens-new-tab"), class_name="sr-only"),
        href=str(get_content().site.links.scheduling_url),
        target="_blank",
        rel="noopener noreferrer",
        data_testid="schedule-call",
        class_name=(
            f"inline-flex h-10 items-center gap-2 rounded-full bg-gradient-to-r from-violet-600 "
            f"to-indigo-600 text-sm font-semibold text-white shadow-md shadow-violet-600/20 "
            f"transition hover:brightness-110 {FOCUS_RING} whitespace-nowrap {width}"
        ),
    )


def _desktop_bar(lang: str) -> rx.Component:
    return rx.el.div(
        rx.el.nav(
            *[_nav_link(lang, item, mobile=False) for item in HEADER_NAV],
            aria_label=t(lang, "nav-main-label"),
            class_name="hidden items-center md:flex lg:gap-1",
        ),
        rx.el.div(
            language_switcher(lang, "language-desktop"),
            schedule_call_button(lang, compact=True),
            class_name="hidden items-center gap-2 md:flex lg:gap-3",
        ),
        class_name="contents",
    )


def _mobile_toggle(lang: str) -> rx.Component:
    # State lives in aria-expanded, driven by state/menu.py's script; the icons and the
    # label follow it through CSS, so nothing here needs React to respond.
    return rx.el.button(
        rx.icon("menu", size=24, aria_hidden="true", class_name="group-aria-expanded/menu:hidden"),
        rx.icon("x", size=24, aria_hidden="true", class_name="hidden group-aria-expanded/menu:block"),
        rx.el.span(t(lang, "menu-open"), class_name="sr-only group-aria-expanded/menu:hidden"),
        rx.el.span(t(lang, "menu-close"), class_name="sr-only hidden group-aria-expanded/menu:inline"),
        type="button",
        aria_expanded="false",
        aria_controls=MENU_PANEL_ID,
        id=MENU_TOGGLE_ID,
        data_testid="menu-toggle",
        class_name=(
            "group/menu inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-800 "
            f"hover:bg-slate-100 {FOCUS_RING_TIGHT} md:hidden"
        ),
    )


def _mobile_panel(lang: str) -> rx.Component:
    return rx.el.div(
        rx.el.nav(
            *[_nav_link(lang, item, mobile=True) for item in HEADER_NAV],
            aria_label=t(lang, "nav-main-label"),
            class_name="flex flex-col gap-1",
        ),
        rx.el.div(
            language_switcher(lang, "language-mobile"),
            schedule_call_button(lang),
            class_name="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4",
        ),
        id=MENU_PANEL_ID,
        data_open="false",
        data_testid="mobile-menu",
        class_name=(
            "absolute inset-x-3 top-[calc(100%+0.25rem)] hidden max-h-[calc(100dvh-6rem)] overflow-y-auto "
            "rounded-2xl border border-slate-200 bg-white p-4 shadow-xl data-[open=true]:block md:!hidden"
        ),
    )


def header(lang: str) -> rx.Component:
    """The site header in `lang`, identical on every page of that language."""
    return rx.el.header(
        HeaderScrollFlag.create(),
        rx.el.div(
            logo(lang, compact=True),
            _desktop_bar(lang),
            _mobile_toggle(lang),
            _mobile_panel(lang),
            class_name=(
                "relative mx-auto flex h-20 w-full max-w-[1400px] items-center justify-between gap-3 "
                "border-b border-white/40 bg-white/70 px-4 shadow-sm backdrop-blur-md "
                "transition-all duration-300 ease-out lg:gap-4 lg:px-6 "
                # SPEC.md §2: past 50 px the bar gets rounded, frosted corners and shrinks to
                # 85 % width; the shrink starts at 1024 px, below which 85 % cannot hold the bar.
                "md:group-data-[scrolled=true]:mt-3 md:group-data-[scrolled=true]:h-16 "
                "lg:group-data-[scrolled=true]:w-[85%] md:group-data-[scrolled=true]:rounded-2xl "
                "md:group-data-[scrolled=true]:border md:group-data-[scrolled=true]:border-white/60 "
                "md:group-data-[scrolled=true]:bg-white/60 md:group-data-[scrolled=true]:shadow-lg "
                "md:group-data-[scrolled=true]:backdrop-blur-xl"
            ),
        ),
        id=HEADER_ID,
        data_scrolled="false",
        class_name="group fixed inset-x-0 top-0 z-50",
    )
