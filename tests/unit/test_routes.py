"""The route table covers SPEC.md §2 in both languages, with every known id static."""

from __future__ import annotations

import pytest

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path
from agency_site.routes import route_table
from tests.e2e.expected import BLOG_POST_IDS, PORTFOLIO_TABS, PROJECT_IDS, SERVICE_IDS

SPEC_SCREENS = [
    "/",
    "/services",
    "/services/[service_id]",
    "/portfolio",
    "/portfolio/[tab]",
    "/project/[project_id]",
    "/blog",
    "/blog/[blog_id]",
    "/about",
    "/contact",
    "/botagent",
    "/impressum",
    "/datenschutz",
]


@pytest.fixture(scope="module")
def paths() -> list[str]:
    return [route.path for route in route_table()]


def test_every_spec_screen_has_a_route(paths: list[str]) -> None:
    for screen in SPEC_SCREENS:
        assert screen in paths, screen


def test_paths_are_unique(paths: list[str]) -> None:
    assert len(paths) == len(set(paths))


def test_every_known_id_is_a_static_route(paths: list[str]) -> None:
    assert {f"/services/{sid}" for sid in SERVICE_IDS} <= set(paths)
    assert {f"/project/{pid}" for pid in PROJECT_IDS} <= set(paths)
    assert {f"/blog/{post}" for post in BLOG_POST_IDS} <= set(paths)
    assert {f"/portfolio/{tab}" for tab in PORTFOLIO_TABS} <= set(paths)


def test_dynamic_fallbacks_come_after_static_routes() -> None:
    routes = route_table()
    for index, route in enumerate(routes):
        if route.is_dynamic:
            family = route.path.rsplit("/", 1)[0] + "/"
            later_static = [
                r.path for r in routes[index + 1 :] if r.path.startswith(family) and not r.is_dynamic
            ]
            assert not later_static, f"{route.path} precedes {later_static}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_route_builds_with_a_title_in_each_language(lang: str) -> None:
    for route in route_table():
        page = route.build(lang)
        assert page.title.strip(), route.path
        assert page.description.strip(), route.path


def test_german_routes_live_under_de() -> None:
    assert localized_path("de", "/portfolio/[tab]") == "/de/portfolio/[tab]"
