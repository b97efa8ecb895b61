"""Ballonrennen's setup: the options checked against the players, the colours, the
app's wind deck and the state at the start."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.errors import SetupError
from companion.core.model import PlayerSpec
from companion.core.terms import quoted
from companion.games.ballonrennen.messages import M
from companion.games.ballonrennen.model import (
    CARDS,
    COLOURS,
    DEFAULT_DECK,
    Options,
    Player,
    State,
)


def check_options(options: Options, players: Sequence[PlayerSpec]) -> None:
    _check_colours(players)
    keys = sorted(options.winds)
    if keys != ["1", "2", "3"]:
        raise SetupError(M("winds_keys", given=", ".join(keys) or "none"))
    if options.deck is not None:
        if options.wind_deck != "app":
            raise SetupError(M("deck_table"))
        if sum(options.deck.values()) < 1:
            raise SetupError(M("deck_empty"))


def initial_state(players: Sequence[PlayerSpec], options: Options, seed: int) -> State:
    colours = assign_colours(players)
    counts: dict[str, int] = DEFAULT_DECK
    if options.deck is not None:
        counts = {str(card): count for card, count in options.deck.items()}
    deck = tuple(card for card in CARDS for _ in range(counts.get(card, 0)))
    return State(
        seed=seed,
        players=tuple(Player(name=p.name, colour=c) for p, c in zip(players, colours, strict=True)),
        winds=(options.winds["1"], options.winds["2"], options.winds["3"]),
        app_deck=options.wind_deck == "app",
        deck=deck if options.wind_deck == "app" else (),
        play_on=options.play_on,
    )


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
                    typed=player.colour,
                    colours=quoted(COLOURS),
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


def default_deck(state: State) -> bool:
    return all(state.deck.count(card) == count for card, count in DEFAULT_DECK.items())
