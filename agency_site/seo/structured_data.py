"""JSON-LD builders (schema.org): plain dicts, and the one safe way to put them in a page."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

import reflex as rx


@dataclass(frozen=True)
class OrganizationFacts:
    """What schema.org's Organization says about us; from content/site.yaml."""

    name: str
    legal_name: str
    description: str
    logo_url: str
    email: str
    telephone: str
    street: str
    district: str
    city: str
    country: str


def organization_id(site_url: str) -> str:
    """The Organization's @id, so other nodes can point at it."""
    return f"{site_url}/#organization"


def organization(site_url: str, facts: OrganizationFacts) -> dict:
    return {
        "@type": "Organization",
        "@id": organization_id(site_url),
        "name": facts.name,
        "legalName": facts.legal_name,
        "description": facts.description,
        "url": f"{site_url}/",
        "logo": {"@type": "ImageObject", "url": facts.logo_url},
        "email": facts.email,
        "telephone": facts.telephone,
        "address": {
            "@type": "PostalAddress",
            "streetAddress": f"{facts.street}, {facts.district}",
            "addressLocality": facts.city,
            "addressCountry": facts.country,
        },
    }


def service(site_url: str, *, name: str, description: str, url: str, lang: str) -> dict:
    return {
        "@type": "Service",
        "@id": f"{url}#service",
        "name": name,
        "serviceType": name,
        "description": description,
        "url": url,
        "inLanguage": lang,
        "provider": {"@id": organization_id(site_url)},
        "areaServed": "Worldwide",
    }


def service_list(name: str, url: str, services: Sequence[dict]) -> dict:
    """The services page: an ItemList whose items are the Service nodes."""
    return {
        "@type": "ItemList",
        "name": name,
        "url": url,
        "itemListElement": [
            {"@type": "ListItem", "position": index, "item": item} for index, item in enumerate(services, 1)
        ],
    }


def blog_posting(
    site_url: str,
    *,
    headline: str,
    description: str,
    url: str,
    image_url: str,
    published: str,
    author: str,
    lang: str,
) -> dict:
    return {
        "@type": "BlogPosting",
        "@id": f"{url}#article",
        "headline": headline,
        "description": description,
        "image": image_url,
        "datePublished": published,
        "author": {"@type": "Person", "name": author},
        "publisher": {"@id": organization_id(site_url)},
        "inLanguage": lang,
        "mainEntityOfPage": {"@type": "WebPage", "@id": url},
        "url": url,
    }


def breadcrumbs(trail: Sequence[tuple[str, str]]) -> dict:
    """A BreadcrumbList of (name, absolute URL) pairs, from the home page down."""
    return {
        "@type": "BreadcrumbList",
        "itemListElement": [
            {"@type": "ListItem", "position": index, "name": name, "item": url}
            for index, (name, url) in enumerate(trail, 1)
        ],
    }


def graph(nodes: Sequence[dict | str]) -> dict:
    """One JSON-LD document holding every node of a page."""
    return {"@context": "https://schema.org", "@graph": list(nodes)}


def to_script_text(data: dict) -> str:
    """JSON that is safe inside <script>: no '</' can close the element, no '<!--' open a comment."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\u0021--")


def json_ld_script(data: dict) -> rx.Component:
    """The <script type="application/ld+json"> element; its text is in the prerendered HTML."""
    return rx.el.script(to_script_text(data), type="application/ld+json")
