"""One measurement of the running app, in a process of its own (a Kivy window keeps
its process): `python -m bench.app_probe MODE`, prints one JSON object.

Modes: bare (a Kivy hello-world's first frame), cold (the app's home screen's first
frame), idle / timer (CPU over 10 s on the table, without / with a running hourglass),
screen (a GO press on the mock pin, from another thread, to the first frame drawn
with the table's label changed), expiry (20 short hourglasses: the first frame drawn
with the glass expired minus the true end), buzzer
(20 short hourglasses with the screen's thread busy for 500 ms around each end: the
buzzer's expiry tone minus the true end, and the gaps between the strip's frames),
buzzer_calls (the same with the spoken calls on, espeak-ng rendering beside it),
rss (resident memory after each screen of a whole simulated game), resume (the first
frame of the table of the unfinished game in COMPANION_DATA_DIR: `bench.long_games`
puts a 100,000-action game there).
"""

from __future__ import annotations

import itertools
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from typing import Any

STARTED = time.perf_counter()
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
os.environ["KIVY_NO_ARGS"] = "1"
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ["KIVY_NO_FILELOG"] = "1"

MEASURE_S = float(os.environ.get("PROBE_SECONDS", "10"))
SCREEN_PRESSES = 100


def emit(**figures: float) -> None:
    print(json.dumps(figures), flush=True)


def hello():  # type: ignore[no-untyped-def]
    """A Kivy hello-world at the table's size, nothing of ours in it: the baselines'
    window."""
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    from kivy.app import App
    from kivy.uix.label import Label

    class Hello(App):
        def build(self) -> Label:
            return Label(text="Hello")

    return Hello()


def at_first_frame(app, report) -> None:  # type: ignore[no-untyped-def]
    """Emit `report()` when the first frame has been drawn (the window's first flip),
    then stop: what a player sees, the same for the bare window and the app."""
    from kivy.core.window import Window

    def drawn(*_: object) -> None:
        Window.unbind(on_flip=drawn)
        emit(seconds=time.perf_counter() - STARTED, **report())
        app.stop()

    app.bind(on_start=lambda *_: Window.bind(on_flip=drawn))


def bare() -> None:
    app = hello()
    at_first_frame(app, dict)
    app.run()


def make_app(new_game: bool, calls: bool = False):  # type: ignore[no-untyped-def]
    from companion.ui import boot

    boot.configure((800, 480), maxfps=60)
    from companion.config import Config, SpeechConfig
    from companion.play.devices import Devices
    from companion.store import Store
    from companion.ui.app import CompanionApp

    settings = Config(speech=SpeechConfig(calls=calls))
    devices = Devices(settings, simulate=True, open_now=False)  # as `launch` does
    game = ("wyscig-balonow", ["Ola", "Jan", "Ewa"]) if new_game else None
    return CompanionApp(settings=settings, store=Store(), devices=devices, new_game=game)


def cold() -> None:
    app = make_app(new_game=False)
    at_first_frame(app, lambda: {"screen": app.manager.current == "home"})
    app.run()


def resume() -> None:
    app = make_app(new_game=False)

    def report() -> dict[str, Any]:
        model = app.model
        return {"screen": app.manager.current, "actions": len(model.session) if model else 0}

    at_first_frame(app, report)
    app.run()


def cpu(timer: bool) -> None:
    from kivy.clock import Clock

    app = make_app(new_game=True)
    state: dict[str, float] = {}

    def begin(_dt: float) -> None:
        if timer:
            app.model.go()  # the hourglass runs; the strip drains with it
        state["cpu"] = time.process_time()
        state["wall"] = time.perf_counter()
        Clock.schedule_once(end, MEASURE_S)

    def end(_dt: float) -> None:
        used = time.process_time() - state["cpu"]
        wall = time.perf_counter() - state["wall"]
        emit(percent=100.0 * used / wall, running=app.model.phase)
        app.stop()

    after_start(app, begin, 1.0)
    app.run()


