"""Translation: a `Message` rendered through `companion/i18n/<lang>.json`.

A catalog is a flat JSON object, message key -> template (`"ui.go_start": "Start"`).
Keys it lacks fall back to the English templates registered in code, so a half
translated catalog still shows every sentence.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources

from companion.core.messages import Message, Translator, render

DEFAULT = "en"


@lru_cache(maxsize=16)
def catalog(lang: str) -> Mapping[str, str]:
    """The templates of `lang`; empty for English or a language with no file."""
    path = resources.files("companion.i18n").joinpath(f"{lang}.json")
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


def languages() -> list[str]:
    """English first, then every language that has a catalog file."""
    found = sorted(
        entry.name.removesuffix(".json")
        for entry in resources.files("companion.i18n").iterdir()
        if entry.name.endswith(".json")
    )
    return [DEFAULT, *(lang for lang in found if lang != DEFAULT)]


def translator(lang: str) -> Translator:
    templates = catalog(lang)

    def translate(message: Message) -> str:
        return render(_named_colour(message, templates), templates)

    return translate


def _named_colour(message: Message, templates: Mapping[str, str]) -> Message:
    """The rules name a balloon by its colour id ("red"); in another language the
    sentence shows the colour's own name from the UI's colour labels."""
    colour = message.params.get("colour")
    name = templates.get(f"ui.c_{colour}") if isinstance(colour, str) else None
    if name is None:
        return message
    return Message(message.key, {**message.params, "colour": name})
