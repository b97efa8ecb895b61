"""Tap-to-score: when the final count is the table's to type (the game's table says
what, `Scoring.sheet`: in Wyścig balonów, once the balloons have landed, the squares
from each balloon to the landing zone; in a game that ends with it, each player's
points or place), a number for each row on a big number pad (below zero too where the
sheet allows), with a live score table; or one tap on an answer (won, lost). The
table is the rules' own summary of the state as if these numbers were sent, in the
columns the game's table names, so the UI counts nothing itself. Before the game is
over, Back returns to the table and nothing is undone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, DictProperty, ObjectProperty, StringProperty

from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.screen import AppScreen
from companion.ui.tables.base.go import Send
from companion.ui.tables.base.scoring import ScoreSheet

MOST_IN_A_COLUMN = 5  # rows to type in; more go in two columns


def number(digits: str | None) -> int | None:
    """A row's number as typed so far; None while nothing (or only the sign) is."""
    return int(digits) if digits and digits != "-" else None


def table_sheet() -> ScoreSheet | None:
    """What the game in play asks the table to type, each row in its player's colour
    where the rules leave that to the seats (a colour is a chair's, see `by_chair`)."""
    model = running_app().model
    if model is None:
        return None
    sheet = model.adapter.scoring.sheet(model.session)
    if sheet is None:
        return None
    rows = tuple(
        row if row.colour is not None else replace(row, colour=model.seat(row.key)[1])
        for row in sheet.rows
    )
    return replace(sheet, rows=rows)


def preview(sheet: ScoreSheet | None, entered: Mapping[str, str]) -> dict[str, Any]:
    """The rules' summary of the game in play as if the numbers typed so far were sent
    (missing ones: 0); the summary as it is when there is nothing to send."""
    model = running_app().model
    if sheet is None or sheet.choices:
        return dict(model.summary)
    send = sheet.send({key: number(entered.get(key)) or 0 for key in sheet.keys})
    action = model.rules.parse_action({"type": send.type, **send.fields})
    legal = model.session.legal()
    if not legal.allows(action):
        return dict(model.summary)
    # The state the rules judged it leads to: sending it takes the same state.
    summary: dict[str, Any] = model.rules.summary(legal.after(action)).data
    return summary


class ScoreKeys:
    """What the keys do on a screen the scores are typed on: the number pad's, as
    `ScoreSheet.typed` reads them ("-" the sign, "<" delete), passed to the screen's
    `_key`; GO sends (`done`), UNDO goes back (`undo`), PAUSE has nothing to do. The
    score screen and the score sheet type alike."""

    def digit(self, value: int) -> None:
        self._key(str(value))

    def sign(self) -> None:
        self._key("-")

    def delete(self) -> None:
        self._key("<")

    def button(self, source: str) -> None:
        if source == "go":
            self.done()
        elif source == "undo":
            self.undo()

    def _key(self, key: str) -> None:
        raise NotImplementedError

    def done(self) -> None:
        raise NotImplementedError

    def undo(self) -> None:
        raise NotImplementedError


class ScoreScreen(ScoreKeys, AppScreen):
    entered = DictProperty({})  # row key -> digits typed so far
    selected = StringProperty("")
    error = ObjectProperty(None, allownone=True)
    help = ObjectProperty(None, allownone=True)  # what the numbers are, in a line
    signed = BooleanProperty(False)  # the numbers may be below zero: a sign key
    answers = BooleanProperty(False)  # an answer to tap (won, lost), no numbers
    ended = BooleanProperty(True)  # the game is over (else Back goes to the table)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        running_app().bind(lang=self._language)

    def _language(self, *_: object) -> None:
        if self.selected or self.answers:  # prepared: the rows hold words of the old language
            self._build()

    def prepare(self) -> None:
        """The sheet of the game in play; the numbers of its end, sent and then undone
        from the results, typed again."""
        self.error = None
        sheet = self._sheet()
        model = running_app().model
        undone = None if model is None else model.session.undone
        self.entered = {} if sheet is None else sheet.typed_before(undone)
        self.ended = model is None or bool(model.summary.get("over"))
        self.help = sheet.help if sheet is not None else None
        self.signed = sheet is not None and sheet.negative
        self.answers = sheet is not None and bool(sheet.choices)
        self.selected = sheet.rows[0].key if sheet is not None and sheet.rows else ""
        self._build()

    def _typed_before(self, sheet: ScoreSheet | None) -> dict[str, str]:
        """The numbers of the end just undone (from the results), as typed: an undo
        takes back the end, not the typing."""
        model = running_app().model
        undone = None if model is None or sheet is None else model.session.undone
        if undone is None or sheet is None or undone.type != sheet.action:
            return {}
        given = getattr(undone, sheet.field, None) or {}
        keys = {row.key for row in sheet.rows}
        return {k: str(v) for k, v in given.items() if k in keys and isinstance(v, int)}

    def _sheet(self) -> ScoreSheet | None:
        return table_sheet()

    def _build(self) -> None:
        self._build_rows()
        self._build_table()

    def _build_rows(self) -> None:
        box = self.ids.balloons
        box.clear_widgets()
        sheet = self._sheet()
        app = running_app()
        if sheet is not None and sheet.choices:
            box.cols = 1
            for choice in sheet.choices:
                tap = Factory.Tap(text=app.tr(choice.label), font_size=26 * app.scale)
                tap.bind(on_release=lambda _w, c=choice: self.answer(c.send))
                box.add_widget(tap)
            return
        rows = sheet.rows if sheet is not None else ()
        box.cols = 1 if len(rows) <= MOST_IN_A_COLUMN else 2
        for row in rows:
            widget = Factory.BalloonRow(
                text=app.tr(row.label),
                colour_hex=row.colour or theme.PANEL,
                selected=row.key == self.selected,
                value=self.entered.get(row.key, ""),
                compact=box.cols > 1,
            )
            widget.bind(on_release=lambda _w, key=row.key: self.select(key))
            box.add_widget(widget)

    def _preview(self) -> dict[str, Any]:
        return preview(self._sheet(), self.entered)

    def _build_table(self) -> None:
        grid = self.ids.table
        grid.clear_widgets()
        app = running_app()
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

    def _key(self, key: str) -> None:
        sheet = self._sheet()
        if not self.selected or sheet is None:
            return
        typed = sheet.typed(self.entered.get(self.selected, ""), key)
        if typed:
            self.entered[self.selected] = typed
        else:
            self.entered.pop(self.selected, None)
        self.error = None
        self._build()

    def undo(self) -> None:
        """Back to the game: the end undone, or (before the game is over) the table
        as it was."""
        app = running_app()
        if app.model is None:
            return
        if self.ended:
            app.model.undo()  # the game's place moves back: the app follows it
        else:  # the game goes on at its table, these numbers kept for the next visit
            app.show(app.model.adapter.screen)

    def done(self) -> None:
        sheet = self._sheet()
        if sheet is None or sheet.choices:
            return
        typed = {r.key: number(self.entered.get(r.key)) for r in sheet.rows}
        if any(v is None for v in typed.values()):
            self.error = sheet.missing
            return
        self.answer(sheet.send({k: v for k, v in typed.items() if v is not None}))

    def answer(self, send: Send) -> None:
        """Send the end: the results, or the rules' refusal said here."""
        app = running_app()
        if not app.model.button.send(send):  # sent: the app follows the game to its results
            self.error = app.model.error
