"""Settings: everything in the settings file, with choice buttons and big +/-.

Each change is checked at once the way the file is (`config.from_dict`), so a bad
value shows the file's own sentence; Save writes the file (`config.save`, atomic)
to the path the app read it from. Every setting, the language too, takes effect with
Save (the language, mute and the hourglass warnings at once, hardware settings after
a restart); leaving with changes not saved asks first. A language chosen in the menu
is saved at once (`menu.keep_language`), and the draft takes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion import config as config_module
from companion.core.errors import ConfigError
from companion.core.messages import Message
from companion.ui.context import running_app
from companion.ui.screen import AppScreen
from companion.ui.screens import settings_data
from companion.ui.screens.settings_data import Choice, Draft, Setting, Value
from companion.ui.screens.text import S
from companion.ui.widgets import AskView, Toggle, sized

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp

MINUS = "\u2212"  # the minus sign: as wide as the plus, unlike a hyphen


class SettingRow(BoxLayout):
    message = ObjectProperty(None, allownone=True)
    setting_key = StringProperty("")
    label_width = NumericProperty(192)  # a seat's half row: a narrower label


class SettingToggle(Toggle):
    message = ObjectProperty(None, allownone=True)


class SettingValue(Label):
    message = ObjectProperty(None, allownone=True)


class SettingsScreen(AppScreen):
    tab = StringProperty("general")
    kept: ClassVar[tuple[str, ...]] = ("tab",)  # the tab open at the last visit
    draft = DictProperty({})
    error = ObjectProperty(None, allownone=True)  # the file's sentence for a bad value
    notice = ObjectProperty(None, allownone=True)
    changed = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        running_app().bind(lang=self._language)

    @property
    def app(self) -> CompanionApp:
        return running_app()

    def _language(self, *_: object) -> None:
        """The screens speak another language (the menu kept it in the settings
        file): the draft takes it, so that Save does not write the old one back."""
        kept = self.app.lang
        if not self.draft or self.draft.get("language") == kept:
            return
        self.draft = settings_data.with_value(dict(self.draft), ("language",), kept)
        self.changed = self.draft != self._baseline()
        self.show(self.tab)

    def _baseline(self) -> Draft:
        """The settings as the app uses them: the file's, in the language the screens
        speak (`companion run --lang` chooses one the file may not say)."""
        found = settings_data.draft_of(self.app.settings)
        return settings_data.with_value(found, ("language",), self.app.lang)

    def prepare(self) -> None:
        self.draft = self._baseline()
        self.error = self.notice = None
        self.changed = False
        self.show(self.tab)

    def show(self, tab: str) -> None:
        self.tab = tab
        box = self.ids.rows
        box.clear_widgets()
        rows = settings_data.settings_for(tab, dict(self.draft))
        for setting in (r for r in rows if r.index is None):
            box.add_widget(self._row(setting))
        seats = [r for r in rows if r.index is not None]
        for first in range(0, len(seats), 2):  # the seats' pins two to a row
            pair = Factory.BoxLayout(size_hint_y=None, height=48 * self.app.scale)
            pair.spacing = 12 * self.app.scale
            for setting in seats[first : first + 2]:
                pair.add_widget(self._row(setting, narrow=True))
            box.add_widget(pair)
        box.add_widget(Factory.Widget())

    # -- one row per setting ---------------------------------------------------------
    def _row(self, setting: Setting, *, narrow: bool = False) -> Widget:
        row = SettingRow(message=setting.message, setting_key=setting.key)
        value = settings_data.value_of(dict(self.draft), setting)
        if setting.kind == "step":
            if narrow:
                row.label_width = 84
            self._stepper(row, setting, value, narrow=narrow)
            return row
        multi = setting.kind == "multi"
        for choice, label in setting.choices:
            chosen = choice in settings_data.items(value) if multi else _same(value, choice)
            toggle = SettingToggle(message=label, active=chosen)
            # Room by the width of the words: "Nederlands" needs more than "Polski".
            toggle.size_hint_x = text_width(self.app.tr(label), toggle.font_size) + 16
            toggle.bind(on_release=lambda _w, c=choice: self.choose(setting, c))
            row.add_widget(toggle)
        return row

    def _stepper(self, row: SettingRow, setting: Setting, value: Value, *, narrow: bool) -> None:
        row.add_widget(self._step_button(setting, -1, narrow))
        shown = SettingValue(message=settings_data.shown(setting, value))
        if narrow:
            shown.font_size = 22 * self.app.scale
        row.add_widget(shown)
        row.add_widget(self._step_button(setting, 1, narrow))

    def _step_button(self, setting: Setting, direction: int, narrow: bool) -> Widget:
        scale = self.app.scale
        button = sized(Factory.Tap(text="+" if direction > 0 else MINUS), 30 * scale)
        button.size_hint_x, button.width = None, (56 if narrow else 84) * scale
        button.bind(on_release=lambda _w: self.step(setting, direction))
        return button

    # -- changes ---------------------------------------------------------------------
    def choose(self, setting: Setting, choice: Choice) -> None:
        value = settings_data.value_of(dict(self.draft), setting)
        self._set(setting, settings_data.chosen(setting, value, choice))

    def step(self, setting: Setting, direction: int) -> None:
        draft = dict(self.draft)
        value = settings_data.value_of(draft, setting)
        taken = settings_data.pins_in_use(draft)
        self._set(setting, settings_data.stepped(setting, value, direction, taken))

    def _set(self, setting: Setting, value: Value) -> None:
        self.draft = settings_data.with_setting(dict(self.draft), setting, value)
        self.changed = self.draft != self._baseline()
        self.notice = None
        self.error = self._problem()
        self.show(self.tab)

    def _problem(self) -> Message | None:
        try:
            settings_data.check(dict(self.draft))
        except ConfigError as error:
            return error.message
        return None

    # -- saving ----------------------------------------------------------------------
    def save(self) -> bool:
        app = self.app
        try:
            settings = settings_data.check(dict(self.draft))
            path = config_module.save(settings, app.config_path)
        except ConfigError as error:
            self.error = error.message
            return False
        restart = settings_data.needs_restart(app.devices.config, settings)
        app.settings = settings
        app.devices.buzzer.mute = settings.buzzer.mute
        app.set_language(settings.language)
        self.error, self.changed = None, False
        self.notice = S("saved_restart" if restart else "saved", path=str(path))
        return True

    # -- leaving -----------------------------------------------------------------------
    def may_leave(self, target: str) -> bool:
        """Changes not saved: ask (save, leave without them, or stay) before going."""
        if not self.changed:
            return True
        AskView(
            S("unsaved_leave"),
            [
                (S("stay"), lambda: None),
                (S("discard"), lambda: self._leave(target)),
                (S("save_leave"), lambda: self._save_and_leave(target)),
            ],
        ).open()
        return False

    def _leave(self, target: str) -> None:
        self.changed = False
        self.app.show(target)

    def _save_and_leave(self, target: str) -> None:
        if self.save():  # a value the file refuses: stay, its sentence on screen
            self._leave(target)


def text_width(text: str, font_size: float) -> float:
    extents: tuple[float, float] = CoreLabel(font_size=font_size, bold=True).get_extents(text)
    return extents[0]


def _same(value: Value, choice: Choice) -> bool:
    # True == 1 in Python; a choice matches only a value of its own type.
    return type(value) is type(choice) and value == choice
