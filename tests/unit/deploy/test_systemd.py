"""The systemd units of deploy/ are hardened. No systemd here to run
`systemd-analyze security`: the unit files are parsed and every service is checked."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
UNITS = sorted((ROOT / "deploy" / "systemd").glob("*.service"))
CODE = "/srv/agency/current"
DATA = "/var/lib/agency"
REPORT = "/var/lib/agency-report"

# Directive -> the value every service must have.
REQUIRED = {
    "UMask": "0077",
    "ProtectSystem": "strict",
    "ProtectHome": "true",
    "PrivateTmp": "true",
    "PrivateDevices": "true",
    "ProtectKernelTunables": "true",
    "ProtectKernelModules": "true",
    "ProtectKernelLogs": "true",
    "ProtectControlGroups": "true",
    "NoNewPrivileges": "true",
    "CapabilityBoundingSet": "",
    "RestrictAddressFamilies": "AF_UNIX AF_INET AF_INET6",
    "RestrictNamespaces": "true",
    "RestrictSUIDSGID": "true",
    "LockPersonality": "true",
    "MemoryDenyWriteExecute": "true",
    "SystemCallArchitectures": "native",
    "SystemCallFilter": "@system-service",
    "StateDirectory": "agency",
}


def parse_unit(text: str) -> dict[str, list[tuple[str, str]]]:
    """Sections of a unit file, each a list of (key, value) in order: systemd allows a
    key more than once (Environment=, SystemCallFilter=), which configparser does not."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
            continue
        assert current is not None, f"{line!r} before any section"
        assert "=" in line and not line.endswith("\\"), f"not key=value on one line: {line!r}"
        key, value = line.split("=", 1)
        current.append((key.strip(), value.strip()))
    return sections


def values(service: list[tuple[str, str]], key: str) -> list[str]:
    return [value for name, value in service if name == key]


def test_there_are_four_service_units():
    assert [unit.name for unit in UNITS] == [
        "agency-backend@.service",
        "agency-migrate.service",
        "agency-purge.service",
        "agency-report.service",
    ]


@pytest.mark.parametrize("unit", UNITS, ids=lambda unit: unit.name)
def test_every_service_is_hardened(unit: Path):
    service = parse_unit(unit.read_text())["Service"]
    wrong = {
        key: values(service, key) for key, expected in REQUIRED.items() if values(service, key) != [expected]
    }
    expected = {key: REQUIRED[key] for key in wrong}
    assert wrong == {}, f"{unit.name}: expected {expected}"
    assert values(service, "User") == ["agency"] and values(service, "Group") == ["agency"]


@pytest.mark.parametrize("unit", UNITS, ids=lambda unit: unit.name)
def test_only_the_data_directory_is_writable(unit: Path):
    """ProtectSystem=strict makes everything read-only; what is writable again is the state
    directory alone, never the code or its virtual environment."""
    service = parse_unit(unit.read_text())["Service"]
    writable = [path for line in values(service, "ReadWritePaths") for path in line.split()]
    # The report's page must be readable by nginx: its folder, outside the private data one.
    assert writable == [DATA, *([REPORT] if unit.name == "agency-report.service" else [])]
    # The program comes from the read-only code folder, and it runs there.
    assert all(line.startswith(f"{CODE}/.venv/bin/") for line in values(service, "ExecStart"))
    assert values(service, "WorkingDirectory") == [CODE]
    environment = dict(item.split("=", 1) for line in values(service, "Environment") for item in line.split())
    assert environment["HOME"] == DATA
    assert all(path.startswith(DATA) for name, path in environment.items() if name.endswith("WORKDIR"))


def test_the_production_page_reviews_every_hardening_directive():
    production = (ROOT / "docs" / "production.md").read_text()
    directives = {
        key
        for unit in UNITS
        for key, _ in parse_unit(unit.read_text())["Service"]
        if key
        not in {"Type", "User", "Group", "WorkingDirectory", "EnvironmentFile", "ExecStart", "ExecStartPre"}
        and key not in {"Restart", "RestartSec", "KillMode", "TimeoutStopSec", "RemainAfterExit"}
        and key != "Environment"
    }
    missing = sorted(key for key in directives if f"`{key}" not in production)
    assert missing == [], "docs/production.md does not review these directives"
