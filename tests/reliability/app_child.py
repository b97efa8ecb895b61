"""The real app (simulated hardware, offscreen window) playing a scripted game, for
the power-cut test. It prints `ack N` once the log holds N actions and the change is
stored, and on start `resumed N <state digest>`, then waits for a line on stdin.

usage: python app_child.py SEED [--new]
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
import tempfile

os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
os.environ["KIVY_NO_ARGS"] = "1"

from companion.ui import boot

boot.configure((800, 480), maxfps=0)

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from companion.config import Config  # noqa: E402
from companion.core.hourglass import FakeClock  # noqa: E402
from companion.play.devices import Devices  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui.app import CompanionApp  # noqa: E402

KEYS = {"space": (32, 44, " "), "u": (117, 24, "u"), "p": (112, 19, "p")}


def digest(state: object) -> str:
    dump = state.model_dump_json()  # type: ignore[attr-defined]
    return hashlib.sha256(dump.encode()).hexdigest()[:16]


def main() -> None:
    seed = int(sys.argv[1])
    new = "--new" in sys.argv
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
    print(f"resumed {len(model.session.log)} {digest(model.session.state)}", flush=True)
    sys.stdin.readline()  # the test reads the stored log first: nothing may change it
    model.session.add_listener(lambda s, _c: print(f"ack {len(s.log)}", flush=True))
    script = random.Random(seed)
    while True:
        choice = script.random()
        if choice < 0.55:
            press("space", clock)
        elif choice < 0.7:
            press("u", clock)
        elif choice < 0.8:
            press("p", clock)
        elif choice < 0.9:
            app.model.act("mail")  # what the +1 mail button sends
        else:
            app.model.act("penalty", count=1)
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
