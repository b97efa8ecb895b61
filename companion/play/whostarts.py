"""Who starts (issue 33.4): before the first turn the table picks a player at random,
shown running round the seats and slowing to a stop, or the players name one; the
seat order then turns so that player is first (the game file lists the players in
that order), and the seats stay where they are: `first` is the seat of the first
player listed (kept beside the game), so the strip's stretches and the seat buttons
still belong to the same chairs.

Pure functions of the injected time and randomness: the screen and the strip ask
`spinning(elapsed, ...)` which seat is lit now; nothing here sleeps.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

LAPS = 2  # whole rounds of the table before the pick slows to its seat
STEP_FIRST_S = 0.07  # the light's first steps, seat to seat
STEP_LAST_S = 0.45  # ... and its last, just before it stops


def seated(names: Sequence[str], first: int) -> list[str]:
    """The players by seat round the table: the game lists them from seat `first`."""
    count = len(names)
    return [names[(seat - first) % count] for seat in range(count)] if count else []


def by_chair(
    colours: Callable[[list[str]], Sequence[T]], names: Sequence[str], first: int
) -> dict[str, T]:
    """Each player's seat colour (`colours` gives them seat by seat round the table):
    a colour belongs to a chair, so it stays with its player when who starts turns
    the order the game lists them in."""
    chairs = seated(names, first)
    return dict(zip(chairs, colours(chairs), strict=True))


def starting_at(by_seat: Sequence[str], seat: int) -> list[str]:
    """The game's players when the player at `seat` starts: from that seat on, round
    the table in seat order."""
    return [*by_seat[seat:], *by_seat[:seat]]


def pick(rng: random.Random, players: int) -> int:
    """A seat at random."""
    return rng.randrange(players)


def steps(players: int, chosen: int) -> list[float]:
    """When each step of the running light ends, from its start: LAPS rounds and on to
    `chosen`, each step longer than the last (it slows down like a wheel)."""
    count = LAPS * players + chosen + 1
    ends, total = [], 0.0
    for index in range(count):
        share = index / max(count - 1, 1)
        total += STEP_FIRST_S + (STEP_LAST_S - STEP_FIRST_S) * share * share
        ends.append(total)
    return ends


def spinning(elapsed: float, players: int, chosen: int) -> tuple[int, bool]:
    """The seat the running light is on `elapsed` seconds after the pick began, and
    whether it has stopped there (on `chosen`)."""
    ends = steps(players, chosen)
    for index, end in enumerate(ends):
        if elapsed < end:
            return index % players, False
    return chosen, True


def spin_seconds(players: int, chosen: int) -> float:
    """How long the running light takes to stop."""
    return steps(players, chosen)[-1]
