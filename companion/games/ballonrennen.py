"""Ballonrennen (rulebook 002): gas canisters and sandbags, the mail sack, three wind
markers and the wind deck, for 2 to 5 players. The app is the referee who hands out
the tokens and tells each player where the wind takes them.

A turn has three steps: the altitude step (`release`, `land`), the wind card
(`wind_card`, then `favourable` after a Favourable wind card) and the move
(`drop_mail`, `forced_landing`, `reach_goal`), then `end_turn`. Altitude is derived
from the tokens (gas - sandbags - mail_sack while flying, 0 on the ground).

Readings where the rulebook and the spec leave room (each is tested):
- Colours: a player's `colour` (one of red, yellow, green, blue, white) is kept;
  every other player takes the first of these not chosen by anyone, in seat order,
  so without any `colour` the seats get red, yellow, green, blue, white. A colour
  twice, an unknown colour or `colours` is an error in the players.
- `release` may be recorded several times in one altitude step (the table drops
  tokens one at a time); each one is checked on its own. On the ground, a release
  that leaves the altitude at 0 is allowed and the balloon stays where it is.
- A player who landed this turn (`land`, or a release down to 0) cannot take off
  again in the same turn; that is next turn, after replenishing.
- The errors of a `release` are checked in this order: more tokens than held
  ("Anna has no sandbags left"), the gas canister paired with the mail sack,
  then the altitude (below 0, above 3).
- Replenishing happens when the turn passes to the player (at `end_turn` of the
  player before), so the summary after that `end_turn` already shows 3 + 3 (+ the
  mail sack and its canister). It applies to every turn a player starts `landed`,
  and to every turn a player starts `waiting` after a forced landing until they
  take off; a player waiting at the start of the game keeps their 4 + 3 + 1.
- With the app's deck, `wind_card` must not name a card; with the table's deck it
  must. The first shuffle is number 0: `rng.shuffled(seed, deck, "wind_deck", 0)`,
  with the deck listed card by card in the order of `CARDS`.
- The app does not know the board: `drop_mail`, `forced_landing` and `reach_goal`
  are not checked against the move's spaces or direction (a balloon may sit over a
  mail horn on a calm turn). `drop_mail` when `landed` needs the landing to have
  happened this turn; on the ground it changes no altitude and releases nothing.
- `drop_mail` with the mail already delivered is an error; its automatic gas
  release only happens in the air, when the derived altitude would pass 3.
- While a Favourable wind is pending, only `favourable` (and `adjust`) may be
  recorded; `favourable` at any other time is "no Favourable wind card to play".
- `forced_landing` and `reach_goal` need a flying balloon, as the spec says; a
  balloon that chose to land stays where it is, so neither applies to it.
- The turn's `table.move` stays as it was fixed by the wind card after a
  `forced_landing`, `drop_mail` or `reach_goal` in that turn.
- After `reach_goal` the player's turn still needs its `end_turn` with `play_on`;
  without it the race is over at once (`current` null). With `play_on`, ranks and
  winners stay empty until only one player is left racing, as the spec says ranks
  are `null` until `over`.
- `adjust` keeps each player within the tokens the box gives a balloon: at most
  4 gas, 3 sandbags and 1 mail sack (0 once the mail is delivered), never below 0;
  a flying balloon must stay at altitude 1 to 3 (landing is `land`, not a correction).
- The default app deck composition is ours, not the publisher's (`DEFAULT_DECK`);
  `deck_note` and the first prompt say so. A custom `deck` needs at least one card.
- `reachable_altitudes` lists, for the current player in the altitude step, every
  altitude 0..3 they can reach and each (gas, sandbags) release that gets there;
  `(0, 0)` is the current altitude (no release) and, for a flying balloon, altitude
  0 by `land` (no tokens). `altitude_action` turns such a choice into the action.
- The rulebook's combination table lists the tokens in front of a player (besides
  the mail sack and its paired canister) at each altitude: altitude 1 is 1 gas,
  2 gas + 1 sack or 3 gas + 2 sacks; 2 is 2 gas or 3 gas + 1 sack; 3 is 3 gas.
  Those are exactly the holdings the releases reach from the start.
- `phase` is "altitude" from the start of a turn until its wind card (the altitude
  step and turning the card), then "favourable" while that is pending, then "move"
  until `end_turn`; "over" once the race is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, get_args

from pydantic import Field

from companion.core import rng
from companion.core.errors import RuleError, SetupError
from companion.core.messages import Catalog, Message
from companion.core.model import ActionBase, EndTurn, Frozen, NonZero, PlayerSpec, action_table
from companion.core.ranking import competition_ranks
from companion.core.rules import GameRules

GAME_ID = "ballonrennen"
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

M = Catalog(
    GAME_ID,
    {
        # setup
        "colour_unknown": '{name}: "{colour}" is not a balloon colour ({colours})',
        "colour_twice": "the {colour} balloon is chosen twice ({names})",
        "colours_not_used": '{name}: "colours" is for Balmy Balloonists; '
        'give one "colour" in Ballonrennen',
        "winds_keys": 'winds needs one marker for each altitude: "1", "2" and "3" (given: {given})',
        "deck_table": 'deck is only used when the app is the wind deck (wind_deck "app")',
        "deck_empty": "deck needs at least one card",
        # rule errors
        "over": "The race is over: only corrections are left",
        "unknown_player": '"{name}" is not playing',
        "unknown_token": '"{token}" is not a token in Ballonrennen (gas, sandbags, mail_sack)',
        "negative": "{player} would have {count} {token}",
        "token_limit": "{player} can hold at most {limit} {token}",
        "adjust_altitude": "{player}'s balloon is flying: that correction would put it "
        "at altitude {altitude}, and a flying balloon is at 1 to 3",
        "release_nothing": "{player}: release at least one sandbag or gas canister",
        "release_after_card": "{player} has turned over the wind card: "
        "the altitude is chosen before it",
        "no_sandbags": "{player} has no sandbags left",
        "few_sandbags": "{player} cannot release {wanted} sandbags: only {count} left",
        "no_gas": "{player} has no gas canisters left",
        "few_gas": "{player} cannot release {wanted} gas canisters: only {count} left",
        "paired_canister": "{player} cannot release the gas canister paired with the "
        "mail sack before the mail is dropped",
        "above_3": "{player}'s balloon cannot rise above altitude 3 "
        "(this release would give altitude {altitude})",
        "below_0": "{player}'s balloon cannot sink below the ground "
        "(this release would give altitude {altitude})",
        "landed_this_turn": "{player} landed this turn and can take off again next turn",
        "land_grounded": "{player}'s balloon is already on the ground",
        "land_after_card": "{player} has turned over the wind card: landing is chosen before it",
        "card_twice": "{player} has already turned over a wind card this turn",
        "card_missing": "Name the wind card {player} turned over (the table's deck is used)",
        "card_app": "The app is the wind deck in this game: draw without naming a card "
        '("{card}" given)',
        "favourable_no_card": "{player} has no Favourable wind card to play this turn",
        "favourable_pending": "{player} must first play the Favourable wind: "
        "choose an altitude and which way to turn its marker",
        "no_card_yet": "{player} must turn over a wind card first",
        "end_no_card": "{player} must turn over a wind card before ending the turn",
        "not_flying": "{player}'s balloon is not flying",
        "mail_delivered": "{player} has already dropped the mail sack",
        "goal_no_mail": "{player} must drop the mail sack before reaching the goal",
        # prompts
        "p_deck_ours": "The app is the wind deck: 60 cards in a split of our own "
        "(the rulebook does not print the real one)",
        "p_replenish": "{player}: take back tokens up to {gas} gas canisters and "
        "{sandbags} sandbags",
        "p_replenish_mail": "{player}: take back tokens up to {gas} gas canisters, "
        "{sandbags} sandbags and the mail sack",
        "p_altitude_air": "{player}: choose your altitude (now {altitude}): release sandbags "
        "to climb, gas to descend, or land",
        "p_altitude_ground": "{player}: take off by releasing sandbags, or stay on the ground",
        "p_landed_now": "{player}: your balloon has landed; it stays on the ground this turn",
        "p_card_table": "{player}: turn over a wind card and tap which one",
        "p_card_app": "{player}: draw a wind card",
        "p_favourable": "{player}: favourable wind! Turn one wind marker one side, either way",
        "p_move": "{player}: move {spaces} spaces {direction} (altitude {altitude})",
        "p_move_one": "{player}: move 1 space {direction} (altitude {altitude})",
        "p_stay": "{player}: your balloon stays where it is this turn",
        "p_ground": "{player}: your balloon stays on the ground this turn",
        "p_mail": "{player}: drop the mail sack here if you pass a mail horn",
        "p_goal": "{player}: if you end exactly on the goal, you have reached it",
        "p_hazards": "{player}: rocks at altitude 1, a lake or leaving the board is a "
        "forced landing",
        "p_finished": "{player} reached the goal in place {place}",
        "p_end": "{player}: end your turn",
        "p_over": "The race is over: {names} won",
    },
)


# -- options ---------------------------------------------------------------------


class Options(Frozen):
    winds: dict[str, Direction] = Field(default_factory=lambda: dict(DEFAULT_WINDS))
    wind_deck: Literal["table", "app"] = "table"
    deck: dict[Card, Annotated[int, Field(ge=0, le=600)]] | None = None
    play_on: bool = False


# -- actions ---------------------------------------------------------------------


class Adjust(ActionBase):
    type: Literal["adjust"] = "adjust"
    player: str
    token: str
    delta: NonZero


class Release(ActionBase):
    type: Literal["release"] = "release"
    sandbags: int = Field(default=0, ge=0)
    gas: int = Field(default=0, ge=0)


class Land(ActionBase):
    type: Literal["land"] = "land"


class WindCard(ActionBase):
    type: Literal["wind_card"] = "wind_card"
    card: Card | None = None


class Favourable(ActionBase):
    type: Literal["favourable"] = "favourable"
    altitude: int = Field(ge=1, le=3)
    rotate: Literal["cw", "ccw"]


class DropMail(ActionBase):
    type: Literal["drop_mail"] = "drop_mail"


class ForcedLanding(ActionBase):
    type: Literal["forced_landing"] = "forced_landing"


class ReachGoal(ActionBase):
    type: Literal["reach_goal"] = "reach_goal"


Action = (
    Adjust | EndTurn | Release | Land | WindCard | Favourable | DropMail | ForcedLanding | ReachGoal
)
ACTIONS = action_table(
    (
        Adjust,
        EndTurn,
        Release,
        Land,
        WindCard,
        Favourable,
        DropMail,
        ForcedLanding,
        ReachGoal,
    )
)


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
        for player in self.players:
            if player.name == name:
                return player
        raise RuleError(M("unknown_player", name=name))

    @property
    def deck_left(self) -> int | None:
        return len(self.deck) - self.dealt if self.app_deck else None

    def wind(self, altitude: int) -> str:
        return self.winds[altitude - 1]


# -- the rules -------------------------------------------------------------------


class Ballonrennen(GameRules[State, Options]):
    id = GAME_ID
    name = "Ballonrennen"
    min_players = 2
    max_players = 5
    options_model = Options
    actions = ACTIONS

    def check_options(self, options: Options, players: Sequence[PlayerSpec]) -> None:
        _check_colours(players)
        keys = sorted(options.winds)
        if keys != ["1", "2", "3"]:
            raise SetupError(M("winds_keys", given=", ".join(keys) or "none"))
        if options.deck is not None:
            if options.wind_deck != "app":
                raise SetupError(M("deck_table"))
            if sum(options.deck.values()) < 1:
                raise SetupError(M("deck_empty"))

    def setup(self, players: Sequence[PlayerSpec], options: Options, seed: int) -> State:
        colours = assign_colours(players)
        counts: dict[str, int] = DEFAULT_DECK
        if options.deck is not None:
            counts = {str(card): count for card, count in options.deck.items()}
        deck = tuple(card for card in CARDS for _ in range(counts.get(card, 0)))
        return State(
            seed=seed,
            players=tuple(
                Player(name=p.name, colour=c) for p, c in zip(players, colours, strict=True)
            ),
            winds=(options.winds["1"], options.winds["2"], options.winds["3"]),
            app_deck=options.wind_deck == "app",
            deck=deck if options.wind_deck == "app" else (),
            play_on=options.play_on,
        )

    def apply(self, state: State, action: ActionBase) -> State:
        if isinstance(action, Adjust):
            return _adjust(state, action)
        if state.over:
            raise RuleError(M("over"))
        handler = _TURN_ACTIONS[type(action)]
        return handler(state, action)

    def summary(self, state: State) -> dict[str, Any]:
        return _summary(state)

    def prompts(self, state: State) -> list[Message]:
        return _prompts(state)

    # -- help for the screen ------------------------------------------------------
    def phase(self, state: State) -> Phase:
        """The current player's step: choosing the altitude (and turning over the
        wind card), the pending Favourable wind, the move, or the race is over."""
        if state.over:
            return "over"
        if state.turn.card is None:
            return "altitude"
        if state.turn.favourable_pending:
            return "favourable"
        return "move"

    def legal_actions(self, state: State) -> list[str]:
        """Action types the current player may record now (`adjust` always)."""
        legal = ["adjust"]
        if state.over:
            return legal
        player = state.current_player
        phase = self.phase(state)
        if phase == "altitude":
            legal.append("wind_card")
            if any(combos != [(0, 0)] for _, combos in self.reachable_altitudes(state)):
                legal.insert(1, "release")
            if player.state == "flying":
                legal.insert(1, "land")
        elif phase == "favourable":
            legal.append("favourable")
        else:
            if player.state == "flying":
                if not player.mail_delivered:
                    legal.append("drop_mail")
                legal.append("forced_landing")
                if player.mail_delivered:
                    legal.append("reach_goal")
            elif player.state == "landed" and state.turn.landed and not player.mail_delivered:
                legal.append("drop_mail")
            legal.append("end_turn")
        return legal

    def reachable_altitudes(self, state: State) -> list[tuple[int, list[tuple[int, int]]]]:
        """For the current player in the altitude step: each altitude they can reach
        and every (gas, sandbags) release that gets there, cheapest first. `(0, 0)`
        means no tokens: staying, or `land` for altitude 0 in the air."""
        if state.over or state.turn.card is not None:
            return []
        player = state.current_player
        if player.state == "landed" and state.turn.landed:
            return [(0, [(0, 0)])]
        reach: dict[int, list[tuple[int, int]]] = {}
        for gas in range(player.gas + 1):
            for sandbags in range(player.sandbags + 1):
                if _release_problem(player, sandbags, gas, check_counts=False) is not None:
                    continue
                if gas == sandbags == 0:
                    continue
                altitude = _after_release(player, sandbags, gas).altitude
                reach.setdefault(altitude, []).append((gas, sandbags))
        reach.setdefault(player.altitude, []).insert(0, (0, 0))
        if player.state == "flying":
            reach.setdefault(0, []).insert(0, (0, 0))
        return [
            (altitude, sorted(set(combos), key=lambda c: (c[0] + c[1], c)))
            for altitude, combos in sorted(reach.items())
        ]

    def altitude_action(
        self, state: State, altitude: int, gas: int, sandbags: int
    ) -> ActionBase | None:
        """The action for a choice from `reachable_altitudes` (None: nothing to record)."""
        if gas or sandbags:
            return Release(gas=gas, sandbags=sandbags)
        if altitude == 0 and state.current_player.state == "flying":
            return Land()
        return None

    def current_card(self, state: State) -> str | None:
        """The wind card of the current turn, once turned over."""
        return state.turn.card

    def current_move(self, state: State) -> dict[str, Any] | None:
        """`table.move`: the player, altitude, direction and spaces of this turn."""
        return state.turn.move.model_dump() if state.turn.move else None

    def winds(self, state: State) -> dict[str, str]:
        return {str(a): state.wind(a) for a in (1, 2, 3)}

    def deck_note(self, state: State) -> Message | None:
        """Said wherever the app's default deck is used: its split is ours."""
        return M("p_deck_ours") if state.app_deck and _default_deck(state) else None

    def paired_canister(self, state: State, name: str) -> bool:
        """Does the player still keep a gas canister paired with the mail sack?"""
        return state.player(name).mail_sack > 0


