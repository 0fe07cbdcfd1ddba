"""Feature cards: fast implementation, secure and reliable, automation (a looping carousel on mobile)."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from agency_site.components.ui.carousel import carousel
from agency_site.components.ui.heading import heading
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.reveal import reveal
from agency_site.i18n import t
from agency_site.pages.home.common import home_section


@dataclass(frozen=True)
class Feature:
    """A card: lucide icon and the key prefix of its title and text."""

    icon: str
    key: str


FEATURES = (
    Feature("rocket", "home-feature-fast"),
    Feature("shield-check", "home-feature-secure"),
    Feature("workflow", "home-feature-automation"),
)

# Below 768 px a looping carousel, from 768 px a row of three (docs/product.md §2).
MOBILE_CAROUSEL_TRACK = "md:ml-0 md:grid md:grid-cols-3 md:gap-6"
MOBILE_CAROUSEL_SLIDE = "basis-[86%] sm:basis-[60%] md:basis-auto md:pl-0"


def feature_card(lang: str, feature: Feature, *, dark: bool = False) -> rx.Component:
    """One feature: icon, title and text in a rounded card."""
    return rx.el.article(
        rx.el.div(
            lucide_icon(feature.icon, size=24, aria_hidden="true"),
            class_name=(
                "flex h-12 w-12 items-center justify-center rounded-2xl "
                + ("bg-white/10 text-violet-200" if dark else "bg-violet-100 text-violet-700")
            ),
        ),
        heading(
            3,
            t(lang, f"{feature.key}-title"),
            class_name="mt-6 text-xl font-semibold " + ("text-white" if dark else "text-slate-900"),
        ),
        rx.el.p(
            t(lang, f"{feature.key}-text"),
            class_name="mt-3 leading-relaxed " + ("text-slate-300" if dark else "text-slate-600"),
        ),
        class_name=(
            "h-full rounded-3xl p-7 "
            + ("border border-white/10 bg-white/5" if dark else "border border-slate-200 bg-white shadow-sm")
        ),
    )


def feature_carousel(
    lang: str, features: tuple[Feature, ...], *, label: str, testid: str, dark: bool = False
) -> rx.Component:
    """Feature cards as a looping carousel below 768 px and a row of three above."""
    # Revealed as a whole: a slide waiting off-screen in the carousel would never be "seen".
    return reveal(
        carousel(
            [feature_card(lang, feature, dark=dark) for feature in features],
            lang=lang,
            label=label,
            loop=True,
            mobile_only=True,
            track_class_name=MOBILE_CAROUSEL_TRACK,
            slide_class_name=MOBILE_CAROUSEL_SLIDE,
            testid=testid,
        ),
        class_name="mt-6" if dark else "mt-12",
    )


def feature_cards(lang: str) -> rx.Component:
    """The 'why us' section with the three feature cards."""
    return home_section(
        lang,
        "features",
        # The carousel region needs a name of its own: the section already bears the title.
        feature_carousel(lang, FEATURES, label=t(lang, "home-features-cards-label"), testid="feature-cards"),
    )
