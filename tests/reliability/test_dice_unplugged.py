"""The dice reader unplugged and plugged in again 50 times during a game, with
garbage and overlong lines mixed in: the game goes on, every valid roll arrives
exactly once, and the status shows each disconnect."""

from __future__ import annotations

import queue
import random
from pathlib import Path

from companion.core.hourglass import FakeClock
from hardware.dice import DiceReader
from hardware.events import HardwareEvent, Kind
from hardware.sim import GARBAGE, PtyDevice, roll_lines
from tests.waiting import limit

from .table import data_store, new_game, open_model

UNPLUGS = 50
TIMEOUT_S = limit(10.0)


def wait_for(events: queue.Queue, kind: str, seen: list[HardwareEvent]) -> HardwareEvent:
    """The next event of `kind`; every event passed on the way is kept in `seen`."""
    while True:
        event = events.get(timeout=TIMEOUT_S)
        seen.append(event)
        if event.kind == kind:
            return event


def test_fifty_unplugs_lose_no_roll_and_the_game_goes_on(tmp_path: Path) -> None:
    clock = FakeClock()
    store = data_store(tmp_path)
    model = open_model(store, new_game(store, ["Ola", "Jan", "Ewa"], seed=9), clock)
    recorded: list[tuple[int, ...]] = []  # the dice actions of every game of the night
    link = tmp_path / "dice"
    rng = random.Random(50)
    events: queue.Queue = queue.Queue()
    seen: list[HardwareEvent] = []
    sent: list[tuple[int, tuple[int, ...]]] = []
    seq = 0
    device = PtyDevice(link)
    reader = DiceReader(str(link), events, backoff=(0.005, 0.05)).start()
    try:
        for plug in range(UNPLUGS + 1):
            wait_for(events, Kind.CONNECTED, seen)
            for _ in range(rng.randint(1, 3)):
                seq += 1
                values = tuple(rng.randint(1, 6) for _ in range(5))
                noise = [rng.choice(GARBAGE), b"X" * 200 + b"\n", b"\xff\xfe ROLL\n"]
                device.write(b"".join([*noise, *roll_lines(seq, values)]))
                event = wait_for(events, Kind.ROLL, seen)
                assert event.payload["seq"] == seq
                sent.append((seq, values))
                if not model.adapter.turn_started(model.session):
                    model.go()  # the hourglass turned: a roll before it is refused
                    clock.advance(1.0)  # GO's next press comes after its lock-out
                assert model.roll(event.payload["values"]), model.error  # recorded
                recorded.append(values)
                assert model.go() == "end_turn"  # and plays on (one roll a turn)
                clock.advance(1.0)
                if model.rules.needs_obstacle(model.state):
                    model.act("place_obstacle")
                if model.state.over:  # the next game of the night
                    model.close()
                    model = open_model(store, new_game(store, ["Ola", "Jan"], seed=seq), clock)
            if plug < UNPLUGS:
                device.close()  # the cable is pulled
                wait_for(events, Kind.DISCONNECTED, seen)
                device = PtyDevice(link)  # and put back, behind the same name
    finally:
        reader.stop()
        device.close()
    rolls = [(e.payload["seq"], tuple(e.payload["values"])) for e in seen if e.kind == Kind.ROLL]
    assert rolls == sent  # each valid roll once, in order
    assert sum(e.kind == Kind.DISCONNECTED for e in seen) == UNPLUGS
    status = reader.status()
    assert status.connects == UNPLUGS + 1
    assert status.bad_lines >= 3 * len(sent)
    assert recorded == [v for _, v in sent]
    stored = [tuple(a["values"]) for _, a in store.iter_actions() if a["type"] == "dice"]
    assert stored == recorded
    assert sum(a["type"] == "end_turn" for _, a in store.iter_actions()) > 10
    model.close()
    store.close()
