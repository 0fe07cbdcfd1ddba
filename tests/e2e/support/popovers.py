"""Helpers for the header's native popovers (the mobile menu, the language dropdown)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from .polling import wait_for


def expanded(page: Page, selector: str) -> bool | None:
    """The `expanded` state the browser gives the element at `selector` in its
    accessibility tree. A `popovertarget` button's state is native: no aria-expanded
    attribute in the DOM, so Playwright's own role matching does not see it."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        nodes = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})["nodes"]
    finally:
        cdp.detach()
    properties = {item["name"]: item["value"].get("value") for item in nodes[0].get("properties", [])}
    return properties.get("expanded")


def expect_expanded(page: Page, selector: str, value: bool) -> None:
    """Wait until the element at `selector` reports `expanded` = `value` (the tree is
    read outside the page, where Playwright's `expect` cannot wait)."""
    wait_for(lambda: expanded(page, selector) is value, what=f"{selector} expanded={value}")


def language_options(page: Page) -> Locator:
    """Open the visible language dropdown (opening the mobile menu first if the switcher
    is in it) and return its options."""
    if not page.get_by_test_id("language-switcher").filter(visible=True).count():
        page.get_by_test_id("menu-toggle").click()
    page.get_by_test_id("language-switcher").filter(visible=True).click()
    options = page.get_by_test_id("language-options").filter(visible=True)
    expect(options).to_be_visible()
    return options


def choose_language(page: Page, code: str) -> None:
    """Pick `code` ('en', 'de') in the visible language dropdown."""
    language_options(page).get_by_test_id(f"language-option-{code}").click()
