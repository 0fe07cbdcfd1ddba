"""German URLs: German slugs from the content files, validated, used by every route, and
every former German address (/de + the English path) answering 301 to its new one."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from agency_site.content import ContentError
from agency_site.content.slugs import check_sections, load_german_urls
from agency_site.i18n import localized_path, spec_path_of
from agency_site.nginx.former_urls import former_german_urls, nginx_former_urls
from agency_site.routes import route_table
from agency_site.server.german_redirects import FormerGermanUrls, former_german_url

# What a German searcher and link-sharer see (issue examples); English stays the spec's.
GERMAN_PATHS = {
    "/": "/de",
    "/services": "/de/leistungen",
    "/services/ai-callers": "/de/leistungen/ki-telefonassistenten",
    "/about": "/de/ueber-uns",
    "/contact": "/de/kontakt",
    "/portfolio": "/de/referenzen",
    "/portfolio/all": "/de/referenzen/alle",
    "/portfolio/web-development": "/de/referenzen/webentwicklung",
    "/project/104": "/de/projekt/ki-avatar-vertrieb",
    "/blog": "/de/blog",
    "/blog/ai-healthcare": "/de/blog/ki-im-gesundheitswesen",
    "/blog/rss.xml": "/de/blog/rss.xml",
    "/impressum": "/de/impressum",
    "/datenschutz": "/de/datenschutz",
    "/about#mission": "/de/ueber-uns#mission",
    # Unknown ids keep their spelling under the German section.
    "/project/[project_id]": "/de/projekt/[project_id]",
    "/services/no-such-service": "/de/leistungen/no-such-service",
}


@pytest.mark.parametrize(("spec", "german"), GERMAN_PATHS.items())
def test_german_pages_have_german_paths_and_english_ones_the_spec_paths(spec: str, german: str) -> None:
    assert localized_path("de", spec) == german
    assert localized_path("en", spec) == spec
    if "#" not in spec:  # pages' paths have no fragment
        assert spec_path_of(german) == spec
        assert spec_path_of(spec) == spec


def test_every_german_path_is_its_own_url_safe_and_no_former_address() -> None:
    routes = route_table()
    german = [localized_path("de", route.path) for route in routes]
    assert len(set(german)) == len(german)
    for path in german:
        assert re.fullmatch(r"/de(/([a-z0-9]+(-[a-z0-9]+)*|\[[a-z_]+\]))*", path), path
    # No German path is another page's former address (a 301 would hide that page).
    former = {"/de" + route.path: route.path for route in routes}
    for route in routes:
        assert former.get(localized_path("de", route.path), route.path) == route.path, route.path


def test_every_former_german_address_answers_with_its_new_one() -> None:
    table = former_german_urls()
    for route in route_table():
        if route.is_dynamic or route.path == "/":
            continue
        old, new = "/de" + route.path, localized_path("de", route.path)
        assert former_german_url(old) == (None if old == new else new), old
        if old != new:
            assert table[old] == new
    assert former_german_url("/de/services/no-such-service") == "/de/leistungen/no-such-service"
    for path in ("/about", "/de", "/de/ueber-uns", "/de/blog/ki-im-gesundheitswesen", "/de/blog/rss.xml"):
        assert former_german_url(path) is None, path


def test_nginx_map_has_every_former_address_and_each_renamed_section() -> None:
    conf = nginx_former_urls()
    for old, new in former_german_urls().items():
        assert f"    {old} {new};\n" in conf
    assert "~^/de/services(?<agency_former_rest>/.*)?$ /de/leistungen$agency_former_rest;" in conf
    assert "/de/blog(?" not in conf  # the blog keeps its word: only its posts move


def _answer(path: str, query: bytes = b"") -> tuple[int | None, dict[bytes, bytes]]:
    answer: dict = {"status": None, "headers": {}}

    async def downstream(scope, receive, send) -> None:
        answer["status"] = "passed on"

    async def send(message) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
            answer["headers"] = dict(message["headers"])

    scope = {"type": "http", "method": "GET", "path": path, "query_string": query}
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, FormerGermanUrls(downstream)(scope, None, send)).result()
    return answer["status"], answer["headers"]


def test_make_runs_server_answers_301_with_the_query_kept() -> None:
    status, headers = _answer("/de/services/ai-callers", b"utm_source=mail")
    assert status == 301
    assert headers[b"location"] == b"/de/leistungen/ki-telefonassistenten?utm_source=mail"
    assert _answer("/de/leistungen/ki-telefonassistenten")[0] == "passed on"
    assert _answer("/services/ai-callers")[0] == "passed on"


def _error(content_dir: Path) -> ContentError:
    with pytest.raises(ContentError) as error:
        load_german_urls(content_dir)
    return error.value


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_page_whose_section_has_no_german_word_stops_the_build() -> None:
    check_sections([route.path for route in route_table()])
    with pytest.raises(ContentError) as error:
        check_sections(["/about", "/careers"])
    assert (error.value.path.name, error.value.field) == ("slugs.yaml", "sections.careers")


def test_the_content_files_validate() -> None:
    from agency_site.settings import PROJECT_ROOT

    urls = load_german_urls(PROJECT_ROOT / "content")
    assert urls.sections["about"] == "ueber-uns"


@pytest.mark.parametrize(
    ("file", "old", "new", "field"),
    [
        ("slugs.yaml", "about: ueber-uns", "about: über-uns", "sections.about"),
        ("slugs.yaml", "contact: kontakt", "contact: ueber-uns", "sections.contact"),
        ("slugs.yaml", "contact: kontakt", "contact: about", "sections.contact"),
        ("slugs.yaml", "all_projects: alle", "all_projects: webentwicklung", "all_projects.web-development"),
        ("services.yaml", "de_slug: ki-agenten", "de_slug: KI Agenten", "services.6.de_slug"),
        ("services.yaml", "de_slug: ki-agenten", "de_slug: ki-avatare", "services.7.de_slug"),
        ("services.yaml", "de_slug: ki-agenten", "de_slug: ai-avatars", "services.ai-agents"),
        ("projects.yaml", "    de_slug: ikigai-pilates-app\n", "", "projects.1.de_slug"),
        ("blog/de/ethical-ai.md", "slug: ethische-ki", "slug: ki-im-alltag", "slug"),
        ("blog/de/ethical-ai.md", "slug: ethische-ki  # the German URL: /de/blog/ethische-ki\n", "", "slug"),
        ("blog/de/ethical-ai.md", "slug: ethische-ki", "slug: ethische/ki", "slug"),
    ],
)
def test_a_missing_unsafe_or_repeated_slug_stops_the_build_naming_file_and_field(
    content_copy: Path, file: str, old: str, new: str, field: str
) -> None:
    _edit(content_copy / file, old, new)
    error = _error(content_copy)
    assert error.field == field, str(error)
    assert file.split("/")[-1] in str(error.path) or error.path.name in file, str(error)
