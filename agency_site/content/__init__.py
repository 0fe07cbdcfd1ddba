"""Content that marketers edit: texts per language, company facts and external URLs."""

from agency_site.content.loader import Content, ContentError, get_content, load_content

__all__ = ["Content", "ContentError", "get_content", "load_content"]
