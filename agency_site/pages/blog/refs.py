"""The DOM element of a component with an `id`, as a Var, for event chains written in Python.

Reflex gives every component with an `id` a React ref, kept in its global `refs` under
`format_ref(id)` (as `rx.set_focus` uses it). Reading a property of that element in an
event chain (`mounted_element(id).value`) is a Var operation, evaluated when the event
runs, never a string of code.
"""

from __future__ import annotations

from agency_site.reflex_adapter import ObjectVar, element_ref


def mounted_element(component_id: str) -> ObjectVar:
    """The element rendered for the component whose id is `component_id` (once mounted)."""
    return element_ref(component_id).current.to(dict)
