"""Content loading: the real files validate; a broken file names the file and the field."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from agency_site.content import ContentError, load_content
from agency_site.content.loader import parse_yaml
from agency_site.settings import PROJECT_ROOT
from tests.e2e.support.expected import PURCHASABLE_SERVICE_IDS

CONTENT = PROJECT_ROOT / "content"


def _edit_site(content_dir: Path, edit) -> None:
    path = content_dir / "site.yaml"
    data = parse_yaml(path.read_text())
    edit(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True))


def _content_error(content_dir: Path) -> ContentError:
    with pytest.raises(ContentError) as error:
        load_content(content_dir)
    return error.value


def _edit_strings(content_dir: Path, lang: str, edit) -> None:
    path = content_dir / "i18n" / lang / "site.yaml"
    path.write_text(edit(path.read_text()))


def test_real_content_loads() -> None:
    content = load_content(CONTENT)
    assert set(content.strings) == {"en", "de"}
    assert content.site.office.city == "Dubai"
    assert len(content.site.contact.phones) == 3
    assert set(content.site.checkout_links) == set(PURCHASABLE_SERVICE_IDS)  # docs/product.md §7
    assert [lang.id for lang in content.site.videos.home_languages] == [
        "english",
        "german",
        "french",
        "arabic",
        "russian",
    ]
    assert [lang.id for lang in content.site.videos.avatar_project_languages][-1] == "polish"


def test_phone_links_are_dialable() -> None:
    phone = load_content(CONTENT).site.contact.phones[0]
    assert phone.tel_href.startswith("tel:+") and " " not in phone.tel_href


def test_bad_yaml_names_file_and_line(content_copy: Path) -> None:
    (content_copy / "site.yaml").write_text("brand:\n  name: [unclosed\n")
    error = _content_error(content_copy)
    message = str(error)
    assert "site.yaml" in message and "line" in message and "\n" not in message


def test_missing_field_is_named(content_copy: Path) -> None:
    _edit_site(content_copy, lambda data: data["contact"]["phones"][1].pop("number"))
    error = _content_error(content_copy)
    assert error.path.name == "site.yaml"
    assert error.field == "contact.phones.1.number"


def test_unknown_field_is_rejected(content_copy: Path) -> None:
    _edit_site(content_copy, lambda data: data["office"].update({"citty": "Dubai"}))
    error = _content_error(content_copy)
    assert error.field == "office.citty"


def test_missing_language_folder_is_named(content_copy: Path) -> None:
    for path in (content_copy / "i18n" / "de").glob("*.yaml"):
        path.unlink()
    error = _content_error(content_copy)
    assert "i18n/de" in str(error)


def test_key_defined_in_two_files_is_rejected(content_copy: Path) -> None:
    (content_copy / "i18n" / "en" / "zz-extra.yaml").write_text("pages:\n  nav-home: Home again\n")
    error = _content_error(content_copy)
    assert error.path.name == "zz-extra.yaml"
    assert error.field == "nav-home"
    assert "site.yaml" in error.problem


def test_translation_in_unknown_group_is_rejected(content_copy: Path) -> None:
    _edit_strings(content_copy, "en", lambda text: text + "\nmisc:\n  hello: Hello\n")
    error = _content_error(content_copy)
    assert error.field == "misc"


def test_key_defined_in_two_groups_is_rejected(content_copy: Path) -> None:
    _edit_strings(content_copy, "de", lambda text: text + "\nfaq:\n  nav-home: Start\n")
    error = _content_error(content_copy)
    assert error.field == "faq.nav-home"


def test_empty_text_is_rejected(content_copy: Path) -> None:
    _edit_strings(content_copy, "en", lambda text: text.replace("nav-blog: Blog", 'nav-blog: ""'))
    error = _content_error(content_copy)
    assert error.field == "common.nav-blog"


def test_renamed_placeholder_is_rejected(content_copy: Path) -> None:
    path = content_copy / "i18n" / "de" / "services.yaml"
    data = parse_yaml(path.read_text())
    group = next(entries for entries in data.values() if "purchase-title" in entries)
    group["purchase-title"] = group["purchase-title"].replace("{service}", "{dienst}")
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    error = _content_error(content_copy)
    assert error.path.parent.name == "de"
    assert error.field == "purchase-title"
    assert "service" in error.problem


def test_stray_brace_is_rejected(content_copy: Path) -> None:
    _edit_strings(content_copy, "en", lambda text: text.replace("nav-blog: Blog", "nav-blog: Blog {"))
    error = _content_error(content_copy)
    assert error.field == "nav-blog"


def _line_of(path: Path, start: str) -> int:
    """The 1-based number of the first line of `path` that starts with `start`."""
    return next(
        number for number, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(start)
    )


def _python(*args: str, content_dir: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "CONTENT_DIR": str(content_dir)} if content_dir else None
    return subprocess.run(
        [sys.executable, *args], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, check=False
    )


def test_check_command_prints_one_line_and_fails(content_copy: Path) -> None:
    _edit_site(content_copy, lambda data: data["links"].pop("scheduling_url"))
    result = _python("-m", "agency_site.site_check", content_dir=content_copy)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert lines == [
        f"content error: {content_copy / 'site.yaml'}:{_line_of(content_copy / 'site.yaml', 'links:')}: "
        "links, scheduling_url: Field required; fix: add `scheduling_url:`",
        "1 content error: the site is not built until it is fixed",
    ]


def test_check_command_passes_on_real_content() -> None:
    result = _python("-m", "agency_site.site_check")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("content ok")


def test_building_the_app_with_broken_content_stops_with_one_line(content_copy: Path) -> None:
    """`reflex export` and `reflex run` import the app; a broken file must stop them."""
    _edit_site(content_copy, lambda data: data["office"].pop("city"))
    result = _python("-c", "import agency_site.agency_site", content_dir=content_copy)
    assert result.returncode == 1
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    line = _line_of(content_copy / "site.yaml", "office:")
    assert lines == [
        f"content error: {content_copy / 'site.yaml'}:{line}: office, city: Field required; fix: add `city:`"
    ]


def test_building_the_app_with_a_text_missing_everywhere_names_key_and_pages(content_copy: Path) -> None:
    for lang in ("en", "de"):
        path = content_copy / "i18n" / lang / "about.yaml"
        path.write_text(path.read_text().replace("  about-mission-title:", "  about-mission-heading:"))
    result = _python("-c", "import agency_site.agency_site", content_dir=content_copy)
    assert result.returncode == 1
    lines = [line for line in result.stderr.splitlines() if line.startswith("missing text:")]
    assert lines == [
        "missing text: 'about-mission-title' has no text in any language; used on /about, /de/ueber-uns"
    ]
