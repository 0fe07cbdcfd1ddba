"""The go-live check: every value the operator must supply is a `!placeholder`, listed with
file, line and what to put there, and a production start refuses while any stands."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from agency_site import go_live
from agency_site.content.loader import PLACEHOLDER_TAG, ContentError, parse_yaml, placeholder_parts, read_yaml
from agency_site.settings import PROJECT_ROOT

CONTENT = PROJECT_ROOT / "content"


def _check(content_dir: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key != go_live.ALLOW_VARIABLE}
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=PROJECT_ROOT,
        env={**environment, "CONTENT_DIR": str(content_dir), **env},
        capture_output=True,
        text=True,
        check=False,
    )


def _supplied(text: str) -> str:
    """The YAML text with every placeholder replaced by its example, as an operator replaces
    it by the real value."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    spans: list[tuple[int, int, str]] = []

    def walk(node: yaml.Node | None) -> None:
        if node is None:
            return
        if node.tag == PLACEHOLDER_TAG:
            example = (placeholder_parts(node) or {})["example"]
            value = text[example.start_mark.index : example.end_mark.index]
            block = isinstance(example, yaml.CollectionNode) and not example.flow_style
            # A block mapping or list starts on its own line, at its own indentation.
            spans.append(
                (
                    node.start_mark.index,
                    node.end_mark.index,
                    f"\n{' ' * example.start_mark.column}{value}" if block else value,
                )
            )
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(key)
                walk(value)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                walk(item)

    walk(root)
    for start, end, value in sorted(spans, reverse=True):
        text = text[:start].rstrip(" ") + (" " if not value.startswith("\n") else "") + value + text[end:]
    return text


def _supply_everything(content_dir: Path) -> None:
    for path in content_dir.rglob("*.yaml"):
        path.write_text(_supplied(path.read_text(encoding="utf-8")), encoding="utf-8")
    for path in content_dir.rglob("*.md"):
        source = path.read_text(encoding="utf-8")
        if source.startswith("---\n"):
            _, front, body = source.split("---\n", 2)
            path.write_text(f"---\n{_supplied(front)}---\n{body}", encoding="utf-8")


def test_todays_content_lists_each_placeholder_with_file_line_and_what_to_supply() -> None:
    found = {
        (placeholder.path.relative_to(CONTENT).as_posix(), placeholder.field): placeholder
        for placeholder in go_live.find_placeholders(CONTENT)
    }
    brand = found["site.yaml", "brand.name"]
    assert (
        (CONTENT / "site.yaml")
        .read_text(encoding="utf-8")
        .splitlines()[brand.line - 1]
        .strip()
        .startswith("name: !placeholder")
    )
    assert brand.example == "Falconbyte" and "brand" in brand.supply
    # The invented facts a visitor would take for real ones: company, address, registers,
    # phones, hosts, the figures' bases, the clients' sites, the clips, the authors.
    for expected in (
        ("site.yaml", "legal.vat_id"),
        ("site.yaml", "legal.content_responsible"),
        ("site.yaml", "contact.phones.contact-phone-mobile.number"),
        ("site.yaml", "links.voice_agent_script_url"),
        ("site.yaml", "links.scheduling_url"),
        ("site.yaml", "videos"),
        ("site.yaml", "figures.92"),
        ("site.yaml", "providers.hosting"),
        ("projects.yaml", "projects.business-formation.url"),
        ("projects.yaml", "projects.ai-avatar.video_testimonials"),
        ("blog/de/ai-automation.md", "author"),
    ):
        assert expected in found, expected
    assert found["blog/de/ai-automation.md", "author"].line == 6


def test_a_production_start_refuses_while_any_stands_unless_told_explicitly() -> None:
    refused = _check(CONTENT, "agency_site.go_live")
    assert refused.returncode == 1
    assert "placeholder: content/site.yaml:" in refused.stderr and "not going live" in refused.stderr
    assert "brand.name: the brand's name" in refused.stderr
    # Anything but the one explicit value still refuses.
    assert _check(CONTENT, "agency_site.go_live", ALLOW_PLACEHOLDERS="1").returncode == 1
    allowed = _check(CONTENT, "agency_site.go_live", ALLOW_PLACEHOLDERS="yes")
    assert allowed.returncode == 0 and "going on because ALLOW_PLACEHOLDERS=yes" in allowed.stderr
    rehearsal = _check(CONTENT, "agency_site.go_live", "--warn")
    assert rehearsal.returncode == 0 and "brand.name" in rehearsal.stderr


def test_with_every_placeholder_supplied_the_check_passes_and_the_content_is_valid(
    content_copy: Path,
) -> None:
    _supply_everything(content_copy)
    assert go_live.find_placeholders(content_copy) == []
    passed = _check(content_copy, "agency_site.go_live")
    assert passed.returncode == 0, passed.stderr
    assert "every operator value is supplied" in passed.stdout
    checked = _check(content_copy, "agency_site.site_check")
    assert checked.returncode == 0, checked.stderr
    # The site shows the same values as with the placeholders.
    assert read_yaml(content_copy / "site.yaml") == read_yaml(CONTENT / "site.yaml")
    assert read_yaml(content_copy / "projects.yaml") == read_yaml(CONTENT / "projects.yaml")


def test_a_placeholder_without_what_to_supply_fails_the_content_check_at_its_line(tmp_path: Path) -> None:
    assert parse_yaml("name: !placeholder {example: Falconbyte, supply: the brand's name}") == {
        "name": "Falconbyte"
    }
    path = tmp_path / "site.yaml"
    path.write_text("brand:\n  name: !placeholder {example: Falconbyte}\n", encoding="utf-8")
    with pytest.raises(ContentError) as error:
        read_yaml(path)
    assert error.value.line == 2 and "supply" in error.value.problem


def test_the_deployment_build_and_the_backend_unit_run_the_check_first() -> None:
    backend = (PROJECT_ROOT / "deploy" / "systemd" / "agency-backend@.service").read_text(encoding="utf-8")
    assert "ExecStartPre=/srv/agency/current/.venv/bin/python -m agency_site.go_live\n" in backend
    dry_run = subprocess.run(
        ["make", "-n", "export"], cwd=PROJECT_ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "-m agency_site.go_live" in dry_run
    assert dry_run.index("-m agency_site.go_live") < dry_run.index("reflex export")
