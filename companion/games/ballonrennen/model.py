"""Ballonrennen's data: the box's numbers, options, actions and the state. Altitude
is derived from the tokens, never stored apart."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field

from companion.core.model import ActionBase, Frozen, PlayerAdjust, by_name
from companion.games.ballonrennen.messages import M

COLOURS = ("red", "yellow", "green", "blue", "white")
DEFAULT_DECK: dict[str, int] = {
    "turn_1": 8,
    "turn_2": 8,
    "turn_3": 8,
    "turn_all": 4,
    "favourable": 6,
    "calm": 6,
    "weak": 5,
    "rising": 5,
    "updraught": 5,
    "downdraught": 5,
}
START_GAS = 4
START_SANDBAGS = 3
REPLENISH = 3
MAX_ALTITUDE = 3
TOKENS = ("gas", "sandbags", "mail_sack")
TOKEN_LIMITS = {"gas": START_GAS, "sandbags": START_SANDBAGS, "mail_sack": 1}

Direction = Literal["E", "SE", "SW", "W", "NW", "NE"]
Card = Literal[
    "turn_1",
    "turn_2",
    "turn_3",
    "turn_all",
    "favourable",
    "calm",
    "weak",
    "rising",
    "updraught",
    "downdraught",
]
DIRECTIONS: tuple[str, ...] = get_args(Direction)  # clockwise on the hex board
CARDS: tuple[str, ...] = get_args(Card)
DEFAULT_WINDS: dict[str, Direction] = {"1": "W", "2": "SE", "3": "E"}
PlayerState = Literal["waiting", "flying", "landed", "finished"]
Phase = Literal["altitude", "favourable", "move", "over"]


def rotate(direction: str, steps: int) -> str:
    """Turn a wind marker `steps` sides clockwise (negative: counterclockwise)."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + steps) % len(DIRECTIONS)]


# -- options ---------------------------------------------------------------------


class Options(Frozen):
    winds: dict[str, Direction] = Field(default_factory=lambda: dict(DEFAULT_WINDS))
    wind_deck: Literal["table", "app"] = "table"
    deck: dict[Card, Annotated[int, Field(ge=0, le=600)]] | None = None
    play_on: bool = False


# -- actions ---------------------------------------------------------------------


Adjust = PlayerAdjust  # a player's tokens, corrected


class Release(ActionBase):
    type: Literal["release"] = "release"
    sandbags: int = Field(default=0, ge=0)
    gas: int = Field(default=0, ge=0)


class Plain(ActionBase):
    """An action that is only its type: the balloon landed, dropped its mail sack, made
    a forced landing or reached the goal."""

    type: Literal["land", "drop_mail", "forced_landing", "reach_goal"]


class WindCard(ActionBase):
    type: Literal["wind_card"] = "wind_card"
    card: Card | None = None


class Favourable(ActionBase):
    type: Literal["favourable"] = "favourable"
    altitude: int = Field(ge=1, le=3)
    rotate: Literal["cw", "ccw"]


# -- state -----------------------------------------------------------------------


class Player(Frozen):
    name: str
    colour: str
    gas: int = START_GAS
    sandbags: int = START_SANDBAGS
    mail_sack: int = 1
    state: PlayerState = "waiting"
    mail_delivered: bool = False
    place: int | None = None
    forced: bool = False  # waiting after a forced landing: replenished at turn start

    @property
    def lift(self) -> int:
        """Gas canisters not balanced by ballast: the altitude when flying."""
        return self.gas - self.sandbags - self.mail_sack

    @property
    def altitude(self) -> int:
        return self.lift if self.state == "flying" else 0

    @property
    def on_ground(self) -> bool:
        return self.state in ("waiting", "landed")


class Move(Frozen):
    player: str
    altitude: int
    direction: str | None
    spaces: int


class Turn(Frozen):
    """What happened in the current turn so far."""

    card: str | None = None
    favourable_pending: bool = False
    move: Move | None = None
    landed: bool = False  # landed in this turn's altitude step
    replenished: bool = False


class State(Frozen):
    seed: int
    players: tuple[Player, ...]
    winds: tuple[str, str, str]
    app_deck: bool
    deck: tuple[str, ...] = ()  # the app deck, card by card in `CARDS` order
    shuffle: int = 0
    dealt: int = 0  # cards dealt from the current shuffle
    play_on: bool = False
    current_index: int = 0
    turn: Turn = Turn()
    over: bool = False

    @property
    def current(self) -> str | None:
        return None if self.over else self.players[self.current_index].name

    @property
    def current_player(self) -> Player:
        return self.players[self.current_index]

    def player(self, name: str) -> Player:
        return by_name(self.players, name, lambda: M("unknown_player", name=name))

    @property
    def deck_left(self) -> int | None:
        return len(self.deck) - self.dealt if self.app_deck else None

    def wind(self, altitude: int) -> str:
        return self.winds[altitude - 1]
