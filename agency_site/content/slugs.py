"""German URLs: the German slug of every page, service, project and post (docs/architecture.md §2).

English pages live at the specification's paths; German ones under /de with German words
(`/de/leistungen/ki-telefonassistenten`). The words come from the content files:
`content/slugs.yaml` (the first part of each path, and the portfolio's 'all' tab),
`de_slug` in services.yaml and projects.yaml, `slug` in each German post's front matter.
`german_urls()` checks them (URL-safe, complete, each used once) and translates a spec
path into its German path and back, part by part, so every link, the route table, the
head, the sitemap and the feeds agree. An id no file names (an unknown project) keeps its
spelling: `/de/projekt/999` is the German twin of `/project/999`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, ValidationError

from agency_site.constants import DEFAULT_PORTFOLIO_TAB
from agency_site.content.catalog import SLUG, Catalog
from agency_site.content.loader import ContentError, _first_error, read_yaml
from agency_site.content.models import Strict
from agency_site.settings import get_settings

if TYPE_CHECKING:
    from agency_site.content.blog import BlogPost


Slug = Annotated[str, Field(pattern=SLUG)]


class SlugsFile(Strict):
    """content/slugs.yaml: the German word of each first part of a spec path (every
    route's: `check_sections` at build time) and of the portfolio's 'all' tab."""

    sections: dict[Slug, Slug]
    all_projects: Slug


@dataclass(frozen=True)
class GermanUrls:
    """Spec path <-> German path (without the /de prefix), part by part."""

    # spec word -> German word, for the first part of a path
    sections: dict[str, str]
    # spec section -> (spec id -> German slug), for the second part
    ids: dict[str, dict[str, str]]

    def german(self, spec_path: str) -> str:
        """'/services/ai-callers' -> '/leistungen/ki-telefonassistenten'; '/' stays '/'."""
        return _translate(spec_path, self.sections, self.ids)

    def spec(self, german_path: str) -> str:
        """The inverse of `german`: '/ueber-uns' -> '/about'."""
        sections = {german: spec for spec, german in self.sections.items()}
        ids = {
            self.sections[section]: {german: spec for spec, german in table.items()}
            for section, table in self.ids.items()
        }
        return _translate(german_path, sections, ids)


def _translate(path: str, sections: dict[str, str], ids: dict[str, dict[str, str]]) -> str:
    parts = path.split("/")
    if len(parts) > 1 and parts[1]:
        section = parts[1]
        parts[1] = sections.get(section, section)
        if len(parts) > 2:
            parts[2] = ids.get(section, {}).get(parts[2], parts[2])
    return "/".join(parts)


def _unique(path: Path, field: str, slugs: dict[str, str]) -> None:
    seen: dict[str, str] = {}
    for key, slug in slugs.items():
        if slug in seen:
            raise ContentError(path, f"{field}.{key}", f"{slug!r} is already the slug of {seen[slug]!r}")
        seen[slug] = key


def load_german_urls(content_dir: Path) -> GermanUrls:
    """Validate the German slugs of every page; raises ContentError naming file and field."""
    from agency_site.content.blog import load_blog
    from agency_site.content.catalog import load_catalog

    return _german_urls(content_dir, load_catalog(content_dir), load_blog(content_dir)["de"])


def _german_urls(content_dir: Path, catalog: Catalog, german_posts: list[BlogPost]) -> GermanUrls:
    path = content_dir / "slugs.yaml"
    try:
        slugs = SlugsFile.model_validate(read_yaml(path))
    except ValidationError as error:
        raise _first_error(path, error) from None
    sections = dict(slugs.sections)
    _unique(path, "sections", sections)

    # The catalog's loader checks that each service's and project's de_slug is used once.
    services = {service.id: service.de_slug for service in catalog.services}
    projects = {str(project.id): project.de_slug for project in catalog.projects}
    tabs = {DEFAULT_PORTFOLIO_TAB: slugs.all_projects, **services}
    _unique(path, "all_projects", tabs)
    # The blog's loader checks that every German post has a slug, used once.
    posts = {post.id: post.slug for post in german_posts}
    ids = {"services": services, "portfolio": tabs, "project": projects, "blog": posts}
    # A German word that is another page's English one would make that page's former
    # German address (/de + the English path) a current one: the 301s need them apart.
    _apart(path, "sections", sections)
    files = {
        "services": "services.yaml",
        "portfolio": "slugs.yaml",
        "project": "projects.yaml",
        "blog": "blog/de",
    }
    for section, table in ids.items():
        _apart(content_dir / files[section], section, table)
    return GermanUrls(sections=sections, ids=ids)


def _apart(path: Path, field: str, slugs: dict[str, str]) -> None:
    for key, slug in slugs.items():
        if slug != key and slug in slugs:
            raise ContentError(path, f"{field}.{key}", f"{slug!r} is the English address of another page")


def check_sections(spec_paths: list[str]) -> None:
    """Every first part of a page's spec path needs its German word in content/slugs.yaml
    (a new page: `careers: karriere`); raises ContentError naming the missing one."""
    sections = get_german_urls().sections
    for path in spec_paths:
        section = path.split("/")[1]
        if section and section not in sections:
            slugs = get_settings().content_dir / "slugs.yaml"
            raise ContentError(
                slugs,
                f"sections.{section}",
                f"missing: the German word of {path} (/de/<word>)",
                fix=f"add `{section}: <German word>` under `sections:` in {slugs.name}",
            )


@lru_cache(maxsize=1)
def get_german_urls() -> GermanUrls:
    """The German URLs of the configured content folder, loaded once per process."""
    from agency_site.content.blog import get_blog
    from agency_site.content.catalog import get_catalog

    return _german_urls(get_settings().content_dir, get_catalog(), get_blog()["de"])
