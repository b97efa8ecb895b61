"""Balmy Balloonists (rulebooks 003 in Swedish and 004 in Dutch, the same game):
fuel, helium (`gas`) and ballast per balloon, the four altitudes, the local wind
cards in hand and in front, the two silver markers on the wind rose, advantage and
luck cards, the restrictions they hang on a balloon, and the end-of-turn upkeep.

The app is the quartermaster and the memory of the table; the board (squares,
lanes, quadrant cards) stays on the table, so movement is not modelled: the table
taps what happened (a restricted zone, a mountain, the finish line).

Where the rulebooks differ, the spec (`spec/game-file.md`) stands:
- Play goes clockwise around the rose. The Swedish sequence of play once says
  "continue with the next player counterclockwise" (the Dutch says clockwise, and
  both say "play goes clockwise" in the setup); the spec's clockwise order stands.
- Two balloons each with 2–3 players is the default (the Swedish variant text says
  players "shall" fly two); the option `balloons_per_player` may still choose 1.
- The Dutch bad-weather text adds that a balloon that may not move forward still
  moves back on a negative wind; `no_forward_next_turn` is only shown to the table.

Readings where the spec and the rulebooks are silent (each is tested):
- Turn structure: the app does not force the order of the steps inside a turn
  (card, altitude, flight): the spec lists no such error, and the Dutch Q&A allows
  a turn without a card. Every "once a turn" limit is enforced.
- `restricted_zone`/`mountain` with a `target` other than the current balloon
  need that balloon to have been hit by this turn's `play_other` card.
- When the current balloon finishes or goes out of the race, its turn ends at
  once, without upkeep, and the next racing balloon's turn starts: the turn
  always belongs to a racing balloon.
- A balloon out of the race keeps its tokens, altitude and cards as they were
  (the spec discards cards only at the finish; its cards in front still lie on
  the table, so a swap may take one); bad weather it cannot pay for in full takes
  nothing (above high: the balloon is out; below low: it lands).
- A finished or out balloon keeps its restriction counters (they no longer matter).
- Restriction timing: the turn record notes which restrictions cover the turn
  that is running (those the balloon had when it started); at its end
  `no_own_card_turns` goes down by one only if it covered the turn, and
  `no_rise_next_turn`/`no_forward_next_turn` keep only what arrived during it.
- `busy_airspace` on a landed balloon leaves it landed but still sets
  `no_rise_next_turn` (it may not take off next turn). `burner_problems` over
  mountains lands the balloon, skips its next turn and also sets
  `no_rise_next_turn` (the skipped turn uses it up).
- `fire` on a landed balloon and `bad_weather` on a landed balloon change
  nothing, but they still use up the card's "?"; a repair may still be spent.
- `bad_weather` `levels` defaults to 0 (a card that only changes the lane or
  blows the balloon back); `backward` defaults to false. Fields of `bad_luck`
  that belong to another luck card are an error when given a non-default value.
- A marker that has no free racing point to move to stays where it is (only
  when fewer than two balloons still race). `table.markers` lists the two
  marked colours in rose order.
- The game is over with no winner when no balloon races any more (every balloon
  out, or the rest finished by players who cannot win); then everyone has rank 2
  ("the winner 1, everyone else 2") and `winners` is [].
- `adjust` corrects `fuel`, `gas` and `ballast`, and also the card counts `hand`
  and `in_front` (the only way to reach an empty hand, since the draw at two
  keeps three in hand). Sums over all balloons never pass what the box holds
  (66 fuel, 54 helium, 54 ballast, 50 local wind cards); `in_front` never passes 3.

Help for the screen (methods of `RULES`): `altitude_choices` (altitudes and their
cost), `can_play_own`, `targets` (balloons a card from in front may go onto),
`usable_advantage` and `swap_sources`, `current_step` and `checklist` (the six
steps of the turn, the current one marked), `restrictions` (what each restriction
means, as Messages), `storm_record` and `critical_measures_log`.

Variant options (the spec does not name them; all default to false):
- `fair_weather`: setup only. Quadrant cards are on the table, not in the app;
  the option only adds the reminder to redraw asterisk cards at the start.
- `critical_measures`: the action `critical_measures {balloon}`: the balloon a
  `play_other` card hit this turn answers with one card from in front of it
  (in front - 1); the two cards are combined into one north-south move. Once per
  card, not after that card's `bad_luck`, and that card's "?" can no longer be
  used after it. Every use is recorded (`critical_measures_log`).
- `storm`: the actions `place_storm {balloon, where}` (once: `balloon` is the
  last balloon, which decides; `where` is `above`, `on` or `below` Sakhalin's
  restricted zone), `play_storm` (the turn's local wind card, from in front onto
  the storm: in front - 1, no marker moves, recorded as a storm move) and
  `storm_weather {target, levels, backward}` (a balloon and the storm met: the
  bad-weather effect on that balloon, as if a bad-weather card were played).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from companion.core.errors import RuleError, SetupError
from companion.core.messages import Catalog, Message
from companion.core.model import ActionBase, EndTurn, Frozen, NonZero, PlayerSpec, action_table
from companion.core.rules import GameRules

GAME_ID = "balmy-balloonists"
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

M = Catalog(
    GAME_ID,
    {
        # setup
        "colour_not_used": '{name}: in Balmy Balloonists a player names "colours" '
        '(one or two), not "colour"',
        "colours_empty": '{name}: "colours" names one or two balloon colours',
        "colours_count": "{name} flies {count} balloon(s) but names {given} colours",
        "colour_unknown": '{name}: "{colour}" is not a balloon colour ({colours})',
        "colour_twice": "{name}: the {colour} balloon is taken twice",
        "too_many_balloons": "balloons_per_player: {per_player} balloons each for {count} "
        "players makes {total}; the wind rose has 6 points",
        "start_unknown": 'start: "{name}" is not playing',
        # errors
        "over": "The race is over: only corrections are left",
        "unknown_balloon": "There is no {colour} balloon in this race",
        "unknown_player": '"{name}" is not playing',
        "not_racing_finished": "The {colour} balloon has finished the race",
        "not_racing_out": "The {colour} balloon is out of the race",
        "card_played": "{player} has already played a local wind card this turn",
        "no_own_card": "{player} may not play a card on the {colour} balloon this turn",
        "hand_empty": "{player} has no local wind card in hand for the {colour} balloon",
        "three_in_front": "{player} already has 3 cards in front of the {colour} balloon; "
        "play one from there onto a marked balloon",
        "nothing_in_front": "{player} has no card in front of the {colour} balloon",
        "own_balloon": "{player} may not play a card from in front onto their own {colour} balloon",
        "not_marked": "The {colour} balloon has no silver marker; the marked balloons are "
        "{markers}",
        "swap_no_card": "{player} may swap an advantage card only after playing a local "
        "wind card this turn",
        "swap_twice": "{player} has already swapped an advantage card this turn",
        "not_held": "{player} does not hold a {card} card",
        "swap_empty": "There is no card in front of the {colour} balloon to take",
        "altitude_twice": "The {colour} balloon has already changed altitude this turn",
        "altitude_same": "The {colour} balloon is already at {altitude}",
        "altitude_landed": "A balloon lands only when the rules say so, never by choice",
        "no_rise": "The {colour} balloon may not rise this turn",
        "no_ballast": "The {colour} balloon needs {cost} ballast to rise to {altitude} "
        "and has {have}",
        "no_gas": "The {colour} balloon needs {cost} helium to descend to {altitude} "
        "and has {have}",
        "landed_event": "The {colour} balloon is landed; only a flying balloon can enter "
        "a restricted zone or fly over mountains",
        "target_not_moved": "No card moved the {colour} balloon this turn",
        "luck_no_card": 'Bad luck comes from the "?" of the card just played; '
        "no card was played this turn",
        "luck_storm": "The card was played on the storm; it cannot bring bad luck",
        "luck_twice": "This card has already brought bad luck",
        "luck_combined": 'This card was combined under critical measures; its "?" is used up',
        "luck_target": "The card was played on the {played} balloon, not on {colour}",
        "not_repairable": "A repair card cancels only communication problems, a torn "
        "envelope, fire or burner problems",
        "no_repair": "{player} holds no repair card",
        "luck_field": '"{field}" belongs to {cards}, not to {card}',
        "permission_missing": "Permission revoked needs the permission it takes away",
        "advantage_twice": "The advantage cards of {player} are already recorded",
        "finish_landed": "The {colour} balloon is landed; it must fly over the start line",
        "unknown_token": '"{token}" is not a token in Balmy Balloonists '
        "(fuel, gas, ballast; and the cards: hand, in_front)",
        "in_front_limit": "The {colour} balloon can have at most 3 cards in front",
        "negative": "The {colour} balloon would have {count} {token}",
        "token_limit": "There are only {limit} {token} tokens in the game",
        "card_limit": "There are only {limit} local wind cards in the game",
        "variant_off": "This game is played without the {variant} variant",
        "storm_placed": "The storm is already on the board",
        "storm_missing": "The storm is not on the board yet",
        "critical_no_card": "Critical measures answer a card another player played on "
        "the {colour} balloon this turn",
        "critical_twice": "Critical measures were already taken against this card",
        "critical_luck": "The card brought bad luck instead of a move; there is no move to combine",
        # prompts
        "p_winner": "{player} wins the race!",
        "p_no_winner": "No balloon is still racing: the race ends with no winner",
        "p_turn": "{player}: the {colour} balloon's turn",
        "p_skipped": "The {colour} balloon of {player} skipped its turn",
        "p_advantage": "Record the two advantage cards dealt to {player}",
        "p_fair_weather": "Fair weather: replace every quadrant card with an asterisk (*) "
        "until none shows one (the app does not keep the quadrant cards)",
        "p_storm": "Storm: the first time a balloon passes Sakhalin's restricted zone, "
        "the last balloon places the storm",
        "p_step1": "{mark} 1. Play one local wind card and follow it: from hand on the "
        "{colour} balloon, or from in front onto a marked balloon",
        "p_step1_none": "{mark} 1. The {colour} balloon cannot play a local wind card this turn",
        "p_step2": "{mark} 2. Choose a new altitude if you like (up: 1 ballast a level, "
        "down: 1 helium a level)",
        "p_step3": "{mark} 3. Fly the {colour} balloon by the quadrant card",
        "p_step4_pay": "{mark} 4. At high altitude: the {colour} balloon pays 1 fuel",
        "p_step4_sink": "{mark} 4. At high altitude with no fuel: the {colour} balloon "
        "sinks to medium",
        "p_step4_none": "{mark} 4. Not at high altitude: no fuel to pay",
        "p_step5_pay": "{mark} 5. No helium left: the {colour} balloon pays 1 fuel",
        "p_step5_sink": "{mark} 5. No helium and no fuel: the {colour} balloon sinks one level",
        "p_step5_none": "{mark} 5. Helium left: no fuel to pay",
        "p_step6_draw": "{mark} 6. Exactly 2 cards in hand: draw a local wind card",
        "p_step6_none": "{mark} 6. {hand} card(s) in hand: no card to draw",
        "r_no_own_now": "{player} may not play a card on the {colour} balloon this turn",
        "r_no_rise_now": "The {colour} balloon may not rise this turn",
        "r_no_forward_now": "The {colour} balloon may not move forward this turn "
        "(a backward wind still moves it back)",
        "r_skip_next": "The {colour} balloon of {player} skips its next {count} turn(s)",
        "r_no_own_next": "{player} may not play a card on the {colour} balloon in its "
        "next {count} turn(s)",
        "r_no_rise_next": "The {colour} balloon may not rise in its next turn",
        "r_no_forward_next": "The {colour} balloon may not move forward in its next turn",
    },
)


# -- options ---------------------------------------------------------------------


class Options(Frozen):
    balloons_per_player: Literal[1, 2] | None = None
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


class PlayOwn(ActionBase):
    type: Literal["play_own"] = "play_own"


class PlayOther(ActionBase):
    type: Literal["play_other"] = "play_other"
    target: str


class SwapAdvantage(ActionBase):
    type: Literal["swap_advantage"] = "swap_advantage"
    card: AdvantageCard
    from_: str = Field(alias="from")

    def to_json(self) -> dict[str, Any]:
        data = self.model_dump(mode="json", exclude_none=True, by_alias=True)
        return {"type": data.pop("type"), **data}


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


_LUCK_FIELDS: dict[str, tuple[LuckCard, ...]] = {
    "over_mountains": ("busy_airspace", "burner_problems"),
    "permission": ("permission_revoked",),
    "levels": ("bad_weather",),
    "backward": ("bad_weather",),
}


class BadLuck(ActionBase):
    type: Literal["bad_luck"] = "bad_luck"
    target: str
    card: LuckCard
    repaired: bool = False
    over_mountains: bool = False
    permission: Permission | None = None
    levels: int = 0
    backward: bool = False


class FriendlyWinds(ActionBase):
    type: Literal["friendly_winds"] = "friendly_winds"


class CrossFinish(ActionBase):
    type: Literal["cross_finish"] = "cross_finish"


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


ACTIONS = action_table(
    (
        Adjust,
        EndTurn,
        AdvantageAction,
        PlayOwn,
        PlayOther,
        SwapAdvantage,
        AltitudeAction,
        RestrictedZone,
        Mountain,
        BadLuck,
        FriendlyWinds,
        CrossFinish,
        CriticalMeasures,
        PlaceStorm,
        PlayStorm,
        StormWeather,
    )
)


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
        for player in self.players:
            if player.name == name:
                return player
        raise RuleError(M("unknown_player", name=name))

    @property
    def current_balloon(self) -> Balloon | None:
        return None if self.over else self.balloons[self.current]

    @property
    def active(self) -> Balloon:
        """The balloon whose turn it is (the game is not over)."""
        return self.balloons[self.current]


# -- setup -----------------------------------------------------------------------


def _check_colours(players: Sequence[PlayerSpec], per_player: int) -> None:
    seen: set[str] = set()
    for player in players:
        if player.colour is not None:
            raise SetupError(M("colour_not_used", name=player.name), field="players")
        if player.colours is None:
            continue
        if not player.colours:
            raise SetupError(M("colours_empty", name=player.name), field="players")
        if len(player.colours) > per_player:
            raise SetupError(
                M("colours_count", name=player.name, count=per_player, given=len(player.colours)),
                field="players",
            )
        for colour in player.colours:
            if colour not in PALETTE:
                raise SetupError(
                    M(
                        "colour_unknown",
                        name=player.name,
                        colour=colour,
                        colours=", ".join(PALETTE),
                    ),
                    field="players",
                )
            if colour in seen:
                raise SetupError(
                    M("colour_twice", name=player.name, colour=colour), field="players"
                )
            seen.add(colour)


def _rose(players: Sequence[PlayerSpec], per_player: int) -> list[tuple[str, str]]:
    """(colour, owner) in rose order: every first balloon in seat order, then every
    second one; named colours first, the rest the first unused palette colour."""
    slots = [(player, k) for k in range(per_player) for player in players]
    named = {
        (player.name, k): colour
        for player in players
        for k, colour in enumerate(player.colours or ())
    }
    used = set(named.values())
    rose: list[tuple[str, str]] = []
    for player, k in slots:
        colour = named.get((player.name, k))
        if colour is None:
            colour = next(c for c in PALETTE if c not in used)
            used.add(colour)
        rose.append((colour, player.name))
    return rose


def _in_rose_order(state_balloons: Sequence[Balloon], colours: Sequence[str]) -> tuple[str, str]:
    order = [b.colour for b in state_balloons]
    first, second = sorted(colours, key=order.index)
    return (first, second)


# -- the rules -------------------------------------------------------------------


@dataclass(frozen=True)
class AltitudeChoice:
    """An altitude the current balloon may choose now and what it costs."""

    altitude: str
    token: str  # "ballast" to rise, "gas" to descend
    cost: int


@dataclass(frozen=True)
class AdvantageUse:
    """An advantage card the current player may use now, and the action for it."""

    card: str
    action: str  # "friendly_winds" or "swap_advantage"


@dataclass(frozen=True)
class ChecklistStep:
    """One of the six steps: `done` (it happened this turn), `current` (what the
    table does now) or `todo` (still open; steps 4 to 6 are done by the app at
    `end_turn`, and the optional altitude step stays open until used)."""

    number: int
    message: Message
    status: Literal["done", "current", "todo"]


class BalmyBalloonists(GameRules[State, Options]):
    id = GAME_ID
    name = "Balmy Balloonists"
    min_players = 2
    max_players = 6
    options_model = Options
    actions = ACTIONS

    def check_options(self, options: Options, players: Sequence[PlayerSpec]) -> None:
        per_player = balloons_per_player(options, len(players))
        total = per_player * len(players)
        if total > len(PALETTE):
            raise SetupError(
                M("too_many_balloons", per_player=per_player, count=len(players), total=total)
            )
        _check_colours(players, per_player)
        if options.start is not None and options.start not in [p.name for p in players]:
            raise SetupError(M("start_unknown", name=options.start))

    def setup(self, players: Sequence[PlayerSpec], options: Options, seed: int) -> State:
        per_player = balloons_per_player(options, len(players))
        rose = _rose(players, per_player)
        balloons = tuple(Balloon(colour=c, owner=o) for c, o in rose)
        owned = {p.name: tuple(c for c, o in rose if o == p.name) for p in players}
        start_name = options.start or players[0].name
        start = [o for _, o in rose].index(start_name)
        n = len(balloons)
        markers = _in_rose_order(
            balloons, [balloons[(start - 1) % n].colour, balloons[(start - 2) % n].colour]
        )
        return State(
            seed=seed,
            variants=Variants(
                fair_weather=options.fair_weather,
                critical_measures=options.critical_measures,
                storm=options.storm,
            ),
            players=tuple(Player(name=p.name, balloons=owned[p.name]) for p in players),
            balloons=balloons,
            markers=markers,
            current=start,
            turn=Turn(),
        )

    def apply(self, state: State, action: ActionBase) -> State:
        if isinstance(action, Adjust):
            return _adjust(state, action)
        if state.over:
            raise RuleError(M("over"))
        return _HANDLERS[type(action)](state, action)

    def summary(self, state: State) -> dict[str, Any]:
        return _summary(state)

    def prompts(self, state: State) -> list[Message]:
        return _prompts(state)

    # -- help for the screen ------------------------------------------------------
    def current_balloon(self, state: State) -> str | None:
        balloon = state.current_balloon
        return None if balloon is None else balloon.colour

    def altitude_choices(self, state: State) -> list[AltitudeChoice]:
        """The altitudes the current balloon may choose now, with their cost."""
        balloon = state.current_balloon
        if balloon is None or state.turn.altitude:
            return []
        choices = []
        for level in range(LOW, HIGH + 1):
            if level == balloon.level:
                continue
            if level > balloon.level:
                cost, token = level - balloon.level, "ballast"
                if state.turn.covers_no_rise or balloon.ballast < cost:
                    continue
            else:
                cost, token = balloon.level - level, "gas"
                if balloon.gas < cost:
                    continue
            choices.append(AltitudeChoice(ALTITUDES[level], token, cost))
        return choices

    def can_play_own(self, state: State) -> bool:
        balloon = state.current_balloon
        return (
            balloon is not None
            and state.turn.card is None
            and not state.turn.covers_no_own
            and balloon.hand > 0
            and balloon.in_front < MAX_IN_FRONT
        )

    def targets(self, state: State) -> list[str]:
        """The balloons the current balloon may play a card from in front onto."""
        balloon = state.current_balloon
        if balloon is None or state.turn.card is not None or balloon.in_front == 0:
            return []
        return [
            colour
            for colour in state.markers
            if state.balloon(colour).racing and state.balloon(colour).owner != balloon.owner
        ]

    def swap_sources(self, state: State) -> list[str]:
        """The balloons with a card in front that a swap may take."""
        if not self.usable_advantage(state) or not _can_swap(state):
            return []
        return [b.colour for b in state.balloons if b.in_front > 0]

    def usable_advantage(self, state: State) -> list[AdvantageUse]:
        """The advantage cards the current player may use now."""
        balloon = state.current_balloon
        if balloon is None:
            return []
        held = state.player(balloon.owner).advantage
        uses = []
        if "friendly_winds" in held:
            uses.append(AdvantageUse("friendly_winds", "friendly_winds"))
        if _can_swap(state):
            uses.extend(AdvantageUse(card, "swap_advantage") for card in dict.fromkeys(held))
        return uses

    def current_step(self, state: State) -> int | None:
        if state.over:
            return None
        turn = state.turn
        if turn.flown or turn.altitude:
            return 3
        if turn.card is not None or not _can_play_any(state):
            return 2
        return 1

    def checklist(self, state: State) -> list[ChecklistStep]:
        """The six steps of the turn; steps 4 to 6 are done by the app at end_turn."""
        return _checklist(state, self.current_step(state))

    def restrictions(self, state: State, colour: str | None = None) -> list[Message]:
        """What the restrictions on a balloon (default: the current one) mean."""
        if colour is None:
            balloon = state.current_balloon
            if balloon is None:
                return []
        else:
            balloon = state.balloon(colour)
        return _restriction_messages(state, balloon)

    def storm_record(self, state: State) -> Storm | None:
        return state.storm

    def critical_measures_log(self, state: State) -> tuple[CriticalMeasure, ...]:
        return state.critical_log


# -- helpers ---------------------------------------------------------------------


def _replace(state: State, balloon: Balloon) -> State:
    balloons = tuple(balloon if b.colour == balloon.colour else b for b in state.balloons)
    return state.model_copy(update={"balloons": balloons})


def _update(state: State, colour: str, **changes: Any) -> State:
    return _replace(state, state.balloon(colour).model_copy(update=changes))


def _with_turn(state: State, **changes: Any) -> State:
    return state.model_copy(update={"turn": state.turn.model_copy(update=changes)})


def _with_player(state: State, player: Player) -> State:
    players = tuple(player if p.name == player.name else p for p in state.players)
    return state.model_copy(update={"players": players})


def _racing(state: State, colour: str) -> Balloon:
    balloon = state.balloon(colour)
    if balloon.finished:
        raise RuleError(M("not_racing_finished", colour=colour))
    if balloon.out:
        raise RuleError(M("not_racing_out", colour=colour))
    return balloon


def _discard_advantage(state: State, name: str, card: str) -> State:
    player = state.player(name)
    if card not in player.advantage:
        raise RuleError(M("not_held", player=name, card=card))
    held = list(player.advantage)
    held.remove(card)
    return _with_player(state, player.model_copy(update={"advantage": tuple(held)}))


def _restrict(
    state: State,
    colour: str,
    *,
    skip: int = 0,
    no_own: int = 0,
    no_rise: bool = False,
    no_forward: bool = False,
) -> State:
    """Hang restrictions on a balloon; they cover its next turn (if the balloon is
    the current one, not the rest of this turn)."""
    balloon = state.balloon(colour)
    state = _update(
        state,
        colour,
        skip_turns=balloon.skip_turns + skip,
        no_own_card_turns=balloon.no_own_card_turns + no_own,
        no_rise_next_turn=balloon.no_rise_next_turn or no_rise,
        no_forward_next_turn=balloon.no_forward_next_turn or no_forward,
    )
    if not state.over and state.active.colour == colour:
        state = _with_turn(
            state,
            got_no_rise=state.turn.got_no_rise or no_rise,
            got_no_forward=state.turn.got_no_forward or no_forward,
        )
    return state


def _land(state: State, colour: str, pay_gas: bool) -> State:
    """Land and skip the next turn; with `pay_gas` one helium a level, as far as
    the helium reaches."""
    balloon = state.balloon(colour)
    gas = max(0, balloon.gas - balloon.level) if pay_gas else balloon.gas
    state = _update(state, colour, altitude="landed", gas=gas)
    return _restrict(state, colour, skip=1)


def _move_marker(state: State, colour: str) -> State:
    """The marker on `colour` moves counterclockwise to the next point that holds
    no marker and whose balloon still races; it stays if there is none."""
    if colour not in state.markers:
        return state
    other = state.markers[1] if state.markers[0] == colour else state.markers[0]
    n = len(state.balloons)
    start = state.index(colour)
    for step in range(1, n + 1):
        candidate = state.balloons[(start - step) % n]
        if candidate.racing and candidate.colour != other:
            markers = _in_rose_order(state.balloons, [other, candidate.colour])
            return state.model_copy(update={"markers": markers})
    return state


def _retire(state: State, colour: str, *, finished: bool) -> State:
    """The balloon finished or is out of the race: its marker moves on, the game may
    end, and if it was the current balloon the next racing balloon's turn starts."""
    if finished:
        state = _update(state, colour, finished=True, hand=0, in_front=0)
    else:
        state = _update(state, colour, out=True)
    state = _move_marker(state, colour)
    owner = state.player(state.balloon(colour).owner)
    if finished and all(state.balloon(c).finished for c in owner.balloons):
        return state.model_copy(update={"over": True, "winner": owner.name})
    if not any(b.racing for b in state.balloons):
        return state.model_copy(update={"over": True})
    if state.active.colour == colour:
        return _next_turn(state)
    return state


