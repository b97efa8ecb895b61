"""The real app (simulated hardware, offscreen window) playing a scripted game, for
the power-cut test.

On start it prints `resumed <state digest> N <log digest> <digest of all but the last>`
and then waits for a line on stdin, so the parent reads the database before anything
changes. Before each step it prints `doing STEP` (go, undo, pause, mail, penalty), and
after every stored change `ack N <log digest> <digest of all but the last>`: the log
then holds N actions, and the digests say exactly which. With `--pause-after N` it
stops after its N-th step, prints `paused`, and goes on once a line comes on stdin:
nothing it prints after that was done before (a test changes the files meanwhile).

usage: python app_child.py SEED [--new] [--pause-after N]
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
import tempfile
from collections.abc import Sequence

if "KIVY_HOME" not in os.environ:  # run by hand; the tests give a home in their folder
    os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="kivy-home-")
os.environ["KIVY_NO_ARGS"] = "1"

from companion.ui import boot

boot.configure((800, 480), maxfps=0)

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from companion.config import Config  # noqa: E402
from companion.core.hourglass import FakeClock  # noqa: E402
from companion.core.model import ActionBase  # noqa: E402
from companion.play.devices import Devices  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui.app import CompanionApp  # noqa: E402

KEYS = {"space": (32, 44, " "), "u": (117, 24, "u"), "p": (112, 19, "p")}
STEP_KEYS = {"go": "space", "undo": "u", "pause": "p"}  # mail and penalty: the +1 buttons


def digest(state: object) -> str:
    dump = state.model_dump_json()  # type: ignore[attr-defined]
    return hashlib.sha256(dump.encode()).hexdigest()[:16]


def log_digest(log: Sequence[ActionBase]) -> str:
    """Which actions, in which order (the same function the test applies to the disk)."""
    dump = json.dumps([a.to_json() for a in log], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(dump.encode()).hexdigest()[:16]


def logs(log: Sequence[ActionBase]) -> str:
    return f"{len(log)} {log_digest(log)} {log_digest(log[:-1])}"


def main() -> None:
    seed = int(sys.argv[1])
    new = "--new" in sys.argv
    pause_after = 0
    if "--pause-after" in sys.argv:
        pause_after = int(sys.argv[sys.argv.index("--pause-after") + 1])
    clock = FakeClock()
    store = Store()
    devices = Devices(Config(), simulate=True, clock=clock)
    app = CompanionApp(
        settings=Config(),
        store=store,
        devices=devices,
        clock=clock,
        new_game=("wyscig-balonow", ["Ola", "Jan", "Ewa"]) if new else None,
        seeds=lambda: seed,
    )
    app._run_prepare()
    for _ in range(3):
        EventLoop.idle()
    model = app.model
    assert model is not None, "no game to resume"
    session = model.session
    print(f"resumed {digest(session.state)} {logs(session.log)}", flush=True)
    sys.stdin.readline()  # the parent has read the database: now play
    session.add_listener(lambda s, _c: print(f"ack {logs(s.log)}", flush=True))
    script = random.Random(seed)
    steps = 0
    while True:
        steps += 1
        if pause_after and steps == pause_after + 1:
            print("paused", flush=True)  # between two steps: no write is in flight
            sys.stdin.readline()
        choice = script.random()
        step = "go" if choice < 0.55 else "undo" if choice < 0.7 else "pause"
        if choice >= 0.8:
            step = "mail" if choice < 0.9 else "penalty"
        print(f"doing {step}", flush=True)  # what may be in flight when the power goes
        if step in STEP_KEYS:
            press(STEP_KEYS[step], clock)
        else:
            app.model.act(step, **({"count": 1} if step == "penalty" else {}))
        for _ in range(2):
            EventLoop.idle()


def press(name: str, clock: FakeClock) -> None:
    code, scancode, text = KEYS[name]
    Window.dispatch("on_key_down", code, scancode, text, [])
    EventLoop.idle()
    Window.dispatch("on_key_up", code, scancode)
    EventLoop.idle()
    clock.advance(1.0)  # past the GO lock-out: each press is a new press


if __name__ == "__main__":
    main()
