"""Reflex configuration: plugins, ports and the database come from settings."""

import reflex as rx

from agency_site.connect_on_intent import CONNECT_ON_INTENT
from agency_site.frontend_build import PaintBeforeHydration
from agency_site.frontend_patches import PatchGeneratedFrontend
from agency_site.seo.plugin import SeoFilesPlugin
from agency_site.settings import get_settings

settings = get_settings()

# How long the server keeps the state of a session (a page view that used the contact
# form) after its last event: in memory, in .states/ (one worker) or in Redis (several).
# The form needs no state while the visitor types (its text stays in the browser until
# sent, and its submission key makes a resend safe), so a state may go early: 15 minutes
# after the last event, instead of Reflex's hour. Override with REFLEX_REDIS_TOKEN_EXPIRATION
# (seconds); Reflex applies it to every state manager, not only Redis.
SESSION_EXPIRATION_S = 15 * 60

config = rx.Config(
    app_name="agency_site",
    # SeoFilesPlugin writes sitemap.xml (with hreflang alternates), robots.txt and the feeds;
    # PaintBeforeHydration lets the browser paint the prerendered page before React hydrates;
    # PatchGeneratedFrontend(CONNECT_ON_INTENT): only a page whose visitor starts using the
    # contact form connects to the server, and only it downloads the socket client.
    plugins=[
        rx.plugins.TailwindV4Plugin(),
        SeoFilesPlugin(),
        PaintBeforeHydration(),
        PatchGeneratedFrontend(CONNECT_ON_INTENT),
    ],
    # The sitemap is ours to write, not the default one.
    disable_plugins=[rx.plugins.SitemapPlugin],
    show_built_with_reflex=False,
    # Brotli sidecars next to the gzip ones: the server sends .br to browsers that accept
    # it (all current ones over HTTPS and on localhost), ~13% fewer JavaScript bytes.
    frontend_compression_formats=["brotli", "gzip"],
    telemetry_enabled=False,
    # SPEC.md: light mode is forced.
    default_color_mode="light",
    db_url=settings.database_url,
    deploy_url=settings.site_url,
    redis_token_expiration=SESSION_EXPIRATION_S,
)
