"""The sheets the new-game screen opens for an option that needs more room than its
row: a text on the on-screen keyboard (with the texts used before, to tap), a number
on a number pad, a pick among many choices, and the editor of named counters (each
with its start, least and most). Each opens over the screen from a button that stays
where it is, and hands its value back to the screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.properties import NumericProperty, ObjectProperty, StringProperty

from companion.core.errors import CompanionError
from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.screens.newgame_rows import extra_text, label_text, pick_text
from companion.ui.screens.newgame_setups import SetupsSheet
from companion.ui.strings import UI
from companion.ui.tables.base.options import (
    Counter,
    OptionField,
    bounded,
    counter_id,
    new_counter,
    recalled,
    stepped,
)
from companion.ui.widgets import KEY_ROWS, Sheet, StepTap, sized

if TYPE_CHECKING:
    from companion.ui.screens.newgame import NewGameScreen

# A title has digits and a few signs besides the letters of a name: an eleventh column.
TEXT_KEYS = tuple(
    row + extra for row, extra in zip(("1234567890", *KEY_ROWS), "':&.!", strict=True)
)
PICKS_IN_A_COLUMN = 5  # more choices go in two columns
CHIP_MOST_PX = 360
NAME_LONGEST = 24  # a counter's or a line's name (the contract's)


def text_width(text: str, font_size: float) -> float:
    """How wide `text` is on one line in a button's bold font."""
    label = CoreLabel(text=text, font_size=font_size, bold=True)
    label.refresh()
    return float(label.texture.size[0])


class TextSheet(Sheet):
    """A text typed on the on-screen keyboard; the texts used before (`offered`) in a
    row above it, one tap each."""

    prompt = StringProperty("")
    error = ObjectProperty(None, allownone=True)

    def __init__(
        self,
        prompt: str,
        text: str,
        longest: int,
        offered: Sequence[str],
        done: Callable[[str], None],
        more: Callable[[TextSheet], None] | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)
        self.prompt, self.done = prompt, done
        board = self.ids.board
        board.max_length, board.text = longest, text
        scale = running_app().scale
        for letter in "".join(TEXT_KEYS):
            key = sized(Factory.Tap(text=letter), 22 * scale)
            key.bind(on_release=lambda w: board.key(w.text))
            board.add_widget(key)
        for said in offered:
            chip = sized(Factory.Tap(text=said, size_hint_x=None), 18 * scale)
            chip.width = min(CHIP_MOST_PX * scale, text_width(said, 18 * scale) + 28 * scale)
            chip.bind(on_release=lambda w: self.finish(w.text))
            self.ids.offered.add_widget(chip)
        if offered and more is not None:  # the list of them, to forget one
            words = running_app().t("setups_edit")
            chip = sized(Factory.Tap(text=words, size_hint_x=None), 18 * scale)
            chip.width = text_width(words, 18 * scale) + 28 * scale
            chip.bind(on_release=lambda _w: self.open_more(more))
            self.ids.offered.add_widget(chip)
        self.ids.offered_row.height = (52 if offered else 0) * scale
        self.ids.offered_row.opacity = 1 if offered else 0

    def open_more(self, more: Callable[[TextSheet], None]) -> None:
        """The list of the texts offered, in place of the keyboard (a text picked
        there is this sheet's, as if tapped here)."""
        self.dismiss()
        more(self)

    def accept(self) -> None:
        self.finish(self.ids.board.text.strip())

    def finish(self, text: str) -> None:
        self.dismiss()
        self.done(text)


class NumberSheet(Sheet):
    """A whole number on a number pad, up to `most`; Clear leaves it not given."""

    prompt = StringProperty("")
    digits = StringProperty("")

    def __init__(
        self, prompt: str, value: int | None, most: int, done: Callable[[int | None], None]
    ) -> None:
        super().__init__()
        self.prompt, self.most, self.done = prompt, most, done
        self.digits = "" if value is None else str(value)

    def digit(self, value: int) -> None:
        typed = (self.digits + str(value)).lstrip("0")
        if typed and int(typed) <= self.most:
            self.digits = typed

    def delete(self) -> None:
        self.digits = self.digits[:-1]

    def clear(self) -> None:
        self.dismiss()
        self.done(None)

    def accept(self) -> None:
        self.dismiss()
        self.done(int(self.digits) if self.digits else None)