# -- setup -----------------------------------------------------------------------


def _check_colours(players: Sequence[PlayerSpec]) -> None:
    chosen: dict[str, str] = {}
    for player in players:
        if player.colours is not None:
            raise SetupError(M("colours_not_used", name=player.name), field="players")
        if player.colour is None:
            continue
        if player.colour not in COLOURS:
            raise SetupError(
                M(
                    "colour_unknown",
                    name=player.name,
                    colour=player.colour,
                    colours=", ".join(COLOURS),
                ),
                field="players",
            )
        if player.colour in chosen:
            names = f"{chosen[player.colour]}, {player.name}"
            raise SetupError(M("colour_twice", colour=player.colour, names=names), field="players")
        chosen[player.colour] = player.name


def assign_colours(players: Sequence[PlayerSpec]) -> list[str]:
    """Chosen colours stay; the others take the first unchosen colour in seat order."""
    free = [c for c in COLOURS if c not in {p.colour for p in players}]
    result = []
    for player in players:
        if player.colour is not None:
            result.append(player.colour)
        else:
            result.append(free.pop(0))
    return result


def _default_deck(state: State) -> bool:
    return all(state.deck.count(card) == count for card, count in DEFAULT_DECK.items())


# -- the altitude step -----------------------------------------------------------


def _release_problem(
    player: Player, sandbags: int, gas: int, check_counts: bool = True
) -> Message | None:
    name = player.name
    if check_counts:
        if sandbags > player.sandbags:
            if player.sandbags == 0:
                return M("no_sandbags", player=name)
            return M("few_sandbags", player=name, wanted=sandbags, count=player.sandbags)
        if gas > player.gas:
            if player.gas == 0:
                return M("no_gas", player=name)
            return M("few_gas", player=name, wanted=gas, count=player.gas)
    if player.mail_sack > 0 and gas > 0 and player.gas - gas < player.mail_sack:
        return M("paired_canister", player=name)
    lift = player.lift - gas + sandbags
    if lift > MAX_ALTITUDE:
        return M("above_3", player=name, altitude=lift)
    if lift < 0:
        return M("below_0", player=name, altitude=lift)
    return None


