"""The new-game screen's option rows, built from the table's `OptionField`s: a row
per place (`options.rows`), each 48 px high, its label on the left; what each kind
of option shows and what a tap on it asks the screen to do. The places never move
when an option is chosen."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from kivy.factory import Factory
from kivy.uix.widget import Widget

from companion.core.messages import Message
from companion.ui.context import running_app
from companion.ui.strings import UI
from companion.ui.tables.base.options import OptionField, Row, rows, value_of
from companion.ui.widgets import StepTap, sized

if TYPE_CHECKING:
    from companion.ui.screens.newgame import NewGameScreen

ROW_PX = 48
GAP_PX = 10  # between two rows
NAMES_SHOWN = 3  # a score sheet's lines named on its button; the others counted
LABEL_PX = 132
NOTE_LINES = 3  # a note's room under its option, kept while no note is said
FLAGS_IN_A_LINE = 2
PLAYERS_IN_A_LINE = 3


def label_message(key: str) -> Message:
    """An option's label: a UI key, or a whole message key from a table's catalog."""
    return Message(key) if "." in key else UI(key)


def label_text(key: str) -> str:
    return str(running_app().tr(label_message(key)))


def extra_text(key: str, seconds: int | None) -> str:
    """One of an "extras" option's values: its message of `seconds` (none: 0)."""
    return str(running_app().tr(Message(key, {"seconds": seconds or 0})))


def extras_text(field: OptionField, value: object) -> str:
    """An "extras" option's button: each of its values, a line each."""
    given = value if isinstance(value, Mapping) else {}
    return "\n".join(extra_text(said, given.get(key)) for key, _, said, _ in field.extras)


def pick_text(field: OptionField, options: Mapping[str, object], value: object) -> str:
    """What a pick shows for `value`: its label, or the name of the item it names."""
    listed = options.get(field.choices_from, ())
    items = {i["id"]: i["name"] for i in listed} if isinstance(listed, list | tuple) else {}
    for choice, key in field.picks(options):
        if choice == value:
            return label_text(key) if key is not None else str(items.get(choice, ""))
    return ""


def named(value: object) -> list[str]:
    """The names of a listed option's items (counters, a score sheet's lines)."""
    items = value if isinstance(value, list | tuple) else ()
    return [str(item["name"]) for item in items if isinstance(item, Mapping)]


def _among(name: str, value: object) -> bool:
    return isinstance(value, list | tuple) and name in value


def spaced(box: Widget, *_: object) -> None:
    """The rows GAP_PX apart, or as far apart as they fit (a game of many options:
    every row still 48 px, each in sight)."""
    rows = [r for r in box.children if r.size_hint_y is None]  # not the filler
    room = (box.height - sum(r.height for r in rows)) / max(1, len(rows))
    box.spacing = max(0.0, min(GAP_PX * running_app().scale, room))


