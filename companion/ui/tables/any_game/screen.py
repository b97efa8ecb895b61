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

import functools
import math

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.games import any_game as ag
from companion.play.lights import DELAY
from companion.ui import theme
from companion.ui.tables.any_game import view
from companion.ui.tables.any_game.text import UA, clock
from companion.ui.tables.base.screen import TableScreen
from companion.ui.widgets import AskView

ROW_MOST_PX = 60  # a player's line at most (a few players); eight share the height
ROW_LEAST_PX = 40  # the counters' names take two lines only where lines keep this
HEAD_PX = (26, 44)  # the counters' names on one line, on two
HEAD_FONT_PX = 16
COUNT_FONT_PX = (16, 22)  # every count in one font, as large as the widest allows
TIME_FONT_PX = 20  # a bank's time in each player's line
CLOCK_FONT_PX = 34  # the glass in the top line
DELAY_HEX = "#{:02X}{:02X}{:02X}".format(*DELAY)  # a bank's delay, as the strip shows it


class AgRow(ButtonBehavior, BoxLayout):
    """A player's line: a tap opens their counters. Kept with its count cells for
    the next game's table (`cells`), shown or not as the counters are."""

    name = StringProperty("")
    status = StringProperty("")  # out of the game, out of time
    swatch = ListProperty([1, 1, 1, 1])
    current = BooleanProperty(False)
    out = BooleanProperty(False)
    late = BooleanProperty(False)
    time = StringProperty("")
    time_width = NumericProperty(0)  # a bank's column; 0 without one

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.cells: list[Widget] = []


def shown_cells(box: Widget, cells: list[Widget]) -> None:
    """`box` holds `cells`, in order, and no others; with none it takes no room (its
    kv rule lets go of its share, and the width its share gave it goes too)."""
    if list(box.children[::-1]) != cells:
        box.clear_widgets()
        for cell in cells:
            box.add_widget(cell)
    if not cells:
        box.width = 0


@functools.lru_cache(maxsize=4096)
def text_width(text: str, font_size: float) -> float:
    """How wide `text` is in the app's bold font (kept: a table asks again for the
    same names and numbers at every change)."""
    if not text:
        return 0.0
    label = CoreLabel(text=text, font_size=font_size, bold=True)
    label.refresh()
    return float(label.texture.size[0])


def wrapped_lines(name: str, width: float, font_size: float) -> int:
    """How many lines `name` takes wrapped between its words at `width`; 0 when one
    of its words is wider than that."""
    words = name.split()
    if not all(text_width(w, font_size) <= width for w in words):
        return 0
    lines, line = 1, ""
    for word in words:
        trial = f"{line} {word}".strip()
        if text_width(trial, font_size) > width:
            lines, line = lines + 1, word
        else:
            line = trial
    return lines


