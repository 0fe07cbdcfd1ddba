"""Every page's head: own title and description, sharing tags and images, JSON-LD."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from PIL import Image

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path
from agency_site.routes import PAGE_KINDS, route_table
from agency_site.seo.head import (
    OG_IMAGE_HEIGHT,
    OG_IMAGE_WIDTH,
    PageHead,
    og_image_path,
    page_head,
)
from agency_site.seo.texts import DESCRIPTION_MAX, DESCRIPTION_MIN
from agency_site.settings import PROJECT_ROOT, get_settings


@pytest.fixture(scope="module")
def heads() -> dict[str, tuple[str, PageHead, str | None]]:
    """Localized path -> (kind, head, canonical URL) for every route in both languages."""
    result = {}
    for route in route_table():
        for lang in LANGUAGES:
            head = page_head(lang, route, route.build(lang))
            result[localized_path(lang, route.path)] = (route.kind, head, _canonical(head))
    return result


def _attr(tag, name: str) -> object:
    value = getattr(tag, name, None)
    return getattr(value, "_var_value", value)


def _canonical(head: PageHead) -> str:
    """The href of the head's one <link rel="canonical">."""
    links = [tag for tag in head.tags if tag.tag == "link" and _attr(tag, "rel") == "canonical"]
    assert len(links) == 1
    return str(_attr(links[0], "href"))


def _noindex(head: PageHead) -> bool:
    return any(tag.tag == "meta" and _attr(tag, "name") == "robots" for tag in head.tags)


def _own_pages(heads) -> dict[str, PageHead]:
    """Pages that are not a mirror of another: static, and their own canonical."""
    site_url = get_settings().site_url
    return {path: head for path, (_, head, canonical) in heads.items() if canonical == site_url + path}


def test_mirrors_are_only_fallbacks_and_the_portfolio_redirect(heads) -> None:
    mirrors = set(heads) - set(_own_pages(heads))
    assert {path for path in mirrors if "[" not in path} == {"/portfolio", "/de/referenzen"}


def test_unknown_ids_point_search_engines_at_their_listing(heads) -> None:
    site_url = get_settings().site_url
    expected = {
        "/services/[service_id]": ("/services", True),
        "/de/blog/[blog_id]": ("/de/blog", True),
        "/project/[project_id]": ("/project/100", False),
        "/de/referenzen/[tab]": ("/de/referenzen/alle", False),
        "/botagent": ("/botagent", True),
        "/about": ("/about", False),
    }
    found = {path: (heads[path][2].removeprefix(site_url), _noindex(heads[path][1])) for path in expected}
    assert found == expected


def test_hreflang_alternates_follow_the_canonical(heads) -> None:
    site_url = get_settings().site_url
    _, head, _ = heads["/de/leistungen/[service_id]"]
    alternates = {
        str(_attr(tag, "href_lang")): str(_attr(tag, "href"))
        for tag in head.tags
        if tag.tag == "link" and _attr(tag, "rel") == "alternate" and _attr(tag, "href_lang")
    }
    assert alternates == {
        "en": f"{site_url}/services",
        "de": f"{site_url}/de/leistungen",
        "x-default": f"{site_url}/services",
    }


@pytest.mark.parametrize("field", ["title", "description"])
def test_every_page_has_its_own_text(heads, field: str) -> None:
    counts = Counter(getattr(head, field) for head in _own_pages(heads).values())
    assert [text for text, count in counts.items() if count > 1] == []


def test_descriptions_fit_a_search_result(heads) -> None:
    wrong = {
        path: len(head.description)
        for path, head in _own_pages(heads).items()
        if not DESCRIPTION_MIN <= len(head.description) <= DESCRIPTION_MAX or "{" in head.description
    }
    assert wrong == {}


_JS_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _json_ld(head: PageHead, path: str) -> dict:
    """The page's JSON-LD as the browser reads it (the script's one text)."""
    scripts = [tag for tag in head.tags if tag.tag == "script"]
    assert len(scripts) == 1
    (text,) = [json.loads(text) for text in _JS_STRING.findall(str(scripts[0].children[0].contents))]
    return json.loads(text)


EXPECTED_TYPES = {
    "home": {"Organization"},
    "services": {"Organization", "ItemList", "BreadcrumbList"},
    "service": {"Organization", "Service", "BreadcrumbList"},
    "article": {"Organization", "BlogPosting", "BreadcrumbList"},
    "not-found": {"Organization"},
}


def test_json_ld_types_per_page_type(heads) -> None:
    for path, (kind, head, _) in heads.items():
        expected = EXPECTED_TYPES.get(kind, {"Organization", "BreadcrumbList"})
        if _noindex(head):  # no trail for a page search engines are asked to leave out
            expected = expected - {"BreadcrumbList"}
        assert {node["@type"] for node in _json_ld(head, path)["@graph"]} == expected, path


def test_breadcrumbs_of_a_project_go_through_the_portfolio(heads) -> None:
    path = "/de/projekt/metatrader-handelsplattform"
    _, head, _ = heads[path]
    trail = next(node for node in _json_ld(head, path)["@graph"] if node["@type"] == "BreadcrumbList")
    site_url = get_settings().site_url
    assert [item["item"] for item in trail["itemListElement"]] == [
        f"{site_url}/de",
        f"{site_url}/de/referenzen/alle",
        f"{site_url}/de/projekt/metatrader-handelsplattform",
    ]


@pytest.mark.parametrize("kind", PAGE_KINDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_sharing_images_exist_at_1200x630_and_are_small(kind: str, lang: str) -> None:
    path = PROJECT_ROOT / "assets" / og_image_path(kind, lang).lstrip("/")
    with Image.open(path) as image:
        assert image.size == (OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT)
        assert image.format == "JPEG"
    assert path.stat().st_size < 60_000


def test_sharing_tags_are_complete(heads) -> None:
    site_url = get_settings().site_url
    kind, head, canonical = heads["/de/blog/ki-im-gesundheitswesen"]
    tags = {}
    for tag in head.tags:
        if tag.tag == "meta":
            key = tag.property if tag.property is not None else tag.name
            tags[key._var_value] = tag.content._var_value
    assert tags["og:url"] == canonical
    assert tags["og:type"] == "article"
    assert tags["article:published_time"] == "2024-04-10"
    assert tags["og:locale"] == "de_DE" and tags["og:locale:alternate"] == "en_US"
    assert tags["twitter:card"] == "summary_large_image"
    assert tags["twitter:image"] == head.image_url == f"{site_url}/og/article-de.jpg"
    for key in (
        "og:title",
        "og:description",
        "og:site_name",
        "og:image:alt",
        "twitter:title",
        "twitter:image:alt",
    ):
        assert tags[key]
