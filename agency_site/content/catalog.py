"""Services and projects (content/services.yaml, content/projects.yaml), validated once.

The files are the only source of the catalog: service ids, colours and icons, the home
page's and the footer's picks, project ids and slugs; routes and pages read them from
`get_catalog()`. The files hold the structure (ids, colours, icons, images, videos);
every visible text is a translation key of docs/product.md §3 (`service-{id}-desc`, `project-{slug}-title`,
`feature-{slug}-{feature}`, `tech-{name}`, `client-{name}`, `conclusion-{slug}`), looked
up with `t()`. The loader checks that each key exists in both languages, so a missing
text stops the build naming the file and the field instead of showing a raw key.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, HttpUrl, ValidationError, model_validator

from agency_site.constants import DEFAULT_PORTFOLIO_TAB, FALLBACK_PROJECT_ID
from agency_site.content.loader import (
    Content,
    ContentError,
    _display,
    load_content,
    raise_all,
    read_yaml,
    validation_errors,
    yaml_line,
)
from agency_site.content.models import Strict
from agency_site.settings import get_settings

# Texts every service has, as `service-{id}-{suffix}` (docs/product.md §2 'Service detail').
SERVICE_TEXTS = (
    "title",
    "desc",
    "detail",
    "market",
    "problem-1",
    "problem-2",
    "problem-3",
    "benefits",
    "stat",
    "stat-label",
)
# Texts every project has, as `project-{slug}-{suffix}`.
PROJECT_TEXTS = ("title", "subtitle", "desc")
FEATURE_COUNT = 6  # docs/product.md: six key-benefit cards per project
SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"
# The colours the stylesheet has service-bg-{colour} classes for (docs/product.md §3).
Colour = Literal["purple", "blue", "orange", "pink", "green", "red", "yellow", "indigo"]


class Service(Strict):
    """One of the eight services; texts are `service-{id}-*` keys."""

    id: str = Field(pattern=SLUG, description="its URL: /services/{id}")
    de_slug: str = Field(pattern=SLUG, description="its German URL: /de/leistungen/{de_slug}")
    colour: Colour
    icon: str = Field(min_length=1, description="lucide icon name")

    def key(self, suffix: str) -> str:
        """Translation key of one of this service's texts."""
        return f"service-{self.id}-{suffix}"


class Image(Strict):
    """A self-hosted image under assets/ with its intrinsic size (no layout shift)."""

    src: str = Field(pattern=r"^/.+\.(webp|png|jpg|svg)$")
    width: int = Field(gt=0)
    height: int = Field(gt=0)


class Feature(Strict):
    """A key-benefit card: texts `feature-{slug}-{id}` and `feature-{slug}-{id}-desc`."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    icon: str = Field(min_length=1)


class VideoTestimonial(Strict):
    """A clip on the external video host: vertical (9:16) unless horizontal (16:9)."""

    id: str
    vimeo_id: str = Field(pattern=r"^[0-9]+$")
    player_params: str = ""
    is_horizontal: bool = False
    # What the clip is, said by the content and not assumed: an AI-generated clip is labelled
    # as such on the page (and a carousel of them is not called client testimonials).
    kind: Literal["ai-generated", "recorded"] = Field(
        description="ai-generated (a synthetic avatar or voice) or recorded (real people, real footage)"
    )

    @property
    def is_ai_generated(self) -> bool:
        return self.kind == "ai-generated"


class Project(Strict):
    """One portfolio project (docs/product.md §3 'Project')."""

    id: int = Field(ge=1, description="its URL: /project/{id}")
    slug: str = Field(pattern=SLUG, description="text keys project-{slug}-*")
    de_slug: str = Field(pattern=SLUG, description="its German URL: /de/projekt/{de_slug}")
    service: str = Field(description="the id of one of services.yaml's services")
    client: str = Field(pattern=r"^[a-z0-9-]+$", description="text key client-{client}")
    year: int = Field(ge=2000, le=2100)
    show_client_and_year: bool = True
    images: list[Image] = Field(min_length=1)
    # Indexes into `images` the detail page shows; all of them when omitted.
    gallery: list[int] | None = None
    custom_image_style: Literal["cover", "contain"] = "cover"
    features: list[Feature] = Field(min_length=FEATURE_COUNT, max_length=FEATURE_COUNT)
    technologies: list[str] = Field(min_length=1, description="text keys tech-{name}")
    url: HttpUrl | None = Field(default=None, description="'visit project' target")
    app_store_note: bool = False
    video_testimonials: list[VideoTestimonial] = []
    # Ids of site.yaml's videos.avatar_project_languages offered by the language picker.
    language_options: list[str] = []
    voice_demo: bool = False

    @model_validator(mode="after")
    def _gallery_in_range(self) -> Project:
        for index in self.gallery or []:
            if not 0 <= index < len(self.images):
                raise ValueError(f"gallery index {index} has no image")
        return self

    @property
    def shown_images(self) -> list[Image]:
        """The images of the detail page's gallery, in order."""
        if self.gallery is None:
            return list(self.images)
        return [self.images[index] for index in self.gallery]

    def key(self, suffix: str) -> str:
        """Translation key of one of this project's own texts."""
        return f"project-{self.slug}-{suffix}"

    def text_keys(self) -> list[str]:
        """Every translation key this project's pages use."""
        keys = [self.key(suffix) for suffix in PROJECT_TEXTS]
        for feature in self.features:
            keys += [f"feature-{self.slug}-{feature.id}", f"feature-{self.slug}-{feature.id}-desc"]
        keys += [f"tech-{name}" for name in self.technologies]
        keys.append(f"conclusion-{self.slug}")
        if self.show_client_and_year:
            keys.append(f"client-{self.client}")
        return keys