def _next_turn(state: State) -> State:
    """Pass the turn clockwise to the next racing balloon; a balloon with
    `skip_turns` is passed over (count - 1), and that skipped turn uses up its
    other restrictions."""
    balloons = list(state.balloons)
    n = len(balloons)
    index = state.current
    skipped: list[str] = []
    while True:
        index = (index + 1) % n
        balloon = balloons[index]
        if not balloon.racing:
            continue
        if balloon.skip_turns == 0:
            break
        balloons[index] = balloon.model_copy(
            update={
                "skip_turns": balloon.skip_turns - 1,
                "no_own_card_turns": max(0, balloon.no_own_card_turns - 1),
                "no_rise_next_turn": False,
                "no_forward_next_turn": False,
            }
        )
        skipped.append(balloon.colour)
    balloon = balloons[index]
    turn = Turn(
        number=state.turn.number + 1,
        covers_no_own=balloon.no_own_card_turns > 0,
        covers_no_rise=balloon.no_rise_next_turn,
        covers_no_forward=balloon.no_forward_next_turn,
        skipped=tuple(skipped),
    )
    return state.model_copy(update={"balloons": tuple(balloons), "current": index, "turn": turn})


def _event_target(state: State, target: str | None) -> Balloon:
    current = state.active
    if target is None or target == current.colour:
        return current
    balloon = _racing(state, target)
    if state.turn.card != "other" or state.turn.card_target != target:
        raise RuleError(M("target_not_moved", colour=target))
    return balloon


