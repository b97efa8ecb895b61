"""What a Balmy Balloonists table may send now (`GameParts.choices`): the rules'
`legal` keeps the ones they take. A card with more to say (bad weather's levels, a
storm's place) is given by an example."""

from __future__ import annotations

from collections.abc import Iterator
from typing import get_args

from companion.core.model import ActionBase, EndTurn
from companion.games.balmy_balloonists import model as m


def choices(state: m.State) -> Iterator[ActionBase]:
    colours = [b.colour for b in state.balloons]
    if not state.over:
        yield from _cards(state, colours)
        yield from _board(colours)
        yield from _variants(colours)
        yield EndTurn()
    for player in state.players:
        if not player.advantage_recorded:
            yield m.AdvantageAction(player=player.name, cards=("repair", "repair"))
    yield from (
        m.Adjust(balloon=colour, token=token, delta=delta)
        for colour in colours
        for token in (*m.TOKENS, *m.CARD_COUNTS)
        for delta in (-1, 1)
    )


def _cards(state: m.State, colours: list[str]) -> Iterator[ActionBase]:
    """The turn's card: its own, another's, the advantage cards."""
    yield m.Plain(type="play_own")
    yield m.Plain(type="friendly_winds")
    yield from (m.PlayOther(target=colour) for colour in colours)
    for balloon in state.balloons:
        for card in state.player(balloon.owner).advantage:
            yield m.SwapAdvantage.model_validate({"card": card, "from": balloon.colour})


def _board(colours: list[str]) -> Iterator[ActionBase]:
    """What the board does to the balloon: its altitude, the zones, the mountains,
    bad luck, the finish."""
    yield from (m.AltitudeAction(to=altitude) for altitude in m.ALTITUDES[1:])
    yield from (m.RestrictedZone(zone=zone) for zone in get_args(m.Zone))
    yield m.Mountain(kind="brown")
    yield m.Mountain(kind="white")
    yield from (m.BadLuck(target=colour, card="envelope_torn") for colour in colours)
    yield m.Plain(type="cross_finish")


def _variants(colours: list[str]) -> Iterator[ActionBase]:
    yield from (m.CriticalMeasures(balloon=colour) for colour in colours)
    yield from (m.PlaceStorm(balloon=colour, where="on") for colour in colours)
    yield m.PlayStorm()
    yield from (m.StormWeather(target=colour, levels=-1) for colour in colours)
