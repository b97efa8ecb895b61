"""What an any-game table may send now (`GameParts.choices`): the rules' `legal` keeps
the ones they take. The seconds a turn used and the final counts are typed in or
measured at the table: one example each."""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.legal import corrections
from companion.core.model import ActionBase
from companion.games.any_game import model as m

EXAMPLE_SECONDS = 10


def choices(state: m.State) -> Iterator[ActionBase]:
    names = [p.name for p in state.players]
    if not state.over:
        seconds = EXAMPLE_SECONDS if state.options.clock == "bank" else None
        yield m.Plain(type="start_timer")
        yield m.Plain(type="timer_expired")
        yield m.Plain(type="reverse")
        yield m.EndTurn(seconds=seconds)
        yield from (m.PassTo(player=name, seconds=seconds) for name in names)
        yield from (m.Eliminate(player=name) for name in names)
        yield from _endings(names)
    yield from corrections(names, [counter.id for counter in state.options.counters])


def _endings(names: list[str]) -> Iterator[ActionBase]:
    """The end as each kind of scoring records it (the rules keep their game's)."""
    yield m.Score(points={name: index for index, name in enumerate(names)})
    yield m.Places(places={name: index + 1 for index, name in enumerate(names)})
    yield m.Finish(won=True)
    yield m.Finish(won=False)
    yield m.Finish()
