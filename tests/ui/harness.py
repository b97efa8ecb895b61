"""Drive the real app in a real window: touches at widgets, keys through the
simulated buttons, frames stepped by hand, the hourglass on a fake clock."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch

from companion.config import Config
from companion.core.hourglass import FakeClock
from companion.i18n import languages
from companion.play.devices import Devices
from companion.store import Store
from companion.ui.app import CompanionApp
from tests.english_words import english_words

OUT = Path(__file__).parent / "out"
# The properties whose words a widget shows (ids such as `kind` or `direction` are not).
SHOWN = (
    *("text", "label", "labels", "title", "says", "detail", "note", "left", "cost", "level"),
    *("badges", "altitude", "colour_name", "side_labels", "balloon_text", "move_text"),
)
KEYS = {"space": (32, 44, " "), "u": (117, 24, "u"), "p": (112, 19, "p")}


class Harness:
    def __init__(
        self,
        data: Path,
        size: tuple[int, int] = (800, 480),
        new_game: tuple[str, Sequence[str]] | None = None,
        settings: Config | None = None,
        seed: int = 7,
    ) -> None:
        self.size = size
        self.clock = FakeClock()
        self.store = Store(data / "companion.db")
        self.settings = settings or Config()
        self.devices = Devices(self.settings, simulate=True, clock=self.clock)
        self.app = CompanionApp(
            settings=self.settings,
            store=self.store,
            devices=self.devices,
            clock=self.clock,
            new_game=new_game,
            seeds=lambda: seed,
        )
        self.app._run_prepare()
        self.step(4)

    # -- frames and time -----------------------------------------------------------
    def step(self, frames: int = 3) -> None:
        for _ in range(frames):
            EventLoop.idle()

    def advance(self, seconds: float) -> None:
        self.clock.advance(seconds)
        self.step(2)

    def wait(self, condition: Callable[[], bool], timeout: float = 5.0) -> None:
        """For work on another thread (the dice reader): step frames until true."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("condition not met in time")
            self.step(1)
            time.sleep(0.005)  # let the reader thread run; the condition is the sync

    # -- input ---------------------------------------------------------------------
    def tap(self, widget: Any) -> None:
        assert widget.get_root_window() is not None, f"{widget} is not on screen"
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.step(1)
        touch.touch_up()
        self.step(2)

    def press(self, widget: Any) -> UnitTestTouch:
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.step(2)
        return touch

    def key(self, name: str) -> None:
        """A key press and release: the simulated button's pin goes down and up."""
        code, scancode, text = KEYS[name]
        Window.dispatch("on_key_down", code, scancode, text, [])
        self.step(1)
        Window.dispatch("on_key_up", code, scancode)
        self.step(3)
        self.clock.advance(1.0)  # past the buttons' lock-out before the next press

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

    def shot(self, name: str) -> Path:
        """The window as `OUT/<name>-<W>x<H>.png`. Kivy numbers the file it writes;
        a name of this shot's own keeps UI suites running side by side apart."""
        self.step(3)
        OUT.mkdir(exist_ok=True)
        width, height = self.size
        target = OUT / f"{name}-{width}x{height}.png"
        made = Window.screenshot(name=str(OUT / f".{target.name}"))
        shutil.move(made, target)
        return target

    def shots(self, name: str) -> list[Path]:
        """`<name>-<lang>-<W>x<H>.png` in every language, then back to English.
        Every text on screen in another language is checked for English words
        (a card, an altitude, a direction, a token, a colour left untranslated)."""
        made = []
        leaked: dict[str, list[str]] = {}
        for lang in languages():
            self.app.set_language(lang)
            self.step(2)
            made.append(self.shot(f"{name}-{lang}"))
            for text in self.window_texts():
                found = english_words(lang, text)
                if found:
                    leaked[f"{lang}: {text!r}"] = found
        self.app.set_language("en")
        self.step(2)
        assert not leaked, f"English words on the {name} screen: {leaked}"
        return made

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