def _after_release(player: Player, sandbags: int, gas: int) -> Player:
    released = player.model_copy(
        update={"sandbags": player.sandbags - sandbags, "gas": player.gas - gas}
    )
    if released.lift >= 1:
        return released.model_copy(update={"state": "flying", "forced": False})
    if player.state == "flying":
        return released.model_copy(update={"state": "landed"})
    return released


def _before_card(state: State, key: str) -> Player:
    player = state.current_player
    if state.turn.card is not None:
        raise RuleError(M(key, player=player.name))
    return player


def _release(state: State, action: ActionBase) -> State:
    assert isinstance(action, Release)
    player = _before_card(state, "release_after_card")
    if action.sandbags == 0 and action.gas == 0:
        raise RuleError(M("release_nothing", player=player.name))
    if player.state == "landed" and state.turn.landed:
        raise RuleError(M("landed_this_turn", player=player.name))
    problem = _release_problem(player, action.sandbags, action.gas)
    if problem is not None:
        raise RuleError(problem)
    released = _after_release(player, action.sandbags, action.gas)
    state = _replace_player(state, released)
    if player.state == "flying" and released.state == "landed":
        state = _with_turn(state, landed=True)
    return state


def _land(state: State, _: ActionBase) -> State:
    player = _before_card(state, "land_after_card")
    if player.state != "flying":
        raise RuleError(M("land_grounded", player=player.name))
    state = _replace_player(state, player.model_copy(update={"state": "landed"}))
    return _with_turn(state, landed=True)


