"""The recipes for new content (docs/content-editors.md, docs/developers.md), done by
code: each function adds one example to a copy of the project exactly as the recipe says, so a test can
check that following a recipe validates, builds and keeps the tests' rules green.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

NEW_SERVICE = "data-consulting"
NEW_SERVICE_DE_SLUG = "datenberatung"
NEW_PROJECT_ID = 107
NEW_PROJECT_SLUG = "data-dashboard"
NEW_POST = "ai-data-strategy"
NEW_PAGE = "careers"


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + "\n" + text, encoding="utf-8")


def _texts(content: Path, file: str, texts: dict[str, dict[str, str]]) -> None:
    """Add `key: text` lines at the end of i18n/en/{file} and i18n/de/{file} (under the
    file's last group: where a key sits among the files does not matter, only once)."""
    for lang in ("en", "de"):
        lines = [f'  {key}: "{value[lang]}"' for key, value in texts.items()]
        _append(content / "i18n" / lang / file, "\n".join(lines) + "\n")


def add_service(root: Path) -> None:
    """Recipe 'A new service': one line in services.yaml, ten texts per language."""
    content = root / "content"
    services = content / "services.yaml"
    source = services.read_text(encoding="utf-8")
    anchor = "  - {id: ai-avatars, de_slug: ki-avatare, colour: indigo, icon: user-round}\n"
    services.write_text(
        source.replace(
            anchor,
            anchor
            + f"  - {{id: {NEW_SERVICE}, de_slug: {NEW_SERVICE_DE_SLUG}, colour: blue, icon: chart-line}}\n",
        ),
        encoding="utf-8",
    )
    prefix = f"service-{NEW_SERVICE}"
    _texts(
        content,
        "services.yaml",
        {
            f"{prefix}-title": {"en": "Data Consulting", "de": "Datenberatung"},
            f"{prefix}-desc": {
                "en": "Dashboards and data pipelines that show what your business is doing.",
                "de": "Dashboards und Datenstrecken, die zeigen, wie Ihr Geschäft läuft.",
            },
            f"{prefix}-detail": {
                "en": "We connect your sources and build the reports your team reads every day.",
                "de": "Wir verbinden Ihre Quellen und bauen die Berichte, die Ihr Team täglich liest.",
            },
            f"{prefix}-market": {
                "en": "Most companies have the data and lack the view.",
                "de": "Die meisten Unternehmen haben die Daten, aber nicht den Überblick.",
            },
            f"{prefix}-problem-1": {"en": "Reports take days.", "de": "Berichte dauern Tage."},
            f"{prefix}-problem-2": {"en": "Figures disagree.", "de": "Zahlen widersprechen sich."},
            f"{prefix}-problem-3": {"en": "Nobody trusts the sheet.", "de": "Niemand traut der Tabelle."},
            f"{prefix}-benefits": {
                "en": "Reports in minutes instead of days.",
                "de": "Berichte in Minuten statt Tagen.",
            },
            f"{prefix}-stat": {"en": "up to 10x", "de": "bis zu 10x"},
            f"{prefix}-stat-label": {"en": "faster reports", "de": "schnellere Berichte"},
        },
    )


def add_project(root: Path) -> None:
    """Recipe 'A new project': an entry in projects.yaml, its texts, its images."""
    content = root / "content"
    slug = NEW_PROJECT_SLUG
    features = ["live-kpis", "alerts", "exports", "roles", "mobile", "sources"]
    entry = [
        "",
        f"  - id: {NEW_PROJECT_ID}",
        f"    slug: {slug}",
        "    de_slug: daten-dashboard-handel",
        "    service: software-development",
        "    client: retail-group",
        "    year: 2025",
        "    images:",
        f"      - {{src: /projects/{slug}-1.webp, width: 1200, height: 750}}",
        "    features:",
        *[f"      - {{id: {feature}, icon: chart-line}}" for feature in features],
        "    technologies: [python, postgresql]",
        "",
    ]
    _append(content / "projects.yaml", "\n".join(entry))
    texts: dict[str, dict[str, str]] = {
        f"project-{slug}-title": {"en": "Retail Data Dashboard", "de": "Daten-Dashboard für den Handel"},
        f"project-{slug}-subtitle": {
            "en": "Every store on one screen",
            "de": "Jede Filiale auf einem Bildschirm",
        },
        f"project-{slug}-desc": {
            "en": "A dashboard that shows sales of forty stores as they happen.",
            "de": "Ein Dashboard, das die Umsätze von vierzig Filialen laufend zeigt.",
        },
        f"conclusion-{slug}": {
            "en": "The group now decides on today's figures.",
            "de": "Die Gruppe entscheidet jetzt mit den Zahlen von heute.",
        },
        "client-retail-group": {"en": "Retail group", "de": "Handelsgruppe"},
    }
    for feature in features:
        texts[f"feature-{slug}-{feature}"] = {"en": f"Feature {feature}", "de": f"Funktion {feature}"}
        texts[f"feature-{slug}-{feature}-desc"] = {"en": "What it does.", "de": "Was sie tut."}
    _texts(content, "projects.yaml", texts)
    # The image: real artwork or a screenshot of the stated size (here a copy of one).
    images = root / "assets" / "projects"
    (images / f"{slug}-1.webp").write_bytes((images / "business-formation-1.webp").read_bytes())


def add_post(root: Path) -> None:
    """Recipe 'A new blog post': one Markdown file per language, same id and date."""
    body = {
        "en": ("Where to start with data", "Start with the question, not the tool. " * 120),
        "de": ("Wo Sie mit Daten anfangen", "Beginnen Sie mit der Frage, nicht mit dem Werkzeug. " * 110),
    }
    for lang, (title, text) in body.items():
        path = root / "content" / "blog" / lang / f"{NEW_POST}.md"
        path.write_text(
            "\n".join(
                [
                    "---",
                    f"id: {NEW_POST}",
                    *(["slug: wo-sie-mit-daten-anfangen"] if lang == "de" else []),
                    f'title: "{title}"',
                    f'excerpt: "{title}: {EXCERPTS[lang]}"',
                    "author: Layla Haddad",
                    "date: 2024-05-02",
                    'image_alt: ""',
                    "---",
                    "",
                    text.strip(),
                    "",
                ]
            ),
            encoding="utf-8",
        )


EXCERPTS = {
    "en": "which question to ask first, which data you already have, and what to build next.",
    "de": "welche Frage zuerst kommt, welche Daten Sie schon haben und was Sie als Nächstes bauen.",
}

# Recipe 'A new page', step 1: the page module (docs/developers.md shows the same code).
PAGE_MODULE = '''"""Careers (/careers): open positions."""

from __future__ import annotations

from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.blocks import page_hero


def careers_page(lang: str) -> Page:
    """The careers page in `lang`."""
    title = t(lang, "page-careers-title")
    hero = page_hero(t(lang, "careers-eyebrow"), title, t(lang, "careers-subtitle"))
    return Page(content=hero, title=title, description=t(lang, "page-careers-description"))
'''


def add_page(root: Path) -> None:
    """Recipe 'A new page': module, route, texts (page, search, sharing), sharing images."""
    (root / "agency_site" / "pages" / f"{NEW_PAGE}.py").write_text(PAGE_MODULE, encoding="utf-8")
    routes = root / "agency_site" / "routes.py"
    source = routes.read_text(encoding="utf-8")
    source = source.replace(
        "from agency_site.pages.about import about_page\n",
        "from agency_site.pages.about import about_page\nfrom agency_site.pages.careers import careers_page\n",
    )
    anchor = '        Route("/about", about_page, "about"),\n'
    source = source.replace(anchor, anchor + '        Route("/careers", careers_page, "careers"),\n')
    anchor = '    "privacy",\n'
    source = source.replace(anchor, anchor + '    "careers",\n')
    routes.write_text(source, encoding="utf-8")
    slugs = root / "content" / "slugs.yaml"
    anchor = "  datenschutz: datenschutz\n"
    source = slugs.read_text(encoding="utf-8")
    slugs.write_text(source.replace(anchor, anchor + "  careers: karriere\n"), encoding="utf-8")
    for lang, texts in {
        "en": {
            "page-careers-title": "Careers",
            "page-careers-description": "Open positions at our agency in Dubai: engineers, designers and AI specialists.",
            "careers-eyebrow": "Join us",
            "careers-subtitle": "Build AI and software with a small, senior team.",
            "seo-og-careers": "Build AI products with us",
        },
        "de": {
            "page-careers-title": "Karriere",
            "page-careers-description": "Offene Stellen in unserer Agentur in Dubai: Entwicklung, Design und KI.",
            "careers-eyebrow": "Arbeiten Sie mit uns",
            "careers-subtitle": "Bauen Sie KI und Software in einem kleinen, erfahrenen Team.",
            "seo-og-careers": "Bauen Sie KI-Produkte mit uns",
        },
    }.items():
        lines = ["pages:"] + [f'  {key}: "{value}"' for key, value in texts.items()]
        (root / "content" / "i18n" / lang / f"{NEW_PAGE}.yaml").write_text(
            "\n".join(lines) + "\n", encoding="utf-8"
        )
    subprocess.run(
        [sys.executable, "scripts/og_artwork.py", NEW_PAGE], cwd=root, check=True, capture_output=True
    )


def built_pages(paths: list[str]) -> dict[str, dict[str, str]]:
    """Build the app as `reflex run` does (every route, both languages), then the compiled
    page of each path in each language, as the build writes it (JSX)."""
    from agency_site.agency_site import page_component  # builds every page, or raises
    from agency_site.constants import LANGUAGES
    from agency_site.routes import route_table

    routes = {route.path: route for route in route_table()}
    return {path: {lang: str(page_component(routes[path], lang)[0]) for lang in LANGUAGES} for path in paths}


if __name__ == "__main__":
    # `python -m tests.support.recipes /careers ...` in a project copy: the compiled pages as JSON.
    print(json.dumps(built_pages(sys.argv[1:])))