def screen() -> None:
    from kivy.core.window import Window

    app = make_app(new_game=True)
    samples: list[float] = []
    pin: Any = None
    state: dict[str, Any] = {}

    def press_later() -> None:
        # lgpio calls back on its own thread at any moment of the frame: so do we
        time.sleep(0.35 + (len(samples) % 10) * 0.0017)  # past the lock-out, any phase
        state["before"] = label()
        state["pressed_at"] = time.perf_counter()  # last: watch() starts looking now
        pin.drive_low()
        pin.drive_high()  # GO reports the tap on release

    def watch(*_: Any) -> None:  # each frame drawn: what the players see now
        if "pressed_at" not in state:
            return
        if label() != state["before"]:
            elapsed = (time.perf_counter() - float(state["pressed_at"])) * 1000
            if app.root.current == "wyscig":  # not the press that ends a game
                samples.append(elapsed)
            state.clear()
            if len(samples) >= SCREEN_PRESSES:
                emit(p50_ms=statistics.median(samples), p99_ms=_p99(samples), n=len(samples))
                app.stop()
                return
            keep_playing(app)
            threading.Thread(target=press_later, daemon=True).start()

    def label() -> str:
        """The table's GO label (the score screen, once a press ended the game)."""
        current = app.root.current_screen
        return str(getattr(current, "go_text", current.name))

    def begin(_dt: float) -> None:
        nonlocal pin
        pin = app.devices.sim.factory.pin(app.settings.buttons.go)
        Window.bind(on_flip=watch)
        threading.Thread(target=press_later, daemon=True).start()

    after_start(app, begin, 1.0)
    app.run()


def keep_playing(app: Any) -> bool:
    """The Wyścig table's part between two GO presses: the round's new obstacle, and a
    new game once one ended (True: a new game, with a new session)."""
    model = app.model
    if model.rules.needs_obstacle(model.state):
        model.act("place_obstacle")
    if not model.state.over:
        return False
    app.games.start_game("wyscig-balonow", ["Ola", "Jan", "Ewa"], {}, reveal=False)
    return True


def expiry() -> None:
    from kivy.clock import Clock
    from kivy.core.window import Window

    app = make_app(new_game=True)
    errors: list[float] = []
    state: dict[str, float] = {}

    def start_glass(_dt: float = 0.0) -> None:
        model = app.model
        short_glass(model.hourglass, 0.5)  # the error does not depend on length
        model.hourglass.start()
        state["end"] = time.perf_counter() + model.hourglass.seconds_left()
        model.tick()  # as GO does: the table plans its next look at the glass

    def watch(*_: Any) -> None:  # each frame drawn: what the players see now
        if "end" in state and app.model.phase == "expired":
            errors.append((time.perf_counter() - state.pop("end")) * 1000)
            if len(errors) >= 20:
                emit(
                    max_ms=max(errors),
                    p95_ms=statistics.quantiles(errors, n=20)[18],
                    mean_ms=statistics.mean(errors),
                    all=[round(e) for e in errors],
                )
                app.stop()
                return
            app.model.hourglass.reset()
            Clock.schedule_once(start_glass, 0.1)

    def begin(_dt: float) -> None:
        Window.bind(on_flip=watch)
        start_glass()

    after_start(app, begin, 1.0)
    app.run()


def short_glass(glass: Any, seconds: float) -> None:
    """The table's glass made `seconds` long, its sand full: a glass's length alone
    leaves the sand of the turn's glass (30 s), and no end would come in the probe's
    time, so no tone or expiry would ever be timed."""
    glass.duration = seconds
    glass.reset()


STALL_S = 0.5  # the screen's thread is busy this long around each end
GLASS_S = 1.5


def rendering(args: list[str]) -> object:
    """espeak-ng's whole synthesis, into a WAV file instead of a sound card (a machine
    without one fails at once, and would measure nothing)."""
    import subprocess

    with tempfile.TemporaryDirectory() as folder:
        wav = ["-w", os.path.join(folder, "call.wav")]
        return subprocess.run([*args[:-2], *wav, *args[-2:]], check=True, capture_output=True)