# -- the wind card ---------------------------------------------------------------


def rotate(direction: str, steps: int) -> str:
    """Turn a wind marker `steps` sides clockwise (negative: counterclockwise)."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + steps) % len(DIRECTIONS)]


def _wind_card(state: State, action: ActionBase) -> State:
    assert isinstance(action, WindCard)
    player = state.current_player
    if state.turn.card is not None:
        raise RuleError(M("card_twice", player=player.name))
    if state.app_deck:
        if action.card is not None:
            raise RuleError(M("card_app", card=action.card))
        state, card = _draw(state)
    else:
        if action.card is None:
            raise RuleError(M("card_missing", player=player.name))
        card = action.card
    state = _with_turn(state, card=card)
    if card == "favourable":
        return _with_turn(state, favourable_pending=True)
    if card in ("turn_1", "turn_2", "turn_3"):
        state = _turn_marker(state, int(card[-1]), 1)
    elif card == "turn_all":
        for altitude in (1, 2, 3):
            state = _turn_marker(state, altitude, 1)
    return _fix_move(state)


def _draw(state: State) -> tuple[State, str]:
    """The top card of the app deck; the discard pile is reshuffled when it is empty."""
    if state.dealt >= len(state.deck):
        state = state.model_copy(update={"shuffle": state.shuffle + 1, "dealt": 0})
    cards = rng.shuffled(state.seed, state.deck, "wind_deck", state.shuffle)
    return state.model_copy(update={"dealt": state.dealt + 1}), cards[state.dealt]


def deal_order(state: State, shuffle: int) -> list[str]:
    """The order of the app deck's shuffle number `shuffle` (from 0)."""
    return rng.shuffled(state.seed, state.deck, "wind_deck", shuffle)


