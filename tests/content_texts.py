"""Interface texts as the content files hold them (content/i18n/{lang}/*.yaml), read directly,
so a test's expectation never comes from the t() it checks."""

from __future__ import annotations

from functools import cache

import yaml

from agency_site.settings import PROJECT_ROOT


@cache
def _texts(lang: str) -> dict[str, str]:
    texts: dict[str, str] = {}
    for path in sorted((PROJECT_ROOT / "content" / "i18n" / lang).glob("*.yaml")):
        for group in yaml.safe_load(path.read_text(encoding="utf-8")).values():
            texts.update(group)
    return texts


def text(lang: str, key: str, **values: object) -> str:
    """The text of `key` in `lang`, its `{placeholders}` filled from `values`."""
    raw = _texts(lang)[key]
    return raw.format(**values) if values else raw