def _mark_flown(state: State, balloon: Balloon) -> State:
    if balloon.colour == state.active.colour:
        return _with_turn(state, flown=True)
    return state


def _can_swap(state: State) -> bool:
    return state.turn.card is not None and not state.turn.swapped


def _can_play_any(state: State) -> bool:
    balloon = state.active
    own = not state.turn.covers_no_own and balloon.hand > 0 and balloon.in_front < MAX_IN_FRONT
    other = balloon.in_front > 0 and any(
        state.balloon(c).racing and state.balloon(c).owner != balloon.owner for c in state.markers
    )
    storm = state.storm is not None and balloon.in_front > 0
    return own or other or storm


def _check_no_card(state: State) -> Balloon:
    balloon = state.active
    if state.turn.card is not None:
        raise RuleError(M("card_played", player=balloon.owner))
    return balloon


# -- actions ---------------------------------------------------------------------


def _advantage(state: State, action: ActionBase) -> State:
    assert isinstance(action, AdvantageAction)
    player = state.player(action.player)
    if player.advantage_recorded:
        raise RuleError(M("advantage_twice", player=player.name))
    updated = player.model_copy(
        update={"advantage": tuple(action.cards), "advantage_recorded": True}
    )
    return _with_player(state, updated)


def _play_own(state: State, _: ActionBase) -> State:
    balloon = _check_no_card(state)
    who = {"player": balloon.owner, "colour": balloon.colour}
    if state.turn.covers_no_own:
        raise RuleError(M("no_own_card", **who))
    if balloon.hand == 0:
        raise RuleError(M("hand_empty", **who))
    if balloon.in_front >= MAX_IN_FRONT:
        raise RuleError(M("three_in_front", **who))
    state = _update(state, balloon.colour, hand=balloon.hand - 1, in_front=balloon.in_front + 1)
    return _with_turn(state, card="own", card_target=balloon.colour)


