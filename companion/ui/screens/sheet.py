"""The score sheet: when a game with categories ends, a grid of its categories (a
line each) by its players (a column each), as on a paper pad. A tap on a box opens
the number pad beside the grid for it (below zero too); Next goes on to the next
player, then the next line. Each player's total and their place are the rules' own
summary of the sheet as typed so far (empty boxes count 0), shown under the grid as
boxes are filled; any box can be tapped again and changed before Done, which sends
the sheet. More lines than the screen holds scroll, and the scroll bar says so.

Nothing typed is lost: a visit to the table keeps this game's boxes for the next
visit, and an undo from the results brings the sheet back as it was sent."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.input.motionevent import MotionEvent
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.fit import problem
from companion.ui.screen import AppScreen
from companion.ui.screens.score import ScoreKeys, number, preview, table_sheet
from companion.ui.shortnames import short_forms
from companion.ui.strings import UI
from companion.ui.tables.base.scoring import ScoreSheet, cell
from companion.ui.widgets import Tap, sized

NAME_PX = 132  # the categories' names
NAME_LEAST_PX = 104  # the same beside more players than FEW
FEW = 5
COLUMN_PX = 88  # a player's column, least, where the pad has a place of its own
PAD_PX = 240 + 10  # the pad and the gap beside it
EDGE_PX = 10  # the screen's padding (sheet.kv)


class SheetBox(Tap):
    """A box of the sheet: one player's points in one line (`key`: `cell`'s)."""

    key = StringProperty("")
    selected = BooleanProperty(False)


class SheetHead(Label):
    """A player's name over their column, their seat's colour under it: whole where
    the column holds it (on two lines if need be), else shortened as on a paper pad
    ("Anna M. K.", "Maximil."); the line over the pad names whose box it is in full."""

    swatch = ListProperty([1.0, 1.0, 1.0, 1.0])
    full = StringProperty("")  # the head's words unshortened ("Bo (out)")
    player = StringProperty("")  # the name inside `full` that may be shortened

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._later = Clock.create_trigger(self.fit, -1)
        self.bind(full=self._later, player=self._later, size=self._later)

    @property
    def shortened(self) -> bool:
        return self.text != self.full

    def fit(self, *_: object) -> None:
        """The first of the name's forms with which the head shows all it says."""
        forms = list(short_forms(self.player)) if self.player in self.full else [""]
        for form in forms:
            self.text = self.full.replace(self.player, form, 1) if form else self.full
            if problem(self) is None:
                return


class SheetPad(BoxLayout):
    """The number pad over the grid, open while a box is chosen: closed, it takes no
    touch (the boxes under it answer); open, every touch on it is its own."""

    opened = BooleanProperty(False)

    def on_touch_down(self, touch: MotionEvent) -> bool:
        if not self.opened:
            return False
        return bool(super().on_touch_down(touch)) or self.collide_point(*touch.pos)

    def on_touch_move(self, touch: MotionEvent) -> bool:
        return self.opened and bool(super().on_touch_move(touch))

    def on_touch_up(self, touch: MotionEvent) -> bool:
        return self.opened and bool(super().on_touch_up(touch))


