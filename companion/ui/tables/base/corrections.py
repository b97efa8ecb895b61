"""What a tap on a player's (or a balloon's) counts corrects, and a correction in
words. No Kivy here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from companion.core.messages import Catalog, Message, Param
from companion.ui.strings import UI
from companion.ui.tables.base.go import Send


@dataclass(frozen=True)
class Counter:
    """One count a correction puts right: the `adjust` token, its name, the count
    now, and its drawing (a widget class name and its `kind`)."""

    token: str
    label: Message
    count: int
    icon: tuple[str, str] = ("", "")  # none: the count's name says it


@dataclass(frozen=True)
class Deed:
    """Something a player's tap may do besides correcting the counts (pass them the
    turn, put them out of the game): its words, the action it sends and, for one
    that changes a lot in one tap, the news once done (how UNDO takes it back)."""

    label: Message
    send: Send
    said: Message | None = None


@dataclass(frozen=True)
class Correction:
    """What a tap on a player's (or a balloon's) tokens corrects: a title, the fields
    that name them in an `adjust` ({"player": "Jan"}, {"balloon": "red"}) and the
    counts, each put right by one `adjust` the rules check."""

    title: Message
    fields: Mapping[str, str]
    counters: tuple[Counter, ...]


def player_correction(name: str, *counters: Counter) -> Correction:
    """A player's own counts (an `adjust` names the player)."""
    return Correction(UI("correct_title", player=name), {"player": name}, counters)


class Adjustment(Protocol):
    """A correction (`adjust`) of any table: one token up or down."""

    @property
    def token(self) -> str: ...

    @property
    def delta(self) -> int: ...


def adjusted(catalog: Catalog, action: Adjustment, **who: Param) -> Message:
    """An `adjust` in words from a table's catalog, its `did_adjust_<token>` sentence."""
    key = f"did_adjust_{action.token}"
    if key not in catalog.keys:
        return UI("did_action")
    return catalog(key, **who, delta=f"{action.delta:+d}")
