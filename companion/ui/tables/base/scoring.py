"""How the end of a game is shown: each player's score in parts (the results and
History draw them as bars), and, for a game whose final count the table types in, the
score screen's rows, its action and its table. All from the rules' summary and
helpers: the screens count nothing themselves. No Kivy here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.core.messages import Message
from companion.core.model import ActionBase
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
    colour of its swatch (None: the player's own, their chair's, which the table
    knows and the rules do not)."""

    key: str
    label: Message
    colour: str | None = None


@dataclass(frozen=True)
class ScoreCategory:
    """A line of a score sheet: its id in the action and its name (the group's own
    words, shown as they are)."""

    key: str
    name: str


CELL = "\n"  # between a row's key and a category's in a cell's key (no name holds one)


def cell(row: str, category: str) -> str:
    """The key of a score sheet's cell: a player's points in one category."""
    return f"{row}{CELL}{category}"


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
    with `choices`, no numbers: one tap on an answer sends its action. With
    `categories`, a score sheet: a number for each row in each category (the cell
    keys of `cell`), sent as a map per row naming every category, typed on the
    sheet's own screen."""

    help: Message
    rows: tuple[ScoreRow, ...]
    missing: Message
    action: str
    field: str
    digits: int = 2
    negative: bool = False
    choices: tuple[ScoreChoice, ...] = ()
    categories: tuple[ScoreCategory, ...] = ()

    @property
    def screen(self) -> str:
        """The screen it is typed on: the grid of a score sheet, or the score screen."""
        return "sheet" if self.categories else "score"

    @property
    def keys(self) -> tuple[str, ...]:
        """Every number to type: a row's, or (a score sheet) a cell's, row by row."""
        if not self.categories:
            return tuple(r.key for r in self.rows)
        return tuple(cell(r.key, c.key) for r in self.rows for c in self.categories)

    def send(self, entered: Mapping[str, int]) -> Send:
        if not self.categories:
            points = {r.key: int(entered[r.key]) for r in self.rows}
            return Send(self.action, {self.field: points})
        sheets = {
            r.key: {c.key: int(entered[cell(r.key, c.key)]) for c in self.categories}
            for r in self.rows
        }
        return Send(self.action, {self.field: sheets})

    def restores(self, undone: ActionBase | None) -> bool:
        """Whether `undone` (the last action undone) is this sheet's, sent before."""
        return undone is not None and undone.type_name == self.action

    def typed_before(self, undone: ActionBase | None) -> dict[str, str]:
        """The numbers of `undone` where it is this sheet's action (typed, sent, then
        undone from the results), else nothing."""
        if undone is None or not self.restores(undone):
            return {}
        return self.entries(undone.model_dump(exclude={"type", "at"}))

    def entries(self, fields: Mapping[str, object]) -> dict[str, str]:
        """The numbers of a sent action (`fields`: its fields) as typed: what an undo
        takes back is typed again, not lost. Nothing from an action of another shape."""
        given = fields.get(self.field)
        if not isinstance(given, Mapping):
            return {}
        if not self.categories:
            return {
                r.key: str(given[r.key]) for r in self.rows if isinstance(given.get(r.key), int)
            }
        found: dict[str, str] = {}
        for row in self.rows:
            line = given.get(row.key)
            if isinstance(line, Mapping):
                for category in self.categories:
                    if isinstance(line.get(category.key), int):
                        found[cell(row.key, category.key)] = str(line[category.key])
        return found

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


def player_rows(summary: Mapping[str, object]) -> list[Mapping[str, object]]:
    """The players' rows of a summary in its JSON form (the rules' now, or as stored
    for History), in seat order; none where it has no players."""
    rows = summary.get("players")
    if not isinstance(rows, list | tuple):
        return []
    return [row for row in rows if isinstance(row, Mapping)]


S = TypeVar("S")  # the game's state


class Scoring(Generic[S]):
    """A game's end on screen. By default: no parts to draw, nothing to type, and a
    table of the players' scores; a game says what differs."""

    def parts(self, player: Mapping[str, object]) -> Sequence[ScorePart]:
        """The parts of a player's score (a player's row of the summary's JSON: the
        game's own or stored in History), () for none."""
        return ()

    def sheet(self, session: Session[S]) -> ScoreSheet | None:
        """What the score screen asks for; None when the game needs no count typed."""
        return None

    def colours(self, session: Session[S]) -> dict[str, tuple[str, ...]] | None:
        """Each player's colours (colour ids) where they are not their seat's (a
        player's balloons); None: their seat's, or the secret balloons they held."""
        return None

    def standing(self, session: Session[S]) -> dict[str, tuple[Message, ...]]:
        """Why a player ranks where they do besides their score (out of the game, and
        when), by name, as the score and results screens and History say it; none in
        a game where nobody goes out."""
        return {}

    def outcome(
        self, options: Mapping[str, object], summary: Mapping[str, object]
    ) -> Message | None:
        """What History says of a finished game without a winner (lost together),
        from its options and stored summary; None: nothing beside the winners."""
        return None

    def table(self, summary: Mapping[str, object]) -> ScoreTable:
        """The score screen's table of `summary` (the rules' summary as if the numbers
        typed so far were sent)."""
        rows = tuple(
            (str(p["name"]), "" if p.get("score") is None else str(p["score"]))
            for p in player_rows(summary)
        )
        return ScoreTable((UI("score_col_player"), UI("score_col_total")), rows)
