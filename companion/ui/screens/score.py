"""Tap-to-score: once a game is over and its final count is the table's to type (the
game's table says what, `Scoring.sheet`: in Wyścig balonów the squares from each
balloon to the landing zone), a number for each row on a big number pad, with a live
score table. The table is the rules' own summary of the state as if these numbers
were sent, in the columns the game's table names, so the UI counts nothing itself."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import DictProperty, ObjectProperty, StringProperty

from companion.ui import theme
from companion.ui.screen import AppScreen
from companion.ui.tables.base.scoring import ScoreSheet


class ScoreScreen(AppScreen):
    entered = DictProperty({})  # row key -> digits typed so far
    selected = StringProperty("")
    error = ObjectProperty(None, allownone=True)
    help = ObjectProperty(None, allownone=True)  # what the numbers are, in a line

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        App.get_running_app().bind(lang=self._language)

    def _language(self, *_: Any) -> None:
        if self.selected:  # prepared: the rows hold words of the old language
            self._build()

    def prepare(self) -> None:
        self.entered = {}
        self.error = None
        sheet = self._sheet()
        self.help = sheet.help if sheet is not None else None
        self.selected = sheet.rows[0].key if sheet is not None and sheet.rows else ""
        self._build()

    def _sheet(self) -> ScoreSheet | None:
        model = App.get_running_app().model
        return None if model is None else model.adapter.scoring.sheet(model.session)

    def _build(self) -> None:
        self._build_rows()
        self._build_table()

    def _build_rows(self) -> None:
        box = self.ids.balloons
        box.clear_widgets()
        sheet = self._sheet()
        app = App.get_running_app()
        for row in sheet.rows if sheet is not None else ():
            widget = Factory.BalloonRow(
                text=app.tr(row.label),
                colour_hex=row.colour,
                selected=row.key == self.selected,
                value=self.entered.get(row.key, ""),
            )
            widget.bind(on_release=lambda _w, key=row.key: self.select(key))
            box.add_widget(widget)

    def _preview(self) -> dict[str, Any]:
        """The rules' summary as if these numbers were sent (missing ones: 0)."""
        model = App.get_running_app().model
        sheet = self._sheet()
        if sheet is None:
            return dict(model.summary)
        send = sheet.send({r.key: int(self.entered.get(r.key) or 0) for r in sheet.rows})
        action = model.rules.parse_action({"type": send.type, **send.fields})
        if model.session.refusal(action) is not None:
            return dict(model.summary)
        summary: dict[str, Any] = model.rules.summary(model.rules.apply(model.state, action))
        return summary

    def _build_table(self) -> None:
        grid = self.ids.table
        grid.clear_widgets()
        app = App.get_running_app()
        table = app.model.adapter.scoring.table(self._preview())
        last = len(table.headers) - 1
        grid.cols = len(table.headers)
        grid.cols_minimum = {i: px * app.scale for i, px in enumerate(table.widths)}
        for index, words in enumerate(table.headers):
            cell = Factory.ScoreCell(text=app.tr(words), color=theme.rgba(theme.TEXT_DIM))
            cell.font_size = 16 * app.scale
            if index == 0:
                cell.halign = "left"
            grid.add_widget(cell)
        for texts in table.rows:
            for index, text in enumerate(texts):
                cell = Factory.ScoreCell(text=text)
                if index == 0:
                    cell.halign = "left"
                if index == last:
                    cell.bold = True
                    cell.font_size = 24 * app.scale
                grid.add_widget(cell)

    # -- taps ----------------------------------------------------------------------
    def select(self, key: str) -> None:
        self.selected = key
        self._build_rows()

    def digit(self, value: int) -> None:
        sheet = self._sheet()
        if not self.selected or sheet is None:
            return
        digits = self.entered.get(self.selected, "")
        digits = (digits + str(value))[-sheet.digits :].lstrip("0") or "0"
        self.entered[self.selected] = digits
        self.error = None
        self._build()

    def delete(self) -> None:
        if self.selected and self.selected in self.entered:
            digits = self.entered[self.selected][:-1]
            if digits:
                self.entered[self.selected] = digits
            else:
                del self.entered[self.selected]
            self._build()

    def undo(self) -> None:
        app = App.get_running_app()
        if app.model is not None and app.model.undo():
            app.show(app.screen_for_model())

    def done(self) -> None:
        app = App.get_running_app()
        sheet = self._sheet()
        if sheet is None:
            return
        if any(r.key not in self.entered for r in sheet.rows):
            self.error = sheet.missing
            return
        if app.model.button.send(sheet.send({k: int(v) for k, v in self.entered.items()})):
            app.show("results")
        else:
            self.error = app.model.error

    def button(self, source: str) -> None:
        """GO counts the score, UNDO goes back to the table; PAUSE has nothing to do."""
        if source == "go":
            self.done()
        elif source == "undo":
            self.undo()
