"""Wyścig balonów (rulebook 000): five balloons, secret balloon cards, order cards,
the 30-second hourglass, mail and penalty tokens, and obstacles.

Readings where the rulebook and the spec leave room (each is tested):
- The new obstacle of a round is compulsory: a round from round 2 cannot have its
  first `end_turn` before its `place_obstacle` ("each round (except the first)
  begins with placing a new obstacle token").
- `dice` may be recorded more than once in a turn (a re-read of the dice reader or
  a corrected tap); the last roll stands. It needs an order for the round, like
  every turn action.
- `landed` may be tapped again in the same turn; it changes nothing more.
- `adjust` of `mail` can never make the players hold more than 9 together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import Field, field_validator

from companion.core import rng
from companion.core.errors import RuleError, SetupError
from companion.core.messages import Catalog, Message
from companion.core.model import ActionBase, EndTurn, Frozen, NonZero, PlayerSpec, action_table
from companion.core.ranking import competition_ranks
from companion.core.rules import GameRules

GAME_ID = "wyscig-balonow"
BALLOONS = ("blue", "pink", "yellow", "green", "red")
MAIL_IN_GAME = 9
OBSTACLES = 8
OBSTACLES_AT_SETUP = 4
TOKENS = ("mail", "penalty")

M = Catalog(
    GAME_ID,
    {
        "balloon_cards_players": "balloon_cards must name every player: {missing} missing",
        "balloon_cards_unknown": 'balloon_cards: "{name}" is not playing',
        "balloon_cards_count": "balloon_cards: {name} needs {count} balloon card(s), {given} given",
        "balloon_cards_colour": 'balloon_cards: "{colour}" is not a balloon ({colours})',
        "balloon_cards_twice": "balloon_cards: the {colour} balloon is dealt twice",
        "untimed_unknown": 'untimed: "{name}" is not playing',
        "colour_not_used": "{name}: players have no colour of their own in Wyścig balonów",
        "no_order": "Round {round} has no order yet: deal the order cards first",
        "order_given": "The order for round {round} is already set",
        "order_app": "The app deals the order cards in this game",
        "order_invalid": "That is not a deal of the order cards for {count} players: {order}",
        "obstacle_round_1": "The first round starts with the 4 obstacles of the setup; "
        "a new obstacle comes from round 2",
        "obstacle_placed": "The new obstacle of round {round} is already on the board",
        "obstacle_missing": "{player} must place the new obstacle before the first turn ends",
        "timer_twice": "The hourglass was already turned this turn",
        "timer_not_started": "The hourglass has not been turned this turn",
        "timer_untimed": "{player} plays without the hourglass",
        "timer_off": "This game is played without the hourglass",
        "expired_twice": "The hourglass already ran out this turn",
        "mail_all": "All 9 mail tokens are taken already",
        "over": "The race is over: only the score and corrections are left",
        "not_over": "The score is counted when the race is over",
        "scored": "The score has already been counted",
        "score_colours": "The score needs the distance of exactly these balloons: {colours}",
        "unknown_player": '"{name}" is not playing',
        "unknown_token": '"{token}" is not a token in Wyścig balonów (mail, penalty)',
        "negative": "{player} would have {count} {token} tokens",
        "mail_limit": "There are only 9 mail tokens in the game",
        # prompts
        "p_deal_order": "Deal the order cards for round {round} and tap the order",
        "p_setup_obstacles": "{player}: place 4 obstacles on the corner squares "
        "with the yellow frame",
        "p_place_obstacle": "{player}: place a new obstacle next to the yellow frame",
        "p_turn": "{player}: take the dice, the hourglass and the movement template",
        "p_roll_timed": "{player}: turn the hourglass and roll the dice",
        "p_roll_untimed": "{player}: roll the dice (no hourglass for you)",
        "p_place_dice": "{player}: place the dice and move the balloons",
        "p_unplaced": "{player}: place the unplaced dice on empty squares",
        "p_move_two": "{player}: move 2 obstacles, then end your turn",
        "p_move_all": "{player}: move all obstacles, then end your turn",
        "p_landed": "A balloon is on the landing pad: the race ends with this turn",
        "p_last_round": "All 8 obstacles are on the board: this is the last round",
        "p_score": "Reveal the balloon cards and count each balloon's squares "
        "to the landing zone token",
        "p_winners": "The winner: {names}",
    },
)


# -- options ---------------------------------------------------------------------


class Options(Frozen):
    timer_seconds: int = Field(default=30, ge=0, le=600)
    untimed: tuple[str, ...] = ()
    order_cards: Literal["app", "table"] = "app"
    balloon_cards: Literal["app"] | dict[str, tuple[str, ...]] = "app"


# -- actions ---------------------------------------------------------------------


class Adjust(ActionBase):
    type: Literal["adjust"] = "adjust"
    player: str
    token: str
    delta: NonZero


class Order(ActionBase):
    type: Literal["order"] = "order"
    players: tuple[str, ...]


class PlaceObstacle(ActionBase):
    type: Literal["place_obstacle"] = "place_obstacle"


class StartTimer(ActionBase):
    type: Literal["start_timer"] = "start_timer"


class Dice(ActionBase):
    type: Literal["dice"] = "dice"
    values: tuple[int, int, int, int, int]

    @field_validator("values")
    @classmethod
    def _faces(cls, values: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 1 <= v <= 6 for v in values):
            raise ValueError("each die shows 1 to 6")
        return values


class TimerExpired(ActionBase):
    type: Literal["timer_expired"] = "timer_expired"
    unplaced: int = Field(ge=0, le=5)


class Penalty(ActionBase):
    type: Literal["penalty"] = "penalty"
    count: int = Field(ge=1)


class Mail(ActionBase):
    type: Literal["mail"] = "mail"


class Landed(ActionBase):
    type: Literal["landed"] = "landed"


class Score(ActionBase):
    type: Literal["score"] = "score"
    distances: dict[str, int]

    @field_validator("distances")
    @classmethod
    def _non_negative(cls, value: dict[str, int]) -> dict[str, int]:
        if any(d < 0 for d in value.values()):
            raise ValueError("a distance is 0 or more squares")
        return value


Action = (
    Adjust
    | EndTurn
    | Order
    | PlaceObstacle
    | StartTimer
    | Dice
    | TimerExpired
    | Penalty
    | Mail
    | Landed
    | Score
)
ACTIONS = action_table(
    (
        Adjust,
        EndTurn,
        Order,
        PlaceObstacle,
        StartTimer,
        Dice,
        TimerExpired,
        Penalty,
        Mail,
        Landed,
        Score,
    )
)


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
        for player in self.players:
            if player.name == name:
                return player
        raise RuleError(M("unknown_player", name=name))

    @property
    def mail_taken(self) -> int:
        return sum(p.mail for p in self.players)

    @property
    def colours_held(self) -> list[str]:
        return [c for p in self.players for c in p.balloons]


# -- the rules -------------------------------------------------------------------


class WyscigBalonow(GameRules[State, Options]):
    id = GAME_ID
    name = "Wyścig balonów"
    min_players = 2
    max_players = 4
    options_model = Options
    actions = ACTIONS

    def check_options(self, options: Options, players: Sequence[PlayerSpec]) -> None:
        names = [p.name for p in players]
        for player in players:
            if player.colour is not None or player.colours is not None:
                raise SetupError(M("colour_not_used", name=player.name), field="players")
        for name in options.untimed:
            if name not in names:
                raise SetupError(M("untimed_unknown", name=name))
        if isinstance(options.balloon_cards, dict):
            _check_balloon_cards(options.balloon_cards, names)

    def setup(self, players: Sequence[PlayerSpec], options: Options, seed: int) -> State:
        names = [p.name for p in players]
        cards = _deal_balloons(options.balloon_cards, names, seed)
        state = State(
            seed=seed,
            timed=options.timer_seconds > 0,
            order_by_app=options.order_cards == "app",
            players=tuple(
                Player(name=n, balloons=cards[n], untimed=n in options.untimed) for n in names
            ),
        )
        return _deal_order(state)

    def apply(self, state: State, action: ActionBase) -> State:
        if isinstance(action, Adjust):
            return _adjust(state, action)
        if state.over:
            if isinstance(action, Score):
                return _score(state, action)
            raise RuleError(M("over"))
        if isinstance(action, Score):
            raise RuleError(M("not_over"))
        if isinstance(action, Order):
            return _order(state, action)
        if not state.order:
            raise RuleError(M("no_order", round=state.round))
        handler = _TURN_ACTIONS[type(action)]
        return handler(state, action)

    def summary(self, state: State) -> dict[str, Any]:
        return _summary(state)

    def prompts(self, state: State) -> list[Message]:
        return _prompts(state)

    def decided(self, state: State) -> bool:
        return state.over and state.distances is not None

    # -- help for the screen ------------------------------------------------------
    def is_last_turn_of_round(self, state: State) -> bool:
        return bool(state.order) and state.turn_index == len(state.order) - 1

    def needs_obstacle(self, state: State) -> bool:
        return not state.over and state.round >= 2 and not state.obstacle_this_round

    def timed_now(self, state: State) -> bool:
        """Does the hourglass apply to the current turn?"""
        current = state.current
        return current is not None and state.timed and not state.player(current).untimed


def _check_balloon_cards(cards: Mapping[str, Sequence[str]], names: list[str]) -> None:
    per_player = 2 if len(names) == 2 else 1
    missing = [n for n in names if n not in cards]
    if missing:
        raise SetupError(M("balloon_cards_players", missing=", ".join(missing)))
    seen: set[str] = set()
    for name, colours in cards.items():
        if name not in names:
            raise SetupError(M("balloon_cards_unknown", name=name))
        if len(colours) != per_player:
            raise SetupError(
                M("balloon_cards_count", name=name, count=per_player, given=len(colours))
            )
        for colour in colours:
            if colour not in BALLOONS:
                raise SetupError(
                    M("balloon_cards_colour", colour=colour, colours=", ".join(BALLOONS))
                )
            if colour in seen:
                raise SetupError(M("balloon_cards_twice", colour=colour))
            seen.add(colour)


def _deal_balloons(
    cards: Literal["app"] | Mapping[str, Sequence[str]], names: list[str], seed: int
) -> dict[str, tuple[str, ...]]:
    if cards != "app":
        assert not isinstance(cards, str)
        return {n: tuple(cards[n]) for n in names}
    deck = rng.shuffled(seed, BALLOONS, "balloon_cards")
    per_player = 2 if len(names) == 2 else 1
    return {n: tuple(deck[i * per_player : (i + 1) * per_player]) for i, n in enumerate(names)}


def _deal_order(state: State) -> State:
    """A new round's order: from the seed in app mode, else empty until `order`."""
    if not state.order_by_app:
        return state.model_copy(update={"order": (), "turn_index": 0})
    names = [p.name for p in state.players]
    deal = rng.derive(state.seed, "order_cards", state.round)
    if len(names) == 2:
        first_pair = deal.sample(names, 2)
        last_pair = deal.sample(names, 2)
        order = (*first_pair, *last_pair)
    else:
        order = tuple(deal.sample(names, len(names)))
    return state.model_copy(update={"order": order, "turn_index": 0})


