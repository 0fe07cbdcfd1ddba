"""What a visitor should see, read straight from the content files.

The expected texts come from `content/i18n/{lang}/*.yaml` and `content/blog/{lang}/*.md`
as they are on disk, never through the app's own `t()` or post loader: a text the app
fails to find, or shows under the wrong key, then fails the test instead of being
expected just as wrongly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path

import yaml

from agency_site.constants import BLOG_POST_IDS, PORTFOLIO_TABS, PROJECT_IDS, PROJECT_SLUGS, SERVICE_IDS
from agency_site.i18n import localized_path

CONTENT = Path(__file__).resolve().parents[2] / "content"


@cache
def texts(lang: str) -> dict[str, str]:
    """Every `key: text` of the language's YAML files (groups flattened), in file order."""
    found: dict[str, str] = {}
    for path in sorted((CONTENT / "i18n" / lang).glob("*.yaml")):
        for entries in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).values():
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

    def month(self, lang: str) -> str:
        """The month it was published, in the language's own words."""
        return [name.strip() for name in text(lang, "blog-months").split(",")][self.published.month - 1]

    def date_text(self, lang: str) -> str:
        """The date as the page writes it ('April 10, 2024', '10. April 2024')."""
        return text(
            lang, "blog-date", day=self.published.day, month=self.month(lang), year=self.published.year
        )

    @property
    def path(self) -> str:
        return f"/blog/{self.id}"


@cache
def post(lang: str, post_id: str) -> Post:
    source = (CONTENT / "blog" / lang / f"{post_id}.md").read_text(encoding="utf-8")
    _, front, body = source.split("---", 2)
    fields = yaml.safe_load(front)
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
    )


@dataclass(frozen=True)
class Screen:
    path: str  # the spec's path
    title_key: str
    final_path: str | None = None  # where the visitor ends up, when redirected

    def title(self, lang: str) -> str:
        return text(lang, self.title_key)

    def landing(self, lang: str) -> str:
        return localized_path(lang, self.final_path or self.path)


@dataclass(frozen=True)
class PostScreen(Screen):
    """A blog article: its heading is the post's own title."""

    title_key: str = ""

    def title(self, lang: str) -> str:
        return post(lang, self.path.rsplit("/", 1)[-1]).title


STATIC_SCREENS: list[Screen] = [
    Screen("/", "page-home-title"),
    Screen("/services", "page-services-title"),
    *[Screen(f"/services/{sid}", f"service-{sid}-title") for sid in SERVICE_IDS],
    Screen("/portfolio", "page-portfolio-title", final_path="/portfolio/all"),
    *[Screen(f"/portfolio/{tab}", "page-portfolio-title") for tab in PORTFOLIO_TABS],
    *[Screen(f"/project/{pid}", f"project-{PROJECT_SLUGS[pid]}-title") for pid in PROJECT_IDS],
    Screen("/blog", "page-blog-title"),
    *[PostScreen(f"/blog/{post}") for post in BLOG_POST_IDS],
    Screen("/about", "page-about-title"),
    Screen("/contact", "page-contact-title"),
    Screen("/impressum", "page-impressum-title"),
    Screen("/datenschutz", "page-datenschutz-title"),
]

# Unknown ids under a dynamic route: what SPEC.md §8 says each shows for now.
DYNAMIC_SCREENS: list[Screen] = [
    Screen("/services/no-such-service", "page-services-title"),
    Screen("/project/999", "project-business-formation-title"),
    Screen("/blog/no-such-post", "blog-not-found-title"),
    Screen("/portfolio/no-such-tab", "page-portfolio-title", final_path="/portfolio/all"),
]

HEADER_LINKS = ["/", "/services", "/botagent", "/portfolio", "/about", "/contact", "/blog"]
HEADER_LABEL_KEYS = [
    "nav-home",
    "nav-services",
    "nav-botagent",
    "nav-portfolio",
    "nav-about",
    "nav-contact",
    "nav-blog",
]

# SPEC.md §3 'Projects per service', by portfolio tab, in listing order.
PROJECTS_PER_TAB: dict[str, list[int]] = {
    "all": [100, 101, 102, 103, 104, 105, 106],
    "ai-callers": [106],
    "software-development": [103],
    "app-development": [101],
    "web-development": [100, 102, 105],
    "ai-avatars": [104],
}
