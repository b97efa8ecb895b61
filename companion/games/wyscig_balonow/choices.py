"""What a Wyścig balonów table may send now (`GameParts.choices`): the rules' `legal`
keeps the ones they take. A count the players type in is given by an example."""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.legal import corrections
from companion.core.model import ActionBase, EndTurn
from companion.games.wyscig_balonow import model as m

EXAMPLE_ROLL = (1, 2, 3, 4, 5)


def choices(state: m.State) -> Iterator[ActionBase]:
    names = [p.name for p in state.players]
    if state.over:
        yield m.Score(distances={colour: 0 for colour in state.colours_held})
    elif not state.order:
        yield m.Order(players=tuple(names))
        yield m.Order(players=tuple(reversed(names)))
    else:
        yield from _turn()
    yield from corrections(names, m.TOKENS)


def _turn() -> Iterator[ActionBase]:
    yield m.Plain(type="place_obstacle")
    yield m.Plain(type="start_timer")
    yield m.Plain(type="mail")
    yield m.Plain(type="landed")
    yield m.Dice(values=EXAMPLE_ROLL)
    yield from (m.TimerExpired(unplaced=n) for n in range(m.DICE + 1))
    yield m.Penalty(count=1)
    yield EndTurn()