def _turn_marker(state: State, altitude: int, steps: int) -> State:
    winds = list(state.winds)
    winds[altitude - 1] = rotate(winds[altitude - 1], steps)
    return state.model_copy(update={"winds": (winds[0], winds[1], winds[2])})


def _favourable(state: State, action: ActionBase) -> State:
    assert isinstance(action, Favourable)
    player = state.current_player
    if not state.turn.favourable_pending:
        raise RuleError(M("favourable_no_card", player=player.name))
    state = _turn_marker(state, action.altitude, 1 if action.rotate == "cw" else -1)
    return _fix_move(_with_turn(state, favourable_pending=False))


def move_for(state: State, player: Player, card: str | None) -> Move:
    """The move a card gives a player at their altitude, with the winds as they are."""
    if player.state != "flying":
        return Move(player=player.name, altitude=0, direction=None, spaces=0)
    altitude = player.altitude
    if card == "updraught":
        altitude = min(altitude + 1, MAX_ALTITUDE)
    elif card == "downdraught":
        altitude = max(altitude - 1, 1)
    spaces = altitude
    if card == "calm":
        spaces = 0
    elif card == "weak":
        spaces = altitude - 1
    elif card == "rising":
        spaces = altitude + 1
    return Move(
        player=player.name, altitude=altitude, direction=state.wind(altitude), spaces=spaces
    )


