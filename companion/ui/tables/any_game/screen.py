"""The table of any board game: the title and whose turn it is, the glass (an
hourglass per turn, or the current player's bank running down), and every player's
counters at a glance in a grid of numbers, up to eight players by eight counters at
800x480. A tap on a player's line opens their counters with -/+ (a tap 1, a hold 5)
and what else a tap may do (pass them the turn, put them out): two taps from the
table to any count. Beside the grid: the strip, GO, undo, pause, reverse and the
end of the game (the score screen, or the counter that is the points).

Everything said and done is the skeleton's: the strip, GO, undo and redo, the
correction dialog, the score screen; the screen decides nothing."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.games import any_game as ag
from companion.ui import theme
from companion.ui.tables.any_game import view
from companion.ui.tables.any_game.text import UA, clock
from companion.ui.tables.base.screen import TableScreen
from companion.ui.widgets import AskView

ROW_MOST_PX = 60  # a player's line at most (a few players); eight share the height
HEAD_PX = 26
HEAD_FONT_PX = 16


class AgRow(ButtonBehavior, BoxLayout):
    """A player's line: a tap opens their counters."""

    name = StringProperty("")
    status = StringProperty("")  # out of the game, out of time
    swatch = ListProperty([1, 1, 1, 1])
    current = BooleanProperty(False)
    out = BooleanProperty(False)
    late = BooleanProperty(False)
    time = StringProperty("")
    banked = BooleanProperty(False)


def text_width(text: str, font_size: float) -> float:
    label = CoreLabel(text=text, font_size=font_size, bold=True)
    label.refresh()
    return float(label.texture.size[0])


def short_name(name: str, width: float, font_size: float) -> str:
    """A counter's name as its column's head shows it: whole on one or two lines when
    it fits, else cut with a dot ("Victory p."): the whole name is in the player's
    counters."""
    words = name.split()
    if all(text_width(w, font_size) <= width for w in words):
        lines, line = 1, ""
        for word in words:
            trial = f"{line} {word}".strip()
            if text_width(trial, font_size) > width:
                lines, line = lines + 1, word
            else:
                line = trial
        if lines <= 2:
            return name
    for end in range(len(name) - 1, 0, -1):
        cut = name[:end].rstrip() + "."
        if text_width(cut, font_size) <= width:
            return cut
    return name[:1]


