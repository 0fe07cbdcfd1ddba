"""Modal dialogs opened by state: `modal_dialog(...)` is a native `<dialog>` shown modally
while a Var is true (`frontend/react/modal_dialog.jsx`).

Use it where no invoker command can open the dialog (the video card's fullscreen dialog
also opens on a double click); a dialog opened by a button alone needs no code at all:
`command="show-modal"` / `commandfor=<id>` on the button (the image preview). Either way
the browser does the keyboard part of a modal: focus moves in, the page behind is inert
(Tab never reaches it), Escape closes, and focus goes back to the opener. `closedby="any"`
closes it on a click on the backdrop too.
"""

from __future__ import annotations

import reflex as rx
from reflex import EventHandler, Var

from agency_site.frontend.react import jsx_library
from agency_site.reflex_adapter import no_args_event_spec


class ModalDialog(rx.Component):
    """`<dialog>` shown with showModal() while `open` is true; `on_close` when it closes."""

    library = jsx_library("modal_dialog.jsx")
    tag = "ModalDialog"

    open: Var[bool]
    on_close: EventHandler[no_args_event_spec]


def modal_dialog(*children: rx.Component, open: Var[bool], on_close: Var, **props) -> rx.Component:
    """A modal `<dialog>` of `children`, open while `open`; closed also by the backdrop."""
    custom_attrs = {"closedby": "any"} | props.pop("custom_attrs", {})
    return ModalDialog.create(*children, open=open, on_close=on_close, custom_attrs=custom_attrs, **props)
