"""Business constants and limits of SPEC.md §9, named once and used everywhere."""

from __future__ import annotations

from typing import Final, Literal, get_args

# Languages (SPEC.md §4, §9)
Language = Literal["en", "de"]
LANGUAGES: Final[tuple[Language, ...]] = ("en", "de")
DEFAULT_LANGUAGE: Final[Language] = "en"
LANGUAGE_STORAGE_KEY: Final = "language"
# German pages live under this prefix; English pages at the spec's paths (DESIGN.md §2).
LANGUAGE_PREFIX: Final[dict[str, str]] = {"en": "", "de": "/de"}

# Identifiers fixed by SPEC.md §2 and §3
ServiceId = Literal[
    "ai-automation",
    "ai-callers",
    "chatbot-development",
    "software-development",
    "app-development",
    "web-development",
    "ai-agents",
    "ai-avatars",
]
SERVICE_IDS: Final[tuple[str, ...]] = get_args(ServiceId)
FEATURED_SERVICE_IDS: Final = (
    "ai-callers",
    "app-development",
    "software-development",
    "ai-agents",
)
PURCHASABLE_SERVICE_IDS: Final = ("chatbot-development", "ai-callers", "ai-avatars")
SERVICE_COLOURS: Final[dict[str, str]] = {
    "ai-automation": "purple",
    "ai-callers": "blue",
    "chatbot-development": "orange",
    "software-development": "pink",
    "app-development": "green",
    "web-development": "red",
    "ai-agents": "yellow",
    "ai-avatars": "indigo",
}
FOOTER_SERVICE_IDS: Final = (
    "ai-automation",
    "ai-callers",
    "chatbot-development",
    "software-development",
)
PORTFOLIO_TABS: Final = (
    "all",
    "ai-callers",
    "software-development",
    "app-development",
    "web-development",
    "ai-avatars",
)
DEFAULT_PORTFOLIO_TAB: Final = "all"
PROJECT_IDS: Final = (100, 101, 102, 103, 104, 105, 106)
FALLBACK_PROJECT_ID: Final = 100
# The six home-teaser posts of SPEC.md §2 first, then the two further list-only posts.
BLOG_POST_IDS: Final = (
    "ai-everyday-life",
    "ai-healthcare",
    "ai-cybersecurity",
    "ethical-ai",
    "ai-automation",
    "ai-data-analytics",
    "ai-customer-service",
    "future-of-ai-agents",
)
HOME_BLOG_TEASER_COUNT: Final = 6

# Layout (SPEC.md §9)
HEADER_SCROLL_THRESHOLD_PX: Final = 50
HEADER_HEIGHT_PX: Final = 80
CONTENT_MAX_WIDTH_PX: Final = 1400
MOBILE_BREAKPOINT_PX: Final = 768
SCROLLED_HEADER_WIDTH_PERCENT: Final = 85

# Timings (SPEC.md §9)
BOTAGENT_FALLBACK_MS: Final = 5000
HERO_WORD_INTERVAL_MS: Final = 3500
HERO_WORD_FADE_MS: Final = 700
TEXT_ROTATOR_INTERVAL_MS: Final = 3000
TEXT_ROTATOR_FADE_MS: Final = 500
TRANSITION_LOCK_MS: Final = 1200
OVERLAY_HOLD_MS: Final = 500
OVERLAY_FADE_OUT_MS: Final = 700
OVERLAY_DEFAULT_COLOUR: Final = "rgba(255, 255, 255, 0.85)"
CARD_NAVIGATION_DELAY_MOBILE_MS: Final = 200
CARD_NAVIGATION_DELAY_DESKTOP_MS: Final = 300
BACK_NAVIGATION_DELAY_MS: Final = 300
ANIMATION_START_DELAY_MS: Final = 100
LAYOUT_RESIZE_BLOCK_MS: Final = 250

# Scroll reveal (SPEC.md §9)
REVEAL_THRESHOLD: Final = 0.1
REVEAL_THRESHOLD_MOBILE: Final = 0.05
REVEAL_STAGGER_MS: Final = 100  # halved on mobile

# Carousel (SPEC.md §9), passed to embla-carousel
CAROUSEL_DRAG_THRESHOLD: Final = 10
CAROUSEL_DURATION: Final = 25
CAROUSEL_ALIGN: Final = "center"

# Demos (SPEC.md §9)
AVATAR_BOX_HEIGHT_PX: Final = 400
AVATAR_STYLE_INJECTION_START_MS: Final = 2000
AVATAR_STYLE_INJECTION_EVERY_MS: Final = 500
AVATAR_STYLE_INJECTION_FOR_MS: Final = 10_000
AVATAR_REMOVAL_DELAY_MS: Final = 100

# Contact (SPEC.md §9)
CONTACT_NAME_MIN: Final = 2
CONTACT_SUBJECT_MIN: Final = 5
CONTACT_MESSAGE_MIN: Final = 10
CONTACT_SENT_MS: Final = 3000
MAP_HEIGHT_PX: Final = 450

# Counts (SPEC.md §9)
FAQ_ITEM_COUNT: Final = 8
EXPLORE_MORE_MAX: Final = 3
STOCK_IMAGE_COUNT: Final = 22
RIPPLE_CIRCLES: Final = 8
RIPPLE_SIZE_PX: Final = 350
RIPPLE_DURATION_S: Final = 4

# Project slugs used in translation keys (SPEC.md §2 'Project detail', §3).
PROJECT_SLUGS: Final[dict[int, str]] = {
    100: "business-formation",
    101: "ikigai-app",
    102: "ikigai-web",
    103: "metatrader",
    104: "ai-avatar",
    105: "smart-start",
    106: "ai-caller",
}