def _play_other(state: State, action: ActionBase) -> State:
    assert isinstance(action, PlayOther)
    balloon = _check_no_card(state)
    target = state.balloon(action.target)
    if balloon.in_front == 0:
        raise RuleError(M("nothing_in_front", player=balloon.owner, colour=balloon.colour))
    if target.owner == balloon.owner:
        raise RuleError(M("own_balloon", player=balloon.owner, colour=target.colour))
    _racing(state, target.colour)
    if target.colour not in state.markers:
        markers = " and ".join(state.markers)
        raise RuleError(M("not_marked", colour=target.colour, markers=markers))
    state = _update(state, balloon.colour, in_front=balloon.in_front - 1)
    state = _move_marker(state, target.colour)
    return _with_turn(state, card="other", card_target=target.colour)


def _swap_advantage(state: State, action: ActionBase) -> State:
    assert isinstance(action, SwapAdvantage)
    balloon = state.active
    if state.turn.card is None:
        raise RuleError(M("swap_no_card", player=balloon.owner))
    if state.turn.swapped:
        raise RuleError(M("swap_twice", player=balloon.owner))
    source = state.balloon(action.from_)
    state = _discard_advantage(state, balloon.owner, action.card)
    if source.in_front == 0:
        raise RuleError(M("swap_empty", colour=source.colour))
    state = _update(state, source.colour, in_front=source.in_front - 1)
    state = _update(state, balloon.colour, hand=state.balloon(balloon.colour).hand + 1)
    return _with_turn(state, swapped=True)


