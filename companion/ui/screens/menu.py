"""The menu: back, home, the language (by its own name; a list, one tap to pick),
quit behind a hold (kiosk mode has no other way out) and, where it can work, "Shut
down the Pi" behind the same hold. Opened by a long press of GO or the corner button
of every screen."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory

from companion.ui.screens.settings_data import LANGUAGE_NAMES
from companion.ui.widgets import Sheet


def language_name(lang: str, _lang: str = "") -> str:
    """A language by its own name ("Polski"), whoever reads it finds theirs."""
    return LANGUAGE_NAMES.get(lang, lang)


class MenuView(Sheet):
    def choose_language(self) -> None:
        """Every language in a list, by its own name: one tap picks it."""
        LanguageView().open()


class LanguageView(Sheet):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        app = App.get_running_app()
        for lang in app.languages():
            button = Factory.Toggle(text=language_name(lang), active=lang == app.lang)
            button.bind(on_release=lambda _w, choice=lang: self.pick(choice))
            self.ids.choices.add_widget(button)

    def pick(self, lang: str) -> None:
        app = App.get_running_app()
        app.set_language(lang)
        self.dismiss()
        if app.menu is not None:
            app.menu.dismiss()
