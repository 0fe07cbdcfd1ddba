"""The websocket stays on the page's port behind https on a non-standard port (backend_url.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import reflex_base

from agency_site.backend_url import OUR_LINE, STATE_JS, GeneratedFrontendChanged, patch_backend_port

TEMPLATE = Path(reflex_base.__file__).parent / ".templates" / "web" / STATE_JS


def test_reflex_state_js_still_clears_the_port_where_we_patch_it():
    """Fails when a Reflex upgrade changes getBackendURL: re-check agency_site/backend_url.py."""
    patched = patch_backend_port(TEMPLATE.read_text(encoding="utf-8"))
    assert patched.count(OUR_LINE) == 1
    assert 'endpoint.port = "";' not in patched
    assert patch_backend_port(patched) == patched


def test_a_changed_state_js_fails_naming_the_file():
    with pytest.raises(GeneratedFrontendChanged, match=r"\.web/utils/state\.js"):
        patch_backend_port("export const getBackendURL = (url) => new URL(url);")
