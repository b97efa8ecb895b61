"""Wyścig balonów's data: the box's numbers, options, actions and the state."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from companion.core.model import ActionBase, Frozen, PlayerAdjust, by_name
from companion.games.wyscig_balonow.messages import M

BALLOONS = ("blue", "pink", "yellow", "green", "red")
MAIL_IN_GAME = 9
OBSTACLES = 8
OBSTACLES_AT_SETUP = 4
TOKENS = ("mail", "penalty")
DICE = 5
"""Dice in a roll."""


def turns_per_round(player_count: int) -> int:
    """With 2 players each plays two turns a round (two order cards each)."""
    return 4 if player_count == 2 else player_count


def balloons_per_player(player_count: int) -> int:
    """With 2 players each holds two secret balloon cards, else one."""
    return 2 if player_count == 2 else 1


# -- options ---------------------------------------------------------------------


class Options(Frozen):
    timer_seconds: int = Field(default=30, ge=0, le=600)
    untimed: tuple[str, ...] = ()
    order_cards: Literal["app", "table"] = "app"
    balloon_cards: Literal["app"] | dict[str, tuple[str, ...]] = "app"


# -- actions ---------------------------------------------------------------------


Adjust = PlayerAdjust  # a player's tokens, corrected


class Order(ActionBase):
    type: Literal["order"] = "order"
    players: tuple[str, ...]


class Plain(ActionBase):
    """An action that is only its type: the table says it happened (a new obstacle,
    the hourglass turned, a mail token taken, a balloon on the landing pad)."""

    type: Literal["place_obstacle", "start_timer", "mail", "landed"]


class Dice(ActionBase):
    type: Literal["dice"] = "dice"
    values: tuple[int, ...]

    @field_validator("values")
    @classmethod
    def _faces(cls, values: tuple[int, ...]) -> tuple[int, ...]:
        if len(values) != DICE:
            raise ValueError(f"a roll is {DICE} dice, {len(values)} given")
        if any(not 1 <= v <= 6 for v in values):
            raise ValueError("each die shows 1 to 6")
        return values


class TimerExpired(ActionBase):
    type: Literal["timer_expired"] = "timer_expired"
    unplaced: int = Field(ge=0, le=5)


class Penalty(ActionBase):
    type: Literal["penalty"] = "penalty"
    count: int = Field(ge=1)


class Score(ActionBase):
    type: Literal["score"] = "score"
    distances: dict[str, int]

    @field_validator("distances")
    @classmethod
    def _non_negative(cls, value: dict[str, int]) -> dict[str, int]:
        if any(d < 0 for d in value.values()):
            raise ValueError("a distance is 0 or more squares")
        return value


# -- state -----------------------------------------------------------------------


class Player(Frozen):
    name: str
    balloons: tuple[str, ...]
    mail: int = 0
    penalty: int = 0
    untimed: bool = False


class Turn(Frozen):
    """What happened in the current turn so far."""

    timer_started: bool = False
    timer_expired: bool = False
    unplaced: int = 0
    dice: tuple[int, ...] | None = None


class State(Frozen):
    seed: int
    timed: bool
    order_by_app: bool
    players: tuple[Player, ...]
    round: int = 1
    order: tuple[str, ...] = ()
    turn_index: int = 0
    turn: Turn = Turn()
    obstacles: int = OBSTACLES_AT_SETUP
    obstacle_this_round: bool = False
    landed: bool = False
    over: bool = False
    distances: dict[str, int] | None = None

    @property
    def current(self) -> str | None:
        if self.over or not self.order:
            return None
        return self.order[self.turn_index]

    def player(self, name: str) -> Player:
        return by_name(self.players, name, lambda: M("unknown_player", name=name))

    @property
    def mail_taken(self) -> int:
        return sum(p.mail for p in self.players)

    @property
    def colours_held(self) -> list[str]:
        return [c for p in self.players for c in p.balloons]
