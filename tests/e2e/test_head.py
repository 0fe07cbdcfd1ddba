"""The prerendered HTML itself (no JavaScript): language, canonical and hreflang links."""

from __future__ import annotations

import re

import httpx
import pytest

from agency_site.i18n import localized_path
from agency_site.settings import get_settings

from .support.expected import STATIC_SCREENS


def _links(html: str) -> dict[str, str]:
    head = html.split("</head>", 1)[0]
    found: dict[str, str] = {}
    for tag in re.findall(r"<link [^>]*>", head):
        attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', tag))
        attributes = {name.lower(): value for name, value in attributes.items()}
        if attributes.get("rel") == "canonical":
            found["canonical"] = attributes["href"]
        elif attributes.get("rel") == "alternate" and "hreflang" in attributes:
            found[attributes["hreflang"]] = attributes["href"]
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("screen", STATIC_SCREENS, ids=lambda screen: screen.path)
def test_prerendered_head(http: httpx.Client, screen, lang: str) -> None:
    response = http.get(localized_path(lang, screen.path))
    assert response.status_code == 200
    html = response.text
    assert re.search(rf'<html lang="{lang}"', html), "wrong or missing <html lang>"
    site = get_settings().site_url
    canonical_path = screen.final_path or screen.path
    assert _links(html) == {
        "canonical": site + localized_path(lang, canonical_path),
        "en": site + localized_path("en", canonical_path),
        "de": site + localized_path("de", canonical_path),
        "x-default": site + localized_path("en", canonical_path),
    }
    # No module preloads: the JavaScript must not compete with the first paint
    # (agency_site/frontend/paint_before_hydration.py).
    assert "modulepreload" not in html
    # The page's own title is in the HTML before any script runs.
    assert f"<title>{screen.title(lang)}" in html.replace("&amp;", "&")


def test_clean_urls_are_served_without_redirect(http: httpx.Client) -> None:
    response = http.get("/de/ueber-uns", follow_redirects=False)
    assert response.status_code == 200
