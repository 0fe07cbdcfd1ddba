"""Content errors say what to do: every problem at once, each with its
file, line (1-based), the entry's id and the fix; a key missing in one language fails;
a kind of page without its sharing texts or images fails."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agency_site.content import ContentError, load_content
from agency_site.seo.sharing_check import route_kinds, sharing_errors
from agency_site.settings import PROJECT_ROOT


def _line_of(path: Path, start: str) -> int:
    return next(
        number for number, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(start)
    )


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1))


def _check(content_dir: Path) -> subprocess.CompletedProcess:
    """`make check-content` on `content_dir`."""
    env = {**os.environ, "CONTENT_DIR": str(content_dir)}
    return subprocess.run(
        [sys.executable, "-m", "agency_site.site_check"],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
    )


def test_every_error_at_once_with_file_line_id_and_fix(content_copy: Path) -> None:
    services = content_copy / "services.yaml"
    _replace(services, "colour: blue, icon: phone-call", "colour: teal, icon: phone-call")
    _replace(services, "colour: red, icon: globe", "color: red, icon: globe")
    post = content_copy / "blog" / "de" / "ethical-ai.md"
    _replace(post, "id: ethical-ai", "id: ethics")
    result = _check(content_copy)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    callers = _line_of(services, "  - {id: ai-callers")
    web = _line_of(services, "  - {id: web-development")
    assert lines == [
        f"content error: {services}:{callers}: services #2 (id ai-callers), colour: Input should be 'purple', "
        "'blue', 'orange', 'pink', 'green', 'red', 'yellow' or 'indigo'; fix: use one of the values named",
        f"content error: {services}:{web}: services #6 (id web-development), colour: Field required; "
        "fix: add `colour:`",
        f"content error: {services}:{web}: services #6 (id web-development), color: Extra inputs are not "
        "permitted; fix: remove `color` or correct its spelling",
        f"content error: {post}:2: id: must match the file name ('ethical-ai'); "
        "fix: write `id: ethical-ai` or rename the file to ethics.md",
        "4 content errors: the site is not built until it is fixed",
    ]


def test_a_key_missing_in_german_names_the_key_and_the_file(content_copy: Path) -> None:
    german = content_copy / "i18n" / "de" / "about.yaml"
    _replace(german, "  about-mission-title:", "  # about-mission-title:")
    with pytest.raises(ContentError) as raised:
        load_content(content_copy)
    english = content_copy / "i18n" / "en" / "about.yaml"
    assert [error.describe() for error in raised.value.errors] == [
        f"{german}: about-mission-title: no de text (en has it in {english}:"
        f"{_line_of(english, '  about-mission-title:')}); fix: add `about-mission-title: ...` in de to {german}"
    ]


def test_a_key_missing_in_german_is_named_beside_a_file_that_does_not_parse(content_copy: Path) -> None:
    """A text file that does not parse hides its own keys, not the other files': the key
    missing in German is named with the YAML error, not only after its fix."""
    german = content_copy / "i18n" / "de" / "about.yaml"
    _replace(german, "  about-mission-title:", "  # about-mission-title:")
    broken = content_copy / "i18n" / "en" / "contact.yaml"
    _replace(broken, "\n  contact-", "\n  contact- : broken: yes\n  contact-")
    with pytest.raises(ContentError) as raised:
        load_content(content_copy)
    described = [error.describe() for error in raised.value.errors]
    assert [text for text in described if text.startswith(f"{broken}:") and "invalid YAML" in text]
    assert [text for text in described if text.startswith(f"{german}: about-mission-title: no de text")]
    # The broken file's keys are not called missing in German.
    assert not [text for text in described if "contact.yaml" in text and "no " in text]


def test_a_kind_of_page_without_sharing_texts_or_images_is_named(content_copy: Path, tmp_path: Path) -> None:
    content = load_content(content_copy)
    assets = tmp_path / "assets"
    (assets / "og").mkdir(parents=True)
    (assets / "og" / "careers-en.jpg").write_bytes(b"")
    errors = [error.describe() for error in sharing_errors(content, content_copy, ["careers"], assets)]
    assert errors == [
        f"{content_copy / 'i18n' / 'en' / 'seo.yaml'}: seo-og-careers: pages of kind 'careers' "
        "(agency_site/routes.py) have no en sharing text; fix: add `seo-og-careers: <the line on its sharing "
        "image>` to content/i18n/en/seo.yaml",
        f"{content_copy / 'i18n' / 'de' / 'seo.yaml'}: seo-og-careers: pages of kind 'careers' "
        "(agency_site/routes.py) have no de sharing text; fix: add `seo-og-careers: <the line on its sharing "
        "image>` to content/i18n/de/seo.yaml",
        f"{assets / 'og' / 'careers-de.jpg'}: (file): pages of kind 'careers' (agency_site/routes.py) have no de "
        "sharing image; fix: run `.venv/bin/python scripts/og_artwork.py careers` (after adding seo-og-careers)",
    ]


def test_every_kind_of_page_served_today_has_its_sharing_texts_and_images() -> None:
    from agency_site.content import get_content

    assert sharing_errors(get_content(), PROJECT_ROOT / "content", route_kinds()) == []


# What the dev server's app holds after the build: its routes, and the error page's lines.
_BUILD = """
from agency_site import agency_site as built
print(sorted(built.app._unevaluated_pages))
for page in built.app._unevaluated_pages.values():
    if page.route == "about":
        print(str(page.component))
