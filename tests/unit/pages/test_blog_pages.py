"""Blog page builders: the article fallback text and head texts, without a browser."""

from __future__ import annotations

import json

import pytest

from agency_site.content.blog import get_post
from agency_site.i18n import t
from agency_site.pages.blog import article
from agency_site.pages.blog.article import article_page


def _texts(node: object) -> list[str]:
    """Every literal text in a rendered component tree."""
    if isinstance(node, dict):
        found = []
        contents = node.get("contents")
        if isinstance(contents, str) and contents.startswith('"'):
            found.append(json.loads(contents))
        for child in node.get("children", []):
            found += _texts(child)
        return found
    return []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_empty_article_says_content_coming_soon(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    post = get_post(lang, "ethical-ai").model_copy(update={"html": ""})
    monkeypatch.setattr(article, "get_post", lambda _lang, _id: post)
    page = article_page("ethical-ai")(lang)
    assert t(lang, "blog-content-coming") in _texts(page.content.render())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_article_head_is_the_posts_own(lang: str) -> None:
    post = get_post(lang, "ai-automation")
    page = article_page("ai-automation")(lang)
    assert (page.title, page.description) == (post.title, post.excerpt)
    assert t(lang, "blog-content-coming") not in _texts(page.content.render())
