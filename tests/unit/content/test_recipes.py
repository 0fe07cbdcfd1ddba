"""The recipes for new content (docs/content-editors.md, docs/developers.md): a service, a project, a post
and a page, each added to a copy of the project as the recipe says (tests/support/recipes.py),
then validated (`make check-content`), built (every route, both languages, as `reflex run`
builds them) and tested by the tests that read the catalogue: new content needs no code,
and following a recipe keeps the tests green."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.app_process import app_process_command
from tests.support.project_copy import copy_project
from tests.support.recipes import (
    NEW_PAGE,
    NEW_POST,
    NEW_PROJECT_ID,
    NEW_SERVICE,
    add_page,
    add_post,
    add_project,
    add_service,
)

PATHS = [f"/services/{NEW_SERVICE}", f"/project/{NEW_PROJECT_ID}", f"/blog/{NEW_POST}", f"/{NEW_PAGE}"]


def shows(page: str, text: str) -> bool:
    """Whether the compiled page has `text` as a text node (JSX writes non-ASCII as \\u)."""
    return json.dumps(text) in page


def _run(root: Path, *args: str, command: list[str] | None = None) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != "CONTENT_DIR"}
    return subprocess.run(
        command or [sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, check=False
    )


# `python -m tests.support.recipes` in the copy, in a process that builds the app at half the CPU.
_BUILT_PAGES = """
import json, sys
from tests.support.recipes import built_pages
print(json.dumps(built_pages(sys.argv[1:])))
"""


# `python -m pytest` in the copy, likewise (it builds every page too); its exit status kept.
_PYTEST = """
import sys, pytest
_status = int(pytest.main(sys.argv[1:]))
if _status:
    sys.exit(_status)
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_project(tmp_path_factory.mktemp("recipes") / "site", web=False)
    for follow_recipe in (add_service, add_project, add_post, add_page):
        follow_recipe(root)
    return root


@pytest.fixture(scope="module")
def built(site: Path) -> dict[str, dict[str, str]]:
    result = _run(site, command=app_process_command(_BUILT_PAGES, *PATHS))
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.splitlines()[-1])


def test_the_content_check_passes_with_all_four(site: Path) -> None:
    result = _run(site, "-m", "agency_site.site_check")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("content ok")


def test_a_new_service_is_a_page_with_a_generic_animation_of_its_colour(built: dict) -> None:
    page = built[f"/services/{NEW_SERVICE}"]
    assert shows(page["en"], "Data Consulting") and shows(page["de"], "Datenberatung")
    assert '"data-animation":"data-consulting"' in page["en"]
    assert "service-bg-blue" in page["en"] and '"data-generic":"true"' in page["en"]


def test_a_new_project_is_a_page(built: dict) -> None:
    page = built[f"/project/{NEW_PROJECT_ID}"]
    assert shows(page["en"], "Retail Data Dashboard") and shows(page["de"], "Daten-Dashboard für den Handel")


def test_a_new_post_is_a_page(built: dict) -> None:
    page = built[f"/blog/{NEW_POST}"]
    assert shows(page["en"], "Where to start with data") and shows(page["de"], "Wo Sie mit Daten anfangen")


def test_a_new_page_is_a_page_with_its_sharing_images(site: Path, built: dict) -> None:
    page = built[f"/{NEW_PAGE}"]
    assert shows(page["en"], "Careers") and shows(page["de"], "Karriere")
    for lang in ("en", "de"):
        assert (site / "assets" / "og" / f"{NEW_PAGE}-{lang}.jpg").is_file()


def test_the_tests_that_read_the_catalogue_pass_with_the_new_content(site: Path) -> None:
    """Item 5: no test pins today's counts, ids or dates (tests/support/content.py derives them)."""
    result = _run(
        site,
        command=app_process_command(
            _PYTEST,
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/unit/content/test_catalog.py",
            "tests/unit/content/test_blog.py",
            "tests/unit/pages/test_home.py",
            "tests/unit/test_routes.py",
            "tests/unit/seo/test_seo.py",
            "tests/unit/seo/test_seo_pages.py",
        ),
    )
    assert result.returncode == 0, result.stdout[-4000:]