def _altitude(state: State, action: ActionBase) -> State:
    assert isinstance(action, AltitudeAction)
    balloon = state.active
    colour = balloon.colour
    if state.turn.altitude:
        raise RuleError(M("altitude_twice", colour=colour))
    if action.to == "landed":
        raise RuleError(M("altitude_landed"))
    level = ALTITUDES.index(action.to)
    if level == balloon.level:
        raise RuleError(M("altitude_same", colour=colour, altitude=action.to))
    if level > balloon.level:
        if state.turn.covers_no_rise:
            raise RuleError(M("no_rise", colour=colour))
        cost = level - balloon.level
        if balloon.ballast < cost:
            raise RuleError(
                M("no_ballast", colour=colour, cost=cost, altitude=action.to, have=balloon.ballast)
            )
        state = _update(state, colour, altitude=action.to, ballast=balloon.ballast - cost)
    else:
        cost = balloon.level - level
        if balloon.gas < cost:
            raise RuleError(
                M("no_gas", colour=colour, cost=cost, altitude=action.to, have=balloon.gas)
            )
        state = _update(state, colour, altitude=action.to, gas=balloon.gas - cost)
    return _with_turn(state, altitude=True)


def _restricted_zone(state: State, action: ActionBase) -> State:
    assert isinstance(action, RestrictedZone)
    balloon = _event_target(state, action.target)
    if balloon.altitude == "landed":
        raise RuleError(M("landed_event", colour=balloon.colour))
    state = _mark_flown(state, balloon)
    held = state.player(balloon.owner).advantage
    if action.zone != "area51" and f"permission_{action.zone}" in held:
        return state
    return _land(state, balloon.colour, pay_gas=True)


