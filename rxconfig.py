"""Reflex configuration: plugins, ports and the database come from settings."""

import reflex as rx

from agency_site.frontend_build import PaintBeforeHydration
from agency_site.seo.plugin import SeoFilesPlugin
from agency_site.settings import get_settings

settings = get_settings()

config = rx.Config(
    app_name="agency_site",
    # SeoFilesPlugin writes sitemap.xml (with hreflang alternates), robots.txt and the feeds;
    # PaintBeforeHydration lets the browser paint the prerendered page before React hydrates.
    plugins=[rx.plugins.TailwindV4Plugin(), SeoFilesPlugin(), PaintBeforeHydration()],
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
)