def short_name(name: str, width: float, font_size: float, lines: int = 2) -> str:
    """A counter's name as its column's head shows it: whole on up to `lines` lines
    when it fits, else cut with a dot ("Victory p."): the whole name is in the
    player's counters."""
    if 0 < wrapped_lines(name, width, font_size) <= lines:
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
    clock_width = NumericProperty(0)  # the glass's label: its longest time fits

    def __init__(self, **kwargs: object) -> None:
        self._shape: tuple[int, int, bool] = (-1, -1, False)
        # The lines and cells, built once and kept: a new game's table (another number
        # of players or counters) or a new language lays the same widgets out again.
        self._rows: list[AgRow] = []
        self._head: Widget | None = None
        self._head_cells: list[Widget] = []
        self._filler = Factory.Widget()
        self.time_width = 0.0  # the bank's column: its longest time fits
        self._head_px = HEAD_PX[0]
        super().__init__(**kwargs)
        self._heads = Clock.create_trigger(lambda *_: self._fit_grid(), -1)
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
        active = view.seats(state, self.model.seats)[state.current]
        self.current_name, self.current_hex = active.name, active.colour
        self._grid(state)

    def _grid(self, state: ag.State) -> None:
        seats, names = view.seats(state, self.model.seats), view.counter_names(state)
        shape = (len(seats), len(names), self.banked)
        if shape != self._shape:
            self._shape = shape
            self._build(seats, names)
        rows = self._rows[: len(seats)]
        app = self.app
        for row, seat in zip(rows, seats, strict=True):
            row.current, row.out, row.late = seat.current, seat.out, seat.late
            row.status = app.tr(UA("out")) if seat.out else ""  # out of time: its 0:00 in red
            row.time = clock(seat.bank) if seat.bank is not None else ""
            for cell, count in zip(row.ids.counts.children[::-1], seat.counts, strict=True):
                cell.text = str(count)
        self._heads()  # a count grown wider: the counts' font again
        self.show_timer()

    def _build(self, seats: list[view.Seat], names: list[str]) -> None:
        grid = self.ids.grid
        grid.clear_widgets()
        self._widths()
        head = self._head_row(len(names))
        head.player, head.time = self.say("col_player"), self.say("col_time")
        for cell, name in zip(self._head_cells, names, strict=False):
            cell.text = name
        grid.add_widget(head)
        for index, seat in enumerate(seats):
            row = self._row(index, len(names))
            row.name, row.swatch = seat.name, theme.rgba(seat.colour)
            grid.add_widget(row)
        grid.add_widget(self._filler)
        self._layout()

    def _widths(self) -> None:
        """The bank's column and the glass's label, as wide as the longest time that
        this game's clock shows (its start: a bank only runs down)."""
        options, scale = self.state.options, self.app.scale
        longest = ""
        if options.bank is not None:
            longest = clock(options.bank)
        elif options.hourglass is not None:
            longest = self.clock_text(options.hourglass)
        self.clock_width = text_width(longest, CLOCK_FONT_PX * scale) + 6 * scale
        self.time_width = 0.0
        if options.bank is not None:
            head = text_width(self.say("col_time"), HEAD_FONT_PX * scale)
            self.time_width = max(text_width(longest, TIME_FONT_PX * scale), head) + 8 * scale

    def _head_row(self, counters: int) -> Widget:
        if self._head is None:
            self._head = Factory.AgHead()  # a kv class: its properties are set once made
        while len(self._head_cells) < counters:
            self._head_cells.append(Factory.AgHeadCell())
        self._head.time_width = self.time_width
        shown_cells(self._head.ids.counts, self._head_cells[:counters])
        return self._head

    def _row(self, index: int, counters: int) -> AgRow:
        while len(self._rows) <= index:
            row = AgRow()
            row.bind(on_release=lambda w: self.open_correction(w.name))
            self._rows.append(row)
        row = self._rows[index]
        while len(row.cells) < counters:
            row.cells.append(Factory.AgCount())
        row.time_width = self.time_width
        shown_cells(row.ids.counts, row.cells[:counters])
        return row

    def _layout(self) -> None:
        """Each line as tall as eight of them allow, at most `ROW_MOST_PX`, under the
        head (the counters' names on one line or two)."""
        grid, scale = self.ids.grid, self.app.scale
        rows = self._rows[: max(0, self._shape[0])]
        if self._head is not None:
            self._head.height = self._head_px * scale
        if rows:
            room = grid.height - self._head_px * scale - grid.spacing * (len(rows) + 1)
            height = min(ROW_MOST_PX * scale, room / len(rows))
            for row in rows:
                row.height = height
        self._heads()

    def _head_lines(self) -> int:
        """Two lines for the counters' names where the players' lines keep
        `ROW_LEAST_PX` beside a head that tall, else one."""
        grid, scale = self.ids.grid, self.app.scale
        players = max(1, self._shape[0])
        room = grid.height - HEAD_PX[1] * scale - grid.spacing * (players + 1)
        return 2 if room / players >= ROW_LEAST_PX * scale else 1

    def _column(self) -> float:
        """The width of one counter's column, as the kv rules lay a line out (a
        padding of 12 and 4, a spacing of 4, the name 3 shares to each counter's 1,
        the bank's time as wide as it needs): known before the frame's layout, so a
        new table takes its fonts at once and draws each number once."""
        counters, scale = self._shape[1], self.app.scale
        if counters <= 0:
            return 0.0
        room = self.ids.grid.width - (12 + 4 + 2 * 4) * scale - self.time_width
        return (room * counters / (3 + counters) - 4 * scale * (counters - 1)) / counters

    def _fit_grid(self) -> None:
        """The counters' names, cut where their column is too narrow, and every count
        in the largest font at which the widest of them fits its cell."""
        if self.model is None or self._head is None:
            return
        scale, font = self.app.scale, HEAD_FONT_PX * self.app.scale
        lines, two = self._head_lines(), False
        room = self._column() - 4 * scale
        for cell, name in zip(self._head_cells, view.counter_names(self.state), strict=False):
            cell.text = short_name(name, room, font, lines)
            two = two or wrapped_lines(cell.text, room, font) > 1
        if HEAD_PX[two] != self._head_px:
            self._head_px = HEAD_PX[two]
            self._layout()
        self._fit_counts(room)

    def _fit_counts(self, room: float) -> None:
        counts = [c for r in self._rows[: self._shape[0]] for c in r.ids.counts.children]
        if not counts:
            return
        least, most = (px * self.app.scale for px in COUNT_FONT_PX)
        need = text_width(max((c.text for c in counts), key=len), most)
        size = most if need <= room else max(least, math.floor(most * room / max(need, 1)))
        for cell in counts:
            cell.font_size = size

    def show_timer(self, *_: object) -> None:
        """The glass; with a bank the current player's bank runs down in their line
        (still while the turn's delay runs down). The glass's label shows the delay
        running down first, in the delay's colour (the strip's too), then the bank."""
        super().show_timer()
        model = self.model
        if model is None or not self.banked or model.hourglass is None or not model.timed:
            return
        rows = [r for r in self.ids.grid.children if isinstance(r, AgRow) and r.current]
        for row in rows:
            row.time = clock(view.bank_left(self.state, model.seconds_left))
        delay = view.delay_left(self.state, model.seconds_left)
        if delay > 0 and model.phase in ("running", "paused"):
            self.seconds_text, self.seconds_hex = clock(delay), DELAY_HEX

    def clock_text(self, seconds: int) -> str:
        """A bank's time as a clock shows it (12:05); an hourglass's in seconds."""
        return clock(seconds) if self.banked else super().clock_text(seconds)

    def say(self, key: str, _lang: str = "") -> str:
        """A string of this table's catalog; kv passes `app.lang` to follow it."""
        return str(self.app.tr(UA(key)))

    def _language(self, *_: object) -> None:
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
        sheet = model.adapter.scoring.sheet(model.session)
        if sheet is not None:
            self.app.show(sheet.screen)
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