def _mountain(state: State, action: ActionBase) -> State:
    assert isinstance(action, Mountain)
    balloon = _event_target(state, action.target)
    if balloon.altitude == "landed":
        raise RuleError(M("landed_event", colour=balloon.colour))
    state = _mark_flown(state, balloon)
    needed = MEDIUM if action.kind == "brown" else HIGH
    if balloon.level >= needed:
        return state
    return _land(state, balloon.colour, pay_gas=False)


def _bad_luck(state: State, action: ActionBase) -> State:
    assert isinstance(action, BadLuck)
    turn = state.turn
    if turn.card is None:
        raise RuleError(M("luck_no_card"))
    if turn.card == "storm":
        raise RuleError(M("luck_storm"))
    if turn.bad_luck:
        raise RuleError(M("luck_twice"))
    if turn.critical:
        raise RuleError(M("luck_combined"))
    target = state.balloon(action.target)
    if target.colour != turn.card_target:
        raise RuleError(M("luck_target", played=turn.card_target, colour=target.colour))
    _check_luck_fields(action)
    state = _with_turn(state, bad_luck=True)
    if action.repaired:
        if action.card not in REPAIRABLE:
            raise RuleError(M("not_repairable"))
        if "repair" not in state.player(target.owner).advantage:
            raise RuleError(M("no_repair", player=target.owner))
        return _discard_advantage(state, target.owner, "repair")
    return _luck_effect(state, target, action)


def _check_luck_fields(action: BadLuck) -> None:
    defaults: dict[str, Any] = {
        "over_mountains": False,
        "permission": None,
        "levels": 0,
        "backward": False,
    }
    for name, cards in _LUCK_FIELDS.items():
        if action.card not in cards and getattr(action, name) != defaults[name]:
            raise RuleError(
                M("luck_field", field=name, cards=" and ".join(cards), card=action.card)
            )
    if action.card == "permission_revoked" and action.permission is None:
        raise RuleError(M("permission_missing"))


def _luck_effect(state: State, target: Balloon, action: BadLuck) -> State:
    colour = target.colour
    card = action.card
    if card == "envelope_torn":
        return _update(state, colour, gas=max(0, target.gas - 3))
    if card == "solar_panels_lost":
        return _update(state, colour, fuel=max(0, target.fuel - 2))
    if card == "comm_problems" or (card == "fire" and target.altitude != "landed"):
        return _restrict(state, colour, no_own=1)
    if card == "busy_airspace" and not action.over_mountains:
        return _down_to_low(state, target)
    if card == "burner_problems":
        if action.over_mountains:
            state = _land(state, colour, pay_gas=True)
            return _restrict(state, colour, no_rise=True)
        return _down_to_low(state, target)
    if card == "permission_revoked":
        assert action.permission is not None
        return _discard_advantage(state, target.owner, action.permission)
    if card == "bad_weather":
        return _weather(state, colour, action.levels, action.backward)
    return state  # fire on a landed balloon, busy airspace over mountains


def _down_to_low(state: State, balloon: Balloon) -> State:
    """Down to low paying one helium a level as far as it reaches; no rise next turn."""
    if balloon.level > LOW:
        gas = max(0, balloon.gas - (balloon.level - LOW))
        state = _update(state, balloon.colour, altitude="low", gas=gas)
    return _restrict(state, balloon.colour, no_rise=True)


