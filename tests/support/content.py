"""What a visitor sees, read straight from the content files (for the tests only).

The expected texts come from `content/i18n/{lang}/*.yaml`, `content/blog/{lang}/*.md` and
`content/legal/{lang}/*.md` as they are on disk, never through the app's own `t()` or
loaders: a text the app fails to find, or shows under the wrong key, then fails the test
instead of being expected just as wrongly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path

from agency_site.content.loader import parse_yaml
from agency_site.formats import long_date, month_name, month_year

CONTENT = Path(__file__).resolve().parents[2] / "content"


@cache
def texts(lang: str) -> dict[str, str]:
    """Every `key: text` of the language's YAML files (groups flattened), in file order."""
    found: dict[str, str] = {}
    for path in sorted((CONTENT / "i18n" / lang).glob("*.yaml")):
        for entries in (parse_yaml(path.read_text(encoding="utf-8")) or {}).values():
            for key, value in (entries or {}).items():
                if isinstance(value, str):
                    found[str(key)] = value
    return found


def text(lang: str, key: str, **values: object) -> str:
    """The text of `key` in `lang` as the content file has it, `{placeholders}` filled.
    A key the file lacks fails the test (KeyError names it): no fallback here."""
    value = texts(lang)[key]
    return value.format(**values) if values else value


def texts_of(lang: str, pattern: str) -> list[str]:
    """The texts whose key matches `pattern` (a whole-key regex), in file order."""
    return [value for key, value in texts(lang).items() if re.fullmatch(pattern, key)]


def keys_of(lang: str, pattern: str) -> list[str]:
    """The keys matching `pattern` (a whole-key regex), in file order."""
    return [key for key in texts(lang) if re.fullmatch(pattern, key)]


@dataclass(frozen=True)
class Post:
    """A blog post's front matter, as written in its Markdown file."""

    id: str
    title: str
    excerpt: str
    author: str
    published: date
    body: str
    image_alt: str

    def month(self, lang: str) -> str:
        """The month it was published, in the language's own words."""
        return month_name(lang, self.published)

    def date_text(self, lang: str) -> str:
        """The date as the page writes it ('10 April 2024', '10. April 2024')."""
        return long_date(lang, self.published)

    @property
    def path(self) -> str:
        return f"/blog/{self.id}"


def legal_headings(lang: str, document: str) -> list[str]:
    """The section headings ('## ...') of a legal text, as its Markdown file has them."""
    source = (CONTENT / "legal" / lang / f"{document}.md").read_text(encoding="utf-8")
    return [line[3:].strip() for line in source.split("---", 2)[2].splitlines() if line.startswith("## ")]


def legal_updated(lang: str, document: str) -> str:
    """The 'updated' month of a legal text's front matter ('2026-11'), as the language
    writes it ('November 2026')."""
    source = (CONTENT / "legal" / lang / f"{document}.md").read_text(encoding="utf-8")
    month = str(parse_yaml(source.split("---", 2)[1])["updated"])
    return month_year(lang, date.fromisoformat(f"{month}-01"))


@cache
def post(lang: str, post_id: str) -> Post:
    source = (CONTENT / "blog" / lang / f"{post_id}.md").read_text(encoding="utf-8")
    _, front, body = source.split("---", 2)
    fields = parse_yaml(front)
    published = fields["date"]
    if not isinstance(published, date):
        published = date.fromisoformat(str(published))
    return Post(
        id=post_id,
        title=str(fields["title"]),
        excerpt=str(fields["excerpt"]),
        author=str(fields["author"]),
        published=published,
        body=body.strip(),
        image_alt=str(fields["image_alt"]),
    )


@dataclass(frozen=True)
class Catalogue:
    """What the content files list today, read straight from them: the tests expect these
    (and never a count written into a test), so new content needs no test edit."""

    service_colours: dict[str, str]  # services.yaml, in its order
    project_slugs: dict[int, str]  # projects.yaml, in its order
    project_services: dict[int, str]
    post_ids: tuple[str, ...]  # blog/en/*.md, newest first, ties by id (the blog's order)

    @property
    def portfolio_tabs(self) -> tuple[str, ...]:
        """'all', then every service with a project, in the services' order."""
        with_projects = set(self.project_services.values())
        return ("all", *[sid for sid in self.service_colours if sid in with_projects])

    def projects_of(self, tab: str) -> list[int]:
        return [pid for pid, sid in self.project_services.items() if tab in ("all", sid)]


@cache
def catalogue() -> Catalogue:
    services = parse_yaml((CONTENT / "services.yaml").read_text(encoding="utf-8"))["services"]
    projects = parse_yaml((CONTENT / "projects.yaml").read_text(encoding="utf-8"))["projects"]
    dated = []
    for path in (CONTENT / "blog" / "en").glob("*.md"):
        published = parse_yaml(path.read_text(encoding="utf-8").split("---", 2)[1])["date"]
        dated.append((-date.fromisoformat(str(published)).toordinal(), path.stem))
    return Catalogue(
        service_colours={service["id"]: service["colour"] for service in services},
        project_slugs={project["id"]: project["slug"] for project in projects},
        project_services={project["id"]: project["service"] for project in projects},
        post_ids=tuple(post_id for _, post_id in sorted(dated)),
    )


def is_in_order_within(expected: tuple | list, found: tuple | list) -> bool:
    """Whether every item of `expected` is in `found`, in the same order (others between)."""
    rest = iter(found)
    return all(item in rest for item in expected)
