"""A new service or project is saved in more than one file: its line in services.yaml or
projects.yaml, its texts in both languages' i18n files, a project's images in assets/.
Until the last is saved the catalog is not whole (a content error), and the dev server
waits for the rest (`WaitingForSave`) instead of restarting into the error page, as it
waits for a post's second language (agency_site/dev/live_routes.py). Only what another
save gives is waited for: any other content error restarts the backend into its page."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import ValidationError

from agency_site.content import ContentError, get_content
from agency_site.content.catalog import SERVICE_TEXTS, Project, get_catalog, load_catalog
from agency_site.content.loader import read_yaml
from agency_site.dev.live_routes import WaitingForSave
from agency_site.images.check import missing_image_errors
from agency_site.images.variants import assets_dir

# A new entry's own field that another save fills: its texts (services.N, projects.N) or a
# project's image (projects.N.images.M.src).
_UNSAVED_FIELD = re.compile(r"^(services|projects)\.\d+(\.images\.\d+\.src)?$")


def _text_keys(name: str, entry: dict) -> set[str]:
    """The translation keys of a listed entry (none when it does not validate: its own
    error restarts the backend)."""
    if name == "services.yaml":
        return {f"service-{entry['id']}-{suffix}" for suffix in SERVICE_TEXTS}
    try:
        return set(Project.model_validate(entry).text_keys())
    except ValidationError:
        return set()


def new_entries(content_dir: Path) -> dict[tuple[str, str], set[str]]:
    """The services and projects the catalog files list that the running app does not
    know, as (file name, id), with their translation keys."""
    catalog = get_catalog()
    known = {("services.yaml", service.id) for service in catalog.unnoted("services")} | {
        ("projects.yaml", str(project.id)) for project in catalog.unnoted("projects")
    }
    new: dict[tuple[str, str], set[str]] = {}
    for name, key in (("services.yaml", "services"), ("projects.yaml", "projects")):
        data = read_yaml(content_dir / name)
        entries = data.get(key) if isinstance(data, dict) else None
        for entry in entries or []:
            if isinstance(entry, dict) and "id" in entry and (name, str(entry["id"])) not in known:
                new[name, str(entry["id"])] = _text_keys(name, entry)
    return new


def unsaved_parts(content_dir: Path) -> list[str]:
    """What the new services and projects lack that another save gives (a text in either
    language, a project's image), when that is all the content lacks; empty otherwise."""
    new = new_entries(content_dir)
    if not new:
        return []
    try:
        errors = missing_image_errors(
            load_catalog(content_dir), get_content().site, content_dir, assets_dir()
        )
    except ContentError as error:
        errors = error.errors
    keys = set().union(*new.values())
    unsaved = [
        error
        for error in errors
        # A text of a new entry missing in one language is named by the texts' file.
        if ((error.path.name, error.entry) in new and _UNSAVED_FIELD.match(error.field))
        or error.field in keys
    ]
    return [error.summary for error in unsaved] if unsaved and len(unsaved) == len(errors) else []


def wait_for_new_entries(content_dir: Path) -> None:
    """WaitingForSave while a new service or project lacks only what its other files give."""
    if unsaved := unsaved_parts(content_dir):
        shown = "; ".join(unsaved[:3]) + (f" and {len(unsaved) - 3} more" if len(unsaved) > 3 else "")
        raise WaitingForSave(f"waiting for {shown} (a new service or project needs its texts and images)")