"""


def _build(content_dir: Path, context: str, web: Path) -> subprocess.CompletedProcess:
    """The app built as `reflex run` in dev mode builds it (`context` "run") or as an export."""
    env = {
        **os.environ,
        "CONTENT_DIR": str(content_dir),
        "REFLEX_WEB_WORKDIR": str(web),
        "REFLEX_ENV_MODE": "dev",
        "__REFLEX_COMPILE_CONTEXT": context,
    }
    return subprocess.run(
        [sys.executable, "-c", _BUILD], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True
    )


def _dev_web(tmp_path: Path, routes: list[str]) -> Path:
    """A web folder as the dev server leaves it: the routes of its last compile (its pages
    before the content broke)."""
    web = tmp_path / ".web"
    web.mkdir()
    (web / "routes.json").write_text(json.dumps(routes))
    return web


def test_under_the_dev_server_a_content_error_becomes_the_page_of_every_address(
    content_copy: Path, tmp_path: Path
) -> None:
    web = _dev_web(tmp_path, ["index", "about", "de/ueber-uns", "services/ai-callers", "404"])
    about = content_copy / "i18n" / "en" / "about.yaml"
    _replace(about, "about-subtitle: We are", 'about-subtitle: ""  # We are')
    line = _line_of(about, "  about-subtitle:")
    where = f"{about}:{line}"
    served = _build(content_copy, "run", web)
    assert served.returncode == 0, served.stderr
    routes, component = served.stdout.split("\n", 1)
    # Every page of the site (both languages) and any other address show the error.
    assert eval(routes) == ["404", "about", "de/ueber-uns", "index", "services/ai-callers"]  # noqa: S307
    assert where in component
    assert "pages, about-subtitle: text must be a non-empty string" in component
    assert "write the text, in quotes if it has" in component
    assert f"content error: {where}: pages, about-subtitle" in served.stderr
    # A production build (export, --env prod, the tests' builds) still stops on it.
    exported = _build(content_copy, "export", web)
    assert exported.returncode == 1
    assert f"content error: {where}: pages, about-subtitle" in exported.stderr


def test_under_the_dev_server_a_text_no_language_has_becomes_the_error_page(
    content_copy: Path, tmp_path: Path
) -> None:
    # A page module asks for a key neither language has (a typo in Python): found while the
    # site's App builds its pages, so the error page's App is the second App of the process.
    web = _dev_web(tmp_path, ["index", "about", "de/ueber-uns", "404"])
    for lang in ("en", "de"):
        about = content_copy / "i18n" / lang / "about.yaml"
        about.write_text(
            "".join(
                line
                for line in about.read_text().splitlines(keepends=True)
                if not line.startswith("  about-mission-eyebrow:")
            )
        )
    served = _build(content_copy, "run", web)
    assert served.returncode == 0, served.stderr
    routes, component = served.stdout.split("\n", 1)
    assert "about" in eval(routes)  # noqa: S307
    assert "'about-mission-eyebrow' has no text in any language; used on /about, /de/ueber-uns" in component