def buzzer(calls: bool = False) -> None:
    """The physical hourglass while the screen stalls: a busy loop on Kivy's thread
    from 0.25 s before each glass's end to 0.25 s after it. With `calls`, the spoken
    calls too: one as each glass starts (still speaking at its end) and "Time's up"."""
    from kivy.clock import Clock

    from hardware.buzzer import EXPIRY_HZ

    app = make_app(new_game=True, calls=calls)
    errors: list[float] = []
    gaps: list[float] = []
    state: dict[str, Any] = {"shown": []}

    def timed(play: Any) -> Any:
        def play_and_note(hz: float) -> None:
            if hz == EXPIRY_HZ and "end" in state:
                errors.append((time.monotonic() - state.pop("end")) * 1000)
            play(hz)

        return play_and_note

    def shown(show: Any) -> Any:
        def show_and_note(frame: Any) -> bool:
            if "end" in state:  # while a glass runs
                state["shown"].append(time.monotonic())
            return bool(show(frame))

        return show_and_note

    def start_glass(_dt: float = 0.0) -> None:
        model = app.model
        with model.timer.lock:
            short_glass(model.hourglass, GLASS_S)
            model.hourglass.start()
            state["end"] = time.monotonic() + model.hourglass.seconds_left()
        state["shown"] = []
        if app.devices.speaker is not None:
            app.devices.speaker.say("Ola's turn. Ten seconds left. Five seconds left.", "en")
        model.driver.wake()
        Clock.schedule_once(stall, GLASS_S - STALL_S / 2)

    def stall(_dt: float) -> None:
        until = time.monotonic() + STALL_S
        while time.monotonic() < until:  # Python work: the GIL changes hands as usual
            pass
        Clock.schedule_once(next_glass, 0.3)

    def next_glass(_dt: float) -> None:
        shown_at = state["shown"]
        gaps.extend((b - a) * 1000 for a, b in itertools.pairwise(shown_at))
        if len(errors) >= 20 or "end" in state:  # done, or a tone that never came
            emit(
                max_ms=max(errors, default=float("inf")),
                mean_ms=statistics.mean(errors) if errors else float("inf"),
                strip_p99_ms=_p99(gaps),
                strip_max_ms=max(gaps),
                glasses=len(errors),
                all=[round(e, 1) for e in errors],
            )
            app.stop()
            return
        app.model.hourglass.reset()
        start_glass()

    def begin(_dt: float) -> None:
        devices = app.devices
        devices.buzzer.sounder.play = timed(devices.buzzer.sounder.play)
        devices.strip.show = shown(devices.strip.show)
        if devices.speaker is not None:
            devices.speaker.run = rendering
        start_glass()

    after_start(app, begin, 1.0)
    app.run()


def bare_buzzer() -> None:
    """The same stall beside a bare thread that only sleeps until each end (Python's
    own wake-up on this machine, with nothing of ours): the baseline."""
    from kivy.clock import Clock

    sys.setswitchinterval(0.001)  # as the app's glass driver sets it
    errors: list[float] = []
    woken = threading.Event()

    def sleeper(end: float) -> None:
        woken.wait(end - time.monotonic())
        errors.append((time.monotonic() - end) * 1000)

    app = hello()

    def start_glass(_dt: float = 0.0) -> None:
        end = time.monotonic() + GLASS_S
        threading.Thread(target=sleeper, args=(end,), daemon=True).start()
        Clock.schedule_once(stall, GLASS_S - STALL_S / 2)

    def stall(_dt: float) -> None:
        until = time.monotonic() + STALL_S
        while time.monotonic() < until:
            pass
        Clock.schedule_once(next_glass, 0.3)

    def next_glass(_dt: float) -> None:
        if len(errors) >= 20:
            emit(max_ms=max(errors), mean_ms=statistics.mean(errors))
            app.stop()
            return
        start_glass()

    after_start(app, start_glass, 1.0)
    app.run()


