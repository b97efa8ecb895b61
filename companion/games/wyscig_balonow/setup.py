"""Wyścig balonów's setup: the options checked against the players, the secret
balloon cards, and each round's order cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from companion.core import rng
from companion.core.errors import SetupError
from companion.core.model import PlayerSpec
from companion.core.terms import quoted
from companion.games.wyscig_balonow.messages import M
from companion.games.wyscig_balonow.model import (
    BALLOONS,
    Options,
    Player,
    State,
    balloons_per_player,
    turns_per_round,
)


def check_options(options: Options, players: Sequence[PlayerSpec]) -> None:
    names = [p.name for p in players]
    for player in players:
        if player.colour is not None or player.colours is not None:
            raise SetupError(M("colour_not_used", name=player.name), field="players")
    for name in options.untimed:
        if name not in names:
            raise SetupError(M("untimed_unknown", name=name))
    if isinstance(options.balloon_cards, dict):
        check_balloon_cards(options.balloon_cards, names)


def initial_state(players: Sequence[PlayerSpec], options: Options, seed: int) -> State:
    names = [p.name for p in players]
    cards = deal_balloons(options.balloon_cards, names, seed)
    state = State(
        seed=seed,
        timed=options.timer_seconds > 0,
        order_by_app=options.order_cards == "app",
        players=tuple(
            Player(name=n, balloons=cards[n], untimed=n in options.untimed) for n in names
        ),
    )
    return deal_round_order(state)


def check_balloon_cards(cards: Mapping[str, Sequence[str]], names: list[str]) -> None:
    per_player = balloons_per_player(len(names))
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
                raise SetupError(M("balloon_cards_colour", typed=colour, colours=quoted(BALLOONS)))
            if colour in seen:
                raise SetupError(M("balloon_cards_twice", colour=colour))
            seen.add(colour)


def deal_balloons(
    cards: Literal["app"] | Mapping[str, Sequence[str]], names: list[str], seed: int
) -> dict[str, tuple[str, ...]]:
    if cards != "app":
        assert not isinstance(cards, str)
        return {n: tuple(cards[n]) for n in names}
    deck = rng.shuffled(seed, BALLOONS, "balloon_cards")
    per_player = balloons_per_player(len(names))
    return {n: tuple(deck[i * per_player : (i + 1) * per_player]) for i, n in enumerate(names)}


def deal_round_order(state: State) -> State:
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
    if len(order) != turns_per_round(len(names)):
        return False
    if len(names) == 2:
        return sorted(order[:2]) == sorted(names) and sorted(order[2:]) == sorted(names)
    return sorted(order) == sorted(names)
