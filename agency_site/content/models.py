"""Pydantic models of the content files; a wrong field fails validation by name."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, EmailStr, Field, HttpUrl


class Strict(BaseModel):
    """A content model that rejects unknown fields, so typos are caught at build time."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Brand(Strict):
    name: str = Field(min_length=1)
    logo: str = Field(pattern=r"^/", description="Path of the logo under assets/")


class Office(Strict):
    company: str
    building: str
    district: str
    city: str
    country: str
    map_embed_url: HttpUrl


def tel_href(number: str) -> str:
    """A written phone number as a `tel:` link target (digits only, with the leading +)."""
    return "tel:" + number.replace(" ", "")


class Phone(Strict):
    label_key: str = Field(description="Translation key of the line's label")
    number: str = Field(pattern=r"^\+[0-9 ]{7,20}$")

    @property
    def tel_href(self) -> str:
        """The number as a `tel:` link target."""
        return tel_href(self.number)


class Contact(Strict):
    email: EmailStr
    phones: list[Phone] = Field(min_length=3, max_length=3)


class Links(Strict):
    scheduling_url: HttpUrl
    botagent_url: HttpUrl
    voice_agent_script_url: HttpUrl
    avatar_embed_url: HttpUrl
    voice_demo_phone: str = Field(pattern=r"^\+[0-9 ]{7,20}$")


class VideoLanguage(Strict):
    id: str
    name: str
    video_id: str = Field(pattern=r"^[0-9]+$")
    player_params: str = ""


class Videos(Strict):
    promo_video_id: str = Field(pattern=r"^[0-9]+$")
    home_languages: list[VideoLanguage] = Field(min_length=5, max_length=5)
    avatar_project_languages: list[VideoLanguage] = Field(min_length=6, max_length=6)


class LegalEntity(Strict):
    company_name: str
    street: str
    postcode: str
    city: str
    country: str
    phone: str
    email: EmailStr
    website: HttpUrl
    vat_id: str
    trade_register: str
    euid: str
    managing_director: str
    content_responsible: str


class SiteFacts(Strict):
    """`content/site.yaml`: company facts and every external URL the site uses."""

    brand: Brand
    office: Office
    contact: Contact
    links: Links
    # Checkout link per purchasable service; null means 'not configured yet' (SPEC.md §7).
    # The services listed here are the purchasable ones (their ids are checked by the catalog).
    checkout_links: dict[str, HttpUrl | None]
    videos: Videos
    legal: LegalEntity