def bare_idle() -> None:
    """A Kivy hello-world's CPU over the same time: what Kivy's own loop costs."""
    from kivy.clock import Clock

    app = hello()
    state: dict[str, float] = {}

    def begin(_dt: float) -> None:
        state["cpu"], state["wall"] = time.process_time(), time.perf_counter()
        Clock.schedule_once(end, MEASURE_S)

    def end(_dt: float) -> None:
        used = time.process_time() - state["cpu"]
        emit(percent=100.0 * used / (time.perf_counter() - state["wall"]))
        app.stop()

    after_start(app, begin, 1.0)
    app.run()


def bare_rss() -> None:
    """The same window with nothing of ours in it: what Kivy and GL cost alone."""
    app = hello()

    def report(_dt: float) -> None:
        emit(mb=_rss_mb())
        app.stop()

    after_start(app, report, 1.5)
    app.run()


TOUR = (
    "home",
    "newgame",
    "secret",
    "wyscig",
    "play",
    "score",
    "results",
    "history",
    "stats",
    "settings",
    "home",
)


def rss() -> None:
    """A whole game and every screen on the way: the resident memory after each."""
    from kivy.clock import Clock

    app = make_app(new_game=False)
    seen: list[tuple[str, float]] = []
    steps = list(TOUR)

    def next_screen(_dt: float) -> None:
        if seen:  # the screen before has been shown (and drawn) for a while
            seen[-1] = (seen[-1][0], _rss_mb())
        if not steps:
            at_results = dict(seen)["results"]
            emit(mb=at_results, peak_mb=max(mb for _, mb in seen), screens=seen)
            app.stop()
            return
        step = steps.pop(0)
        TOUR_STEPS.get(step, lambda a: a.show(step))(app)
        seen.append((step, 0.0))
        Clock.schedule_once(next_screen, 0.5)

    after_start(app, next_screen, 1.0)
    app.run()


def _play_whole_game(app: Any) -> None:
    model = app.model
    while not model.state.over:
        if model.rules.needs_obstacle(model.state):
            model.act("place_obstacle")
        model._last_go = None  # each GO here is a new press
        model.go()
        model.act("mail") if len(model.session.log) % 7 == 0 else None


def _score(app: Any) -> None:
    model = app.model
    model.act("score", distances={c: 2 for c in model.state.colours_held})
    app.show(app.screen_for_model())


TOUR_STEPS = {
    "secret": lambda app: app.games.start_game(
        "wyscig-balonow", ["Ola", "Jan", "Ewa"], {}, reveal=True
    ),
    "wyscig": lambda app: app.show(app.screen_for_model()),
    "play": _play_whole_game,
    "score": lambda app: app.show(app.screen_for_model()),
    "results": _score,
}


def after_start(app, callback, delay: float) -> None:  # type: ignore[no-untyped-def]
    """Run `callback` `delay` s after the app's start (a handler that returned the
    clock event would be truthy and stop Kivy's own on_start)."""
    from kivy.clock import Clock

    def at_the_table(dt: float) -> None:
        model = getattr(app, "model", None)
        if model is not None:
            # a new game opens on the secret balloons (no glass runs there): the
            # figures are the table's
            app.show(app.screen_for_model())
            if app.manager.current != model.adapter.screen:
                raise RuntimeError(f"the probe is on {app.manager.current}, not the table")
        Clock.schedule_once(callback, delay)

    def schedule(*_: object) -> None:
        Clock.schedule_once(at_the_table, 0)

    app.bind(on_start=schedule)


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


MODES = {
    "bare": bare,
    "cold": cold,
    "resume": resume,
    "idle": lambda: cpu(timer=False),
    "timer": lambda: cpu(timer=True),
    "screen": screen,
    "expiry": expiry,
    "buzzer": buzzer,
    "buzzer_calls": lambda: buzzer(calls=True),
    "bare_buzzer": bare_buzzer,
    "bare_idle": bare_idle,
    "rss": rss,
    "bare_rss": bare_rss,
}

if __name__ == "__main__":
    MODES[sys.argv[1]]()
