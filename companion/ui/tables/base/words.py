"""An action in the players' words from a game's table of sayings: what each table's
`describe` does once it knows whose turn it was. Pure: no Kivy."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.ui.strings import UI

S = TypeVar("S")
Say = Callable[[ActionBase, S, str], Message]


def plainly(catalog: Callable[..., Message], keys: Mapping[str, str]) -> dict[str, Say[object]]:
    """Sayings for the actions said by the player's name alone (each type -> its key)."""

    def saying(key: str) -> Say[object]:
        return lambda _action, _before, player: catalog(key, player=player)

    return {kind: saying(key) for kind, key in keys.items()}


def in_words(said: Mapping[str, Say[S]], action: ActionBase, before: S, player: str) -> Message:
    """`action`, applied to `before` in `player`'s turn, as its type's saying says it;
    an action with none, in the plain words every table has."""
    say = said.get(action.type_name)
    return say(action, before, player) if say else UI("did_action")
