"""The media of a project page: screenshot gallery with full-screen preview, 104's
videos and 106's voice demo (docs/product.md §2 'Project detail')."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.carousel import carousel
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING
from agency_site.components.ui.picture import picture
from agency_site.constants import CONTENT_MAX_WIDTH_PX
from agency_site.content.catalog import Image, Project
from agency_site.i18n import t

# A slide of the gallery's carousel: 92 %, 85 % and 80 % of the content box (below).
SCREENSHOT_SIZES = (
    f"(min-width: {CONTENT_MAX_WIDTH_PX}px) {round((CONTENT_MAX_WIDTH_PX - 64) * 0.8)}px, "
    "(min-width: 1024px) calc((100vw - 64px) * 0.8), "
    "(min-width: 640px) calc((100vw - 48px) * 0.85), calc((100vw - 32px) * 0.92)"
)
# The preview dialog: at most 92 % of the screen, 1400 px.
PREVIEW_SIZES = f"(min-width: {round(CONTENT_MAX_WIDTH_PX / 0.92)}px) {CONTENT_MAX_WIDTH_PX}px, 92vw"

# Each screenshot has its own preview, a native modal <dialog> opened by its button's invoker
# command: it works before hydration and with JavaScript off. The browser moves focus into
# it, makes the page behind inert, closes it on Escape, on the close button (command
# "close") and on a click on the backdrop (closedby="any"), and gives focus back to the
# screenshot. An image in a closed dialog is not displayed, so it is fetched only on opening.


def preview_id(number: int) -> str:
    """The id of the preview dialog of screenshot `number` (the open buttons' target)."""
    return f"image-preview-{number}"


def preview_dialog(lang: str, image: Image, alt: str, number: int) -> rx.Component:
    """The full-screen preview of one screenshot."""
    dialog_id = preview_id(number)
    return rx.el.dialog(
        rx.el.div(
            picture(
                image.src,
                width=image.width,
                height=image.height,
                sizes=PREVIEW_SIZES,
                alt=alt,
                class_name="max-h-[85vh] w-auto max-w-full rounded-2xl bg-white object-contain shadow-2xl",
            ),
            rx.el.button(
                lucide_icon("x", size=22, aria_hidden="true"),
                rx.el.span(t(lang, "project-preview-close"), class_name="sr-only"),
                type="button",
                data_testid="preview-close",
                custom_attrs={"command": "close", "commandfor": dialog_id},
                class_name=f"absolute -top-3 -right-3 flex h-11 w-11 items-center justify-center rounded-full bg-white text-slate-900 shadow-lg transition hover:bg-violet-50 sm:-top-5 sm:-right-5 {FOCUS_RING}",
            ),
            class_name="relative",
        ),
        id=dialog_id,
        aria_label=t(lang, "project-preview-title"),
        data_testid=f"image-preview-{number}",
        custom_attrs={"closedby": "any"},
        class_name="m-auto max-w-[min(92vw,var(--content-max-width))] overflow-visible bg-transparent p-4 backdrop:bg-slate-950/85 backdrop:backdrop-blur-sm",
    )


def _alt(lang: str, project: Project, number: int) -> str:
    return t(lang, "project-image-alt", project=t(lang, project.key("title")), number=number)


def screenshot(
    lang: str, project: Project, image: Image, number: int, *, fit: str, lazy: bool
) -> rx.Component:
    """One screenshot as a button that opens it in its preview dialog."""
    return rx.el.button(
        picture(
            image.src,
            width=image.width,
            height=image.height,
            sizes=SCREENSHOT_SIZES,
            # The button's text below names it (and the screenshot); an alt text here too
            # would make its name say the screenshot twice.
            eager=not lazy,
            # Never taller than the room below the fixed header: a focused screenshot is
            # seen whole, none of it under the header.
            class_name=f"aspect-[16/10] h-auto max-h-[calc(100svh-var(--header-height)-2rem)] w-full object-{fit}",
        ),
        rx.el.span(
            lucide_icon("maximize-2", size=18, aria_hidden="true"),
            rx.el.span(
                t(lang, "project-preview-open", project=t(lang, project.key("title")), number=number),
                class_name="sr-only",
            ),
            class_name="absolute bottom-3 right-3 flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md opacity-90 transition group-hover:opacity-100",
        ),
        type="button",
        data_testid="screenshot",
        custom_attrs={"command": "show-modal", "commandfor": preview_id(number)},
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
        *[
            preview_dialog(lang, image, _alt(lang, project, number), number)
            for number, image in enumerate(images, start=1)
        ],
        aria_label=t(lang, "project-gallery-label", project=t(lang, project.key("title")))
        if len(shots) == 1
        else None,
        data_testid="project-gallery",
        class_name="mt-10",
    )