def valid_order(order: Sequence[str], names: Sequence[str]) -> bool:
    if len(names) == 2:
        return (
            len(order) == 4
            and sorted(order[:2]) == sorted(names)
            and sorted(order[2:]) == sorted(names)
        )
    return sorted(order) == sorted(names)


def _order(state: State, action: Order) -> State:
    if state.order_by_app:
        raise RuleError(M("order_app"))
    if state.order:
        raise RuleError(M("order_given", round=state.round))
    names = [p.name for p in state.players]
    if not valid_order(action.players, names):
        raise RuleError(
            M("order_invalid", count=len(names), order=", ".join(action.players) or "-")
        )
    return state.model_copy(update={"order": tuple(action.players), "turn_index": 0})


def _place_obstacle(state: State, _: ActionBase) -> State:
    if state.round == 1:
        raise RuleError(M("obstacle_round_1"))
    if state.obstacle_this_round:
        raise RuleError(M("obstacle_placed", round=state.round))
    return state.model_copy(update={"obstacles": state.obstacles + 1, "obstacle_this_round": True})


def _current_player(state: State) -> Player:
    assert state.current is not None
    return state.player(state.current)


def _start_timer(state: State, _: ActionBase) -> State:
    if state.turn.timer_started:
        raise RuleError(M("timer_twice"))
    return _with_turn(state, timer_started=True)


