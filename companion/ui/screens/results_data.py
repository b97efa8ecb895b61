"""The score's parts as the results and History draw them, without Kivy: each
player's parts from the game's table (`Scoring.parts`, the rules' numbers), the
scales the rows share so their bars line up, and the legend."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.core.messages import Message
from companion.core.terms import colours as colour_list
from companion.ui.tables.base.scoring import ScorePart, Scoring

Bars = list[tuple[int, str]]  # a row of the bars: (points, "#RRGGBB") per part


def bars(parts: Sequence[ScorePart]) -> Bars:
    return [(part.points, part.colour) for part in parts]


def scales(rows: Sequence[Bars]) -> tuple[int, int]:
    """(right, left): the longest gain and the longest loss of all rows (1 at least)."""
    right = max([1, *(sum(p for p, _ in row if p > 0) for row in rows)])
    left = max([1, *(-sum(p for p, _ in row if p < 0) for row in rows)])
    return right, left


def legend(scoring: Scoring, players: Sequence[Mapping[str, Any]]) -> list[tuple[Message, str]]:
    """The parts' names and colours, as the first player's parts give them."""
    for player in players:
        parts = scoring.parts(player)
        if parts:
            return [(part.legend, part.colour) for part in parts]
    return []


def by_rank(players: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The players by rank, tied ones in seat order (the summary's); the unranked
    (nobody won, a game abandoned) after the ranked, in seat order."""
    return sorted(players, key=lambda p: (p.get("rank") is None, p.get("rank") or 0))


def colour_names(translate: Callable[[Message], str], colours: Sequence[str]) -> str:
    """A player's colours in words ("blue and pink"); "" for none."""
    named = colour_list(colours)
    return translate(named) if isinstance(named, Message) else str(named)
