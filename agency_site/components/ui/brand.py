"""The brand mark: logo image plus name."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.kit import FOCUS_RING_TIGHT, plain_link
from agency_site.content import get_content
from agency_site.i18n import t

# Width and height of assets/logo.svg, so the header never shifts while it loads.
LOGO_SIZE_PX = 36


def logo(lang: str, *, dark: bool = False, compact: bool = False) -> rx.Component:
    """The logo; docs/product.md §2 has it link to '#' (the top of the current page).

    `compact` (the header) drops the name where the bar is too narrow for it: on
    tablets, and in the shrunken bar below 1536 px.
    """
    brand = get_content().site.brand
    # A plain <a>: a router link would resolve '#' against the current path.
    return plain_link(
        rx.el.img(
            src=brand.logo,
            alt="",
            # Attributes, not props: Reflex turns width/height props into CSS, a <style> in the body.
            custom_attrs={"width": str(LOGO_SIZE_PX), "height": str(LOGO_SIZE_PX)},
            class_name="h-9 w-9",
        ),
        rx.el.span(
            brand.name,
            class_name=(
                "text-lg font-bold tracking-tight "
                + ("text-white" if dark else "text-slate-900")
                + (
                    # Hidden in the shrunken bar below 1536 px: assets/styles.css.
                    " md:hidden xl:inline" if compact else ""
                )
            ),
        ),
        href="#",
        aria_label=t(lang, "logo-label"),
        data_testid="logo",
        class_name=f"inline-flex shrink-0 items-center gap-2 rounded-lg {FOCUS_RING_TIGHT}",
    )
