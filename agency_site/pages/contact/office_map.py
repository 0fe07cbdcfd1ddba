"""The office map (docs/product.md §2 'Contact', 450 px high). docs/architecture.md §6: nothing is requested
from the map provider until the visitor clicks the self-hosted placeholder."""

from __future__ import annotations

import reflex as rx

from agency_site.components.embeds.click_to_load import IframeEmbed, Poster, click_to_load
from agency_site.components.embeds.consent import embed_provider
from agency_site.components.embeds.ids import OFFICE_MAP
from agency_site.components.ui.kit import section_heading
from agency_site.constants import MAP_HEIGHT_PX
from agency_site.content import get_content
from agency_site.i18n import t

# assets/contact/office-map.webp, made by scripts/contact_artwork.py.
MAP_POSTER = Poster(src="/contact/office-map.webp", width=1600, height=600)


def office_map(lang: str) -> rx.Component:
    """The map section: heading, then the placeholder that becomes the map on click."""
    return rx.el.section(
        section_heading(t(lang, "contact-map-title"), heading_id="office-map-title"),
        click_to_load(
            IframeEmbed(
                src=str(get_content().site.office.map_embed_url),
                title=t(lang, "contact-map-frame-title"),
                extra={"loading": "lazy", "referrerpolicy": "no-referrer-when-downgrade"},
            ),
            poster=MAP_POSTER,
            label=t(lang, "contact-map-load"),
            note=t(lang, "embed-note", provider=t(lang, "contact-map-provider")),
            icon="map-pin",
            embed_id=OFFICE_MAP,
            testid="office-map",
            lang=lang,
            consent=embed_provider(lang, "google-maps"),
            # The map fills the box: 450 px inside its border.
            class_name=f"mt-6 box-content h-[{MAP_HEIGHT_PX}px] rounded-3xl border border-slate-200 bg-slate-100",
        ),
        aria_labelledby="office-map-title",
        class_name="mt-16",
    )