def _dice(state: State, action: ActionBase) -> State:
    assert isinstance(action, Dice)
    return _with_turn(state, dice=tuple(action.values))


def _timer_expired(state: State, action: ActionBase) -> State:
    assert isinstance(action, TimerExpired)
    player = _current_player(state)
    if not state.timed:
        raise RuleError(M("timer_off"))
    if player.untimed:
        raise RuleError(M("timer_untimed", player=player.name))
    if not state.turn.timer_started:
        raise RuleError(M("timer_not_started"))
    if state.turn.timer_expired:
        raise RuleError(M("expired_twice"))
    state = _with_turn(state, timer_expired=True, unplaced=action.unplaced)
    return _add_tokens(state, player.name, "penalty", action.unplaced)


def _penalty(state: State, action: ActionBase) -> State:
    assert isinstance(action, Penalty)
    return _add_tokens(state, _current_player(state).name, "penalty", action.count)


def _mail(state: State, _: ActionBase) -> State:
    if state.mail_taken >= MAIL_IN_GAME:
        raise RuleError(M("mail_all"))
    return _add_tokens(state, _current_player(state).name, "mail", 1)


def _landed(state: State, _: ActionBase) -> State:
    return state.model_copy(update={"landed": True})


def _end_turn(state: State, _: ActionBase) -> State:
    if state.round >= 2 and not state.obstacle_this_round and state.turn_index == 0:
        raise RuleError(M("obstacle_missing", player=state.order[0]))
    state = state.model_copy(update={"turn": Turn()})
    if state.landed:
        return state.model_copy(update={"over": True})
    if state.turn_index + 1 < len(state.order):
        return state.model_copy(update={"turn_index": state.turn_index + 1})
    if state.obstacles >= OBSTACLES:
        return state.model_copy(update={"over": True})
    next_round = state.model_copy(update={"round": state.round + 1, "obstacle_this_round": False})
    return _deal_order(next_round)