class AnyGameScreen(TableScreen):
    title_text = StringProperty("")
    current_name = StringProperty("")
    current_hex = StringProperty(theme.TEXT)
    banked = BooleanProperty(False)  # a time bank per player: a column of their time

    def __init__(self, **kwargs: Any) -> None:
        self._shape: tuple[int, int, bool] = (-1, -1, False)
        super().__init__(**kwargs)
        self._heads = Clock.create_trigger(lambda *_: self._name_heads(), -1)
        self.ids.grid.bind(size=lambda *_: self._layout())

    @property
    def state(self) -> ag.State:
        state: ag.State = self.model.state
        return state

    def new_game(self) -> None:
        self._shape = (-1, -1, False)

    # -- showing -------------------------------------------------------------------
    def show_state(self) -> None:
        state = self.state
        self.title_text = state.options.title
        self.banked = state.options.clock == "bank"
        active = view.seats(state)[state.current]
        self.current_name, self.current_hex = active.name, active.colour
        self._grid(state)

    def _grid(self, state: ag.State) -> None:
        seats, names = view.seats(state), view.counter_names(state)
        shape = (len(seats), len(names), self.banked)
        if shape != self._shape:
            self._shape = shape
            self._build(seats, names)
        rows = [r for r in self.ids.grid.children if isinstance(r, AgRow)][::-1]
        app = self.app
        for row, seat in zip(rows, seats, strict=True):
            row.current, row.out, row.late = seat.current, seat.out, seat.late
            row.status = app.tr(UA("out")) if seat.out else ""  # out of time: its 0:00 in red
            row.time = clock(seat.bank) if seat.bank is not None else ""
            cells = [c for c in row.ids.counts.children][::-1]
            for cell, count in zip(cells, seat.counts, strict=True):
                cell.text = str(count)
        self.show_timer()

    def _build(self, seats: list[view.Seat], names: list[str]) -> None:
        grid = self.ids.grid
        grid.clear_widgets()
        head = Factory.AgHead()  # a kv class: its properties are set once made
        head.banked = self.banked
        head.player, head.time = self.say("col_player"), self.say("col_time")
        for name in names:
            cell = Factory.AgHeadCell(text=name)
            cell.bind(width=self._heads)  # cut to its column once laid out
            head.ids.counts.add_widget(cell)
        grid.add_widget(head)
        for seat in seats:
            row = AgRow(name=seat.name, swatch=theme.rgba(seat.colour), banked=self.banked)
            for _ in names:
                row.ids.counts.add_widget(Factory.AgCount())
            row.bind(on_release=lambda w: self.open_correction(w.name))
            grid.add_widget(row)
        grid.add_widget(Factory.Widget())
        self._layout()

    def _layout(self) -> None:
        """Each line as tall as eight of them allow, at most `ROW_MOST_PX`."""
        grid = self.ids.grid
        rows = [r for r in grid.children if isinstance(r, AgRow)]
        scale = self.app.scale
        if rows:
            room = grid.height - HEAD_PX * scale - grid.spacing * (len(rows) + 1)
            height = min(ROW_MOST_PX * scale, room / len(rows))
            for row in rows:
                row.height = height
        self._heads()

    def _name_heads(self) -> None:
        """The counters' names, cut where their column is too narrow."""
        heads = [h for h in self.ids.grid.children if h.__class__.__name__ == "AgHead"]
        if not heads or self.model is None:
            return
        cells = heads[0].ids.counts.children[::-1]
        size = HEAD_FONT_PX * self.app.scale
        for cell, name in zip(cells, view.counter_names(self.state), strict=False):
            cell.text = short_name(name, cell.width - 4 * self.app.scale, size)

    def show_timer(self, *_: Any) -> None:
        """The glass; with a bank the current player's bank runs down in their line
        (still while the turn's delay runs down)."""
        super().show_timer()
        model = self.model
        if model is None or not self.banked or model.hourglass is None or not model.timed:
            return
        rows = [r for r in self.ids.grid.children if isinstance(r, AgRow) and r.current]
        for row in rows:
            row.time = clock(view.bank_left(self.state, model.seconds_left))

    def clock_text(self, seconds: int) -> str:
        """A bank's time as a clock shows it (12:05); an hourglass's in seconds."""
        return clock(seconds) if self.banked else super().clock_text(seconds)

    def say(self, key: str, _lang: str = "") -> str:
        """A string of this table's catalog; kv passes `app.lang` to follow it."""
        return str(self.app.tr(UA(key)))

    def _language(self, *_: Any) -> None:
        self._shape = (-1, -1, False)  # the heads hold words: built again
        super()._language()

    # -- taps ----------------------------------------------------------------------
    def reverse(self) -> None:
        self.act("reverse")

    def end_game(self) -> None:
        """The score screen for what the table types in (points, places, won or lost);
        where a counter is the points, the end asks once and is sent."""
        model = self.model
        if model is None or model.summary.get("over"):
            return
        if model.adapter.scoring.sheet(model.session) is not None:
            self.app.show("score")
            return
        counter = view.points_counter(self.state) or ""
        app = self.app
        AskView(
            app.tr(UA("end_ask", counter=counter)),
            [(app.t("cancel"), lambda: None), (app.tr(UA("end_game")), self._finish)],
        ).open()

    def _finish(self) -> None:
        self.act("finish")


SCREEN = AnyGameScreen  # the table screen its descriptor names (companion.games.GAMES)