def _fix_move(state: State) -> State:
    return _with_turn(state, move=move_for(state, state.current_player, state.turn.card))


# -- the move --------------------------------------------------------------------


def _after_card(state: State) -> Player:
    player = state.current_player
    if state.turn.card is None:
        raise RuleError(M("no_card_yet", player=player.name))
    if state.turn.favourable_pending:
        raise RuleError(M("favourable_pending", player=player.name))
    return player


def _drop_mail(state: State, _: ActionBase) -> State:
    player = _after_card(state)
    landed_here = player.state == "landed" and state.turn.landed
    if player.state != "flying" and not landed_here:
        raise RuleError(M("not_flying", player=player.name))
    if player.mail_delivered:
        raise RuleError(M("mail_delivered", player=player.name))
    dropped = player.model_copy(update={"mail_sack": 0, "mail_delivered": True})
    if dropped.state == "flying" and dropped.lift > MAX_ALTITUDE:
        dropped = dropped.model_copy(update={"gas": dropped.gas - (dropped.lift - MAX_ALTITUDE)})
    return _replace_player(state, dropped)


def _forced_landing(state: State, _: ActionBase) -> State:
    player = _after_card(state)
    if player.state != "flying":
        raise RuleError(M("not_flying", player=player.name))
    return _replace_player(state, player.model_copy(update={"state": "waiting", "forced": True}))


