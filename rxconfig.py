"""Reflex configuration: plugins, ports and the database come from settings."""

import reflex as rx

from agency_site.settings import get_settings

settings = get_settings()

config = rx.Config(
    app_name="agency_site",
    plugins=[rx.plugins.TailwindV4Plugin()],
    # The sitemap is ours to write (with hreflang alternates), not the default one.
    disable_plugins=[rx.plugins.SitemapPlugin],
    show_built_with_reflex=False,
    telemetry_enabled=False,
    # SPEC.md: light mode is forced.
    default_color_mode="light",
    db_url=settings.database_url,
    deploy_url=settings.site_url,
)
