"""The summary of a game (the game file contract's: `companion replay` prints it), as a
typed frozen model: what every game has (the players' rows, whose turn, the winners)
and each game's own parts (a row's additions, the table's part) as the game's models.

A session makes it once per change (`Session.summary`); the recorder, the strip, the
timer and `decided` read that one. `data` is its JSON form, made once when first
asked for: the store keeps it, `companion replay` prints it, the screens bind to it.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict


class Part(BaseModel):
    """A part of a summary: frozen, with the fields its model names and no other."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class PlayerRow(Part):
    """One player's row; a game's row adds its own fields after these."""

    name: str
    tokens: dict[str, int]
    score: int | None
    rank: int | None


R = TypeVar("R", bound=PlayerRow)
T = TypeVar("T", bound=Part)


class Summary(Part, Generic[R, T]):
    """A game's summary, in the contract's order of fields (the printed JSON keeps it)."""

    game: str
    over: bool
    round: int | None
    current: str | None
    players: tuple[R, ...]
    winners: tuple[str, ...]
    table: T

    @cached_property
    def data(self) -> dict[str, Any]:
        """The summary as the game file contract writes it (JSON values). Shared: read
        it, never change it."""
        return self.model_dump(mode="json")


G = TypeVar("G", bound=Summary[Any, Any])


def narrowed(found: object, kind: type[G]) -> G:
    """`found` (a session's `Summary[Any, Any]`) as one game's own summary class (the
    class pydantic made for `Summary[Row, Table]`); a TypeError for any other."""
    if not isinstance(found, kind):
        raise TypeError(f"not a {kind.__name__}: {type(found).__name__}")
    return found
