"""What a Ballonrennen table may send now (`GameParts.choices`): the rules' `legal`
keeps the ones they take."""

from __future__ import annotations

from collections.abc import Iterator
from typing import get_args

from companion.core.legal import corrections
from companion.core.model import ActionBase, EndTurn
from companion.games.ballonrennen import model as m


def choices(state: m.State) -> Iterator[ActionBase]:
    if not state.over:
        yield from _releases(state)
        yield from _cards(state)
        yield from (
            m.Favourable(altitude=altitude, rotate=rotate)
            for altitude in (1, 2, 3)
            for rotate in ("cw", "ccw")
        )
        yield m.Plain(type="land")
        yield m.Plain(type="drop_mail")
        yield m.Plain(type="forced_landing")
        yield m.Plain(type="reach_goal")
        yield EndTurn()
    yield from corrections([p.name for p in state.players], m.TOKENS)


def _releases(state: m.State) -> Iterator[ActionBase]:
    """Sandbags and gas the current player holds, up to two of each (a turn's tap)."""
    player = state.current_player
    for sandbags in range(min(player.sandbags, 2) + 1):
        for gas in range(min(player.gas, 2) + 1):
            if sandbags or gas:
                yield m.Release(sandbags=sandbags, gas=gas)


def _cards(state: m.State) -> Iterator[ActionBase]:
    if state.app_deck:  # the app draws the card
        yield m.WindCard()
    else:
        yield from (m.WindCard(card=card) for card in get_args(m.Card))
