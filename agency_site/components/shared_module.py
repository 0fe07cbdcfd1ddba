"""What every page of a language shows alike (its footer, the company's JSON-LD node),
compiled once into a frontend module of its own that every page imports, not into each
of the 85 page modules.

An edit of what it shows (the office, the footer's phone or services) then compiles that
module and the few pages that show the fact elsewhere, live in the dev server
(agency_site/dev/live_content.py), where compiling the 85 pages took longer than a
restart. The prerendered HTML of every page still holds it: React renders the imported
component (or text) as it renders the page's own.

Reflex's way is `rx.memo` with no props: Reflex compiles the memos of one Python module
into .web/app_components/<module path>.jsx, so each shared piece names a module of its
own (one per language: an English page downloads no German footer). A memo's body is
built once, for the first page, and kept; `remember_shared` notes what it read apart from
that page, so the dev server compiles the module, not every page, when it changes.

What differs per page (the header's current link, its language links) is a memo's props
(`shared_component_with_props`): text Vars the body places, their values given by each
page, so the prerendered HTML of each page still shows its own.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

import reflex as rx

from agency_site.content.blog import recording_posts
from agency_site.content.models import Fact, recording_facts
from agency_site.i18n import recording_keys
from agency_site.images.shown import recording_images
from agency_site.reflex_adapter import evaluate_memo

T = TypeVar("T")


class Reads(NamedTuple):
    """What a build read: the texts it asked for, the blog posts (language, id) and the
    facts of the catalog and company files it read, the images of assets/ it showed."""

    keys: frozenset[str]
    posts: frozenset[tuple[str, str]]
    images: frozenset[str]
    facts: frozenset[Fact]


def reading(build: Callable[[], T]) -> tuple[T, Reads]:
    """What `build` returns, and what it read (a shared piece here, a page in
    agency_site/dev/live_content.py: the dev server compiles what read a changed one)."""
    with (
        recording_keys() as keys,
        recording_posts() as posts,
        recording_images() as images,
        recording_facts() as facts,
    ):
        built = build()
    return built, Reads(frozenset(keys), frozenset(posts), frozenset(images), frozenset(facts))


@dataclass(frozen=True)
class SharedBuild:
    """What a piece of a shared module (the footer of a language, the header's bar) read
    when it was built: the dev server compiles the module again when one of these changes
    (agency_site/dev/live_content.py)."""

    module: str
    keys: frozenset[str]
    posts: frozenset[tuple[str, str]]
    images: frozenset[str]
    facts: frozenset[Fact]


# By module and name (a module may hold more than one memo).
_shared: dict[tuple[str, str], SharedBuild] = {}


def remember_shared(module: str, name: str, build: Callable[[], T]) -> T:
    """What `build` returns, for `name` of the shared `module`; what it read is kept for the
    module, not for the page being built when it runs (its recordings stand in for the page's)."""
    built, reads = reading(build)
    _shared[module, name] = SharedBuild(module, *reads)
    return built


def shared_builds() -> list[SharedBuild]:
    """What each shared piece built so far read."""
    return list(_shared.values())


# The memos of the shared modules, by module and name, each made when a page first shows
# it (not at import: a memo registered then is compiled by every app of the process, the
# content-error page's too, whose content may not build).
_memos: dict[tuple[str, str], Any] = {}


def _memo(
    module: str, name: str, returns: object, build: Callable[..., Any], props: tuple[str, ...] = ()
) -> Any:
    if (memo := _memos.get((module, name))) is None:

        def body(**values: Any) -> Any:
            return remember_shared(module, name, lambda: build(**values))

        # Reflex names the memo's file after the function's module, its export after its name,
        # and reads its props from the signature: keyword-only text Vars.
        body.__module__, body.__name__, body.__qualname__ = module, name, name
        body.__annotations__ = {"return": returns, **dict.fromkeys(props, rx.Var[str])}
        body.__signature__ = inspect.Signature(  # pyright: ignore[reportFunctionMemberAccess]
            [
                inspect.Parameter(prop, inspect.Parameter.KEYWORD_ONLY, annotation=rx.Var[str])
                for prop in props
            ],
            return_annotation=returns,
        )
        memo = _memos[module, name] = rx.memo(body)
    return memo


def shared_component(module: str, name: str, build: Callable[[], rx.Component]) -> rx.Component:
    """`build()`'s component, compiled once into `module`'s file (a module name of its own,
    which need not exist; `name` tells the module's memos apart) and shown by every page
    that asks for it; `build` runs once."""
    return _memo(module, name, rx.Component, build)()


def shared_component_with_props(
    module: str, name: str, build: Callable[..., rx.Component], **props: str
) -> rx.Component:
    """`build(**vars)`'s component, compiled once into `module`'s file as a memo taking
    the text props `props` names: `build` gets each as a Var (the memo's prop) and runs
    once; the page passes its own values, which React renders into the prerendered HTML
    as it renders the page's own. Every page of a module passes the same prop names."""
    return _memo(module, name, rx.Component, build, tuple(props))(**props)


def shared_text(module: str, name: str, build: Callable[[], str]) -> rx.Var[str]:
    """`build()`'s text, compiled once into `module`'s file, as a Var a page can use."""
    memo = _memo(module, name, rx.Var[str], lambda: rx.Var.create(build()))
    # Built now, inside the page's build (as a component memo is): a missing text is
    # named with the page, and the dev server knows what it read before any edit.
    evaluate_memo(memo)
    return memo()


def shared_bodies() -> dict[tuple[str, str], Any]:
    """Every shared piece made so far, by module and name: its body, the component (or
    Var) its module's file renders, built as for the pages (for checks of what the pages
    show: tests/unit/test_copy_facts.py)."""
    return {key: evaluate_memo(memo) for key, memo in _memos.items()}
