"""The harness itself: no request from the browser leaves the machine (docs/architecture.md §6)."""

from __future__ import annotations

from .conftest import SharedPages


def test_a_request_to_another_host_is_stopped_by_the_harness_and_recorded(shared_pages: SharedPages) -> None:
    # Without the proxy in CHROMIUM_ARGS the request would be sent (and on a machine with
    # no internet fail differently, at the name lookup).
    # From a blank page: the site's Content-Security-Policy would stop the fetch before it
    # became a request.
    tab = shared_pages.tab("desktop")
    with tab.page.expect_event("requestfailed") as failed:
        tab.page.evaluate("() => fetch('https://example.com/tracker').catch(() => 'refused')")
    assert failed.value.url == "https://example.com/tracker"
    assert failed.value.failure == "net::ERR_PROXY_CONNECTION_FAILED"
    assert tab.foreign_requests == ["https://example.com/tracker"]
