"""Drive the real app in a real window: touches at widgets, keys through the
simulated buttons, frames stepped by hand, the hourglass on a fake clock."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.label import Label

from companion.config import Config
from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup
from companion.i18n import languages
from companion.play.devices import Devices
from companion.store import Store
from companion.ui.app import CompanionApp, NewGame
from companion.ui.fit import problem
from companion.ui.fresh import SETTLE_S, FreshTouches
from tests.english_words import english_words
from tests.waiting import wait_until

OUT = Path(__file__).parent / "out"
FIT_SIZE = (800, 480)  # the size every label's text is checked at: the smallest
MIN_FONT_PX = 16
# The properties whose words a widget shows (ids such as `kind` or `direction` are not).
SHOWN = (
    *("text", "label", "labels", "title", "says", "detail", "note", "left", "cost", "level"),
    *("badges", "altitude", "colour_name", "side_labels", "balloon_text", "move_text"),
)
KEYS = {"space": (32, 44, " "), "u": (117, 24, "u"), "p": (112, 19, "p")}
KEYS.update({str(n): (48 + n, 29 + n, str(n)) for n in range(1, 9)})  # the seat buttons
TAP_S = 0.1  # how long a finger is down for a tap, by the touch's own times


def shown(widget: Any) -> bool:
    """On screen, not hidden away by a zero size or opacity (its own or a parent's)."""
    node = widget
    while node is not None and node is not node.parent:
        if getattr(node, "opacity", 1) <= 0 or node.width < 2 or node.height < 2:
            return False
        node = node.parent
        if node is Window:
            return True
    return widget.get_root_window() is not None


def text_trouble(widget: Any) -> str | None:
    """What is wrong with a label's text on screen (None for anything else)."""
    if not isinstance(widget, Label) or not widget.text.strip() or not shown(widget):
        return None
    if widget.font_size < MIN_FONT_PX * App.get_running_app().scale - 0.01:
        return f"{widget.text!r} in {widget.font_size:.1f} px, below {MIN_FONT_PX}"
    return problem(widget)


def drawn_text_trouble(widget: Any) -> list[str]:
    """What is wrong with the words a widget draws on its canvas itself (the wind
    rose's names): each such widget says, by its `drawn_text_trouble(min_px)`."""
    check = getattr(widget, "drawn_text_trouble", None)
    if check is None or not shown(widget):
        return []
    troubles: list[str] = check(MIN_FONT_PX * App.get_running_app().scale - 0.01)
    return [f"{type(widget).__name__}: {t}" for t in troubles]


def opened_at(widget: Any) -> float:
    """When the view `widget` is on appeared (a dialog, a screen): a touch that began
    before it, or in its first half second, is not the view's (companion.ui.fresh)."""
    found = widget
    while found is not None and not isinstance(found, FreshTouches):
        found = found.parent
    return float(found.shown_at) if found is not None else 0.0


class Harness:
    def __init__(
        self,
        data: Path,
        new_game: NewGame | None = None,
        settings: Config | None = None,
        seed: int = 7,
        *,
        open_devices: bool = True,
        first_frames: int = 4,
    ) -> None:
        self.clock = FakeClock()
        self.store = Store(data / "companion.db")
        self.settings = settings or Config()
        # `companion run` leaves them to the app (open_devices=False), which opens them
        # after the first frame or before a game's table.
        self.devices = Devices(
            self.settings, simulate=True, clock=self.clock, open_now=open_devices
        )
        self.app = CompanionApp(
            settings=self.settings,
            store=self.store,
            devices=self.devices,
            clock=self.clock,
            new_game=new_game,
            seeds=lambda: seed,
        )
        self.app._run_prepare()
        self.step(first_frames)

    # -- frames and time -----------------------------------------------------------
    def step(self, frames: int = 3) -> None:
        for _ in range(frames):
            EventLoop.idle()

    def advance(self, seconds: float) -> None:
        self.clock.advance(seconds)
        self.step(2)

    def wait(self, condition: Callable[[], object], what: str = "the condition") -> None:
        """For work on another thread (the dice reader) or on Kivy's clock (a hold):
        step frames until true, with one generous limit (tests/waiting.py)."""

        def frame() -> None:
            self.step(1)
            time.sleep(0.005)  # lets the other thread run; the condition is the sync

        wait_until(condition, what, 60, between=frame)

    # -- input ---------------------------------------------------------------------
    def settle(self, widget: Any) -> None:
        """Wait, as a player looks before tapping, until the view `widget` is on takes
        taps: none in its first half second (companion.ui.fresh)."""
        moment = opened_at(widget) + SETTLE_S + 0.01
        if time.time() < moment:
            self.wait(lambda: time.time() >= moment, "the view open for half a second")

    def tap(self, widget: Any) -> None:
        """A tap of TAP_S by the touch's own times (as an input provider stamps them),
        however long the frames in between take on a loaded machine, once the view it
        is on takes taps."""
        self.step(1)  # a widget just built is laid out at the next frame
        assert widget.get_root_window() is not None, f"{widget} is not on screen"
        self.settle(widget)
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.time_end = touch.time_start + TAP_S  # the release, read; its frame to come
        self.step(1)
        touch.touch_up()
        self.step(2)
        self.check_texts()

    def press(self, widget: Any) -> UnitTestTouch:
        self.settle(widget)
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.step(2)
        return touch

    def hold(self, widget: Any, until: Callable[[], object], what: str) -> None:
        """A finger kept on `widget` until `until()` (a hold fires on Kivy's clock, on
        real frames), then lifted."""
        touch = self.press(widget)
        self.wait(until, what)
        touch.touch_up()
        self.step(2)

    def pause_and_go_on(self, screen: Any, picture: Callable[[], object]) -> None:
        """GO starts the glass, the PAUSE button pauses it (`picture` then), GO goes on."""
        self.key("space")
        self.key("p")
        assert screen.phase == "paused"
        picture()
        self.key("space")
        assert screen.phase == "running"

    def key(self, name: str, *, settle: bool = True) -> None:
        """A key press and release: the simulated button's pin goes down and up; then
        (`settle`) the clock moves past the buttons' lock-out before the next press."""
        code, scancode, text = KEYS[name]
        Window.dispatch("on_key_down", code, scancode, text, [])
        self.step(1)
        Window.dispatch("on_key_up", code, scancode)
        self.step(3)
        if settle:
            self.clock.advance(1.0)

    # -- looking -------------------------------------------------------------------
    @property
    def screen(self) -> Any:
        return self.app.root.current_screen

    def texts(self, root: Any = None) -> list[str]:
        root = root if root is not None else self.screen
        found = []
        for widget in root.walk():
            text = getattr(widget, "text", None)
            if isinstance(text, str) and text and widget.opacity > 0:
                found.append(text)
        return found

    def find(self, text: str, root: Any = None) -> Any:
        roots = [root] if root is not None else [*Window.children]
        for base in roots:
            for widget in base.walk():
                if getattr(widget, "text", None) == text and getattr(widget, "opacity", 1) > 0:
                    return widget
        raise AssertionError(f"no widget shows {text!r}; on screen: {self.texts()}")

    def log_types(self) -> list[str]:
        model = self.app.model
        return [a.type for a in model.session.log] if model else []

    def shot(self, name: str, *, every_language: bool = True) -> Path:
        """The window as `OUT/<name>-<W>x<H>.png`, named by the window's real size.
        Kivy numbers the file it writes; a name of this shot's own keeps UI suites
        running side by side apart. Every label must show its text, here in every
        language (see `check_texts`)."""
        self.step(3)
        if every_language:
            self.check_every_language()
        OUT.mkdir(exist_ok=True)
        width, height = Window.size
        target = OUT / f"{name}-{width}x{height}.png"
        made = Window.screenshot(name=str(OUT / f".{target.name}"))
        shutil.move(made, target)
        return target

    def shots(self, name: str) -> list[Path]:
        """`<name>-<lang>-<W>x<H>.png` in every language, then back to English; every
        label must show its text in each (see `check_texts`), and no text on screen in
        another language may hold English words (a card, an altitude, a direction, a
        token, a colour left untranslated). At a larger size only the English picture:
        the words are checked where they are tightest (800x480), and the larger window
        lays the same words out with more room."""
        made = []
        leaked: dict[str, list[str]] = {}
        for lang in languages() if tuple(Window.size) == FIT_SIZE else ["en"]:
            self.app.set_language(lang)
            self.step(3)
            self.check_texts()
            made.append(self.shot(f"{name}-{lang}", every_language=False))
            for text in self.window_texts():
                found = english_words(lang, text)
                if found:
                    leaked[f"{lang}: {text!r}"] = found
        self.app.set_language("en")
        self.step(2)
        assert not leaked, f"English words on the {name} screen: {leaked}"
        return made

    # -- text that fits ------------------------------------------------------------
    def check_every_language(self) -> None:
        """`check_texts` in each language, then the language of before again. Only at
        800x480: `check_texts` checks nothing at a larger size."""
        if tuple(Window.size) != FIT_SIZE:
            return
        before = self.app.lang
        for lang in languages():
            self.app.set_language(lang)
            self.step(3)
            self.check_texts()
        self.app.set_language(before)
        self.step(2)

    def check_texts(self, *, any_size: bool = False) -> None:
        """At 800x480, every label on screen (and in an open dialog) shows all of its
        text inside its widget, breaks lines only between words, and is at least
        16 px high, and so do the words a widget draws itself (none over another or
        over a drawing): the words the players need are never cut, clipped or tiny."""
        if tuple(Window.size) != FIT_SIZE and not any_size:
            return
        found = []
        for root in list(Window.children):
            for widget in root.walk():
                trouble = text_trouble(widget)
                if trouble is not None:
                    found.append(f"{type(widget).__name__}: {trouble}")
                found += drawn_text_trouble(widget)
        report = os.environ.get("COMPANION_FIT_REPORT")  # a survey: list, do not stop
        if report and found:
            with open(report, "a", encoding="utf-8") as out:
                out.writelines(f"[{self.app.lang}] {line}\n" for line in found)
            return
        assert not found, f"[{self.app.lang}] " + "\n".join(sorted(set(found)))

    @classmethod
    def at_table(cls, data: Path, setup: GameSetup) -> Harness:
        """The app on the table of a new game set up as `setup` (its secret balloons,
        if any, passed round first)."""
        ui = cls(data, new_game=(setup.game, setup.names, setup.options))
        if ui.app.root.current == "secret":
            ui.pass_secret()
        return ui

    def pass_secret(self) -> None:
        """The secret balloons the app dealt, one player after another: each holds the
        card to see theirs, then passes the screen on; the last starts the race."""
        while self.app.root.current == "secret":
            screen = self.screen
            touch = self.press(screen.ids.hold)
            touch.touch_up()
            self.step(2)
            self.tap(screen.ids.next)

    def window_texts(self) -> list[str]:
        """Every text shown in the window, the screen's and any dialog's over it,
        with the words widgets draw themselves (a tap's label, the wind rose's)."""
        found = []
        for view in Window.children:
            for widget in view.walk():
                if widget.opacity == 0:
                    continue
                for name in SHOWN:
                    value = getattr(widget, name, None)
                    values = value if isinstance(value, list) else [value]
                    found += [v for v in values if isinstance(v, str) and v]
        return found

    def type_name(self, name: str) -> None:
        """A new player's name on the on-screen keyboard, then Seat."""
        self.tap(self.find("+ New player"))
        keyboard = self.app.root.get_root_window().children[0]
        for letter in name.upper():
            self.tap(self.find(letter, keyboard))
        self.tap(self.find("Seat", keyboard))

    def close(self) -> None:
        app = self.app
        app.dispatch("on_stop")
        for view in list(Window.children):
            if view is not app.root and hasattr(view, "dismiss"):
                view.dismiss(animation=False)
        Window.remove_widget(app.root)
        App._running_app = None
        self.step(2)
        self.devices.close()
        self.store.close()
