"""What the any-game table shows, as pure functions of the state: a line per player
(their seat's colour, whether it is their turn, out of the game or out of time,
their bank, each counter) and the counters' names. No Kivy; tested without it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games import any_game as ag
from companion.ui.tables.any_game.text import seat_hex


@dataclass(frozen=True)
class Seat:
    """One player's line of the table."""

    name: str
    colour: str  # "#RRGGBB"
    current: bool
    out: bool  # out of the game
    late: bool  # out of time
    bank: int | None  # seconds left in their bank (a bank clock only)
    counts: tuple[int, ...]  # each counter, in the options' order


def seats(state: ag.State, colours: Mapping[str, tuple[str, str]]) -> list[Seat]:
    """`colours`: each player's seat colour, as the table has them (a chair's colour
    stays with its player when who starts turns the order)."""
    ids = [c.id for c in state.options.counters]
    return [
        Seat(
            name=player.name,
            colour=colours.get(player.name, seat_hex(index))[1],
            current=not state.over and index == state.current,
            out=not player.playing,
            late=player.out_of_time,
            bank=player.bank,
            counts=tuple(player.tokens[i] for i in ids),
        )
        for index, player in enumerate(state.players)
    ]


def bank_left(state: ag.State, seconds_left: float) -> float:
    """What the current player's bank holds while their turn's glass has `seconds_left`:
    the glass is the delay and then the bank, so the bank stands still while the delay
    runs down. The time column shows this; the turn's end leaves it in the bank (and
    then adds the increment)."""
    return max(0.0, min(float(state.active.bank or 0), seconds_left))


def delay_left(state: ag.State, seconds_left: float) -> float:
    """What is left of the current turn's delay (its free first seconds) while its
    glass has `seconds_left`: the glass holds the delay, then the bank."""
    if state.options.bank is None:
        return 0.0
    return max(0.0, min(float(state.options.delay), seconds_left - (state.active.bank or 0)))


def counter_names(state: ag.State) -> list[str]:
    return [c.name for c in state.options.counters]


def points_counter(state: ag.State) -> str | None:
    """The name of the counter that gives the points, if one does."""
    counter = state.options.counter(state.options.score_from or "")
    return counter.name if counter is not None else None
