"""The UI kit's shared pieces: what each renders, in each of its variants."""

from __future__ import annotations

import json

import reflex as rx

from agency_site.components.ui.closing_cta import closing_cta
from agency_site.components.ui.kit import button_link, plain_link
from agency_site.components.ui.schedule_call import schedule_call_link
from agency_site.content import get_content
from agency_site.i18n import t
from agency_site.pages.catalog.ui import page_intro


def _tree(component: rx.Component) -> dict:
    return component.render()


def _children(node: dict) -> list[dict]:
    """The element children, with fragments (which render nothing) left out."""
    found = []
    for child in node.get("children", []):
        if child.get("name") == "Fragment" or child.get("name") == "":
            found += _children(child)
        else:
            found.append(child)
    return found


def _name(node: dict) -> str:
    return node.get("name", "").strip('"')


def _props(node: dict) -> str:
    return " ".join(str(prop) for prop in node.get("props", []))


def test_plain_link_is_an_anchor_the_router_leaves_alone() -> None:
    link = _tree(plain_link("Contents", href="#section-1", class_name="toc"))
    assert _name(link) == "a"
    assert 'href:"#section-1"' in _props(link) and 'className:"toc"' in _props(link)
    # rx.el.a, by contrast, is React Router's link.
    assert _name(_tree(rx.el.a("Contents", href="#section-1"))) == "ReactRouterLink"


def test_closing_cta_violet_puts_a_single_action_beside_the_text() -> None:
    section = _tree(closing_cta("Title", "Text", button_link("Go", "/contact")))
    assert _name(section) == "section"
    box, action = _children(section)
    assert [_name(child) for child in _children(box)] == ["h2", "p"]
    assert _name(action) == "ReactRouterLink"


def test_closing_cta_violet_puts_two_actions_in_a_row() -> None:
    section = _tree(closing_cta("Title", "Text", button_link("A", "/a"), button_link("B", "/b")))
    _box, row = _children(section)
    assert _name(row) == "div" and len(_children(row)) == 2


def test_closing_cta_dark_centres_actions_and_note_under_the_text() -> None:
    section = _tree(
        closing_cta(
            "Title", "Text", button_link("A", "/a"), variant="dark", note="Note", testid="service-cta"
        )
    )
    assert '"data-testid":"service-cta"' in _props(section)
    (box,) = _children(section)
    assert [_name(child) for child in _children(box)] == ["h2", "p", "div", "p"]
    assert "slate-900" in _props(section)


def test_closing_cta_home_is_labelled_by_its_heading_and_reveals() -> None:
    section = _tree(
        closing_cta("Title", "Text", button_link("A", "/a"), variant="home", heading_id="cta-title")
    )
    assert '"aria-labelledby":"cta-title"' in _props(section)
    (box,) = _children(section)
    assert "data-reveal" in _props(box)
    heading = _children(box)[0]
    assert _name(heading) == "h2" and 'id:"cta-title"' in _props(heading)


def test_closing_cta_without_a_note_has_none() -> None:
    (box,) = _children(_tree(closing_cta("Title", "Text", button_link("A", "/a"), variant="dark")))
    assert [_name(child) for child in _children(box)] == ["h2", "p", "div"]


def test_schedule_call_link_opens_the_scheduling_page_in_a_new_tab() -> None:
    for lang in ("en", "de"):
        link = schedule_call_link(lang, class_name="button")
        rendered = str(link)
        assert str(get_content().site.links.scheduling_url) in rendered
        assert '"_blank"' in rendered and "noopener noreferrer" in rendered
        assert json.dumps(t(lang, "schedule-call")) in rendered
        assert json.dumps(t(lang, "opens-new-tab")) in rendered


def test_page_intro_has_the_pages_one_heading() -> None:
    intro = _tree(page_intro("Kicker", "Title", "Intro"))
    assert _name(intro) == "header"
    assert [_name(child) for child in _children(intro)] == ["p", "h1", "p"]
