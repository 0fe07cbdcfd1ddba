"""The media of a project page: screenshot gallery with full-screen preview, 104's
videos and 106's voice demo (SPEC.md §2 'Project detail')."""

from __future__ import annotations

import json

import reflex as rx
from reflex.vars.base import Var

from agency_site.components.ui.carousel import carousel
from agency_site.components.ui.kit import FOCUS_RING
from agency_site.content.catalog import Image, Project
from agency_site.i18n import t
from agency_site.pages.catalog.ui import size_attrs

PREVIEW_ID = "image-preview"

# The preview is a native modal <dialog>: focus moves into it, Escape closes it, and
# the page behind is inert. A click on the backdrop (the dialog itself) closes it too.
_CLOSE_PREVIEW = Var(_js_expr=f'(event) => document.getElementById("{PREVIEW_ID}").close()')
_BACKDROP_CLOSES = Var(
    _js_expr="(event) => { if (event.target === event.currentTarget) event.currentTarget.close(); }"
)


def _open_preview(image: Image, alt: str) -> Var:
    return Var(
        _js_expr=f"""(event) => {{
  const dialog = document.getElementById("{PREVIEW_ID}");
  const picture = dialog.querySelector("img");
  picture.src = {json.dumps(image.src)};
  picture.width = {image.width};
  picture.height = {image.height};
  picture.alt = {json.dumps(alt)};
  dialog.showModal();
}}"""
    )


def preview_dialog(lang: str, first: Image) -> rx.Component:
    """The full-screen image preview, filled by whichever screenshot is clicked."""
    return rx.el.dialog(
        rx.el.div(
            rx.el.img(
                src=first.src,
                custom_attrs=size_attrs(first.width, first.height),
                alt="",
                class_name="max-h-[85vh] w-auto max-w-full rounded-2xl bg-white object-contain shadow-2xl",
            ),
            rx.el.button(
                rx.icon("x", size=22, aria_hidden="true"),
                rx.el.span(t(lang, "project-preview-close"), class_name="sr-only"),
                type="button",
                data_testid="preview-close",
                custom_attrs={"onClick": _CLOSE_PREVIEW},
                class_name=f"absolute -top-3 -right-3 flex h-11 w-11 items-center justify-center rounded-full bg-white text-slate-900 shadow-lg transition hover:bg-violet-50 sm:-top-5 sm:-right-5 {FOCUS_RING}",
            ),
            class_name="relative",
        ),
        id=PREVIEW_ID,
        aria_label=t(lang, "project-preview-title"),
        data_testid="image-preview",
        custom_attrs={"onClick": _BACKDROP_CLOSES},
        class_name="m-auto max-w-[min(92vw,1400px)] overflow-visible bg-transparent p-4 backdrop:bg-slate-950/85 backdrop:backdrop-blur-sm",
    )


def screenshot(
    lang: str, project: Project, image: Image, number: int, *, fit: str, lazy: bool
) -> rx.Component:
    """One screenshot as a button that opens it in the preview."""
    title = t(lang, project.key("title"))
    alt = t(lang, "project-image-alt", project=title, number=number)
    return rx.el.button(
        rx.el.img(
            src=image.src,
            alt=alt,
            custom_attrs=size_attrs(image.width, image.height),
            loading="lazy" if lazy else "eager",
            decoding="async",
            class_name=f"aspect-[16/10] h-auto w-full object-{fit}",
        ),
        rx.el.span(
            rx.icon("maximize-2", size=18, aria_hidden="true"),
            rx.el.span(t(lang, "project-preview-open", number=number), class_name="sr-only"),
            class_name="absolute bottom-3 right-3 flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md opacity-90 transition group-hover:opacity-100",
        ),
        type="button",
        data_testid="screenshot",
        custom_attrs={"onClick": _open_preview(image, alt)},
        class_name=f"group relative block w-full cursor-zoom-in overflow-hidden rounded-3xl bg-slate-100 ring-1 ring-slate-200 {FOCUS_RING}",
    )


def gallery(lang: str, project: Project) -> rx.Component:
    """The screenshots: one image alone, several in a carousel (controls only then)."""
    images = project.shown_images
    fit = project.custom_image_style
    shots = [
        screenshot(lang, project, image, number, fit=fit, lazy=number > 1)
        for number, image in enumerate(images, start=1)
    ]
    if len(shots) == 1:
        body = shots[0]
    else:
        body = carousel(
            shots,
            lang=lang,
            label=t(lang, "project-gallery-label", project=t(lang, project.key("title"))),
            slide_class_name="basis-[92%] sm:basis-[85%] lg:basis-[80%]",
            testid="screenshot-carousel",
        )
    # Several shots: the carousel is the named region, so the wrapper stays unnamed
    # (two landmarks with one name are ambiguous; axe: landmark-unique).
    return (rx.el.section if len(shots) == 1 else rx.el.div)(
        body,
        preview_dialog(lang, images[0]),
        aria_label=t(lang, "project-gallery-label", project=t(lang, project.key("title")))
        if len(shots) == 1
        else None,
        data_testid="project-gallery",
        class_name="mt-10",
    )
