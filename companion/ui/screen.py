"""What the app asks of every screen, declared once: the navigator prepares a screen
before it appears, asks the one shown whether it may be left, keeps the few choices
it names in `kept` for its next visit and lends it the strip when it `owns_strip`;
the router offers it every hardware event first (`hardware_event`) and hands it the
big buttons' presses (`button`). A touch that began before it appeared never acts on
it (`companion.ui.fresh`). Every screen of the registry is an `AppScreen`; the
defaults are what a screen that wants none of it does.
"""

from __future__ import annotations

from typing import ClassVar

from kivy.uix.screenmanager import Screen

from companion.ui.fresh import FreshTouches
from hardware.events import HardwareEvent


class AppScreen(FreshTouches, Screen):
    # The properties whose values the next screen of this name gets back (a tab).
    kept: ClassVar[tuple[str, ...]] = ()
    # The screen draws the LED strip itself (the hardware test): the glass lets go.
    owns_strip: ClassVar[bool] = False

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        # A touch that began before the screen appeared never acts on it.
        self.fbind("on_pre_enter", self.shown_now)

    def prepare(self) -> None:
        """Fill the screen from the game in play and the store, before it appears."""

    def may_leave(self, target: str) -> bool:
        """The screen may be left for `target` now; False when it asks first (and
        shows `target` itself once answered)."""
        return True

    def hardware_event(self, event: HardwareEvent) -> bool:
        """An event from the devices, before anyone else sees it; True keeps it from
        the game."""
        return False

    def button(self, source: str) -> None:
        """A press of a big button: "go", "undo", "redo" (UNDO held) or "pause"."""
