"""'Back to services' (docs/product.md §2): a short colour transition, then history back.

It is a real link to the services list, so it works before hydration and without
JavaScript. Once hydrated, a click plays the page-transition overlay in the service's
colour and after 300 ms goes back in history; a visitor who arrived directly, with no
page of this site behind them, goes to the services list instead
(components/ui/transition.py).
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING
from agency_site.components.ui.transition import transition_link
from agency_site.i18n import localized_path, t
from agency_site.pages.catalog.ui import Tone


def back_to_services(lang: str, tone: Tone) -> rx.Component:
    """The back button of a service page."""
    return transition_link(
        lucide_icon("arrow-left", size=18, aria_hidden="true"),
        t(lang, "service-back"),
        href=localized_path(lang, "/services"),
        colour=tone.hex_soft,
        back=True,
        data_testid="back-to-services",
        class_name=f"inline-flex items-center gap-2 rounded-full px-1 py-1 text-sm font-semibold text-slate-600 transition hover:text-violet-700 {FOCUS_RING}",
    )
