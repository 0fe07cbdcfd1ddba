"""Pydantic models of the content files; a wrong field fails validation by name."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, EmailStr, Field, HttpUrl


class Strict(BaseModel):
    """A content model that rejects unknown fields, so typos are caught at build time."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class LocalizedText(Strict):
    """A fact each language names its own way (Bukarest / Bucharest): one value per language."""

    en: str = Field(min_length=1)
    de: str = Field(min_length=1)


# A company fact: one string when every language writes it the same (Dubai), or one value
# per language (German pages name places in German). The fact stays one source.
Localized = str | LocalizedText


def localized(value: Localized, lang: str) -> str:
    """The fact as `lang` writes it."""
    return value if isinstance(value, str) else getattr(value, lang)


def english_only_names(value: Localized) -> set[str]:
    """Names the English text uses that another language writes differently (a German page
    showing one of them shows an English place name)."""
    if isinstance(value, str):
        return set()
    return {value.en} - {value.de}


class Section(Strict):
    """A section of site.yaml."""


class Brand(Section):
    name: str = Field(min_length=1)
    logo: str = Field(pattern=r"^/", description="Path of the logo under assets/")


class Office(Section):
    company: str
    # The Dubai team's legal form when it is a company of its own (then it processes
    # enquiries for the controller as a processor, Art. 28 GDPR, with standard contractual
    # clauses); null when the team are the controller's own staff. The privacy policy says
    # whichever of the two this fact describes.
    entity_form: str | None = None
    building: str
    district: Localized
    city: Localized
    country: Localized
    map_embed_url: HttpUrl

    @property
    def is_separate_entity(self) -> bool:
        return self.entity_form is not None


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


class Contact(Section):
    email: EmailStr
    phones: list[Phone] = Field(min_length=3, max_length=3)


class Links(Section):
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


class Videos(Section):
    promo_video_id: str = Field(pattern=r"^[0-9]+$")
    home_languages: list[VideoLanguage] = Field(min_length=5, max_length=5)
    avatar_project_languages: list[VideoLanguage] = Field(min_length=6, max_length=6)


class SupervisoryAuthority(Strict):
    """The data protection authority responsible for the controller (Art. 77 GDPR)."""

    name: Localized
    street: str
    postcode: str
    city: Localized
    country: Localized
    website: HttpUrl


class LegalEntity(Section):
    company_name: str
    street: str
    postcode: str
    city: Localized
    country: Localized
    phone: str
    email: EmailStr
    website: HttpUrl
    vat_id: str
    tax_code: str = Field(description="Romanian tax identification code (CUI / cod fiscal)")
    trade_register: str
    euid: str
    managing_director: str
    content_responsible: str
    # § 18(2) MStV: the person responsible for the content has a permanent address in Germany.
    content_responsible_address: Localized
    supervisory_authority: SupervisoryAuthority


class FigureBasis(Strict):
    """Where a headline figure comes from: our client projects, the period, the sample."""

    projects: int = Field(ge=1)
    period: str = Field(min_length=4)
    sample: int = Field(ge=1, description="Processes, apps, rated calls or ticket categories measured")


class Providers(Section):
    """The companies that process visitors' data for us, as the privacy policy names them:
    company, seat and country, in each language's words."""

    hosting: Localized
    enquiries: Localized = Field(description="The system the webhook delivers each enquiry to")
    voice: Localized = Field(description="The voice assistant and the demo hotline")
    avatar: Localized
    scheduling: Localized
    payment: Localized
    email: Localized = Field(description="The mail provider whose server holds the team's inbox")
    # How long the voice provider keeps a conversation (a hotline call's number and
    # transcript, a voice assistant session's transcript), and the avatar provider a session's.
    voice_retention_days: int = Field(ge=1)
    avatar_retention_days: int = Field(ge=1)


class SiteFacts(Strict):
    """`content/site.yaml`: company facts and every external URL the site uses."""

    brand: Brand
    office: Office
    contact: Contact
    links: Links
    # Checkout link per purchasable service; null means 'not configured yet' (docs/product.md §7).
    # The services listed here are the purchasable ones (their ids are checked by the catalog).
    checkout_links: dict[str, HttpUrl | None]
    videos: Videos
    legal: LegalEntity
    providers: Providers
    # Headline figure ('40') -> its basis; the copy footnotes each figure it names.
    figures: dict[str, FigureBasis]
