"""Services and projects (content/services.yaml, content/projects.yaml), validated once.

The files hold the structure (ids, colours, icons, images, videos); every visible text
is a translation key of SPEC.md §3 (`service-{id}-desc`, `project-{slug}-title`,
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

from agency_site.constants import (
    PROJECT_IDS,
    PROJECT_SLUGS,
    SERVICE_COLOURS,
    SERVICE_IDS,
    ServiceId,
)
from agency_site.content.loader import ContentError, _first_error, load_content, read_yaml
from agency_site.content.models import Strict
from agency_site.settings import get_settings

# Texts every service has, as `service-{id}-{suffix}` (SPEC.md §2 'Service detail').
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
FEATURE_COUNT = 6  # SPEC.md: six key-benefit cards per project


class Service(Strict):
    """One of the eight services; texts are `service-{id}-*` keys."""

    id: ServiceId
    colour: Literal["purple", "blue", "orange", "pink", "green", "red", "yellow", "indigo"]
    icon: str = Field(min_length=1, description="lucide icon name")

    @model_validator(mode="after")
    def _spec_colour(self) -> Service:
        expected = SERVICE_COLOURS[self.id]
        if self.colour != expected:
            raise ValueError(f"colour of {self.id} must be {expected!r} (SPEC.md §3)")
        return self

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


class Project(Strict):
    """One portfolio project (SPEC.md §3 'Project')."""

    id: int
    slug: str
    service: ServiceId
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
    def _consistent(self) -> Project:
        if self.id not in PROJECT_IDS:
            raise ValueError(f"id must be one of {', '.join(map(str, PROJECT_IDS))}")
        if self.slug != PROJECT_SLUGS[self.id]:
            raise ValueError(f"slug of {self.id} must be {PROJECT_SLUGS[self.id]!r}")
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
        keys += [f"client-{self.client}", f"conclusion-{self.slug}"]
        return keys


@dataclass(frozen=True)
class Catalog:
    """Every service and project, in the order the files list them."""

    services: tuple[Service, ...]
    projects: tuple[Project, ...]

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
        if tab == "all":
            return list(self.projects)
        return [project for project in self.projects if project.service == tab]

    def others(self, project_id: int, limit: int) -> list[Project]:
        """Up to `limit` other projects, starting after this one and wrapping around."""
        ids = [project.id for project in self.projects]
        start = ids.index(project_id) + 1 if project_id in ids else 0
        rotated = self.projects[start:] + self.projects[:start]
        return [project for project in rotated if project.id != project_id][:limit]


def _validate_list(path: Path, model: type[Strict], key: str) -> list:
    data = read_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise ContentError(path, key, f"expected a list under {key!r}")
    items = []
    for index, item in enumerate(data[key]):
        try:
            items.append(model.model_validate(item))
        except ValidationError as error:
            inner = _first_error(path, error)
            raise ContentError(path, f"{key}.{index}.{inner.field}", inner.problem) from None
    return items


def _check_unique_and_complete(path: Path, key: str, found: list, expected: tuple) -> None:
    ids = [item.id for item in found]
    for index, item_id in enumerate(ids):
        if ids.index(item_id) != index:
            raise ContentError(path, f"{key}.{index}.id", f"{item_id!r} is listed twice")
    missing = [item_id for item_id in expected if item_id not in ids]
    if missing:
        raise ContentError(path, key, f"missing {missing[0]!r}")


def _check_texts(path: Path, strings: dict[str, dict[str, str]], field: str, keys: list[str]) -> None:
    for lang, texts in strings.items():
        for key in keys:
            if key not in texts:
                raise ContentError(path, field, f"no {lang} text for key {key!r}")


def _check_language_options(path: Path, index: int, project: Project, available: list[str]) -> None:
    for option in project.language_options:
        if option not in available:
            raise ContentError(
                path, f"projects.{index}.language_options", f"{option!r} is not in site.yaml's videos"
            )


def load_catalog(content_dir: Path) -> Catalog:
    """Validate the service and project files; raises ContentError naming file and field."""
    content = load_content(content_dir)
    services_path = content_dir / "services.yaml"
    services = _validate_list(services_path, Service, "services")
    _check_unique_and_complete(services_path, "services", services, SERVICE_IDS)
    for index, service in enumerate(services):
        keys = [service.key(suffix) for suffix in SERVICE_TEXTS]
        _check_texts(services_path, content.strings, f"services.{index}", keys)

    projects_path = content_dir / "projects.yaml"
    projects = _validate_list(projects_path, Project, "projects")
    _check_unique_and_complete(projects_path, "projects", projects, PROJECT_IDS)
    languages = [option.id for option in content.site.videos.avatar_project_languages]
    for index, project in enumerate(projects):
        _check_texts(projects_path, content.strings, f"projects.{index}", project.text_keys())
        _check_language_options(projects_path, index, project, languages)
    return Catalog(services=tuple(services), projects=tuple(projects))


@lru_cache(maxsize=1)
def get_catalog() -> Catalog:
    """The catalog of the configured content folder, loaded once per process."""
    return load_catalog(get_settings().content_dir)
