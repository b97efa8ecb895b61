"""The "Who starts?" view, before a game's first turn: the players round the table, a
tap on one makes them start; or a pick at random, its light running round the seats
on the screen and on the strip (`companion.play.whostarts`: pure functions of the
app's injected clock and seed) until it stops on a player, whom a tap confirms. The
app then turns the seats so that player is first (`CompanionApp.start_from`)."""

from __future__ import annotations

import random
from typing import Any

from kivy.clock import Clock, ClockEvent
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.widget import Widget

from companion.play import whostarts
from companion.play.table import GameInPlay
from companion.ui import seating
from companion.ui.context import running_app
from companion.ui.strings import UI
from companion.ui.widgets import Sheet, sized

# The running light is looked at every frame while it runs (a few seconds): its
# steps come from the app's clock, which a test moves by hand between frames.
EVERY_FRAME = 0
SEATS_IN_A_LINE = 4


def open_for(model: Any) -> None:
    """ "Who starts?" over the table of `model` (the game in play's view-model)."""
    if model is not None:
        WhoStartsView(model.play).open()


class WhoStartsView(Sheet):
    title = StringProperty("")
    help = StringProperty("")
    confirm_text = StringProperty("")
    lines = NumericProperty(1)
    spinning = BooleanProperty(False)
    landed = BooleanProperty(False)

    def __init__(self, play: GameInPlay[Any], **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.app = running_app()
        self.play = play
        first = seating.first_seat(self.app.store.session_row(play.session_id))
        self.by_seat = whostarts.seated(play.session.setup.names, first)
        self.lines = -(-len(self.by_seat) // SEATS_IN_A_LINE)
        self.chosen: int | None = None
        self._began = 0.0
        self._event: ClockEvent | None = None
        self._buttons: list[Widget] = []
        for seat, name in enumerate(self.by_seat):
            button = sized(Factory.Toggle(text=name), 20 * self.app.scale)
            button.bind(on_release=lambda _w, s=seat: self.tapped(s))
            self.ids.seats.add_widget(button)
            self._buttons.append(button)
        self.app.bind(lang=self._say)
        self._say()

    def _say(self, *_: object) -> None:
        tr = self.app.tr
        if self.landed and self.chosen is not None:
            self.title = str(tr(UI("starts", player=self.by_seat[self.chosen])))
        else:
            self.title = str(tr(UI("who_starts")))
        self.help = str(tr(UI("who_starts_help")))
        name = self.by_seat[self.chosen] if self.chosen is not None else ""
        self.confirm_text = str(tr(UI("starts", player=name)))

    # -- a pick at random ------------------------------------------------------------
    def spin(self) -> None:
        """The table picks (the app's seed: a test knows which), and the light runs."""
        if self.spinning:
            return
        self.chosen = whostarts.pick(random.Random(self.app.seeds()), len(self.by_seat))
        self._began = self.app.clock()
        self.spinning, self.landed = True, False
        self._event = Clock.schedule_interval(self._tick, EVERY_FRAME)  # (a method: Kivy
        self._run()  # keeps a weak reference, and a lambda would be gone at once)

    def _tick(self, _dt: float) -> None:
        self._run()

    def _run(self) -> None:
        assert self.chosen is not None
        elapsed = self.app.clock() - self._began
        seat, stopped = whostarts.spinning(elapsed, len(self.by_seat), self.chosen)
        self._light(seat)
        if stopped:
            self._stop()
            self.landed = True
            self._say()

    def _light(self, seat: int | None) -> None:
        for index, button in enumerate(self._buttons):
            button.active = index == seat
        self.play.lights.spotlight(seat)
        self.play.driver.wake()

    def _stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None
        self.spinning = False

    # -- the answer ------------------------------------------------------------------
    def tapped(self, seat: int) -> None:
        """A player tapped: they start (while the light runs, it is stopped first)."""
        self._stop()
        self.chosen = seat
        self.confirm()

    def confirm(self) -> None:
        if self.chosen is None:
            return
        seat = self.chosen
        self.dismiss()
        seating.start_from(self.app, seat)

    def cancel(self) -> None:
        self.dismiss()

    def on_dismiss(self) -> None:
        self._stop()
        self.app.unbind(lang=self._say)
        self.play.lights.spotlight(None)
        self.play.driver.wake()
