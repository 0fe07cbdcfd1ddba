"""Reflex configuration: plugins, ports and the database come from settings."""

import os
import sys
from typing import TypedDict

import reflex as rx

from agency_site.components.ui.css_properties import SiteCssProperties
from agency_site.frontend.paint_before_hydration import PaintBeforeHydration
from agency_site.frontend.patches.anchored import PatchGeneratedFrontend
from agency_site.frontend.patches.backend_url import SAME_ORIGIN_PORT
from agency_site.frontend.patches.connect_on_intent import CONNECT_ON_INTENT
from agency_site.frontend.patches.dev_watch import DEV_WATCH
from agency_site.frontend.patches.unused_runtime import UNUSED_RUNTIME, EmotionStandIn
from agency_site.images.plugin import ResponsiveImagesPlugin
from agency_site.nginx.csp_files import ContentSecurityPolicyHashes
from agency_site.nginx.former_urls import FormerGermanUrlsFile
from agency_site.reflex_adapter import reload_on_content_edits
from agency_site.seo.not_found_head import NotFoundHead
from agency_site.seo.plugin import SeoFilesPlugin
from agency_site.server.event_limit import EVENT_MESSAGE_MAX
from agency_site.server.origins import dev_origins
from agency_site.settings import SettingsError, get_settings
from agency_site.toolchain import use_project_tools

# The project's Node 22 and bun (.tools/, installed by make) for a plain `reflex run` or
# `reflex export` too, not only under make; Reflex looks them up after reading this file.
use_project_tools()
# The dev server (`reflex run`) restarts on a save of content/*.yaml too (Reflex skips YAML).
reload_on_content_edits()

try:
    settings = get_settings()
except SettingsError as error:
    # One line per wrong variable, then stop: nothing starts with a half-valid setup.
    for problem in error.problems:
        print(f"setting error: {problem}", file=sys.stderr)
    raise SystemExit(1) from None

# The websocket takes no frame longer than the largest legal event (Reflex's default: 1 MB),
# and closes the connection of a page that sends one (agency_site/server/event_limit.py). Read by Reflex
# when the app creates its socket.io server, in every process that imports this file.
os.environ.setdefault("REFLEX_SOCKET_MAX_HTTP_BUFFER_SIZE", str(EVENT_MESSAGE_MAX))


class _ApiUrl(TypedDict, total=False):
    api_url: str


# Passed only when API_URL is set: otherwise Reflex derives api_url from the backend port,
# which it does only when the keyword is absent.
api_url: _ApiUrl = {"api_url": settings.api_url} if settings.api_url else {}

config = rx.Config(
    app_name="agency_site",
    # SeoFilesPlugin writes sitemap.xml (with hreflang alternates), robots.txt and the feeds;
    # PaintBeforeHydration lets the browser paint the prerendered page before React hydrates;
    # NotFoundHead gives the not-found page's server HTML its title, description and noindex;
    # PatchGeneratedFrontend: only a page whose visitor starts using the contact form
    # connects to the server and downloads the socket client (CONNECT_ON_INTENT), and
    # the websocket stays on the page's own port behind nginx (SAME_ORIGIN_PORT), and
    # no page downloads what of Reflex's runtime the site never uses (UNUSED_RUNTIME:
    # Emotion, whose stand-in EmotionStandIn writes, and the upload helper), and the dev
    # server's watcher reports a saved stylesheet once it is written whole (DEV_WATCH).
    # FormerGermanUrlsFile writes nginx's 301s from the former German addresses.
    # SiteCssProperties gives the stylesheet the constants it needs (--content-max-width...).
    # ResponsiveImagesPlugin writes each image's widths in AVIF and WebP (agency_site/images/).
    # ContentSecurityPolicyHashes hashes the inline scripts of the finished pages, so it
    # comes last: a plugin after it that changed a page would break that page's policy.
    plugins=[
        rx.plugins.TailwindV4Plugin(),
        SiteCssProperties(),
        SeoFilesPlugin(),
        ResponsiveImagesPlugin(),
        PaintBeforeHydration(),
        PatchGeneratedFrontend(CONNECT_ON_INTENT, SAME_ORIGIN_PORT, UNUSED_RUNTIME, DEV_WATCH),
        EmotionStandIn(),
        NotFoundHead(),
        FormerGermanUrlsFile(),
        ContentSecurityPolicyHashes(),
    ],
    # The sitemap is ours to write, not the default one.
    disable_plugins=[rx.plugins.SitemapPlugin],
    show_built_with_reflex=False,
    # Brotli sidecars next to the gzip ones: the server sends .br to browsers that accept
    # it (all current ones over HTTPS and on localhost), ~13% fewer JavaScript bytes.
    frontend_compression_formats=["brotli", "gzip"],
    telemetry_enabled=False,
    # docs/product.md: light mode is forced.
    default_color_mode="light",
    db_url=settings.database_url,
    deploy_url=settings.site_url,
    # Only pages of the site itself may open the websocket (another site's page could
    # otherwise make its visitors' browsers send contact messages); in dev mode also the
    # dev page's own origin, whatever port it runs on.
    cors_allowed_origins=list(dict.fromkeys([*settings.allowed_origins, *dev_origins()])),
    # Behind nginx (deploy/) the visitor's address is the last one nginx appended to
    # X-Forwarded-For; anything a visitor sent in that header comes before it and is ignored.
    trusted_proxy_hops=settings.trusted_proxy_hops,
    # How long a session's state lives after its last event (settings.STATE_EXPIRY_S).
    redis_token_expiration=settings.state_expiry_s,
    **api_url,
)
