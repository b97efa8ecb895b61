"""Any board game's data: the limits of its options, the options, the actions and
the state."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import PlainValidator
from pydantic_core import PydanticCustomError

from companion.core.model import ActionBase, Frozen, PlayerAdjust, by_name
from companion.games.any_game.messages import M

MIN_PLAYERS, MAX_PLAYERS = 1, 8
TITLE_LONGEST = 60
COUNTER_NAME_LONGEST = 24
COUNTERS_MOST = 8
COUNTER_ID = r"[a-z0-9_]{1,16}"
CATEGORIES_MOST = 12  # a score sheet's lines
TIMER_SECONDS = (5, 600, 60)  # least, most, default
BANK_SECONDS = (60, 36000, 1200)
INCREMENT_SECONDS = (0, 600, 0)  # a Fischer increment after each turn ended
DELAY_SECONDS = (0, 600, 0)  # the free first seconds of each turn
BANK_MOST = 36000  # a bank never holds more, increments or not
TURN_SECONDS_MOST = 36000

Clock = Literal["none", "turn", "bank"]
Scoring = Literal["high", "low", "places", "coop"]
Direction = Literal["clockwise", "counterclockwise"]


# -- options ---------------------------------------------------------------------


class Counter(Frozen):
    """A count every player holds (coins, lives, victory points): `min` and `max`
    may be `null` (no bound)."""

    id: str
    name: str
    start: int = 0
    min: int | None = 0
    max: int | None = None


class Category(Frozen):
    """A line of the score sheet: each player's points in it are typed at the end
    (`score`), and their points are the sum of their lines."""

    id: str
    name: str


class Options(Frozen):
    title: str
    bgg_id: int | None = None
    clock: Clock = "none"
    timer_seconds: int | None = None
    bank_seconds: int | None = None
    increment_seconds: int | None = None
    delay_seconds: int | None = None
    counters: tuple[Counter, ...] = ()
    scoring: Scoring = "high"
    score_from: str | None = None
    categories: tuple[Category, ...] = ()

    @property
    def hourglass(self) -> int | None:
        """The seconds of the turn's hourglass (clock `"turn"`), else None."""
        if self.clock != "turn":
            return None
        return TIMER_SECONDS[2] if self.timer_seconds is None else self.timer_seconds

    @property
    def bank(self) -> int | None:
        """Each player's time bank at the start (clock `"bank"`), else None."""
        if self.clock != "bank":
            return None
        return BANK_SECONDS[2] if self.bank_seconds is None else self.bank_seconds

    @property
    def increment(self) -> int:
        """The seconds added to a bank after each turn ended (0: none)."""
        return self.increment_seconds or 0

    @property
    def delay(self) -> int:
        """The free first seconds of each turn of a bank (0: none)."""
        return self.delay_seconds or 0

    def counter(self, counter_id: str) -> Counter | None:
        return next((c for c in self.counters if c.id == counter_id), None)


# -- actions ---------------------------------------------------------------------


Adjust = PlayerAdjust  # a counter of a player, corrected; `token` is the counter's id


class Plain(ActionBase):
    """An action that is only its type: the turn's clock started or ran out, the
    direction of play reversed."""

    type: Literal["start_timer", "timer_expired", "reverse"]


class EndTurn(ActionBase):
    type: Literal["end_turn"] = "end_turn"
    seconds: int | None = None  # the time the turn used: with a time bank only


class PassTo(ActionBase):
    type: Literal["pass_to"] = "pass_to"
    player: str
    seconds: int | None = None


class Eliminate(ActionBase):
    type: Literal["eliminate"] = "eliminate"
    player: str


def _points_entry(value: Any) -> int | dict[str, int]:
    """A player's entry of `score`: a JSON integer, or (with a score sheet) an object
    of JSON integers; nothing converted (`true` is not 1). Which of the two the game
    takes is the rules' to say."""
    if type(value) is int:
        return value
    if type(value) is dict and all(type(points) is int for points in value.values()):
        return value
    raise PydanticCustomError(
        "points", "must be a whole number, or with categories an object of whole numbers"
    )


PointsEntry = Annotated[int | dict[str, int], PlainValidator(_points_entry)]


class Score(ActionBase):
    type: Literal["score"] = "score"
    points: dict[str, PointsEntry]


class Places(ActionBase):
    type: Literal["places"] = "places"
    places: dict[str, int]


class Finish(ActionBase):
    type: Literal["finish"] = "finish"
    won: bool | None = None


# -- state -----------------------------------------------------------------------


class Player(Frozen):
    name: str
    tokens: dict[str, int]
    bank: int | None = None
    out_of_time: bool = False
    out: int | None = None  # when the player went out of the game: 1 the first, ...
    out_turn: int | None = None  # the turn they went out in (1 + turns ended then)

    @property
    def playing(self) -> bool:
        return self.out is None


class Turn(Frozen):
    """What happened to the current turn's clock so far."""

    timer_started: bool = False
    timer_expired: bool = False


class State(Frozen):
    options: Options
    players: tuple[Player, ...]
    current: int = 0
    direction: Direction = "clockwise"
    turns_ended: int = 0
    turn: Turn = Turn()
    over: bool = False
    points: dict[str, int] | None = None  # given by `score` (with a sheet: its sums)
    sheets: dict[str, dict[str, int]] | None = None  # given by `score` with categories
    places: dict[str, int] | None = None  # given by `places`
    won: bool | None = None  # given by `finish` in a cooperative game

    def player(self, name: str) -> Player:
        return by_name(self.players, name, M("unknown_player", name=name))

    def index(self, name: str) -> int:
        return [p.name for p in self.players].index(self.player(name).name)

    @property
    def active(self) -> Player:
        """The player whose turn it is (or was, once the game is over)."""
        return self.players[self.current]

    @property
    def gone_out(self) -> int:
        return sum(1 for p in self.players if not p.playing)