_TURN_ACTIONS = {
    EndTurn: _end_turn,
    PlaceObstacle: _place_obstacle,
    StartTimer: _start_timer,
    Dice: _dice,
    TimerExpired: _timer_expired,
    Penalty: _penalty,
    Mail: _mail,
    Landed: _landed,
}


def _score(state: State, action: Score) -> State:
    if state.distances is not None:
        raise RuleError(M("scored"))
    held = state.colours_held
    if sorted(action.distances) != sorted(held):
        raise RuleError(M("score_colours", colours=", ".join(held)))
    return state.model_copy(update={"distances": dict(action.distances)})


def _adjust(state: State, action: Adjust) -> State:
    if action.token not in TOKENS:
        raise RuleError(M("unknown_token", token=action.token))
    player = state.player(action.player)
    count = getattr(player, action.token) + action.delta
    if count < 0:
        raise RuleError(M("negative", player=player.name, count=count, token=action.token))
    if action.token == "mail" and state.mail_taken + action.delta > MAIL_IN_GAME:
        raise RuleError(M("mail_limit"))
    return _add_tokens(state, player.name, action.token, action.delta)


def _add_tokens(state: State, name: str, token: str, delta: int) -> State:
    players = tuple(
        p.model_copy(update={token: getattr(p, token) + delta}) if p.name == name else p
        for p in state.players
    )
    return state.model_copy(update={"players": players})


def _with_turn(state: State, **changes: Any) -> State:
    return state.model_copy(update={"turn": state.turn.model_copy(update=changes)})


# -- summary and prompts ---------------------------------------------------------


def player_distance(state: State, player: Player) -> int | None:
    if state.distances is None:
        return None
    return sum(state.distances[c] for c in player.balloons)


def player_score(state: State, player: Player) -> int:
    return 3 * player.mail - player.penalty - (player_distance(state, player) or 0)


def ranks(state: State) -> list[int] | None:
    """Score, higher first; then the closest balloon, nearer first; else shared."""
    if state.distances is None:
        return None
    distances = state.distances

    def key(player: Player) -> tuple[int, int]:
        closest = min(distances[c] for c in player.balloons)
        return (-player_score(state, player), closest)

    return competition_ranks(state.players, key)


def _summary(state: State) -> dict[str, Any]:
    player_ranks = ranks(state)
    players = [
        {
            "name": p.name,
            "tokens": {"mail": p.mail, "penalty": p.penalty},
            "score": player_score(state, p),
            "rank": player_ranks[i] if player_ranks else None,
            "balloons": list(p.balloons),
            "distance": player_distance(state, p),
        }
        for i, p in enumerate(state.players)
    ]
    winners = [p["name"] for p in players if p["rank"] == 1]
    return {
        "game": GAME_ID,
        "over": state.over,
        "round": state.round,
        "current": state.current,
        "players": players,
        "winners": winners,
        "table": {
            "order": list(state.order),
            "obstacles": state.obstacles,
            "landed": state.landed,
        },
    }


def _prompts(state: State) -> list[Message]:
    if state.over:
        if state.distances is None:
            return [M("p_score")]
        winners = [p["name"] for p in _summary(state)["players"] if p["rank"] == 1]
        return [M("p_winners", names=", ".join(winners))]
    if not state.order:
        return [M("p_deal_order", round=state.round)]
    prompts: list[Message] = []
    current = state.current
    assert current is not None
    if state.round == 1 and state.turn_index == 0 and state.turn == Turn():
        prompts.append(M("p_setup_obstacles", player=state.order[-1]))
    if state.round >= 2 and not state.obstacle_this_round:
        prompts.append(M("p_place_obstacle", player=state.order[0]))
    if state.obstacles >= OBSTACLES:
        prompts.append(M("p_last_round"))
    prompts.extend(_turn_prompts(state, current))
    if state.landed:
        prompts.append(M("p_landed"))
    return prompts


def _turn_prompts(state: State, current: str) -> list[Message]:
    player = state.player(current)
    timed = state.timed and not player.untimed
    if not state.turn.timer_started:
        return [M("p_roll_timed" if timed else "p_roll_untimed", player=current)]
    prompts = [M("p_place_dice", player=current)]
    if state.turn.timer_expired and state.turn.unplaced:
        prompts.append(M("p_unplaced", player=current))
    last = state.turn_index == len(state.order) - 1
    prompts.append(M("p_move_all" if last else "p_move_two", player=current))
    return prompts


RULES = WyscigBalonow()
