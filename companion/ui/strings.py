"""The catalog of every sentence and label the screens show: the keys `ui.<key>`,
in English and every other language in `companion/i18n/<lang>.json`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.core.messages import Catalog, Message, Translator
from companion.core.terms import colour

UI = Catalog(
    "ui",
    terms={"colour": colour},
)


@dataclass(frozen=True)
class Said:
    """A sentence with sentences inside ("Undone: {what}"), every part rendered in
    the language of the moment it is shown."""

    frame: Message
    parts: Mapping[str, Message] = field(default_factory=dict)

    def render(self, translate: Translator) -> str:
        params = {**self.frame.params, **{k: translate(v) for k, v in self.parts.items()}}
        return translate(Message(self.frame.key, params))


def said(key: str, **parts: Message) -> Said:
    """A UI sentence whose parameters are sentences of their own."""
    return Said(UI(key), parts)
