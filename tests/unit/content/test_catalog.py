"""The service and project catalog: real files validate; a broken one names file and field."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from agency_site.constants import EXPLORE_MORE_MAX
from agency_site.content import ContentError
from agency_site.content.catalog import load_catalog
from agency_site.content.loader import parse_yaml
from agency_site.settings import PROJECT_ROOT
from tests.e2e.support.expected import (
    FEATURED_SERVICE_IDS,
    FOOTER_SERVICE_IDS,
    PORTFOLIO_TABS,
    PROJECT_IDS,
    PROJECT_SLUGS,
    PROJECTS_PER_TAB,
    SERVICE_COLOURS,
    SPEC_PROJECT_SLUGS,
    SPEC_PROJECTS_PER_TAB,
    SPEC_SERVICE_COLOURS,
)
from tests.support.content import is_in_order_within

CONTENT = PROJECT_ROOT / "content"


def _edit(content_dir: Path, name: str, edit) -> None:
    path = content_dir / name
    data = parse_yaml(path.read_text())
    edit(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True))


def _error(content_dir: Path) -> ContentError:
    with pytest.raises(ContentError) as error:
        load_catalog(content_dir)
    return error.value


def test_real_catalog_is_the_files_catalog_with_the_spec_services_and_projects_in_it() -> None:
    catalog = load_catalog(CONTENT)
    assert {service.id: service.colour for service in catalog.services} == SERVICE_COLOURS
    assert catalog.service_ids == tuple(SERVICE_COLOURS)
    assert {project.id: project.slug for project in catalog.projects} == PROJECT_SLUGS
    assert [service.id for service in catalog.featured] == list(FEATURED_SERVICE_IDS)
    assert [service.id for service in catalog.footer] == list(FOOTER_SERVICE_IDS)
    assert catalog.portfolio_tabs == PORTFOLIO_TABS
    # docs/product.md's own, in its order; new ones may come between or after (docs/content-editors.md recipes).
    assert SPEC_SERVICE_COLOURS.items() <= SERVICE_COLOURS.items()
    assert is_in_order_within(tuple(SPEC_SERVICE_COLOURS), catalog.service_ids)
    assert SPEC_PROJECT_SLUGS.items() <= PROJECT_SLUGS.items()


def test_projects_per_service_follow_the_spec() -> None:
    catalog = load_catalog(CONTENT)
    per_tab = {tab: [project.id for project in catalog.projects_for(tab)] for tab in PORTFOLIO_TABS}
    assert per_tab == PROJECTS_PER_TAB
    for tab, spec_ids in SPEC_PROJECTS_PER_TAB.items():
        assert is_in_order_within(spec_ids, per_tab[tab]), tab


def test_years_and_project_rules_follow_the_spec() -> None:
    catalog = load_catalog(CONTENT)
    spec = [project for project in catalog.projects if project.id in SPEC_PROJECT_SLUGS]
    years = {project.id: project.year for project in spec}
    assert years == {100: 2023, 101: 2024, 102: 2024, 103: 2025, 104: 2023, 105: 2025, 106: 2024}
    hidden = {project.id for project in spec if not project.show_client_and_year}
    assert hidden == {104, 106}
    assert {project.id for project in spec if project.url} == {100, 102, 103, 105}
    assert catalog.project(104).shown_images == catalog.project(104).images[:1]
    assert catalog.project(106).shown_images == catalog.project(106).images[1:2]
    assert len(catalog.project(104).language_options) == 6


@pytest.mark.parametrize("project_id", PROJECT_IDS)
def test_explore_more_never_lists_the_current_project(project_id: int) -> None:
    others = load_catalog(CONTENT).others(project_id, EXPLORE_MORE_MAX)
    assert len(others) == EXPLORE_MORE_MAX
    assert project_id not in [project.id for project in others]


def test_images_exist_with_their_stated_size() -> None:
    from PIL import Image

    for project in load_catalog(CONTENT).projects:
        for image in project.images:
            path = PROJECT_ROOT / "assets" / image.src.lstrip("/")
            assert path.is_file(), path
            with Image.open(path) as opened:
                assert opened.size == (image.width, image.height), path
            assert path.stat().st_size < 60_000, path


def test_colour_without_a_stylesheet_class_is_named(content_copy: Path) -> None:
    _edit(content_copy, "services.yaml", lambda data: data["services"][1].update(colour="teal"))
    error = _error(content_copy)
    assert error.path.name == "services.yaml"
    assert error.field == "services.1.colour"


def test_project_of_an_unknown_service_is_named(content_copy: Path) -> None:
    def drop_avatars(data: dict) -> None:
        data["services"] = [service for service in data["services"] if service["id"] != "ai-avatars"]

    _edit(content_copy, "services.yaml", drop_avatars)
    error = _error(content_copy)
    assert error.path.name == "projects.yaml"
    assert error.field == "projects.4.service" and "ai-avatars" in error.problem


def test_unknown_featured_service_is_named(content_copy: Path) -> None:
    _edit(content_copy, "services.yaml", lambda data: data["featured"].append("ai-teleporting"))
    error = _error(content_copy)
    assert error.field == "featured.4" and "ai-teleporting" in error.problem


def test_checkout_link_of_an_unknown_service_is_named(content_copy: Path) -> None:
    _edit(content_copy, "site.yaml", lambda data: data["checkout_links"].update({"ai-teleporting": None}))
    error = _error(content_copy)
    assert error.path.name == "site.yaml"
    assert error.field == "checkout_links.ai-teleporting"


def test_duplicate_service_id_is_named(content_copy: Path) -> None:
    _edit(content_copy, "services.yaml", lambda data: data["services"][2].update(id="ai-callers"))
    error = _error(content_copy)
    assert error.field == "services.2.id" and "ai-callers" in error.problem


def test_missing_fallback_project_is_named(content_copy: Path) -> None:
    _edit(content_copy, "projects.yaml", lambda data: data["projects"].pop(0))
    error = _error(content_copy)
    assert error.field == "projects" and "100" in error.problem


def test_unknown_project_field_is_named(content_copy: Path) -> None:
    _edit(content_copy, "projects.yaml", lambda data: data["projects"][2].update(yeer=2024))
    error = _error(content_copy)
    assert error.path.name == "projects.yaml"
    assert error.field == "projects.2.yeer"


def test_bad_image_size_is_named(content_copy: Path) -> None:
    _edit(content_copy, "projects.yaml", lambda data: data["projects"][0]["images"][1].update(width=0))
    error = _error(content_copy)
    assert error.field == "projects.0.images.1.width"


def test_missing_german_text_is_named(content_copy: Path) -> None:
    path = content_copy / "i18n" / "de" / "projects.yaml"
    path.write_text(path.read_text().replace("  conclusion-metatrader:", "  conclusion-metatrader-old:"))
    errors = {(error.path.parent.name, error.path.name, error.field) for error in _error(content_copy).errors}
    # The key missing in German, named with the file it belongs in; the renamed key
    # missing in English likewise.
    assert ("de", "projects.yaml", "conclusion-metatrader") in errors
    assert ("en", "projects.yaml", "conclusion-metatrader-old") in errors


def test_missing_service_text_is_named(content_copy: Path) -> None:
    for lang in ("en", "de"):
        path = content_copy / "i18n" / lang / "services.yaml"
        path.write_text(path.read_text().replace("  service-ai-agents-market:", "  service-ai-agents-mkt:"))
    error = _error(content_copy)
    assert error.field == "services.6" and "service-ai-agents-market" in error.problem


def test_unknown_video_language_is_named(content_copy: Path) -> None:
    _edit(
        content_copy, "projects.yaml", lambda data: data["projects"][4]["language_options"].append("klingon")
    )
    error = _error(content_copy)
    assert error.field == "projects.4.language_options" and "klingon" in error.problem


def test_duplicate_slug_is_named(content_copy: Path) -> None:
    _edit(content_copy, "projects.yaml", lambda data: data["projects"][1].update(slug="business-formation"))
    error = _error(content_copy)
    assert error.field == "projects.1.slug" and "business-formation" in error.problem
