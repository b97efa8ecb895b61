"""The menu: back, home, the language (by its own name; a list, one tap to pick, kept
in the settings file for the next start), quit behind a hold (kiosk mode has no
other way out) and, where it can work, "Shut down the Pi" behind the same hold.
Opened by a long press of GO or the corner button of every screen."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from kivy.factory import Factory
from kivy.properties import ObjectProperty

from companion import config as config_module
from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.ui.context import running_app
from companion.ui.screens.settings_data import LANGUAGE_NAMES
from companion.ui.widgets import Sheet

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp

from kivy.uix.widget import Widget

log = logging.getLogger(__name__)


def language_name(lang: str, _lang: str = "") -> str:
    """A language by its own name ("Polski"), whoever reads it finds theirs."""
    return LANGUAGE_NAMES.get(lang, lang)


class MenuView(Sheet):
    def choose_language(self) -> None:
        """Every language in a list, by its own name: one tap picks it."""
        LanguageView().open()


def keep_language(app: CompanionApp, lang: str) -> Message | None:
    """The menu's choice: kept in the settings file (its comments and order kept), so
    the next start speaks it too, and spoken at once; the sentence why it could not
    be kept (then it holds until the app stops), else None."""
    problem: Message | None = None
    if lang in app.languages() and lang != app.settings.language:
        settings = app.settings.model_copy(update={"language": lang})
        try:
            config_module.save(settings, app.config_path)
            app.settings = settings  # before the switch: the settings screen reads it
        except CompanionError as error:
            log.warning("could not keep the language: %s", error)
            problem = error.message
    app.set_language(lang)
    return problem


class LanguageView(Sheet):
    problem = ObjectProperty(None, allownone=True)  # why the choice could not be kept

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        app = running_app()
        self._buttons: dict[str, Widget] = {}
        for lang in app.languages():
            button = Factory.Toggle(text=language_name(lang), active=lang == app.lang)
            button.bind(on_release=lambda _w, choice=lang: self.pick(choice))
            self.ids.choices.add_widget(button)
            self._buttons[lang] = button
        app.bind(lang=self._mark)

    def _mark(self, _app: object, lang: str) -> None:
        for shown, button in self._buttons.items():
            button.active = shown == lang

    def on_dismiss(self) -> None:
        running_app().unbind(lang=self._mark)

    def pick(self, lang: str) -> None:
        app = running_app()
        self.problem = keep_language(app, lang)
        if self.problem is not None:
            return  # open, with the reason: it holds until the app stops
        self.dismiss()
        if app.menu is not None:
            app.menu.dismiss()
