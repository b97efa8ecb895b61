"""An action in the players' words from a game's table of sayings: what each table's
`describe` does once it knows whose turn it was. Pure: no Kivy."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from companion.core.messages import Message
from companion.ui.strings import UI

S = TypeVar("S")
Say = Callable[[Any, S, str], Message]


def plainly(catalog: Callable[..., Message], keys: Mapping[str, str]) -> dict[str, Say[Any]]:
    """Sayings for the actions said by the player's name alone (each type -> its key)."""

    def saying(key: str) -> Say[Any]:
        return lambda _action, _before, player: catalog(key, player=player)

    return {kind: saying(key) for kind, key in keys.items()}


def in_words(said: Mapping[str, Say[S]], action: Any, before: S, player: str) -> Message:
    """`action`, applied to `before` in `player`'s turn, as its type's saying says it;
    an action with none, in the plain words every table has."""
    say = said.get(str(getattr(action, "type", "")))
    return say(action, before, player) if say else UI("did_action")