def _weather(state: State, colour: str, levels: int, backward: bool) -> State:
    balloon = state.balloon(colour)
    if balloon.altitude == "landed":
        return state
    level = balloon.level + levels
    if level > HIGH:
        cost = 2 * (level - HIGH)
        if balloon.gas + balloon.fuel < cost:
            return _retire(state, colour, finished=False)
        gas_paid = min(balloon.gas, cost)
        state = _update(
            state,
            colour,
            altitude="high",
            gas=balloon.gas - gas_paid,
            fuel=balloon.fuel - (cost - gas_paid),
        )
    elif level < LOW:
        cost = 2 * (LOW - level)
        if balloon.ballast >= cost:
            state = _update(state, colour, altitude="low", ballast=balloon.ballast - cost)
        else:
            state = _update(state, colour, altitude="landed")
            state = _restrict(state, colour, skip=1)
    else:
        state = _update(state, colour, altitude=ALTITUDES[level])
    if backward:
        state = _restrict(state, colour, no_forward=True)
    return state


def _friendly_winds(state: State, _: ActionBase) -> State:
    return _discard_advantage(state, state.active.owner, "friendly_winds")


def _cross_finish(state: State, _: ActionBase) -> State:
    balloon = state.active
    if balloon.altitude == "landed":
        raise RuleError(M("finish_landed", colour=balloon.colour))
    state = _with_turn(state, flown=True)
    return _retire(state, balloon.colour, finished=True)


def _end_turn(state: State, _: ActionBase) -> State:
    balloon = _upkeep(state.active)
    turn = state.turn
    balloon = balloon.model_copy(
        update={
            "no_own_card_turns": balloon.no_own_card_turns - (1 if turn.covers_no_own else 0),
            "no_rise_next_turn": turn.got_no_rise,
            "no_forward_next_turn": turn.got_no_forward,
        }
    )
    return _next_turn(_replace(state, balloon))


def _upkeep(balloon: Balloon) -> Balloon:
    """Steps 4 to 6: fuel at high (else down to medium); fuel without helium (else
    one level down); draw at exactly 2 cards in hand."""
    fuel, level, hand = balloon.fuel, balloon.level, balloon.hand
    if level == HIGH:
        if fuel > 0:
            fuel -= 1
        else:
            level = MEDIUM
    if balloon.gas == 0:
        if fuel > 0:
            fuel -= 1
        else:
            level = max(0, level - 1)
    if hand == 2:
        hand += 1
    return balloon.model_copy(update={"fuel": fuel, "altitude": ALTITUDES[level], "hand": hand})


def _critical_measures(state: State, action: ActionBase) -> State:
    assert isinstance(action, CriticalMeasures)
    if not state.variants.critical_measures:
        raise RuleError(M("variant_off", variant="critical measures"))
    balloon = _racing(state, action.balloon)
    turn = state.turn
    if turn.card != "other" or turn.card_target != balloon.colour:
        raise RuleError(M("critical_no_card", colour=balloon.colour))
    if turn.critical:
        raise RuleError(M("critical_twice"))
    if turn.bad_luck:
        raise RuleError(M("critical_luck"))
    if balloon.in_front == 0:
        raise RuleError(M("nothing_in_front", player=balloon.owner, colour=balloon.colour))
    state = _update(state, balloon.colour, in_front=balloon.in_front - 1)
    record = CriticalMeasure(turn=turn.number, balloon=balloon.colour, against=state.active.colour)
    state = state.model_copy(update={"critical_log": (*state.critical_log, record)})
    return _with_turn(state, critical=True)


def _place_storm(state: State, action: ActionBase) -> State:
    assert isinstance(action, PlaceStorm)
    if not state.variants.storm:
        raise RuleError(M("variant_off", variant="storm"))
    if state.storm is not None:
        raise RuleError(M("storm_placed"))
    balloon = _racing(state, action.balloon)
    storm = Storm(placed_by=balloon.colour, where=action.where, turn=state.turn.number)
    return state.model_copy(update={"storm": storm})


def _play_storm(state: State, _: ActionBase) -> State:
    if not state.variants.storm:
        raise RuleError(M("variant_off", variant="storm"))
    if state.storm is None:
        raise RuleError(M("storm_missing"))
    balloon = _check_no_card(state)
    if balloon.in_front == 0:
        raise RuleError(M("nothing_in_front", player=balloon.owner, colour=balloon.colour))
    state = _update(state, balloon.colour, in_front=balloon.in_front - 1)
    move = StormMove(turn=state.turn.number, balloon=balloon.colour)
    storm = state.storm
    assert storm is not None
    state = state.model_copy(
        update={"storm": storm.model_copy(update={"moves": (*storm.moves, move)})}
    )
    return _with_turn(state, card="storm", card_target=None)


def _storm_weather(state: State, action: ActionBase) -> State:
    assert isinstance(action, StormWeather)
    if not state.variants.storm:
        raise RuleError(M("variant_off", variant="storm"))
    if state.storm is None:
        raise RuleError(M("storm_missing"))
    balloon = _racing(state, action.target)
    return _weather(state, balloon.colour, action.levels, action.backward)


def _adjust(state: State, action: Adjust) -> State:
    if action.token not in (*TOKENS, *CARD_COUNTS):
        raise RuleError(M("unknown_token", token=action.token))
    balloon = state.balloon(action.balloon)
    count = getattr(balloon, action.token) + action.delta
    if count < 0:
        raise RuleError(M("negative", colour=balloon.colour, count=count, token=action.token))
    if action.token == "in_front" and count > MAX_IN_FRONT:
        raise RuleError(M("in_front_limit", colour=balloon.colour))
    if action.token in TOKENS:
        total = sum(getattr(b, action.token) for b in state.balloons) + action.delta
        if total > TOKENS_IN_GAME[action.token]:
            limit = TOKENS_IN_GAME[action.token]
            raise RuleError(M("token_limit", limit=limit, token=action.token))
    elif sum(b.hand + b.in_front for b in state.balloons) + action.delta > LOCAL_WIND_CARDS:
        raise RuleError(M("card_limit", limit=LOCAL_WIND_CARDS))
    return _update(state, balloon.colour, **{action.token: count})