def _reach_goal(state: State, _: ActionBase) -> State:
    player = _after_card(state)
    if player.state != "flying":
        raise RuleError(M("not_flying", player=player.name))
    if not player.mail_delivered:
        raise RuleError(M("goal_no_mail", player=player.name))
    place = 1 + sum(1 for p in state.players if p.place is not None)
    state = _replace_player(state, player.model_copy(update={"state": "finished", "place": place}))
    racing = sum(1 for p in state.players if p.state != "finished")
    if not state.play_on or racing <= 1:
        return state.model_copy(update={"over": True})
    return state


def _end_turn(state: State, _: ActionBase) -> State:
    player = state.current_player
    if state.turn.card is None:
        raise RuleError(M("end_no_card", player=player.name))
    if state.turn.favourable_pending:
        raise RuleError(M("favourable_pending", player=player.name))
    count = len(state.players)
    index = state.current_index
    for _step in range(count):
        index = (index + 1) % count
        if state.players[index].state != "finished":
            break
    state = state.model_copy(update={"current_index": index, "turn": Turn()})
    return _start_turn(state)


def _start_turn(state: State) -> State:
    """Replenishing: 3 + 3, plus the mail sack and its canister while undelivered."""
    player = state.current_player
    if player.state == "landed" or (player.state == "waiting" and player.forced):
        mail = 0 if player.mail_delivered else 1
        refill = player.model_copy(
            update={"gas": REPLENISH + mail, "sandbags": REPLENISH, "mail_sack": mail}
        )
        state = _with_turn(_replace_player(state, refill), replenished=True)
    return state


_TURN_ACTIONS = {
    EndTurn: _end_turn,
    Release: _release,
    Land: _land,
    WindCard: _wind_card,
    Favourable: _favourable,
    DropMail: _drop_mail,
    ForcedLanding: _forced_landing,
    ReachGoal: _reach_goal,
}


# -- corrections -----------------------------------------------------------------


def _adjust(state: State, action: Adjust) -> State:
    if action.token not in TOKENS:
        raise RuleError(M("unknown_token", token=action.token))
    player = state.player(action.player)
    count = getattr(player, action.token) + action.delta
    if count < 0:
        raise RuleError(M("negative", player=player.name, count=count, token=action.token))
    limit = TOKEN_LIMITS[action.token]
    if action.token == "mail_sack" and player.mail_delivered:
        limit = 0
    if count > limit:
        raise RuleError(M("token_limit", player=player.name, limit=limit, token=action.token))
    adjusted = player.model_copy(update={action.token: count})
    if adjusted.state == "flying" and not 1 <= adjusted.lift <= MAX_ALTITUDE:
        raise RuleError(M("adjust_altitude", player=player.name, altitude=adjusted.lift))
    return _replace_player(state, adjusted)


