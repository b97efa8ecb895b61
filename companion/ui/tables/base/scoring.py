"""How the end of a game is shown: each player's score in parts (the results and
History draw them as bars), and, for a game whose final count the table types in, the
score screen's rows, its action and its table. All from the rules' summary and
helpers: the screens count nothing themselves. No Kivy here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.messages import Message
from companion.core.session import Session
from companion.ui.strings import UI
from companion.ui.tables.base.go import Send


@dataclass(frozen=True)
class ScorePart:
    """One part of a player's score: its points (drawn right of zero when they add,
    left when they take away), its colour and its name in the legend."""

    points: int
    colour: str  # "#RRGGBB"
    legend: Message


@dataclass(frozen=True)
class ScoreRow:
    """One number the score screen asks for: its key in the action, its words, the
    colour of its swatch."""

    key: str
    label: Message
    colour: str


@dataclass(frozen=True)
class ScoreChoice:
    """One answer that ends the game in a tap (won, lost), and the action it sends."""

    label: Message
    send: Send


@dataclass(frozen=True)
class ScoreSheet:
    """What the score screen asks for when the count is the table's to type (once the
    game is over, or as the way it ends): a number of up to `digits` digits for each
    row (below zero too where `negative`), sent as the action `action` with the
    numbers in its field `field`; `missing` says a number is still to type. Or,
    with `choices`, no numbers: one tap on an answer sends its action."""

    help: Message
    rows: tuple[ScoreRow, ...]
    missing: Message
    action: str
    field: str
    digits: int = 2
    negative: bool = False
    choices: tuple[ScoreChoice, ...] = ()

    def send(self, entered: Mapping[str, int]) -> Send:
        return Send(self.action, {self.field: {r.key: int(entered[r.key]) for r in self.rows}})

    def typed(self, digits: str, key: str) -> str:
        """`digits` (a row's number as typed so far) after the key `key`: a digit
        (at most `digits` of them, no leading zero), "<" (delete) or "-" (the sign,
        where the numbers may be below zero)."""
        sign = "-" if digits.startswith("-") else ""
        number = digits.removeprefix("-")
        if key == "-":
            return number if sign or not self.negative else "-" + number
        if key == "<":
            return sign + number[:-1] if number[:-1] else ""
        number = (number + key)[-self.digits :].lstrip("0") or "0"
        return sign + number


@dataclass(frozen=True)
class ScoreTable:
    """The score screen's live table: its column headers, a row of texts per player
    (the last column is the score) and each column's least width (px at 800x480)."""

    headers: tuple[Message, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[int, ...] = (88, 52)


@dataclass(frozen=True)
class PlayedGame:
    """The game a finished play is logged as at BG Stats: its name there, its id
    (`sourceGameId`: short, and the same for every play of that game), whether the
    highest score wins, whether it has no points (a race, places, a game won or lost
    together), whether it is won or lost together, and its BoardGameGeek id where it
    is known."""

    name: str
    source_id: str
    highest_wins: bool = True
    no_points: bool = False
    bgg_id: int | None = None
    cooperative: bool = False


class Scoring:
    """A game's end on screen. By default: no parts to draw, nothing to type, and a
    table of the players' scores; a game says what differs."""

    def parts(self, player: Mapping[str, Any]) -> Sequence[ScorePart]:
        """The parts of a player's score (a player of the summary), () for none."""
        return ()

    def sheet(self, session: Session[Any]) -> ScoreSheet | None:
        """What the score screen asks for; None when the game needs no count typed."""
        return None

    def colours(self, session: Session[Any]) -> dict[str, tuple[str, ...]] | None:
        """Each player's colours (colour ids) where they are not their seat's (a
        player's balloons); None: their seat's, or the secret balloons they held."""
        return None

    def standing(self, session: Session[Any]) -> dict[str, tuple[Message, ...]]:
        """Why a player ranks where they do besides their score (out of the game, and
        when), by name, as the score and results screens and History say it; none in
        a game where nobody goes out."""
        return {}

    def outcome(self, options: Mapping[str, Any], summary: Mapping[str, Any]) -> Message | None:
        """What History says of a finished game without a winner (lost together),
        from its options and stored summary; None: nothing beside the winners."""
        return None

    def table(self, summary: Mapping[str, Any]) -> ScoreTable:
        """The score screen's table of `summary` (the rules' summary as if the numbers
        typed so far were sent)."""
        rows = tuple(
            (str(p["name"]), "" if p.get("score") is None else str(p["score"]))
            for p in summary.get("players", [])
        )
        return ScoreTable((UI("score_col_player"), UI("score_col_total")), rows)
