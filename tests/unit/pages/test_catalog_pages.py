"""Page pieces whose other state the built site cannot show: a configured checkout link
(all are null in content/site.yaml) and an empty portfolio tab (every tab has projects).
Rendered to the app's compiled JSX, as the build would."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
import yaml

from agency_site.content import load_content
from agency_site.content.catalog import get_catalog
from agency_site.content.loader import parse_yaml
from agency_site.pages import portfolio
from agency_site.pages.catalog import purchase
from agency_site.settings import PROJECT_ROOT
from tests.support.content import text

CHECKOUT = "https://pay.example.com/checkout/ai-callers"


@pytest.fixture
def content_with_checkout_link(tmp_path: Path):
    target = tmp_path / "content"
    shutil.copytree(PROJECT_ROOT / "content", target)
    site = target / "site.yaml"
    data = parse_yaml(site.read_text())
    data["checkout_links"]["ai-callers"] = CHECKOUT
    site.write_text(yaml.safe_dump(data, allow_unicode=True))
    return load_content(target)


def test_configured_checkout_link_makes_purchase_a_plain_link(
    monkeypatch, content_with_checkout_link
) -> None:
    monkeypatch.setattr(purchase, "get_content", lambda: content_with_checkout_link)
    compiled = str(purchase.purchase_card("en", "ai-callers", "AI Callers"))
    assert 'jsx("a",{className:' in compiled
    assert f'href:"{CHECKOUT}"' in compiled
    assert "Purchase now" in compiled
    assert "__toast" not in compiled
    # A service without a link promises no purchase: it asks for an offer, on the contact form.
    other = str(purchase.purchase_card("en", "ai-avatars", "AI Avatars"))
    assert "Purchase now" not in other and "__toast" not in other
    assert "Request an offer" in other and 'to:"/contact"' in other
    german = str(purchase.purchase_card("de", "ai-avatars", "KI-Avatare"))
    assert "Angebot anfordern" in german and 'to:"/de/kontakt"' in german


def test_purchase_card_only_for_purchasable_services() -> None:
    assert str(purchase.purchase_card("en", "web-development", "Web Development")) == "jsx(Fragment,{},)"


def test_empty_tab_says_no_projects_found(monkeypatch) -> None:
    catalog = dataclasses.replace(get_catalog(), projects=())
    monkeypatch.setattr(portfolio, "get_catalog", lambda: catalog)
    compiled = str(portfolio.project_grid("de", "ai-callers"))
    assert text("de", "portfolio-empty") in compiled
    assert "portfolio-empty" in compiled
