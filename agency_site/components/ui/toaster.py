"""The site's toaster: Reflex's sonner toaster, loaded on the first toast."""

from __future__ import annotations

import reflex as rx
from reflex import Var

from agency_site.frontend.react import jsx_library
from agency_site.reflex_adapter import LiteralPosition, resolved_color_mode

SONNER_PACKAGE = "sonner@2.0.8"


class LazyToaster(rx.Component):
    """Reflex's sonner toaster, loaded on the first toast instead of in the first bundle.

    Toasts only follow a visitor's action (the contact form, 'purchase now'), so sonner
    (~9 KB) is neither in the bundle nor fetched while the page loads; see
    frontend/react/lazy_toaster.jsx. The props and defaults are those of Reflex's
    `rx.toast.provider`.
    """

    library = jsx_library("lazy_toaster.jsx")
    tag = "AgencyToaster"
    lib_dependencies: list[str] = [SONNER_PACKAGE]

    theme: Var[str] = resolved_color_mode
    rich_colors: Var[bool] = Var.create(True)
    expand: Var[bool] = Var.create(True)
    position: Var[LiteralPosition] = Var.create("bottom-right")
    close_button: Var[bool] = Var.create(False)


def lazy_toaster() -> rx.Component:
    """The toast provider for `rx.App(toaster=...)`."""
    return LazyToaster.create()