class PickSheet(Sheet):
    """One of many choices, each a big button; the chosen one wears the accent."""

    prompt = StringProperty("")
    columns = NumericProperty(1)

    def __init__(
        self,
        prompt: str,
        choices: Sequence[tuple[object, str]],
        chosen: object,
        done: Callable[[object], None],
    ) -> None:
        super().__init__()
        self.prompt, self.done = prompt, done
        self.columns = 1 if len(choices) <= PICKS_IN_A_COLUMN else 2
        for value, text in choices:
            toggle = Factory.Toggle(text=text, active=value == chosen)
            toggle.bind(on_release=lambda _w, v=value: self.pick(v))
            self.ids.choices.add_widget(toggle)

    def pick(self, value: object) -> None:
        self.dismiss()
        self.done(value)


class ExtrasSheet(Sheet):
    """A few options that go together (a bank's increment and delay): a line each,
    its name and a big button per value (none first); a tap is the screen's option
    at once, and the chosen one wears the accent."""

    prompt = StringProperty("")
    columns = NumericProperty(1)
    lines = NumericProperty(1)

    def __init__(self, screen: NewGameScreen, field: OptionField) -> None:
        super().__init__()
        self.screen, self.field = screen, field
        self.within = [f for f in screen.fields if f.within == field.key]
        self.columns = max(
            *(2 + len(values) for *_, values in field.extras),
            *(1 + len(f.choices) for f in self.within),
        )
        self.lines = len(field.extras) + len(self.within)
        self.show()
        running_app().bind(lang=self.show)  # its words follow the language

    def on_dismiss(self) -> None:
        running_app().unbind(lang=self.show)

    @property
    def value(self) -> dict[str, object]:
        given = self.screen.options.get(self.field.key) or {}
        return {key: given.get(key) for key, *_ in self.field.extras}

    def show(self, *_: object) -> None:
        self.prompt = label_text(self.field.label)
        grid = self.ids.choices
        grid.clear_widgets()
        scale = running_app().scale
        value = self.value
        for key, label, said, values in self.field.extras:
            name = Factory.FitLabel(text=label_text(label), most=18, valign="middle")
            grid.add_widget(name)
            for seconds in (None, *values):
                text = extra_text(said, seconds)
                toggle = sized(Factory.Toggle(text=text, active=value[key] == seconds), 18 * scale)
                toggle.bind(on_release=lambda _w, k=key, s=seconds: self.choose(k, s))
                grid.add_widget(toggle)
            for _gap in range(self.columns - 2 - len(values)):
                grid.add_widget(Factory.Widget())
        for field in self.within:
            self._pick_line(field, scale)

    def _pick_line(self, field: OptionField, scale: float) -> None:
        """An option chosen here too (`OptionField.within`): its name, its choices."""
        grid = self.ids.choices
        grid.add_widget(Factory.FitLabel(text=label_text(field.label), most=18, valign="middle"))
        value = self.screen.options.get(field.key, field.default)
        for choice, key in field.choices:
            toggle = sized(Factory.Toggle(text=label_text(key), active=value == choice), 18 * scale)
            toggle.bind(on_release=lambda _w, c=choice: self.pick(field, c))
            grid.add_widget(toggle)
        for _gap in range(self.columns - 1 - len(field.choices)):
            grid.add_widget(Factory.Widget())

    def pick(self, field: OptionField, choice: object) -> None:
        self.screen.set_option(field.key, choice)
        self.show()

    def choose(self, key: str, seconds: int | None) -> None:
        self.screen.set_option(self.field.key, {**self.value, key: seconds})
        self.show()


