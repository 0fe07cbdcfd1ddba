"""Business constants and limits of docs/product.md §9, named once and used everywhere."""

from __future__ import annotations

from typing import Final, Literal

# Languages (docs/product.md §4, §9)
Language = Literal["en", "de"]
LANGUAGES: Final[tuple[Language, ...]] = ("en", "de")
DEFAULT_LANGUAGE: Final[Language] = "en"
LANGUAGE_STORAGE_KEY: Final = "language"
# The embed providers a visitor always allows (space-separated ids; privacy policy §7).
EMBED_CONSENT_STORAGE_KEY: Final = "embed-consent"
# The video player's host: the video cards frame it, the security policy allows it.
VIMEO_PLAYER_ORIGIN: Final = "https://player.vimeo.com"
# German pages live under this prefix; English pages at the spec's paths (docs/architecture.md §2).
LANGUAGE_PREFIX: Final[dict[str, str]] = {"en": "", "de": "/de"}

# Catalog and blog: the ids, colours and slugs of services, projects and posts live only in
# content/ (services.yaml, projects.yaml, blog/); read them through agency_site.content.
DEFAULT_PORTFOLIO_TAB: Final = "all"
FALLBACK_PROJECT_ID: Final = 100  # docs/product.md §8: an unknown project id shows project 100
HOME_BLOG_TEASER_COUNT: Final = 6  # the newest six posts

# Layout (docs/product.md §9); the stylesheet reads these as CSS custom properties
# (components/ui/css_properties.py)
HEADER_SCROLL_THRESHOLD_PX: Final = 50
HEADER_HEIGHT_PX: Final = 80
CONTENT_MAX_WIDTH_PX: Final = 1400
MOBILE_BREAKPOINT_PX: Final = 768
SCROLLED_HEADER_WIDTH_PERCENT: Final = 85

# Timings (docs/product.md §9)
BOTAGENT_FALLBACK_MS: Final = 5000
HERO_WORD_INTERVAL_MS: Final = 3500
HERO_WORD_FADE_MS: Final = 700
TEXT_ROTATOR_INTERVAL_MS: Final = 3000
TEXT_ROTATOR_FADE_MS: Final = 500
# A rotator stops by itself after this many cycles, on its first text (WCAG 2.2.2).
TEXT_ROTATOR_CYCLES: Final = 3
TRANSITION_LOCK_MS: Final = 1200
OVERLAY_HOLD_MS: Final = 500
OVERLAY_FADE_OUT_MS: Final = 700
OVERLAY_DEFAULT_COLOUR: Final = "rgba(255, 255, 255, 0.85)"
CARD_NAVIGATION_DELAY_MOBILE_MS: Final = 200
CARD_NAVIGATION_DELAY_DESKTOP_MS: Final = 300
BACK_NAVIGATION_DELAY_MS: Final = 300
ANIMATION_START_DELAY_MS: Final = 100

# Scroll reveal (docs/product.md §9): how much of a block is in view when it starts to fade in
REVEAL_THRESHOLD: Final = 0.1
REVEAL_THRESHOLD_MOBILE: Final = 0.05

# Carousel (docs/product.md §9), passed to embla-carousel
CAROUSEL_DRAG_THRESHOLD: Final = 10
CAROUSEL_DURATION: Final = 25
CAROUSEL_ALIGN: Final = "center"

# Demos (docs/product.md §9)
AVATAR_BOX_HEIGHT_PX: Final = 400
AVATAR_STYLE_INJECTION_START_MS: Final = 2000
AVATAR_STYLE_INJECTION_EVERY_MS: Final = 500
AVATAR_STYLE_INJECTION_FOR_MS: Final = 10_000
AVATAR_REMOVAL_DELAY_MS: Final = 100

# Contact (docs/product.md §9)
CONTACT_NAME_MIN: Final = 2
CONTACT_SUBJECT_MIN: Final = 5
CONTACT_MESSAGE_MIN: Final = 10
CONTACT_SENT_MS: Final = 3000
MAP_HEIGHT_PX: Final = 450

# Counts (docs/product.md §9)
EXPLORE_MORE_MAX: Final = 3

# Days nginx's access log is kept before logrotate deletes it (deploy/logrotate/): the
# privacy policy and the website report say this period.
ACCESS_LOG_DAYS: Final = 14
