"""The setups a group keeps, as the new-game screen lists them: every title played
before, the most recently used first, with what it brings back (its clock, who wins,
its counters and its score sheet's lines). A tap plays it again (its options on the
screen, to change before Start: Start keeps it changed); a hold forgets it, and Undo
beside it brings it back."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.core.errors import CompanionError
from companion.store.setups import Setup
from companion.ui.context import running_app
from companion.ui.screens.newgame_rows import label_text, pick_text
from companion.ui.tables.base.options import OptionField, recalled
from companion.ui.widgets import Sheet, sized

LISTED = ("counters", "categories")  # kinds whose items' names say what they are


def describe(fields: Sequence[OptionField], options: Mapping[str, object]) -> str:
    """What a setup brings back, in the screen's own words: each choice that is not
    the default (and is shown with the others chosen), the names of its counters and
    lines; its title and numbers left out."""
    values = recalled(fields, options)
    said: list[str] = []
    for field in fields:
        value = values[field.key]
        if not field.applies(values) or value == field.default:
            continue
        if field.kind == "choice":
            said += [label_text(key) for choice, key in field.choices if choice == value]
        elif field.kind == "pick":
            said.append(pick_text(field, values, value))
        elif field.kind in LISTED and isinstance(value, list):
            said.append(", ".join(str(item["name"]) for item in value))
    return " · ".join(s for s in said if s)


class SetupsSheet(Sheet):
    """The list; `pick(title)` plays one again (the title typed, its options back)."""

    said = StringProperty("")  # the setup just forgotten ("": none)

    def __init__(
        self, game: str, fields: Sequence[OptionField], pick: Callable[[str], None]
    ) -> None:
        super().__init__()
        self.game, self.fields, self.pick = game, fields, pick
        self.forgotten: Setup | None = None
        running_app().fbind("lang", self.show)  # its rows hold words
        self.fbind("on_dismiss", lambda *_: running_app().funbind("lang", self.show))
        self.show()

    def show(self, *_: object) -> None:
        app = running_app()
        box = self.ids.setups
        box.clear_widgets()
        try:
            setups = app.store.setups.listing(self.game)
        except CompanionError as error:  # the store cannot say now: said instead
            self.said = str(app.tr(error.message))
            return
        for setup in setups:
            row = Factory.SetupRow()  # a kv class: its properties are set once made
            row.title, row.detail = setup.name, describe(self.fields, setup.options)
            row.ids.play.bind(on_release=lambda _w, s=setup: self.play(s))
            row.ids.forget.bind(on_hold=lambda _w, s=setup: self.forget(s))
            box.add_widget(row)
        if not setups:
            box.add_widget(sized(Factory.Dim(text=app.t("setups_none")), 18 * app.scale))

    def play(self, setup: Setup) -> None:
        self.dismiss()
        self.pick(setup.name)

    def forget(self, setup: Setup) -> None:
        app = running_app()
        try:
            app.store.setups.forget(self.game, setup.name)
        except CompanionError as error:
            self.said = str(app.tr(error.message))
            return
        self.forgotten = setup
        self.said = app.t("setup_forgotten", title=setup.name)
        self.show()

    def undo(self) -> None:
        """The setup just forgotten kept again, as it was."""
        setup, app = self.forgotten, running_app()
        if setup is None:
            return
        try:
            app.store.setups.put(self.game, setup)
        except CompanionError as error:
            self.said = str(app.tr(error.message))
            return
        self.forgotten, self.said = None, ""
        self.show()