class CountersSheet(Sheet):
    """The counters every player holds: their names on the left (a tap chooses one,
    the last button adds one), the chosen one's name, start, least and most on the
    right, each step a tap (a hold steps five). Every change is the screen's option
    at once."""

    chosen = NumericProperty(-1)  # the counter shown on the right (-1: none)
    hint = ObjectProperty(None, allownone=True)

    def __init__(self, screen: NewGameScreen, field: OptionField, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.screen, self.field = screen, field
        self.chosen = 0 if self.counters else -1
        for part in ("start", "min", "max"):
            for step in self.ids[f"{part}_row"].walk(restrict=True):
                if isinstance(step, StepTap):
                    step.bind(on_step=lambda _w, d, p=part: self.step(p, d))
        self.show()

    @property
    def counters(self) -> list[Counter]:
        return [dict(c) for c in self.screen.options.get(self.field.key, ())]

    def _keep(self, counters: list[Counter]) -> None:
        self.screen.set_option(self.field.key, counters)
        self.show()

    def show(self, *_: object) -> None:
        app = running_app()
        box = self.ids.names
        box.clear_widgets()
        scale = app.scale
        for index, counter in enumerate(self.counters):
            chip = Factory.Toggle(text=counter["name"], active=index == self.chosen)
            sized(chip, 18 * scale)
            chip.bind(on_release=lambda _w, i=index: self.choose(i))
            box.add_widget(chip)
        if len(self.counters) < self.field.maximum:
            add = sized(Factory.Tap(text=app.t("counter_add")), 18 * scale)
            add.bind(on_release=lambda _w: self.name_new())
            box.add_widget(add)
        self._detail()

    def _detail(self) -> None:
        app = running_app()
        counters = self.counters
        editing = 0 <= self.chosen < len(counters)
        self.ids.detail.opacity = 1 if editing else 0
        self.ids.detail.disabled = not editing
        self.hint = None if editing else UI("counters_hint")
        if not editing:
            return
        counter = counters[self.chosen]
        self.ids.name.text = counter["name"]
        for part in ("start", "min", "max"):
            value = counter[part]
            self.ids[f"{part}_value"].text = "-" if value is None else str(value)
        for part in ("min", "max"):
            self.ids[f"{part}_off"].active = counter[part] is None
            for step in self.ids[f"{part}_row"].walk(restrict=True):
                if isinstance(step, StepTap):
                    step.enabled = counter[part] is not None
        self.ids.name.font_size = 20 * app.scale

    def choose(self, index: int) -> None:
        self.chosen = index
        self.show()

    def step(self, part: str, delta: int) -> None:
        counters = self.counters
        if 0 <= self.chosen < len(counters):
            counters[self.chosen] = stepped(counters[self.chosen], part, delta)
            self._keep(counters)

    def toggle_bound(self, part: str) -> None:
        counters = self.counters
        if 0 <= self.chosen < len(counters):
            counter = counters[self.chosen]
            counters[self.chosen] = bounded(counter, part, counter[part] is None)
            self._keep(counters)

    def remove(self) -> None:
        counters = self.counters
        if 0 <= self.chosen < len(counters):
            del counters[self.chosen]
            self.chosen = min(self.chosen, len(counters) - 1)
            self._keep(counters)

    def name_new(self) -> None:
        app = running_app()
        TextSheet(app.t("counter_name"), "", NAME_LONGEST, (), self._added).open()

    def rename(self) -> None:
        counters = self.counters
        if 0 <= self.chosen < len(counters):
            app = running_app()
            name = counters[self.chosen]["name"]
            TextSheet(app.t("counter_name"), name, NAME_LONGEST, (), self._renamed).open()

    def _added(self, name: str) -> None:
        counters = self.counters
        if not name or len(counters) >= self.field.maximum:
            return
        counters.append(new_counter(name, [str(c["id"]) for c in counters]))
        self.chosen = len(counters) - 1
        self._keep(counters)

    def _renamed(self, name: str) -> None:
        counters = self.counters
        if name and 0 <= self.chosen < len(counters):
            counters[self.chosen] = {**counters[self.chosen], "name": name}  # its id stays
            self._keep(counters)


class CategoriesSheet(Sheet):
    """The lines of a score sheet: their names in two columns (a tap chooses one, the
    last button adds one), the chosen one's name (a tap renames it) and its removal
    on the right. Every change is the screen's option at once. A line's id is made
    from its name, another than every counter's and line's."""

    chosen = NumericProperty(-1)  # the line shown on the right (-1: none)

    def __init__(self, screen: NewGameScreen, field: OptionField, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.screen, self.field = screen, field
        self.chosen = 0 if self.lines else -1
        running_app().fbind("lang", self.show)  # its buttons hold words
        self.fbind("on_dismiss", lambda *_: running_app().funbind("lang", self.show))
        self.show()

    @property
    def lines(self) -> list[dict[str, str]]:
        return [dict(c) for c in self.screen.options.get(self.field.key, ())]

    def _keep(self, lines: list[dict[str, str]]) -> None:
        self.screen.set_option(self.field.key, lines)
        self.show()

    def show(self, *_: object) -> None:
        app = running_app()
        box = self.ids.names
        box.clear_widgets()
        lines = self.lines
        for index, line in enumerate(lines):
            chip = Factory.Toggle(text=line["name"], active=index == self.chosen)
            sized(chip, 18 * app.scale)
            chip.bind(on_release=lambda _w, i=index: self.choose(i))
            box.add_widget(chip)
        if len(lines) < self.field.maximum:
            add = sized(Factory.Tap(text=app.t("category_add")), 18 * app.scale)
            add.bind(on_release=lambda _w: self.name_new())
            box.add_widget(add)
        else:  # the sheet is full: what to do, where the button was
            full = Factory.FitLabel(text=app.t("categories_full", most=self.field.maximum))
            full.color, full.halign, full.valign = theme.rgba(theme.WARNING), "left", "middle"
            box.add_widget(full)
        editing = 0 <= self.chosen < len(lines)
        self.ids.detail.opacity = 1 if editing else 0
        self.ids.detail.disabled = not editing
        self.ids.name.text = lines[self.chosen]["name"] if editing else ""

    def choose(self, index: int) -> None:
        self.chosen = index
        self.show()

    def remove(self) -> None:
        lines = self.lines
        if 0 <= self.chosen < len(lines):
            del lines[self.chosen]
            self.chosen = min(self.chosen, len(lines) - 1)
            self._keep(lines)

    def _taken(self) -> list[str]:
        counters = self.screen.options.get("counters", ())
        return [c["id"] for c in (*counters, *self.lines)]

    def name_new(self) -> None:
        app = running_app()
        TextSheet(app.t("category_name"), "", NAME_LONGEST, (), self._added).open()

    def rename(self) -> None:
        lines = self.lines
        if 0 <= self.chosen < len(lines):
            app = running_app()
            name = lines[self.chosen]["name"]
            TextSheet(app.t("category_name"), name, NAME_LONGEST, (), self._renamed).open()

    def _added(self, name: str) -> None:
        lines = self.lines
        if not name or len(lines) >= self.field.maximum:
            return
        lines.append({"id": counter_id(name, self._taken()), "name": name})
        self.chosen = len(lines) - 1
        self._keep(lines)

    def _renamed(self, name: str) -> None:
        lines = self.lines
        if name and 0 <= self.chosen < len(lines):
            lines[self.chosen] = {**lines[self.chosen], "name": name}  # its id stays
            self._keep(lines)


def open_sheet(screen: NewGameScreen, field: OptionField) -> None:
    """The sheet of an option that needs more room than its row; what it gives back
    becomes the screen's option."""
    app = running_app()
    prompt = label_text(field.label)
    value = screen.options.get(field.key, field.default)
    if field.kind == "text":
        offered = app.store.setups.names(screen.game_id) if field.recall else []
        done = lambda text: typed(screen, field, text)  # noqa: E731
        more = lambda sheet: SetupsSheet(screen.game_id, screen.fields, sheet.finish).open()  # noqa: E731
        TextSheet(prompt, value or "", field.maximum, offered, done, more).open()
    elif field.kind == "number":
        done = lambda number: screen.set_option(field.key, number)  # noqa: E731
        NumberSheet(prompt, value, field.maximum, done).open()
    elif field.kind == "pick":
        options = screen.options
        choices = [(v, pick_text(field, options, v)) for v, _ in field.picks(options)]
        done = lambda picked: screen.set_option(field.key, picked)  # noqa: E731
        PickSheet(prompt, choices, value, done).open()
    elif field.kind == "counters":
        CountersSheet(screen, field).open()
    elif field.kind == "categories":
        CategoriesSheet(screen, field).open()
    elif field.kind == "extras":
        ExtrasSheet(screen, field).open()


def typed(screen: NewGameScreen, field: OptionField, text: str) -> None:
    """A text typed or tapped; a setup kept under it brings back its options
    (`recall`)."""
    last = None
    if field.recall and text:
        try:
            last = running_app().store.setups.get(screen.game_id, text)
        except CompanionError:  # the store cannot say now: nothing is brought back
            last = None
    if last is not None:
        screen.options = recalled(screen.fields, last.options)
    screen.set_option(field.key, text)
