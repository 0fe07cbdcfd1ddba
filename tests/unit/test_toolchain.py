"""The project's Node and bun for a plain `reflex run`, and what its reloader watches (the
dev server itself is started in tests/e2e/test_dev_loop.py)."""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path

from agency_site.server.origins import dev_origins
from agency_site.toolchain import TOOL_BIN_DIRS, _without_uv_hint, project_path, use_project_tools


def _tools(root: Path) -> list[str]:
    for folder in TOOL_BIN_DIRS:
        (root / folder).mkdir(parents=True)
    return [str(root / folder) for folder in TOOL_BIN_DIRS]


def test_the_projects_node_and_bun_come_first_once(tmp_path: Path) -> None:
    tools = _tools(tmp_path)
    path = project_path(os.pathsep.join(["/venv/bin", "/usr/bin"]), tmp_path)
    assert path.split(os.pathsep) == [*tools, "/venv/bin", "/usr/bin"]
    assert project_path(path, tmp_path) == path


def test_missing_tool_folders_are_not_added(tmp_path: Path) -> None:
    assert project_path("/usr/bin", tmp_path) == "/usr/bin"


def test_reflex_is_told_to_use_that_bun_and_not_to_ask_pypi(tmp_path: Path) -> None:
    environ = {"PATH": "/usr/bin"}
    use_project_tools(environ, tmp_path)
    assert environ["REFLEX_USE_SYSTEM_BUN"] == "1"
    assert environ["REFLEX_CHECK_LATEST_VERSION"] == "false"
    # A developer's own choice stays.
    environ = {"PATH": "/usr/bin", "REFLEX_CHECK_LATEST_VERSION": "true"}
    use_project_tools(environ, tmp_path)
    assert environ["REFLEX_CHECK_LATEST_VERSION"] == "true"


def test_the_uv_hint_after_reflexs_set_up_goes(caplog) -> None:
    logger = logging.getLogger("tests.toolchain")
    _without_uv_hint(logger)
    with caplog.at_level(logging.INFO, logger="tests.toolchain"):
        logger.info("Initialized agency_site. Run `uv run reflex run` to start the app.")
        logger.info(
            "Initialized agency_site. Install dependencies from `requirements.txt` with `uv pip install -r "
            "requirements.txt` (or your preferred installer) before running `uv run reflex run`."
        )
    assert [record.getMessage() for record in caplog.records] == ["Initialized agency_site."] * 2


def test_a_dev_page_on_any_port_may_open_the_websocket_a_production_one_only_its_own() -> None:
    assert dev_origins({"REFLEX_ENV_MODE": "dev", "REFLEX_FRONTEND_PORT": "3200"}) == (
        "http://localhost:3200",
        "http://127.0.0.1:3200",
    )
    assert dev_origins({}) == ("http://localhost:3000", "http://127.0.0.1:3000")
    assert dev_origins({"REFLEX_ENV_MODE": "prod", "REFLEX_FRONTEND_PORT": "3200"}) == ()


def test_the_dev_servers_reloader_watches_content_yaml(monkeypatch) -> None:
    from reflex.utils import exec as reflex_exec

    from agency_site.reflex_adapter import CONTENT_PATTERNS, reload_on_content_edits

    # As Reflex 0.10.1 ships it: YAML is ignored, so a content edit never reloaded.
    monkeypatch.setattr(reflex_exec, "HOTRELOAD_IGNORE_PATTERNS", (r"^.*\.txt$", *CONTENT_PATTERNS))
    assert reload_on_content_edits()
    ignored = reflex_exec.HOTRELOAD_IGNORE_PATTERNS

    def is_ignored(name: str) -> bool:
        return any(re.match(pattern, name) for pattern in ignored)

    assert not is_ignored("about.yaml") and is_ignored("notes.txt")
    # The dev backend migrates its SQLite database as it starts (and stores a contact
    # message): the journal beside it restarted the backend seconds after each start.
    assert is_ignored("agency_site.db-journal") and is_ignored("agency_site.db-wal")
    assert not is_ignored("about.py")
    # Idempotent: rxconfig.py is read more than once.
    assert reload_on_content_edits()
    assert reflex_exec.HOTRELOAD_IGNORE_PATTERNS == ignored
