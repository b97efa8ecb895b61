"""Who starts (issue 33.4), without a screen: the seats round the table from the
first seat kept, the order that starts at a seat, and the running light of a pick
at random (it runs whole rounds, never skips a seat, slows down, stops on the pick)."""

from __future__ import annotations

import random

import pytest

from companion.play import whostarts as ws

NAMES = ["Ola", "Jan", "Ewa", "Bo"]


def test_the_seats_stay_and_the_order_turns() -> None:
    assert ws.starting_at(NAMES, 2) == ["Ewa", "Bo", "Ola", "Jan"]
    assert ws.seated(["Ewa", "Bo", "Ola", "Jan"], 2) == NAMES  # back to the chairs
    by_seat = ws.seated(["Ewa", "Bo", "Ola", "Jan"], 2)
    assert ws.starting_at(by_seat, 1) == ["Jan", "Ewa", "Bo", "Ola"]


@pytest.mark.parametrize("players", [2, 3, 8])
def test_the_light_runs_round_and_stops_on_the_pick(players: int) -> None:
    chosen = ws.pick(random.Random(players), players)
    ends = ws.steps(players, chosen)
    gaps = [b - a for a, b in zip([0.0, *ends], ends, strict=False)]
    assert gaps == sorted(gaps)  # it slows down
    seen = []
    t = 0.0
    while t < ws.spin_seconds(players, chosen) + 0.5:
        seat, _stopped = ws.spinning(t, players, chosen)
        if not seen or seen[-1] != seat:
            seen.append(seat)
        t += 0.01
    assert seen == [i % players for i in range(ws.LAPS * players + chosen + 1)]
    assert ws.spinning(99.0, players, chosen) == (chosen, True)
