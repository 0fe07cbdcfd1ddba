"""The route table covers docs/product.md §2 in both languages, with every known id static."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from agency_site.constants import LANGUAGES
from agency_site.content.loader import parse_yaml
from agency_site.i18n import localized_path
from agency_site.routes import Route, route_table
from agency_site.settings import PROJECT_ROOT
from tests.e2e.support.expected import BLOG_POST_IDS, PORTFOLIO_TABS, PROJECT_IDS, SERVICE_IDS

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


def _ids_in_the_content() -> dict[str, set[str]]:
    """Every service, project, post and portfolio tab id, read from the content files."""
    content = PROJECT_ROOT / "content"
    services = parse_yaml((content / "services.yaml").read_text(encoding="utf-8"))["services"]
    projects = parse_yaml((content / "projects.yaml").read_text(encoding="utf-8"))["projects"]
    return {
        "services": {str(service["id"]) for service in services},
        "project": {str(project["id"]) for project in projects},
        "blog": {path.stem for path in (content / "blog" / "en").glob("*.md")},
        # A tab per service that has projects, and 'all'.
        "portfolio": {"all"} | {str(project["service"]) for project in projects},
    }


def test_every_id_in_the_content_has_its_own_static_route() -> None:
    static = {route.path for route in route_table() if not route.is_dynamic}
    ids = _ids_in_the_content()
    for family, family_ids in ids.items():
        routed = {path for path in static if path.startswith(f"/{family}/")}
        assert routed == {f"/{family}/{item}" for item in family_ids}, family
    # What the content files list today (tests/support/content.py), not a count written here.
    assert {family: len(family_ids) for family, family_ids in ids.items()} == {
        "services": len(SERVICE_IDS),
        "project": len(PROJECT_IDS),
        "blog": len(BLOG_POST_IDS),
        "portfolio": len(PORTFOLIO_TABS),
    }


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


def test_german_routes_live_under_de_with_german_words() -> None:
    assert localized_path("de", "/portfolio/[tab]") == "/de/referenzen/[tab]"


class Registration(NamedTuple):
    component: Any
    on_load: Any


def register_pages() -> dict[str, Registration]:
    """What `add_pages` gives the app for each route."""
    from agency_site.agency_site import add_pages

    added: dict[str, Registration] = {}

    class Recorder:
        def add_page(self, component, *, route, on_load=None, **_):
            added[route] = Registration(component, on_load)

    add_pages(Recorder())  # pyright: ignore[reportArgumentType]
    return added


@pytest.fixture(scope="module")
def compiled() -> dict[str, Registration]:
    """Every page as a compile registers it (building them all takes two seconds)."""
    return register_pages()


def test_each_page_keeps_its_memoized_components_in_a_file_of_its_module_and_language(
    compiled: dict[str, Registration],
) -> None:
    """Components bound to client state (players, dialogs, the blog search) are memoized;
    Reflex puts them in the file named by the page function's module, and every page
    imports its own. So no page downloads another page type's components, and the
    contact form's stay off the readers' pages (agency_site.py)."""
    added = {route: registration.component.__module__ for route, registration in compiled.items()}
    assert added["/"] == "agency_site.pages.home_index_en"
    assert added["/de"] == "agency_site.pages.home_index_de"
    assert added["/project/104"] == "agency_site.pages.portfolio_project_104_en"
    assert added["/portfolio/all"] == "agency_site.pages.portfolio_portfolio_all_en"
    assert added["/de/blog"].endswith("_de")
    assert added["/contact"] == added["/de/kontakt"]  # the server's own page: one file for both
    pages = {route: module for route, module in added.items() if route != "404"}
    assert all(module.startswith("agency_site.pages.") for module in pages.values()), pages


def test_a_server_that_does_not_compile_registers_every_route_and_its_on_load_without_building_pages(
    compiled: dict[str, Registration], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reflex's production backend (REFLEX_SKIP_COMPILE) needs the routes and what they run
    on load, not the components: it gets the same routes and load events as a compile,
    and no page is built for it."""
    from reflex_base.environment import environment

    monkeypatch.setenv(environment.REFLEX_SKIP_COMPILE.name, "true")
    served = register_pages()
    assert list(served) == list(compiled)
    assert {route: r.on_load for route, r in served.items()} == {
        route: r.on_load for route, r in compiled.items()
    }
    assert {route for route, r in served.items() if r.on_load} == {"/contact", "/de/kontakt"}
    # Placeholders: an empty fragment each.
    assert all(not r.component.children for r in served.values())


def test_a_route_of_an_unknown_kind_stops_the_build() -> None:
    # Not "careers": the new-page recipe of docs/developers.md adds that kind (tests/support/recipes.py).
    with pytest.raises(ValueError, match="'not-a-kind'"):
        Route("/not-a-kind", route_table()[0].build, "not-a-kind")  # pyright: ignore[reportArgumentType]
