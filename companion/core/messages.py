"""Player-facing sentences as a message id plus parameters.

Rules never format text for a language: they return or raise a `Message`. English
templates are registered next to the code that uses them (so `companion replay`
prints English with no catalog files); other languages live in `companion/i18n`.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Param = str | int | float | None

_ENGLISH: dict[str, str] = {}
_FORMATTER = string.Formatter()

Translator = Callable[["Message"], str]


@dataclass(frozen=True)
class Message:
    """A sentence for the players: `key` names the template, `params` fill it."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __str__(self) -> str:
        return render(self)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


class Catalog:
    """The English templates of one namespace; calling it builds a `Message`."""

    def __init__(self, namespace: str, templates: Mapping[str, str]) -> None:
        self.namespace = namespace
        for key, template in templates.items():
            full = f"{namespace}.{key}"
            if full in _ENGLISH and _ENGLISH[full] != template:
                raise ValueError(f"message {full} registered twice with different text")
            _ENGLISH[full] = template
        self.keys = frozenset(templates)

    def __call__(self, key: str, /, **params: Param) -> Message:
        if key not in self.keys:
            raise KeyError(f"{self.namespace}.{key} is not a registered message")
        return Message(f"{self.namespace}.{key}", params)


def english_templates() -> Mapping[str, str]:
    return dict(_ENGLISH)


def fill(template: str, params: Mapping[str, Param]) -> str:
    """Fill a template; a missing parameter shows as its name, never raises."""
    values = {
        name: _quoted(params[name]) if name in params else "{" + name + "}"
        for _, name, _, _ in _FORMATTER.parse(template)
        if name
    }
    return template.format(**values)


def printable(text: str) -> str:
    """`text` with every character that cannot be printed written as an escape
    (`\\x1b`, `\\n`), so that quoting input back never writes a control character."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _quoted(value: Param) -> Param:
    # Input quoted back to the user (a name, a card) must not break the sentence
    # over lines or smuggle control characters onto a terminal.
    return printable(value) if isinstance(value, str) else value


def render(message: Message, templates: Mapping[str, str] | None = None) -> str:
    """Render in the given catalog, falling back to English, then to the key."""
    template = None
    if templates is not None:
        template = templates.get(message.key)
    if template is None:
        template = _ENGLISH.get(message.key, message.key)
    return fill(template, message.params)