class OptionRows:
    """Builds the rows into the screen's options box; every tap goes to the screen."""

    def __init__(self, screen: NewGameScreen) -> None:
        self.screen = screen
        self.scale = running_app().scale

    def build(self, box: Widget, fields: list[OptionField], options: Mapping[str, object]) -> None:
        box.clear_widgets()
        for row in rows(fields, options):
            box.add_widget(self._row(row, options))
            if row.notes:  # the note's room stays while no note is said
                field = row.field
                notes = field.notes if field is not None else ()
                value = options.get(field.key) if field is not None else None
                said = next((label_text(n) for v, n in notes if v == value), "")
                note = Factory.OptionNote(text=said)
                note.height = (21 * NOTE_LINES + 4) * self.scale
                box.add_widget(note)
        box.add_widget(Factory.Widget())
        box.funbind("height", spaced)  # once, whatever the number of builds
        box.fbind("height", spaced)
        spaced(box)

    def _row(self, row: Row, options: Mapping[str, object]) -> Widget:
        line = Factory.BoxLayout(size_hint_y=None, spacing=6 * self.scale)
        line.height = ROW_PX * self.scale
        field = row.field
        if field is None or field.kind != "flags":  # flags: their label is a cell of theirs
            label = Factory.Dim(text=label_text(field.label) if field else "", size_hint_x=None)
            label.width, label.shorten = LABEL_PX * self.scale, False
            line.add_widget(label)
        if field is not None:
            value = value_of(field, options)
            line.height = max(line.height, self._value(line, field, value, options))
        else:
            line.add_widget(Factory.Widget())
        for extra, shown in row.inline:
            # Beside a stepper, a few values in lines of their own: room as its number's.
            box = Factory.BoxLayout(size_hint_x=1.0 if extra.kind == "extras" else 0.75)
            if shown:
                self._value(box, extra, value_of(extra, options), options)
            line.add_widget(box)
        return line

    def _value(
        self, line: Widget, field: OptionField, value: object, options: Mapping[str, object]
    ) -> float:
        """The field's widgets added to `line`; returns the height they need."""
        kind = field.kind
        if kind in ("seconds", "minutes"):
            self._stepper(line, field, value if isinstance(value, int) else field.minimum)
        elif kind == "choice":
            for choice, key in field.choices:
                toggle = Factory.Toggle(text=label_text(key), active=value == choice)
                if len(field.choices) > 2:  # three side by side: room for longer words
                    toggle.font_size = 16 * self.scale
                toggle.bind(on_release=lambda _w, c=choice: self.screen.set_option(field.key, c))
                line.add_widget(toggle)
        elif kind == "flags":
            return self._flags(line, field, value)
        elif kind in ("player", "players"):
            return self._players(line, field, value)
        else:
            line.add_widget(self._opener(field, value, options))
        return ROW_PX * self.scale

    def _stepper(self, line: Widget, field: OptionField, value: int) -> None:
        """- value +: a tap steps once, a hold five times."""
        app = running_app()
        for sign in (-1, 1):
            tap = sized(StepTap(text="-" if sign < 0 else "+", sign=sign), 28 * self.scale)
            tap.size_hint_x = None
            tap.width = 56 * self.scale
            tap.bind(on_step=lambda _w, delta: self.screen.step(field, delta))
            line.add_widget(tap)
            if sign < 0:
                if field.kind == "minutes":
                    shown = app.t("minutes", minutes=value // 60)
                else:
                    shown = app.t("seconds", seconds=value) if value else app.t("timer_off")
                line.add_widget(sized(Factory.Text(text=shown, halign="center"), 24 * self.scale))

    def _flags(self, line: Widget, field: OptionField, value: object) -> float:
        """On/off options in lines of two across the whole row, their label the first
        cell: room for long names in any language."""
        count = len(field.choices) + 1
        lines = -(-count // FLAGS_IN_A_LINE)
        grid = Factory.GridLayout(cols=FLAGS_IN_A_LINE, spacing=6 * self.scale)
        caption = Factory.Dim(text=label_text(field.label))
        caption.shorten = False
        grid.add_widget(caption)
        for flag, label_key in field.choices:
            toggle = sized(Factory.Toggle(text=label_text(label_key)), 16 * self.scale)
            toggle.active = isinstance(value, list | tuple) and flag in value
            toggle.bind(on_release=lambda _w, f=flag: self.screen.toggle_flag(field.key, f))
            grid.add_widget(toggle)
        line.add_widget(grid)
        return float((ROW_PX * lines + 6 * (lines - 1)) * self.scale)

    def _players(self, line: Widget, field: OptionField, value: object) -> float:
        """A toggle per seated player, in lines of three for more than three."""
        names = self.screen.seated_names
        cols = min(max(1, len(names)), PLAYERS_IN_A_LINE)
        lines = max(1, -(-len(names) // cols))
        grid = Factory.GridLayout(cols=cols, spacing=6 * self.scale)
        one = field.kind == "player"
        call: Callable[[str, str], None] = (
            self.screen.set_option if one else self.screen.toggle_player
        )
        for index, name in enumerate(names):
            active = (
                (value == name or (value is None and index == 0)) if one else _among(name, value)
            )
            toggle = sized(Factory.Toggle(text=name, active=active), 16 * self.scale)
            toggle.bind(on_release=lambda _w, n=name: call(field.key, n))
            grid.add_widget(toggle)
        line.add_widget(grid)
        return float((ROW_PX * lines + 6 * (lines - 1)) * self.scale)

    def _opener(self, field: OptionField, value: object, options: Mapping[str, object]) -> Widget:
        """A text, a number, a pick or counters: one button showing the value, which
        opens what changes it."""
        app = running_app()
        if field.kind == "pick":
            shown = pick_text(field, options, value)
        elif (
            field.kind == "categories" and len(named(value)) > NAMES_SHOWN
        ):  # the first, and a count
            names = ", ".join(named(value)[:NAMES_SHOWN])
            shown = app.t("names_more", names=names, more=len(named(value)) - NAMES_SHOWN)
        elif field.kind in ("counters", "categories"):
            shown = ", ".join(named(value)) or app.t("counters_none")
        elif field.kind == "extras":
            shown = extras_text(field, value)
        elif value in (None, ""):
            shown = app.t("option_none") if field.inline else app.t("tap_to_type")
        else:
            shown = str(value)
        if field.inline and field.kind != "extras":  # (its values say what they are)
            shown = app.t("option_and_value", option=label_text(field.label), value=shown)
        tap = sized(
            Factory.OptionTap(text=shown), (16 if field.kind == "extras" else 18) * self.scale
        )
        tap.empty = value in (None, "", ()) or value == [] or value == {}
        tap.bind(on_release=lambda _w: self.screen.open_option(field))
        return tap