@dataclass(frozen=True)
class Catalog:
    """Every service and project, in the order the files list them, and the services the
    home page features and the footer links to, in their order."""

    services: tuple[Service, ...]
    projects: tuple[Project, ...]
    featured: tuple[Service, ...]
    footer: tuple[Service, ...]

    @property
    def service_ids(self) -> tuple[str, ...]:
        return tuple(service.id for service in self.services)

    @property
    def project_ids(self) -> tuple[int, ...]:
        return tuple(project.id for project in self.projects)

    @property
    def portfolio_tabs(self) -> tuple[str, ...]:
        """'all', then every service with a project, in the services' order."""
        with_projects = {project.service for project in self.projects}
        services = [service.id for service in self.services]
        return (DEFAULT_PORTFOLIO_TAB, *[sid for sid in services if sid in with_projects])

    def service(self, service_id: str) -> Service | None:
        """The service with this id, or None."""
        return next((service for service in self.services if service.id == service_id), None)

    def project(self, project_id: int) -> Project:
        """The project with this id; raises KeyError for an unknown id."""
        for project in self.projects:
            if project.id == project_id:
                return project
        raise KeyError(project_id)

    def projects_for(self, tab: str) -> list[Project]:
        """The projects of a portfolio tab ('all' or a service id), in file order."""
        if tab == DEFAULT_PORTFOLIO_TAB:
            return list(self.projects)
        return [project for project in self.projects if project.service == tab]

    def others(self, project_id: int, limit: int) -> list[Project]:
        """Up to `limit` other projects, starting after this one and wrapping around."""
        projects = self.projects
        ids = [project.id for project in projects]
        start = ids.index(project_id) + 1 if project_id in ids else 0
        rotated = projects[start:] + projects[:start]
        return [project for project in rotated if project.id != project_id][:limit]


def _entry_id(data: object, key: str, index: int) -> str | None:
    item = data[key][index] if isinstance(data, dict) else None
    return str(item["id"]) if isinstance(item, dict) and "id" in item else None


def _validate_list(
    path: Path, data: object, model: type[Strict], key: str, errors: list[ContentError]
) -> list:
    """The valid entries of the list `key`; each invalid one adds its problems to `errors`."""
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        errors.append(
            ContentError(path, key, f"expected a list under {key!r}", fix=f"start the list with `{key}:`")
        )
        return []
    items = []
    for index, item in enumerate(data[key]):
        try:
            items.append(model.model_validate(item))
        except ValidationError as error:
            errors += validation_errors(
                path, error, prefix=f"{key}.{index}", entry=_entry_id(data, key, index)
            )
    _check_unique(path, key, items, errors)
    return items


def _check_unique(path: Path, key: str, found: list, errors: list[ContentError]) -> None:
    for field in ("id", "slug", "de_slug"):
        values = [getattr(item, field, None) for item in found]
        for index, value in enumerate(values):
            if value is not None and values.index(value) != index:
                errors.append(
                    ContentError.at(
                        path,
                        f"{key}.{index}.{field}",
                        f"{value!r} is listed twice",
                        fix=f"give one of them another {field}",
                    )
                )


def _picked_services(
    path: Path, data: dict, key: str, services: list[Service], errors: list[ContentError]
) -> tuple[Service, ...]:
    """The services a list of ids in services.yaml names (`featured`, `footer`), in its order."""
    by_id = {service.id: service for service in services}
    ids = data.get(key) if isinstance(data, dict) else None
    if not isinstance(ids, list) or not ids:
        errors.append(
            ContentError(path, key, "expected a list of service ids", fix=f"write `{key}: [id, ...]`")
        )
        return ()
    # An entry that failed validation is reported there, not again as unknown here.
    listed = data.get("services")
    if not isinstance(listed, list):
        listed = []
    known = {item.get("id") for item in listed if isinstance(item, dict)}
    for index, service_id in enumerate(ids):
        if service_id not in known:
            errors.append(
                ContentError(
                    path,
                    f"{key}.{index}",
                    f"unknown service id {service_id!r}",
                    line=yaml_line(path, key),
                    fix=f"use one of {', '.join(by_id)}",
                )
            )
    return tuple(by_id[service_id] for service_id in ids if service_id in by_id)


