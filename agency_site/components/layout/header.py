"""The fixed glass header: the full bar where it fits, else a hamburger panel (below 768 px
with 16 px text; wider windows too with larger text).

Native HTML throughout, so it works before hydration, without the backend and with
JavaScript off: the mobile menu is a `popover` opened by its button's `popovertarget`
(light dismiss, Escape, focus return and aria-expanded come with the browser), the
language dropdown another (language_switcher.py), the current page is marked in each
page's prerendered HTML, and the bar's shrink on scroll is a scroll-driven animation in
assets/styles.css. Only the `data-hydrated` marker needs React; the head script
(frontend/language_redirect.js) closes the panel when focus moves on past it.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.layout.language_switcher import language_switcher
from agency_site.components.layout.navigation import HEADER_NAV, NavItem, is_current
from agency_site.components.ui.brand import logo
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING, FOCUS_RING_TIGHT
from agency_site.components.ui.schedule_call import schedule_call_link
from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path, t, twin_path
from agency_site.reflex_adapter import ClientStateVar

# The fixed header's id: assets/styles.css styles the header by it.
HEADER_ID = "site-header"

# Full bar or compact menu: `@min-[46rem]`, asked of the bar (a size container) in rem, not
# of the window. The full bar needs the room it has at a 768 px window with 16 px text (the
# bar's content box, 736 px, is 46 rem); in rem, that room grows with the reader's text
# size, so the compact menu takes over wherever the full bar no longer fits: a narrow
# window, text at 200 % or 400 %, or both, whether the browser scales its default font
# (which media queries follow) or the page's root font size (which they do not).

MENU_TOGGLE_ID = "menu-toggle"
MENU_PANEL_ID = "mobile-menu"

# Set once React has hydrated the page: tests wait for it (data-hydrated="true").
# (ClientStateVar is `rx._x.client_state` without the warning that namespace logs on every
# use: reflex_adapter.py.)
_hydrated = ClientStateVar.create(var_name="site_hydrated", default=False)


def _nav_link(lang: str, item: NavItem, current: str, *, mobile: bool, first: bool = False) -> rx.Component:
    # Every page is prerendered with its own header: `current` is the path of the link
    # that marks the page (aria-current), "" for none.
    # `autofocus` on the menu's first link: opening the menu moves focus into it.
    attrs: dict = {"aria-current": "page"} if current == item.path else {}
    if first:
        attrs["autofocus"] = ""
    base = (
        "block rounded-xl px-4 py-3 text-base"
        if mobile
        # Tighter on tablets, so seven links, the switcher and the button fit at 768 px.
        else "rounded-full px-1.5 py-2 text-sm whitespace-nowrap lg:px-3"
    )
    return rx.el.a(
        t(lang, item.label_key),
        href=localized_path(lang, item.path),
        custom_attrs=attrs,
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
    return schedule_call_link(
        lang,
        label_class=label,
        data_testid="schedule-call",
        class_name=(
            f"inline-flex h-10 items-center gap-2 rounded-full bg-gradient-to-r from-violet-600 "
            f"to-indigo-600 text-sm font-semibold text-white shadow-md shadow-violet-600/20 "
            f"transition hover:brightness-110 {FOCUS_RING} whitespace-nowrap {width}"
        ),
    )


def _desktop_bar(lang: str, current: str, twins: dict[str, str]) -> rx.Component:
    return rx.el.div(
        rx.el.nav(
            *[_nav_link(lang, item, current, mobile=False) for item in HEADER_NAV],
            aria_label=t(lang, "nav-main-label"),
            class_name="hidden items-center @min-[46rem]:flex lg:gap-1",
        ),
        rx.el.div(
            language_switcher(lang, "language-desktop", twins),
            schedule_call_button(lang, compact=True),
            class_name="hidden items-center gap-2 @min-[46rem]:flex lg:gap-3",
        ),
        class_name="contents",
    )


def _mobile_toggle(lang: str) -> rx.Component:
    # The open state is the panel's :popover-open; the icons and the label follow it
    # through CSS (group-has on the bar), so nothing here needs React to respond.
    is_open = "group-has-[#mobile-menu:popover-open]/bar"
    return rx.el.button(
        lucide_icon("menu", size=24, aria_hidden="true", class_name=f"{is_open}:hidden"),
        lucide_icon("x", size=24, aria_hidden="true", class_name=f"hidden {is_open}:block"),
        rx.el.span(t(lang, "menu-open"), class_name=f"sr-only {is_open}:hidden"),
        rx.el.span(t(lang, "menu-close"), class_name=f"sr-only hidden {is_open}:inline"),
        type="button",
        id=MENU_TOGGLE_ID,
        custom_attrs={"popoverTarget": MENU_PANEL_ID},
        data_testid="menu-toggle",
        class_name=(
            "inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-800 "
            f"hover:bg-slate-100 {FOCUS_RING_TIGHT} @min-[46rem]:hidden"
        ),
    )


def _mobile_panel(lang: str, current: str, twins: dict[str, str]) -> rx.Component:
    return rx.el.div(
        rx.el.nav(
            *[
                _nav_link(lang, item, current, mobile=True, first=index == 0)
                for index, item in enumerate(HEADER_NAV)
            ],
            aria_label=t(lang, "nav-main-label"),
            class_name="flex flex-col gap-1",
        ),
        rx.el.div(
            language_switcher(lang, "language-mobile", twins),
            schedule_call_button(lang),
            class_name="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4",
        ),
        id=MENU_PANEL_ID,
        custom_attrs={"popover": "auto"},
        data_testid="mobile-menu",
        class_name=(
            # A popover sits in the top layer, fixed to the viewport: just below the bar.
            "fixed inset-x-3 top-[calc(var(--header-height)+0.25rem)] bottom-auto m-0 max-h-[calc(100dvh-var(--header-height)-1rem)] w-auto overflow-y-auto "
            "rounded-2xl border border-slate-200 bg-white p-4 text-slate-800 shadow-xl @min-[46rem]:hidden"
        ),
    )


def current_link(page_path: str | None) -> str:
    """The spec path of the header link that marks the page at `page_path` as current,
    "" for none (the not-found page, a page of no section)."""
    return next((item.path for item in HEADER_NAV if is_current(item.path, page_path)), "")


def header(lang: str, page_path: str | None) -> rx.Component:
    """The site header in `lang` for the page at spec path `page_path` (None: not-found)."""
    current = current_link(page_path)
    twins = {code: twin_path(code, page_path) for code in LANGUAGES}
    return rx.el.header(
        rx.el.div(
            logo(lang, compact=True),
            _desktop_bar(lang, current, twins),
            _mobile_toggle(lang),
            _mobile_panel(lang, current, twins),
            class_name=(
                "group/bar @container relative mx-auto flex h-(--header-height) w-full max-w-(--content-max-width) items-center justify-between gap-3 "
                "border-b border-white/40 bg-white/70 px-4 shadow-sm backdrop-blur-md "
                "transition-all duration-300 ease-out lg:gap-4 lg:px-6"
                # docs/product.md §2, past 50 px: assets/styles.css (scroll-driven, no script).
            ),
        ),
        id=HEADER_ID,
        data_hydrated=_hydrated.value.to_string(),
        on_mount=_hydrated.set_value(True),
        class_name="fixed inset-x-0 top-0 z-50",
    )