def _replace_player(state: State, player: Player) -> State:
    players = tuple(player if p.name == player.name else p for p in state.players)
    return state.model_copy(update={"players": players})


def _with_turn(state: State, **changes: Any) -> State:
    return state.model_copy(update={"turn": state.turn.model_copy(update=changes)})


# -- summary and prompts ---------------------------------------------------------


def ranks(state: State) -> list[int] | None:
    """Finishers by place; everyone else shares the rank after the last finisher."""
    if not state.over:
        return None
    unplaced = len(state.players) + 1
    return competition_ranks(state.players, lambda p: p.place if p.place is not None else unplaced)


def _summary(state: State) -> dict[str, Any]:
    player_ranks = ranks(state)
    players = [
        {
            "name": p.name,
            "tokens": {"gas": p.gas, "sandbags": p.sandbags, "mail_sack": p.mail_sack},
            "score": None,
            "rank": player_ranks[i] if player_ranks else None,
            "colour": p.colour,
            "altitude": p.altitude,
            "state": p.state,
            "mail_delivered": p.mail_delivered,
            "place": p.place,
        }
        for i, p in enumerate(state.players)
    ]
    return {
        "game": GAME_ID,
        "over": state.over,
        "round": None,
        "current": state.current,
        "players": players,
        "winners": [p["name"] for p in players if p["rank"] == 1],
        "table": {
            "winds": {str(a): state.wind(a) for a in (1, 2, 3)},
            "move": state.turn.move.model_dump() if state.turn.move else None,
            "deck_left": state.deck_left,
        },
    }


def _prompts(state: State) -> list[Message]:
    if state.over:
        winners = _summary(state)["winners"]
        return [M("p_over", names=", ".join(winners))]
    player = state.current_player
    name = player.name
    prompts: list[Message] = []
    if state.app_deck and state.shuffle == 0 and state.dealt == 0 and _default_deck(state):
        prompts.append(M("p_deck_ours"))
    if state.turn.replenished:
        key = "p_replenish" if player.mail_delivered else "p_replenish_mail"
        prompts.append(M(key, player=name, gas=player.gas, sandbags=player.sandbags))
    if state.turn.card is None:
        if player.state == "flying":
            prompts.append(M("p_altitude_air", player=name, altitude=player.altitude))
        elif state.turn.landed:
            prompts.append(M("p_landed_now", player=name))
        else:
            prompts.append(M("p_altitude_ground", player=name))
        prompts.append(M("p_card_app" if state.app_deck else "p_card_table", player=name))
        return prompts
    if state.turn.favourable_pending:
        return [*prompts, M("p_favourable", player=name)]
    return prompts + _move_prompts(state, player)


def _move_prompts(state: State, player: Player) -> list[Message]:
    name = player.name
    move = state.turn.move
    prompts: list[Message] = []
    if player.state == "finished":
        prompts.append(M("p_finished", player=name, place=player.place))
    elif move is None or move.direction is None:
        prompts.append(M("p_ground", player=name))
    elif player.state == "flying" and move.spaces == 0:
        prompts.append(M("p_stay", player=name))
    elif player.state == "flying":
        key = "p_move_one" if move.spaces == 1 else "p_move"
        prompts.append(
            M(
                key,
                player=name,
                spaces=move.spaces,
                direction=move.direction,
                altitude=move.altitude,
            )
        )
    if player.state == "flying":
        if not player.mail_delivered:
            prompts.append(M("p_mail", player=name))
        else:
            prompts.append(M("p_goal", player=name))
        prompts.append(M("p_hazards", player=name))
    elif player.state == "landed" and state.turn.landed and not player.mail_delivered:
        prompts.append(M("p_mail", player=name))
    prompts.append(M("p_end", player=name))
    return prompts


RULES = Ballonrennen()
