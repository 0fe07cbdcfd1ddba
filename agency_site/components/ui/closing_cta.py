"""The call to action that closes a page: a heading, a line of text and its actions on a
coloured panel, in one of three looks.

    closing_cta(title, text, button_link(...), variant="violet")

- "violet": the text pages (about, contact, blog article); the actions stand beside the
  text on wide screens.
- "dark": the catalog pages (services, a service, a project); centred, with an optional
  `note` under the actions.
- "home": the home page's last section; larger, centred, and fading in as it is scrolled to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import reflex as rx

from agency_site.components.ui.heading import heading
from agency_site.components.ui.reveal import reveal_attrs

Variant = Literal["violet", "dark", "home"]


@dataclass(frozen=True)
class _Look:
    section: str  # the <section>
    box: str  # the box holding heading and text (and the actions, unless beside it)
    heading: str
    text: str
    actions: str  # the row of actions
    actions_beside: bool = False  # beside the box, not in it
    box_reveals: bool = False


_HEADING = "text-2xl font-bold tracking-tight text-white sm:text-3xl"
_LOOKS: dict[str, _Look] = {
    "violet": _Look(
        section=(
            "mt-16 flex flex-col items-start gap-6 rounded-3xl bg-gradient-to-br from-violet-700 "
            "via-violet-600 to-indigo-600 p-8 shadow-lg sm:p-12 lg:flex-row lg:items-center lg:justify-between"
        ),
        box="max-w-2xl",
        heading=_HEADING,
        text="mt-3 max-w-2xl text-base leading-relaxed text-violet-100",
        actions="flex flex-col gap-3 sm:flex-row lg:shrink-0",
        actions_beside=True,
    ),
    "dark": _Look(
        section=(
            "mt-20 overflow-hidden rounded-3xl bg-gradient-to-br from-slate-900 via-slate-900 to-violet-900 "
            "px-6 py-14 sm:px-12 sm:py-16"
        ),
        box="mx-auto max-w-2xl text-center",
        heading=_HEADING,
        text="mt-4 text-lg text-slate-300",
        actions="mt-8 flex flex-wrap justify-center gap-3",
    ),
    "home": _Look(
        # The home page's sections share this rhythm (components/ui/section.py).
        section="scroll-mt-24 py-12 sm:py-20 lg:py-24",
        box=(
            "rounded-[2rem] bg-gradient-to-br from-violet-700 via-violet-600 to-indigo-700 px-6 py-14 text-center "
            "shadow-2xl shadow-violet-900/20 sm:px-12 sm:py-20"
        ),
        heading="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl",
        text="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-violet-100",
        actions="mt-9 flex flex-col justify-center gap-3 sm:flex-row",
        box_reveals=True,
    ),
}


def closing_cta(
    title: str,
    text: str,
    *actions: rx.Component,
    variant: Variant = "violet",
    note: str = "",
    heading_id: str = "",
    testid: str = "",
) -> rx.Component:
    """The closing call to action in the look `variant` (see the module docstring).

    `note` is a small line under the actions; `heading_id` gives the <h2> an id that
    labels the section; `testid` marks the section for the tests.
    """
    look = _LOOKS[variant]
    title_element = heading(2, title, id=heading_id or None, class_name=look.heading)
    paragraph = rx.el.p(text, class_name=look.text)
    # A single action beside the text needs no row of its own.
    row = (
        actions[0]
        if look.actions_beside and len(actions) == 1
        else rx.el.div(*actions, class_name=look.actions)
    )
    attrs: dict[str, str] = {}
    if heading_id:
        attrs["aria-labelledby"] = heading_id
    if testid:
        attrs["data-testid"] = testid
    box = rx.el.div(
        title_element,
        paragraph,
        rx.fragment() if look.actions_beside else row,
        rx.el.p(note, class_name="mt-6 text-sm text-slate-400") if note else rx.fragment(),
        class_name=look.box,
        custom_attrs=reveal_attrs() if look.box_reveals else {},
    )
    children = [box, row] if look.actions_beside else [box]
    return rx.el.section(*children, class_name=look.section, custom_attrs=attrs)