def _check_texts(
    path: Path,
    content_dir: Path,
    strings: dict[str, dict[str, str]],
    field: str,
    entry: str,
    keys: list[str],
    home: str,
    errors: list[ContentError],
) -> None:
    """Each key must have a text in every language; the fix names the file to add it to."""
    for lang, texts in strings.items():
        for key in keys:
            if key not in texts:
                target = content_dir / "i18n" / lang / home
                errors.append(
                    ContentError.at(
                        path,
                        field,
                        f"no {lang} text for key {key!r}",
                        entry=entry,
                        fix=f"add `{key}: ...` to {_display(target)}",
                    )
                )


def _check_language_options(
    path: Path, index: int, project: Project, available: list[str], errors: list[ContentError]
) -> None:
    for option in project.language_options:
        if option not in available:
            errors.append(
                ContentError.at(
                    path,
                    f"projects.{index}.language_options",
                    f"{option!r} is not in site.yaml's videos",
                    entry=str(project.id),
                    fix=f"use one of {', '.join(available)}",
                )
            )


def _check_references(
    content_dir: Path,
    content: Content,
    services: list[Service],
    listed_ids: list[str],
    projects: list,
    errors: list[ContentError],
) -> None:
    """Whatever names a service or a project must name one the files define (an entry
    that failed validation counts as defined: its own error says what is wrong)."""
    service_ids = {service.id for service in services} | set(listed_ids)
    projects_path = content_dir / "projects.yaml"
    for index, project in enumerate(projects):
        if project.service not in service_ids:
            errors.append(
                ContentError.at(
                    projects_path,
                    f"projects.{index}.service",
                    f"unknown service id {project.service!r}",
                    entry=str(project.id),
                    fix=f"use one of services.yaml's ids ({', '.join(sorted(service_ids))})",
                )
            )
    if projects and FALLBACK_PROJECT_ID not in {project.id for project in projects}:
        errors.append(
            ContentError(
                projects_path,
                "projects",
                f"needs project {FALLBACK_PROJECT_ID}, shown for unknown ids",
                fix=f"keep a project with id {FALLBACK_PROJECT_ID}",
            )
        )
    for service_id in content.site.checkout_links:
        if service_id not in service_ids:
            site_path = content_dir / "site.yaml"
            errors.append(
                ContentError.at(
                    site_path,
                    f"checkout_links.{service_id}",
                    "unknown service id (services.yaml)",
                    fix=f"use one of {', '.join(sorted(service_ids))}",
                )
            )


def load_catalog(content_dir: Path) -> Catalog:
    """Validate the service and project files; raises ContentError (ContentErrors when
    there are several) naming file, line, entry and field of every problem."""
    errors: list[ContentError] = []
    try:
        content: Content | None = load_content(content_dir)
    except ContentError as error:
        # Texts or facts are broken: say so, and still check the catalog's own files.
        errors.append(error)
        content = None
    # The entries' texts are checked only when the texts themselves loaded.
    strings = content.strings if content else {}
    services_path = content_dir / "services.yaml"
    services_data = read_yaml(services_path)
    services = _validate_list(services_path, services_data, Service, "services", errors)
    for index, service in enumerate(services if content else []):
        keys = [service.key(suffix) for suffix in SERVICE_TEXTS]
        _check_texts(
            services_path,
            content_dir,
            strings,
            f"services.{index}",
            service.id,
            keys,
            "services.yaml",
            errors,
        )
    featured = _picked_services(services_path, services_data, "featured", services, errors)
    footer = _picked_services(services_path, services_data, "footer", services, errors)

    projects_path = content_dir / "projects.yaml"
    projects = _validate_list(projects_path, read_yaml(projects_path), Project, "projects", errors)
    languages = [option.id for option in content.site.videos.avatar_project_languages] if content else []
    for index, project in enumerate(projects if content else []):
        _check_texts(
            projects_path,
            content_dir,
            strings,
            f"projects.{index}",
            str(project.id),
            project.text_keys(),
            "projects.yaml",
            errors,
        )
        _check_language_options(projects_path, index, project, languages, errors)
    if content:
        listed = services_data.get("services") if isinstance(services_data, dict) else None
        listed_ids = [str(item["id"]) for item in listed or [] if isinstance(item, dict) and "id" in item]
        _check_references(content_dir, content, services, listed_ids, projects, errors)
    raise_all(errors)
    return Catalog(services=tuple(services), projects=tuple(projects), featured=featured, footer=footer)


@lru_cache(maxsize=1)
def get_catalog() -> Catalog:
    """The catalog of the configured content folder, loaded once per process."""
    return load_catalog(get_settings().content_dir)
