"""Translation: a `Message` rendered through `companion/i18n/<lang>.json`.

A catalog is a JSON object, message key -> entry. An entry is a template
(`"ui.go_start": "Start"`), the forms of a term (`{"base": "röd", "ballongen":
"den röda ballongen"}`) or, for a key registered as `Plural`, one template per
plural category of the language (`{"one": ..., "few": ..., "many": ..., "other": ...}`).
Keys a catalog lacks fall back to the English templates (`en.json`, read by
`companion.core.messages`, where a plural entry also names its count parameter), so
a half translated catalog still shows every sentence. docs/translating.md says why
the format is JSON and not gettext.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources

from companion.core.messages import Entry, Message, Translator, render

DEFAULT = "en"


@lru_cache(maxsize=16)
def catalog(lang: str) -> Mapping[str, Entry]:
    """The entries of `lang`; empty for English or a language with no file."""
    path = resources.files("companion.i18n").joinpath(f"{lang}.json")
    if lang == DEFAULT or not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(key): _entry(value) for key, value in data.items()}


def _entry(value: object) -> Entry:
    if isinstance(value, dict):
        return {str(form): str(text) for form, text in value.items()}
    return str(value)


def languages() -> list[str]:
    """English first, then every language that has a catalog file."""
    found = sorted(
        entry.name.removesuffix(".json")
        for entry in resources.files("companion.i18n").iterdir()
        if entry.name.endswith(".json")
    )
    return [DEFAULT, *(lang for lang in found if lang != DEFAULT)]


def translator(lang: str, strict: bool = False) -> Translator:
    """Render messages in `lang`; `strict` raises where a form or parameter is
    missing instead of falling back (the tests use it)."""
    templates = catalog(lang)

    def translate(message: Message) -> str:
        return render(message, templates, lang, strict=strict)

    return translate
