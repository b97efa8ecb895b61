"""History: the finished games (date, game, players with their scores or places,
winner) and the abandoned ones, marked; one game's log in words and its results
(a log that does not replay: up to its last good action, the failing one named),
and "Save game file" onto a USB stick or into the data folder. Where a USB stick is
mounted, "Back up to a USB stick" copies every game onto it in one file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.factory import Factory
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion import games
from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.play.whostarts import by_chair
from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.screen import AppScreen
from companion.ui.screens import history_data, results_data
from companion.ui.screens.history_data import GameEntry
from companion.ui.screens.text import S
from companion.ui.seating import first_seat
from companion.ui.tables import adapter

if TYPE_CHECKING:
    from companion.store.sessions import SessionRow
    from companion.ui.app import CompanionApp


class HistoryRow(ButtonBehavior, BoxLayout):
    """One finished (or abandoned) game in the list; a tap opens it."""

    session_id = NumericProperty(0)
    date = ObjectProperty(None, allownone=True)  # a Message: the language writes the day
    game = StringProperty("")
    scores = ListProperty([])  # Messages: each player's score or place
    winner = ObjectProperty(None, allownone=True)  # or "abandoned", or what it came to
    lost = BooleanProperty(False)  # no winner: lost together
    abandoned = BooleanProperty(False)  # said in a neutral colour, not the winner's


class LogLine(Label):
    line = ObjectProperty(None, allownone=True)


class HistoryList(BoxLayout):
    count = NumericProperty(0)
    counts = ObjectProperty(None, allownone=True)  # "Finished: 2 · Abandoned: 1"
    stick = StringProperty("")  # the USB stick a backup would go to; "" when none
    notice = ObjectProperty(None, allownone=True)  # where the backup went, or why not
    notice_is_error = BooleanProperty(False)


class HistoryGame(BoxLayout):
    title = ObjectProperty(None, allownone=True)
    abandoned = BooleanProperty(False)  # Resume is offered: it becomes unfinished again
    log_count = NumericProperty(0)
    reasons = ListProperty([])  # Messages: why a player ranks where they do
    notice = ObjectProperty(None, allownone=True)
    notice_is_error = ObjectProperty(False)


def seat_colours(row: SessionRow, names: list[str]) -> dict[str, str]:
    """Each player's colour: their chair's, wherever who started put them in the list."""
    chairs = by_chair(adapter(row.game).seat_colours, names, first_seat(row))
    return {name: hex_ for name, (_, hex_) in chairs.items()}


class HistoryScreen(AppScreen):
    session_id = NumericProperty(0)  # the game open now; 0 = the list

    def prepare(self) -> None:
        self.show_list()

    @property
    def app(self) -> CompanionApp:
        return running_app()

    # -- the list ------------------------------------------------------------------
    def show_list(self) -> None:
        self.session_id = 0
        view = HistoryList()
        found = history_data.entries(self.app.store)
        view.count = len(found)
        abandoned = sum(1 for e in found if e.abandoned)
        view.counts = S("history_counts", finished=len(found) - abandoned, abandoned=abandoned)
        for entry in found:
            view.ids.rows.add_widget(self._row(entry))
        sticks = history_data.usb_sticks()
        view.stick = sticks[0].name if sticks else ""
        self._show(view)

    def back_up(self) -> None:
        """Every game onto the USB stick, in one file; the line says where, or why not."""
        view = self.ids.body.children[0]
        sticks = history_data.usb_sticks()
        view.notice = history_data.back_up(self.app.store, sticks)
        view.notice_is_error = not view.notice.key.endswith("backed_up")
        view.stick = sticks[0].name if sticks else ""

    def _row(self, entry: GameEntry) -> HistoryRow:
        row = HistoryRow(
            session_id=entry.id,
            date=entry.date,
            game=entry.name,
            scores=history_data.score_parts(entry),
            winner=S("abandoned")
            if entry.abandoned
            else (history_data.winner_message(entry.winners) if entry.winners else entry.outcome),
            abandoned=entry.abandoned,
            lost=not entry.abandoned and not entry.winners and entry.outcome is not None,
        )
        row.bind(on_release=lambda w: self.open_game(w.session_id))
        return row

    def _show(self, view: Any) -> None:
        self.ids.body.clear_widgets()
        self.ids.body.add_widget(view)

    # -- one game ------------------------------------------------------------------
    def open_game(self, session_id: int) -> None:
        store = self.app.store
        row = store.session_row(session_id)
        view = HistoryGame()
        title = games.title(row.game, row.setup.options)
        view.title = S("game_title", game=title, date=view_date(row))
        try:
            lines, problem = history_data.log_lines(store, session_id)
        except CompanionError as error:
            lines, problem = [], error.message
        if problem is not None:
            view.notice, view.notice_is_error = problem, True
        view.log_count = len(lines)
        view.abandoned = row.abandoned is not None and row.finished is None
        self._fill_log(view, lines)
        standing, view.reasons = ({}, []) if problem else history_data.standing(store, session_id)
        self._fill_results(view, row, standing)
        self.session_id = session_id
        self._show(view)

    def _fill_log(self, view: HistoryGame, lines: list[history_data.LogEntry]) -> None:
        box = view.ids.log
        for line in lines:
            box.add_widget(LogLine(line=line))

    def _fill_results(
        self, view: HistoryGame, row: SessionRow, standing: dict[str, tuple[Message, ...]]
    ) -> None:
        """Each player's place, score and bars, and why one out of the game ranks where
        they do; under the name, their whole score sheet where the game had one."""
        game, summary, options = row.game, row.summary or {}, row.setup.options
        players = results_data.by_rank(summary.get("players", []))
        names = [p["name"] for p in summary.get("players", [])]
        colours = seat_colours(row, names)
        shown = 1.0 if adapter(game).seats_coloured else 0.0  # no colour of their own: none
        scoring = adapter(game).scoring
        rows = [results_data.bars(scoring.parts(p)) for p in players]
        right, left = results_data.scales(rows)
        winners = summary.get("winners", [])
        for player, bars in zip(players, rows, strict=True):
            line = Factory.ResultRow(
                rank=f"{player['rank']}." if player.get("rank") is not None else "",
                name=player["name"],
                score="" if player.get("score") is None else str(player["score"]),
                swatch=theme.rgba(colours.get(player["name"], theme.TEXT), shown),
                winner=player["name"] in winners,
                marks=list(standing.get(player["name"], ())),
            )
            line.size_hint_y = None
            line.height = 44 * self.app.scale
            line.ids.bars.right_max, line.ids.bars.left_max = right, left
            line.ids.bars.rows = [bars] if bars else []
            view.ids.results.add_widget(line)
            sheet = history_data.sheet_text(options, player)
            if sheet:  # wrapped between its lines, as tall as it needs
                said = Factory.Refusal(text=sheet, padding=(52 * self.app.scale, 0))
                said.color = theme.rgba(theme.TEXT_DIM)
                view.ids.results.add_widget(said)

    def resume(self) -> None:
        """An abandoned game played again: unfinished once more, with its whole log,
        and resumed as Home resumes any (a log that does not replay is offered there)."""
        session_id = self.session_id
        try:
            self.app.store.abandon(session_id, undo=True)
        except CompanionError as error:
            view = self.ids.body.children[0]
            view.notice, view.notice_is_error = error.message, True
            return
        self.app.go_home()
        self.app.screen("home").resume(session_id)

    def export(self) -> None:
        """Save the open game as a game file where a player can take it: onto a USB
        stick when one is in, else into the data folder; the sentence says where."""
        view = self.ids.body.children[0]
        sticks = history_data.usb_sticks()
        view.notice = history_data.save_game(self.app.store, self.session_id, sticks)
        view.notice_is_error = view.notice.key.endswith("export_failed")


def view_date(row: Any) -> Message:
    return history_data.local_date(row.finished or row.created)


def parts_text(parts: list[Message], _lang: str = "") -> str:
    app = running_app()
    return "   ".join(app.tr(m) for m in parts)


def line_text(line: history_data.LogEntry, _lang: str = "") -> str:
    app = running_app()
    message: Message = history_data.line_message(line, app.tr)
    return str(app.tr(message))


def lines_text(lines: list[Message], _lang: str = "") -> str:
    app = running_app()
    return "\n".join(app.tr(m) for m in lines)
