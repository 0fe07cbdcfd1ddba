"""The not-found page's server HTML gets its head (agency_site/seo/not_found_head.py)."""

from __future__ import annotations

from agency_site.seo.not_found_head import with_not_found_head

SHELL = '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="icon"/></head><body></body></html>'


def test_the_shell_gets_title_description_and_noindex_once() -> None:
    page = with_not_found_head(SHELL)
    head = page[: page.index("</head>")]
    assert "<title data-not-found-head>Page not found | Falconbyte</title>" in head
    assert '<meta name="description" content="The page you are looking for does not exist' in head
    assert '<meta name="robots" content="noindex" data-not-found-head/>' in head
    assert head.index("charSet") < head.index("<title")
    assert with_not_found_head(page) == page


def test_the_german_not_found_document_is_german_before_any_script() -> None:
    page = with_not_found_head(SHELL, "de")
    assert page.startswith('<!DOCTYPE html><html lang="de">')
    assert "<title data-not-found-head>Seite nicht gefunden | Falconbyte</title>" in page
    assert '<meta name="robots" content="noindex" data-not-found-head/>' in page
    assert with_not_found_head(SHELL).startswith('<!DOCTYPE html><html lang="en">')
