"""Home: resume the unfinished game, start a new one, and see the hardware's state."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import NumericProperty, ObjectProperty
from kivy.uix.screenmanager import Screen

from companion import games
from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.ui.strings import UI


def resume_message(game: str, summary: dict[str, Any] | None) -> Message:
    """ "Wyścig balonów, round 3, Kasia's turn" from a stored summary."""
    name = games.get(game).name
    summary = summary or {}
    if summary.get("over"):
        return UI("resume_score", game=name)
    current = summary.get("current")
    round_number = summary.get("round")
    if current is None:
        return UI("resume_order", game=name, round=round_number or 1)
    if round_number is None:
        return UI("resume_plain", game=name, player=current)
    return UI("resume_round", game=name, round=round_number, player=current)


class HomeScreen(Screen):
    resume_id = NumericProperty(0)
    resume_message = ObjectProperty(None, allownone=True)

    def prepare(self) -> None:
        app = App.get_running_app()
        row = app.store.unfinished()
        if row is None:
            self.resume_id = 0
            self.resume_message = None
            return
        try:
            self.resume_message = resume_message(row.game, row.summary)
        except CompanionError:
            self.resume_id = 0
            return
        self.resume_id = row.id

    def resume(self) -> None:
        if self.resume_id:
            App.get_running_app().open_session(self.resume_id)
