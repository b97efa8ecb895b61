"""The dice of a table, the same for every game with dice (`TableAdapter.dice`):

- `DiceRow`: the roll of the turn on the table, or a roll the reader read in part
  with its missing dice marked ("?" in a dashed box); a tap on it opens the dialog.
  Nothing opens by itself: a roll is shown here, never in a view over the table.
- `DiceDialog`: the dice tapped in, the ones the reader could read kept.

Their kv rules are in `table.kv`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kivy.properties import BooleanProperty, ListProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout

from companion.ui.strings import UI
from companion.ui.tables.base.dialogs import TableDialog
from companion.ui.widgets import AskView, DieFace

if TYPE_CHECKING:
    from companion.ui.tables.base.screen import TableScreen


class DiceRow(BoxLayout):
    """One die a value (0: not rolled yet), `missing` marking the ones a partial read
    left to tap in, and the dice button; `on_open` when a player taps any of them."""

    values = ListProperty([])
    missing = ListProperty([])  # True for each die the reader could not read
    waiting = BooleanProperty(False)  # a partial read waits to be completed
    __events__ = ("on_open",)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.bind(values=self._show, missing=self._show)

    def _show(self, *_: object) -> None:
        box = self.ids.faces
        faces = list(reversed(box.children))
        if len(faces) != len(self.values):
            box.clear_widgets()
            faces = [DieFace() for _ in self.values]
            for die in faces:
                die.bind(on_release=lambda _w: self.dispatch("on_open"))
                box.add_widget(die)
        marks = list(self.missing) + [False] * len(self.values)
        for die, value, marked in zip(faces, self.values, marks, strict=False):
            die.value, die.marked = int(value), bool(marked) and not value
        self.waiting = any(marks)

    def on_open(self) -> None:
        """A player asked for the dice dialog."""


class DiceDialog(TableDialog):
    """The dice tapped in, recorded as soon as the last is known. Opened with a roll
    the reader read in part, it keeps the dice it read and marks the missing ones:
    the table taps only those. A tap on an entered die takes it out again."""

    slots = ListProperty([])  # one value per die, 0 while not known
    count = NumericProperty(0)  # the dice of one roll in this game

    def __init__(self, screen: TableScreen, known: Sequence[int] = (), **kwargs: object) -> None:
        super().__init__(count=screen.model.adapter.dice, **kwargs)
        self.screen = screen
        self.partial = any(known)  # a roll read in part: the missing dice are marked
        self.slots = [int(v) for v in known] if known else [0] * self.count
        for face in range(1, 7):
            die = DieFace(value=face)
            die.bind(on_release=lambda _w, v=face: self.add(v))
            self.ids.faces.add_widget(die)
        self._show()

    def add(self, value: int) -> None:
        if 0 not in self.slots:
            return
        self.slots[self.slots.index(0)] = value
        self._show()
        if 0 in self.slots:
            return
        first = list(self.screen.model.dice)
        if first:
            self._ask_again(first)
            return
        self.record()

    def _ask_again(self, first: list[int]) -> None:
        """This turn has its roll already: a second one never replaces it silently.
        Kept, nothing is recorded; replaced, the new roll is (an undo brings back
        the first). Keeping is the rulebook's way (a die's value is not changed): the
        accented answer."""
        values, new = (" ".join(map(str, dice)) for dice in (first, self.slots))
        AskView(
            UI("dice_again", values=values, new=new),
            [(UI("dice_replace"), self.record), (UI("dice_keep"), self.dismiss)],
        ).open()

    def record(self) -> None:
        """The dice entered, sent as the turn's roll."""
        adapter = self.screen.model.adapter
        refused = self.screen.dialogs.attempt(adapter.dice_action, values=list(self.slots))
        if refused is None:
            self.dismiss()
        else:
            self.error = refused

    def take(self, index: int) -> None:
        self.slots[index] = 0
        self._show()

    def clear(self) -> None:
        self.slots = [0] * self.count
        self.partial = False
        self._show()

    def _show(self) -> None:
        row = self.ids.entered
        row.clear_widgets()
        for index, value in enumerate(self.slots):
            die = DieFace(value=value, marked=self.partial and not value)
            die.bind(on_release=lambda _w, i=index: self.take(i))
            row.add_widget(die)
