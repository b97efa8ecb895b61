"""Balmy Balloonists' setup: the options checked against the players, the wind
rose (colours in seat order), the start balloon and the two silver markers."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.errors import SetupError
from companion.core.model import PlayerSpec
from companion.core.terms import quoted
from companion.games.balmy_balloonists.board import in_rose_order
from companion.games.balmy_balloonists.messages import M
from companion.games.balmy_balloonists.model import (
    PALETTE,
    Balloon,
    Options,
    Player,
    State,
    Turn,
    Variants,
    balloons_per_player,
)


def check_options(options: Options, players: Sequence[PlayerSpec]) -> None:
    per_player = balloons_per_player(options, len(players))
    total = per_player * len(players)
    if total > len(PALETTE):
        raise SetupError(
            M("too_many_balloons", per_player=per_player, count=len(players), total=total)
        )
    _check_colours(players, per_player)
    if options.start is not None and options.start not in [p.name for p in players]:
        raise SetupError(M("start_unknown", name=options.start))


def initial_state(players: Sequence[PlayerSpec], options: Options, seed: int) -> State:
    rose = _rose(players, balloons_per_player(options, len(players)))
    balloons = tuple(Balloon(colour=c, owner=o) for c, o in rose)
    owned = {p.name: tuple(c for c, o in rose if o == p.name) for p in players}
    start_name = options.start or players[0].name
    start = [o for _, o in rose].index(start_name)
    n = len(balloons)
    markers = in_rose_order(
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
                        typed=colour,
                        colours=quoted(PALETTE),
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
