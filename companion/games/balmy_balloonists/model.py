"""Balmy Balloonists' data: the box's numbers, options, actions and the state
(balloons in rose order, the players, the turn record, the variants' records)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from companion.core.errors import RuleError
from companion.core.model import ActionBase, Frozen, NonZero, by_name
from companion.games.balmy_balloonists.messages import M

PALETTE = ("red", "yellow", "green", "blue", "purple", "white")
Altitude = Literal["landed", "low", "medium", "high"]
ALTITUDES: tuple[Altitude, ...] = ("landed", "low", "medium", "high")
LOW, MEDIUM, HIGH = 1, 2, 3
TOKENS = ("fuel", "gas", "ballast")
START_TOKENS = {"fuel": 11, "gas": 9, "ballast": 9}
TOKENS_IN_GAME = {"fuel": 66, "gas": 54, "ballast": 54}
CARD_COUNTS = ("hand", "in_front")
LOCAL_WIND_CARDS = 50
HAND_AT_START = 3
MAX_IN_FRONT = 3
ADVANTAGE_CARDS = (
    "friendly_winds",
    "permission_iraq",
    "permission_libya",
    "permission_china",
    "permission_sakhalin",
    "repair",
)
AdvantageCard = Literal[
    "friendly_winds",
    "permission_iraq",
    "permission_libya",
    "permission_china",
    "permission_sakhalin",
    "repair",
]
Permission = Literal[
    "permission_iraq", "permission_libya", "permission_china", "permission_sakhalin"
]
Zone = Literal["libya", "iraq", "sakhalin", "china", "area51"]
LuckCard = Literal[
    "envelope_torn",
    "solar_panels_lost",
    "comm_problems",
    "fire",
    "busy_airspace",
    "burner_problems",
    "permission_revoked",
    "bad_weather",
]
REPAIRABLE = ("comm_problems", "envelope_torn", "fire", "burner_problems")
STEPS = 6


# -- options ---------------------------------------------------------------------


class Options(Frozen):
    balloons_per_player: int | None = Field(default=None, ge=1, le=2)
    start: str | None = None
    fair_weather: bool = False
    critical_measures: bool = False
    storm: bool = False


def balloons_per_player(options: Options, count: int) -> int:
    if options.balloons_per_player is not None:
        return options.balloons_per_player
    return 2 if count <= 3 else 1


# -- actions ---------------------------------------------------------------------


class Adjust(ActionBase):
    type: Literal["adjust"] = "adjust"
    balloon: str
    token: str
    delta: NonZero


class AdvantageAction(ActionBase):
    type: Literal["advantage"] = "advantage"
    player: str
    cards: tuple[AdvantageCard, AdvantageCard]


class Plain(ActionBase):
    """An action that is only its type: a card played on the balloon's own, the friendly
    winds played, the balloon across the finish."""

    type: Literal["play_own", "friendly_winds", "cross_finish"]


class PlayOther(ActionBase):
    type: Literal["play_other"] = "play_other"
    target: str


class SwapAdvantage(ActionBase):
    type: Literal["swap_advantage"] = "swap_advantage"
    card: AdvantageCard
    from_: str = Field(alias="from")


class AltitudeAction(ActionBase):
    type: Literal["altitude"] = "altitude"
    to: Altitude


class RestrictedZone(ActionBase):
    type: Literal["restricted_zone"] = "restricted_zone"
    zone: Zone
    target: str | None = None


class Mountain(ActionBase):
    type: Literal["mountain"] = "mountain"
    kind: Literal["brown", "white"]
    target: str | None = None


class BadLuck(ActionBase):
    type: Literal["bad_luck"] = "bad_luck"
    target: str
    card: LuckCard
    repaired: bool = False
    over_mountains: bool = False
    permission: Permission | None = None
    levels: int = 0
    backward: bool = False


class CriticalMeasures(ActionBase):
    type: Literal["critical_measures"] = "critical_measures"
    balloon: str


class PlaceStorm(ActionBase):
    type: Literal["place_storm"] = "place_storm"
    balloon: str
    where: Literal["above", "on", "below"]


class PlayStorm(ActionBase):
    type: Literal["play_storm"] = "play_storm"


class StormWeather(ActionBase):
    type: Literal["storm_weather"] = "storm_weather"
    target: str
    levels: int = 0
    backward: bool = False


# -- state -----------------------------------------------------------------------


class Balloon(Frozen):
    colour: str
    owner: str
    altitude: Altitude = "landed"
    fuel: int = START_TOKENS["fuel"]
    gas: int = START_TOKENS["gas"]
    ballast: int = START_TOKENS["ballast"]
    hand: int = HAND_AT_START
    in_front: int = 0
    skip_turns: int = 0
    no_own_card_turns: int = 0
    no_rise_next_turn: bool = False
    no_forward_next_turn: bool = False
    finished: bool = False
    out: bool = False

    @property
    def racing(self) -> bool:
        return not (self.finished or self.out)

    @property
    def level(self) -> int:
        return ALTITUDES.index(self.altitude)


class Player(Frozen):
    name: str
    balloons: tuple[str, ...]
    advantage: tuple[str, ...] = ()
    advantage_recorded: bool = False


class Turn(Frozen):
    """What happened in the current balloon's turn so far, and which restrictions
    cover it (those received during the turn cover the balloon's next turn)."""

    number: int = 1
    card: Literal["own", "other", "storm"] | None = None
    card_target: str | None = None
    bad_luck: bool = False
    critical: bool = False
    swapped: bool = False
    altitude: bool = False
    flown: bool = False
    covers_no_own: bool = False
    covers_no_rise: bool = False
    covers_no_forward: bool = False
    got_no_rise: bool = False
    got_no_forward: bool = False
    skipped: tuple[str, ...] = ()


class Variants(Frozen):
    fair_weather: bool = False
    critical_measures: bool = False
    storm: bool = False


class StormMove(Frozen):
    turn: int
    balloon: str


class Storm(Frozen):
    placed_by: str
    where: Literal["above", "on", "below"]
    turn: int
    moves: tuple[StormMove, ...] = ()


class CriticalMeasure(Frozen):
    turn: int
    balloon: str
    against: str


class State(Frozen):
    seed: int
    variants: Variants = Variants()
    players: tuple[Player, ...]
    balloons: tuple[Balloon, ...]
    markers: tuple[str, str]
    current: int = 0
    turn: Turn = Turn()
    over: bool = False
    winner: str | None = None
    storm: Storm | None = None
    critical_log: tuple[CriticalMeasure, ...] = ()

    def balloon(self, colour: str) -> Balloon:
        for balloon in self.balloons:
            if balloon.colour == colour:
                return balloon
        raise RuleError(M("unknown_balloon", colour=colour))

    def index(self, colour: str) -> int:
        return [b.colour for b in self.balloons].index(colour)

    def player(self, name: str) -> Player:
        return by_name(self.players, name, lambda: M("unknown_player", name=name))

    @property
    def current_balloon(self) -> Balloon | None:
        return None if self.over else self.balloons[self.current]

    @property
    def active(self) -> Balloon:
        """The balloon whose turn it is (the game is not over)."""
        return self.balloons[self.current]