class SheetScreen(ScoreKeys, AppScreen):
    kept = ("drafts",)
    drafts = DictProperty({})  # session id -> its boxes as typed (kept between visits)
    entered = DictProperty({})  # cell key -> digits typed so far
    selected = StringProperty("")  # the box the pad types into ("": the pad is closed)
    fresh = BooleanProperty(False)  # the box was just tapped: a digit starts it anew
    typing = StringProperty("")  # whose box in which line the pad types into
    error = ObjectProperty(None, allownone=True)
    help = ObjectProperty(None, allownone=True)
    ended = BooleanProperty(True)  # the game is over (else Back goes to the table)
    pad_left = BooleanProperty(False)  # the pad opens left of the grid (its box is right)
    docked = BooleanProperty(True)  # the pad has its own place right of the grid

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        running_app().bind(lang=self._language)

    def _language(self, *_: object) -> None:
        if self.help is not None:  # prepared: its heads hold words of the old language
            self._build()

    def _sheet(self) -> ScoreSheet | None:
        return table_sheet()

    def prepare(self) -> None:
        """This game's boxes as they were left, or as they were sent before an undo
        from the results."""
        model = running_app().model
        sheet = self._sheet()
        self.error, self.selected, self.fresh = None, "", False
        self.ended = model is None or bool(model.summary.get("over"))
        self.help = None if sheet is None else sheet.help
        if model is None or sheet is None:
            self.entered = {}
            return
        before = sheet.typed_before(model.session.undone)
        self.entered = before or dict(self.drafts.get(model.session_id, {}))
        self._build()

    # -- the grid ------------------------------------------------------------------
    def _build(self) -> None:
        sheet = self._sheet()
        if sheet is None:
            return
        # Few players: the pad beside the grid; more: over it, away from its box.
        room = (Window.width / running_app().scale) - 2 * EDGE_PX
        self.docked = NAME_PX + COLUMN_PX * len(sheet.rows) + PAD_PX <= room
        self._build_heads(sheet)
        self._build_cells(sheet)
        self._build_totals(sheet)
        self._say_typing(sheet)

    def _grid(self, grid: Widget, sheet: ScoreSheet) -> None:
        app = running_app()
        grid.clear_widgets()
        grid.cols = 1 + len(sheet.rows)
        names = NAME_PX if len(sheet.rows) <= FEW else NAME_LEAST_PX
        grid.cols_minimum = {0: names * app.scale}

    def _build_heads(self, sheet: ScoreSheet) -> None:
        app = running_app()
        grid = self.ids.heads
        self._grid(grid, sheet)
        grid.add_widget(Factory.Widget())
        for row in sheet.rows:
            head = SheetHead(full=str(app.tr(row.label)), player=row.key)
            head.text, head.swatch = head.full, theme.rgba(row.colour or theme.PANEL)
            grid.add_widget(head)

    def _build_cells(self, sheet: ScoreSheet) -> None:
        grid = self.ids.cells
        self._grid(grid, sheet)
        for category in sheet.categories:
            # the group's own words: on two lines where one is too short
            grid.add_widget(Factory.FitLabel(text=category.name, halign="left", valign="middle"))
            for row in sheet.rows:
                key = cell(row.key, category.key)
                box = Factory.SheetBox(text=self.entered.get(key, ""))
                box.key, box.selected = key, key == self.selected
                box.bind(on_release=lambda w: self.select(w.key))
                grid.add_widget(box)

    def _build_totals(self, sheet: ScoreSheet) -> None:
        app = running_app()
        grid = self.ids.totals
        self._grid(grid, sheet)
        players = {str(p["name"]): p for p in preview(sheet, self.entered).get("players", [])}
        lines = (("score", UI("sheet_total"), 24), ("rank", UI("sheet_place"), 18))
        for field, words, size in lines:
            grid.add_widget(sized(Factory.Dim(text=str(app.tr(words))), 16 * app.scale))
            for row in sheet.rows:
                value = players.get(row.key, {}).get(field)
                shown = "" if value is None else (f"{value}." if field == "rank" else str(value))
                total = Factory.SheetTotal(text=shown)
                total.font_size = size * app.scale
                grid.add_widget(total)

    def _refresh(self, sheet: ScoreSheet) -> None:
        """The boxes' numbers and the one chosen, the totals and places: a tap changes
        these, never the grid's shape (nothing moves under a finger)."""
        for box in self.ids.cells.children:
            key = getattr(box, "key", "")
            if key:
                box.text, box.selected = self.entered.get(key, ""), key == self.selected
        self._build_totals(sheet)
        self._say_typing(sheet)

    def _say_typing(self, sheet: ScoreSheet) -> None:
        """Whose box the pad types into, in which line."""
        app = running_app()
        row_key, _, category = self.selected.partition("\n")
        row = next((r for r in sheet.rows if r.key == row_key), None)
        line = next((c for c in sheet.categories if c.key == category), None)
        if row is None or line is None:
            self.typing = ""
            return
        self.typing = app.t("sheet_typing", player=app.tr(row.label), category=line.name)

    def _order(self, sheet: ScoreSheet) -> list[str]:
        """The boxes as the grid reads: a line at a time, each player across it."""
        return [cell(r.key, c.key) for c in sheet.categories for r in sheet.rows]

    def _show_box(self, key: str) -> None:
        """The box scrolled into view (a line below the last shown: the list moves)."""
        box = next((b for b in self.ids.cells.children if getattr(b, "key", "") == key), None)
        if box is not None:
            self.ids.scroll.scroll_to(box, padding=4 * running_app().scale, animate=False)

    # -- taps ----------------------------------------------------------------------
    def select(self, key: str) -> None:
        """The pad opens for the box `key`; what it holds stays until a key other
        than delete starts it anew."""
        self.selected, self.fresh, self.error = key, True, None
        sheet = self._sheet()
        if sheet is not None:
            seat = next((i for i, r in enumerate(sheet.rows) if key.startswith(r.key + "\n")), 0)
            self.pad_left = seat >= len(sheet.rows) / 2
        self._update()

    def _update(self) -> None:
        sheet = self._sheet()
        if sheet is not None:
            self._refresh(sheet)

    def next_box(self) -> None:
        """The next player's box in this line, then the next line's first."""
        sheet = self._sheet()
        if sheet is None:
            return
        order = self._order(sheet)
        at = order.index(self.selected) if self.selected in order else -1
        self.select(order[(at + 1) % len(order)])
        self._show_box(self.selected)

    def close_pad(self) -> None:
        self.selected = ""
        self._update()

    def _key(self, key: str) -> None:
        sheet = self._sheet()
        model = running_app().model
        if not self.selected or sheet is None or model is None:
            return
        before = "" if self.fresh and key != "<" else self.entered.get(self.selected, "")
        typed = sheet.typed(before, key)
        if typed:
            self.entered[self.selected] = typed
        else:
            self.entered.pop(self.selected, None)
        self.fresh, self.error = False, None
        self.drafts[model.session_id] = dict(self.entered)
        self._refresh(sheet)

    def undo(self) -> None:
        """Back to the game: the end undone, or (before the game is over) the table,
        this sheet kept for the next visit."""
        app = running_app()
        if app.model is None:
            return
        if not self.ended:  # the game goes on at its table
            app.show(app.model.adapter.screen)
        elif app.model.undo():
            app.show(app.screen_for_model())

    def done(self) -> None:
        """The sheet sent (the results), or the first empty box opened and said."""
        sheet = self._sheet()
        app = running_app()
        if sheet is None or app.model is None:
            return
        empty = [key for key in self._order(sheet) if number(self.entered.get(key)) is None]
        if empty:
            self.select(empty[0])
            self._show_box(empty[0])
            self.error = sheet.missing
            return
        typed = {key: number(self.entered.get(key)) or 0 for key in sheet.keys}
        if app.model.button.send(sheet.send(typed)):
            self.drafts.pop(app.model.session_id, None)
            app.show(app.screen_for_model())
        else:
            self.error = app.model.error