_HANDLERS = {
    EndTurn: _end_turn,
    AdvantageAction: _advantage,
    PlayOwn: _play_own,
    PlayOther: _play_other,
    SwapAdvantage: _swap_advantage,
    AltitudeAction: _altitude,
    RestrictedZone: _restricted_zone,
    Mountain: _mountain,
    BadLuck: _bad_luck,
    FriendlyWinds: _friendly_winds,
    CrossFinish: _cross_finish,
    CriticalMeasures: _critical_measures,
    PlaceStorm: _place_storm,
    PlayStorm: _play_storm,
    StormWeather: _storm_weather,
}


# -- summary and prompts ---------------------------------------------------------


def _summary(state: State) -> dict[str, Any]:
    decided = state.over
    players: list[dict[str, Any]] = [
        {
            "name": p.name,
            "tokens": {},
            "score": None,
            "rank": (1 if p.name == state.winner else 2) if decided else None,
            "balloons": list(p.balloons),
            "advantage": list(p.advantage),
        }
        for p in state.players
    ]
    current = state.current_balloon
    return {
        "game": GAME_ID,
        "over": state.over,
        "round": None,
        "current": None if current is None else current.owner,
        "players": players,
        "winners": [state.winner] if state.winner else [],
        "table": {
            "balloons": [_balloon_summary(b) for b in state.balloons],
            "markers": list(state.markers),
            "current_balloon": None if current is None else current.colour,
        },
    }


def _balloon_summary(balloon: Balloon) -> dict[str, Any]:
    return {
        "colour": balloon.colour,
        "owner": balloon.owner,
        "altitude": balloon.altitude,
        "tokens": {"fuel": balloon.fuel, "gas": balloon.gas, "ballast": balloon.ballast},
        "hand": balloon.hand,
        "in_front": balloon.in_front,
        "skip_turns": balloon.skip_turns,
        "no_own_card_turns": balloon.no_own_card_turns,
        "no_rise_next_turn": balloon.no_rise_next_turn,
        "no_forward_next_turn": balloon.no_forward_next_turn,
        "finished": balloon.finished,
        "out": balloon.out,
    }


_MARKS = {"done": "✓", "current": "▶", "todo": "·"}


def _checklist(state: State, current: int | None) -> list[ChecklistStep]:
    if current is None:
        return []
    balloon = state.active
    colour = balloon.colour
    turn = state.turn

    done = {1: turn.card is not None, 2: turn.altitude, 3: False}

    def status(number: int) -> Literal["done", "current", "todo"]:
        if number == current:
            return "current"
        return "done" if done.get(number) else "todo"

    def step(number: int, key: str, **params: Any) -> ChecklistStep:
        st = status(number)
        return ChecklistStep(number, M(key, mark=_MARKS[st], **params), st)

    can_play = turn.card is not None or _can_play_any(state)
    steps = [
        step(1, "p_step1" if can_play else "p_step1_none", colour=colour),
        step(2, "p_step2"),
        step(3, "p_step3", colour=colour),
    ]
    fuel, level = balloon.fuel, balloon.level
    if level == HIGH:
        steps.append(step(4, "p_step4_pay" if fuel else "p_step4_sink", colour=colour))
        fuel = max(0, fuel - 1)
    else:
        steps.append(step(4, "p_step4_none"))
    if balloon.gas == 0:
        steps.append(step(5, "p_step5_pay" if fuel else "p_step5_sink", colour=colour))
    else:
        steps.append(step(5, "p_step5_none"))
    if balloon.hand == 2:
        steps.append(step(6, "p_step6_draw"))
    else:
        steps.append(step(6, "p_step6_none", hand=balloon.hand))
    assert len(steps) == STEPS
    return steps


def _restriction_messages(state: State, balloon: Balloon) -> list[Message]:
    who = {"player": balloon.owner, "colour": balloon.colour}
    messages: list[Message] = []
    no_own_next = balloon.no_own_card_turns
    no_rise_next = balloon.no_rise_next_turn
    no_forward_next = balloon.no_forward_next_turn
    if not state.over and balloon.colour == state.active.colour:
        turn = state.turn
        if turn.covers_no_own:
            messages.append(M("r_no_own_now", **who))
            no_own_next -= 1
        if turn.covers_no_rise:
            messages.append(M("r_no_rise_now", colour=balloon.colour))
        if turn.covers_no_forward:
            messages.append(M("r_no_forward_now", colour=balloon.colour))
        no_rise_next, no_forward_next = turn.got_no_rise, turn.got_no_forward
    if not balloon.racing:
        return messages
    if balloon.skip_turns:
        messages.append(M("r_skip_next", count=balloon.skip_turns, **who))
    if no_own_next > 0:
        messages.append(M("r_no_own_next", count=no_own_next, **who))
    if no_rise_next:
        messages.append(M("r_no_rise_next", colour=balloon.colour))
    if no_forward_next:
        messages.append(M("r_no_forward_next", colour=balloon.colour))
    return messages


def _prompts(state: State) -> list[Message]:
    if state.over:
        if state.winner:
            return [M("p_winner", player=state.winner)]
        return [M("p_no_winner")]
    balloon = state.active
    prompts: list[Message] = []
    for colour in state.turn.skipped:
        prompts.append(M("p_skipped", colour=colour, player=state.balloon(colour).owner))
    prompts.append(M("p_turn", player=balloon.owner, colour=balloon.colour))
    prompts.extend(
        M("p_advantage", player=p.name) for p in state.players if not p.advantage_recorded
    )
    if state.variants.fair_weather and state.turn.number == 1 and state.turn == Turn():
        prompts.append(M("p_fair_weather"))
    if state.variants.storm and state.storm is None:
        prompts.append(M("p_storm"))
    prompts.extend(_restriction_messages(state, balloon))
    prompts.extend(step.message for step in RULES.checklist(state))
    return prompts


RULES = BalmyBalloonists()
