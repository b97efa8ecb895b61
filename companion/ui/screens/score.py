"""Tap-to-score: for each balloon colour a player holds, the squares to the landing
zone token on a big number pad, with a live score table. The table is the rules'
own summary of the state with these distances, so the UI counts nothing itself."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import DictProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.core.errors import CompanionError
from companion.ui import theme
from companion.ui.strings import UI

MAX_DIGITS = 2  # the board is 12 squares across: two digits are plenty


class ScoreScreen(Screen):
    entered = DictProperty({})  # colour -> digits typed so far
    selected = StringProperty("")
    error = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        App.get_running_app().bind(lang=self._language)

    def _language(self, *_: Any) -> None:
        if self.selected:  # prepared: the rows hold words of the old language
            self._build()

    def prepare(self) -> None:
        self.entered = {}
        self.error = None
        held = self._held()
        self.selected = held[0][1] if held else ""
        self._build()

    def _held(self) -> list[tuple[str, str]]:
        """(player, colour) for every balloon card, in seat order."""
        model = App.get_running_app().model
        if model is None:
            return []
        held = model.adapter.held(model.session)
        return [(name, colour) for name, colours in held.items() for colour in colours]

    def _build(self) -> None:
        self._build_balloons()
        self._build_table()

    def _build_balloons(self) -> None:
        box = self.ids.balloons
        box.clear_widgets()
        app = App.get_running_app()
        for name, colour in self._held():
            row = Factory.BalloonRow(
                text=app.t("score_balloon", player=name, colour=app.colour_name(colour)),
                colour_hex=theme.BALLOON_COLOURS.get(colour, theme.PANEL),
                selected=colour == self.selected,
                value=self.entered.get(colour, ""),
            )
            row.bind(on_release=lambda _w, c=colour: self.select(c))
            box.add_widget(row)

    def _preview(self) -> dict[str, Any]:
        """The rules' summary as if these distances were scored (missing ones: 0)."""
        model = App.get_running_app().model
        distances = {c: int(self.entered.get(c) or 0) for _, c in self._held()}
        try:
            action = model.rules.parse_action({"type": "score", "distances": distances})
            summary: dict[str, Any] = model.rules.summary(model.rules.apply(model.state, action))
        except CompanionError:
            summary = model.summary
        return summary

    def _build_table(self) -> None:
        grid = self.ids.table
        grid.clear_widgets()
        app = App.get_running_app()
        headers = (
            "score_col_player",
            "score_col_mail",
            "score_col_penalty",
            "score_col_distance",
            "score_col_total",
        )
        for index, key in enumerate(headers):
            cell = Factory.ScoreCell(text=app.t(key), color=theme.rgba(theme.TEXT_DIM))
            cell.font_size = 16 * app.scale
            if index == 0:
                cell.halign = "left"
            grid.add_widget(cell)
        for player in self._preview().get("players", []):
            tokens = player.get("tokens", {})
            cells = (
                player["name"],
                str(3 * tokens.get("mail", 0)),
                str(-tokens.get("penalty", 0)),
                str(-(player.get("distance") or 0)),
                str(player.get("score", 0)),
            )
            for index, text in enumerate(cells):
                cell = Factory.ScoreCell(text=text)
                if index == 0:
                    cell.halign = "left"
                if index == 4:
                    cell.bold = True
                    cell.font_size = 24 * app.scale
                grid.add_widget(cell)

    # -- taps ----------------------------------------------------------------------
    def select(self, colour: str) -> None:
        self.selected = colour
        self._build_balloons()

    def digit(self, value: int) -> None:
        if not self.selected:
            return
        digits = self.entered.get(self.selected, "")
        digits = (digits + str(value))[-MAX_DIGITS:].lstrip("0") or "0"
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
        held = [c for _, c in self._held()]
        if any(c not in self.entered for c in held):
            self.error = UI("score_missing")
            return
        distances = {c: int(self.entered[c]) for c in held}
        if app.model.act("score", distances=distances):
            app.show("results")
        else:
            self.error = app.model.error

    def button(self, source: str) -> None:
        """GO counts the score, UNDO goes back to the table; PAUSE has nothing to do."""
        if source == "go":
            self.done()
        elif source == "undo":
            self.undo()
