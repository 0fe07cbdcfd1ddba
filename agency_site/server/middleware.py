"""The server's middleware, in the order the app wraps them around Reflex's ASGI app."""

from __future__ import annotations

from agency_site.server.asgi import Middleware
from agency_site.server.caching import CachingHeaders
from agency_site.server.clean_urls import CleanUrls
from agency_site.server.german_redirects import FormerGermanUrls
from agency_site.server.metrics_endpoint import MetricsEndpoint
from agency_site.server.missing_files import MissingFiles
from agency_site.server.not_found_language import NotFoundInPathLanguage
from agency_site.server.proxy_hops import ProxyHopsCheck
from agency_site.server.safe_redirects import SafeRedirects
from agency_site.server.security_headers import SecurityHeaders

# Each wraps the one before: CachingHeaders and SecurityHeaders see every response,
# CleanUrls every request; FormerGermanUrls answers 301 to a former German address;
# MissingFiles answers 404 for a file the build lacks; SafeRedirects keeps every redirect
# on this site; NotFoundInPathLanguage answers an unknown page under /de with the German
# not-found page; ProxyHopsCheck says so when TRUSTED_PROXY_HOPS=0 behind a proxy;
# MetricsEndpoint answers /_metrics itself.
MIDDLEWARE: tuple[type[Middleware], ...] = (
    MetricsEndpoint,
    FormerGermanUrls,
    CleanUrls,
    MissingFiles,
    SafeRedirects,
    NotFoundInPathLanguage,
    CachingHeaders,
    SecurityHeaders,
    ProxyHopsCheck,
)
