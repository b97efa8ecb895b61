"""The menu: back, home, language, quit behind a hold (kiosk mode has no other way
out) and, where it can work, "Shut down the Pi" behind the same hold. Opened by a long
press of GO or the corner button of every screen."""

from __future__ import annotations

from kivy.app import App
from kivy.uix.modalview import ModalView


class MenuView(ModalView):
    def next_language(self) -> None:
        app = App.get_running_app()
        choices = app.languages()
        index = choices.index(app.lang) if app.lang in choices else -1
        app.set_language(choices[(index + 1) % len(choices)])
