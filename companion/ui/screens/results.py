"""Results: ranks with shared places, the winner(s) large, each player's score
parts as bars and secret balloons revealed, why a tie went the way it did, the BG
Stats QR code, and UNDO back to the table: no tap ends a game for good."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.input.motionevent import MotionEvent
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty

from companion.core.errors import CompanionError
from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.screen import AppScreen
from companion.ui.screens import bgstats, results_data
from companion.ui.strings import UI
from companion.ui.tables.base.adapter import player_colours
from companion.ui.viewmodel import GameModel
from companion.ui.widgets import Sheet


class QRView(Sheet):
    """The BG Stats code over the whole screen; a tap closes it."""

    link = StringProperty("")

    def on_touch_down(self, touch: MotionEvent) -> bool:
        self.dismiss()
        return True


class ResultsScreen(AppScreen):
    headline = ObjectProperty(None, allownone=True)
    winner_hex = StringProperty(theme.TEXT)
    link = StringProperty("")
    points = BooleanProperty(True)  # False for a race without points: no bars, no legend
    legend = ListProperty([])  # the bars' parts: (their name, "#RRGGBB")
    explain = StringProperty("")  # why equal players were ranked apart (the rules')
    problem = ObjectProperty(None, allownone=True)  # a new game that could not start

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        # A method, held weakly: a lambda would keep every results screen ever shown.
        running_app().bind(lang=self._language)

    def prepare(self) -> None:
        model = running_app().model
        if model is None or not model.session.decided:
            return
        summary = model.summary
        winners = summary.get("winners", [])
        key = "winners" if len(winners) > 1 else "winner"
        # No winner (every balloon out): the rules' own sentence says so.
        no_winner = model.prompts[0] if model.prompts else None
        self.headline = UI(key, names=", ".join(winners)) if winners else no_winner
        self.points = any(p.get("score") is not None for p in summary["players"])
        coloured = bool(winners) and model.adapter.seats_coloured
        self.winner_hex = model.seat(winners[0])[1] if coloured else theme.TEXT
        self._build_rows(model, summary)
        self._words()
        row = running_app().store.session_row(model.session_id)
        self.link = bgstats.play_link(model.session, row)

    def enlarge(self) -> None:
        """A tap on the code: the code as large as the screen allows."""
        if self.link:
            QRView(link=self.link).open()

    def _build_rows(self, model: GameModel, summary: dict[str, Any]) -> None:
        box = self.ids.rows
        box.clear_widgets()
        players = results_data.by_rank(summary["players"])
        scoring = model.adapter.scoring
        rows = [results_data.bars(scoring.parts(p)) if self.points else [] for p in players]
        right, left = results_data.scales(rows)
        shown = 1.0 if model.adapter.seats_coloured else 0.0  # no colour of their own: none
        for player, bars in zip(players, rows, strict=True):
            row = Factory.ResultRow(
                rank="" if player["rank"] is None else f"{player['rank']}.",  # nobody won
                name=player["name"],
                score="" if player["score"] is None else str(player["score"]),
                swatch=theme.rgba(model.seat(player["name"])[1], shown),
                winner=player["rank"] == 1,
            )
            row.ids.bars.right_max, row.ids.bars.left_max = right, left
            row.ids.bars.rows = [bars] if bars else []
            box.add_widget(row)
        self.legend = results_data.legend(scoring, players) if self.points else []

    def _language(self, *_: object) -> None:
        self._words()

    def _words(self) -> None:
        """Each player's colours (the secret balloons revealed), why a player out of the
        game ranks where they do, and the tie-breaks, in the language of now."""
        app = running_app()
        model = app.model
        if model is None or not model.session.decided:
            return
        colours = player_colours(model.adapter, model.session, model.play.first_seat)
        standing = model.adapter.scoring.standing(model.session)
        for row in self.ids.rows.children:
            row.detail = results_data.colour_names(app.tr, colours.get(row.name, ()))
            row.marks = list(standing.get(row.name, ()))
        reasons = model.rules.tie_breaks(model.state)
        self.explain = "\n".join(app.tr(m) for m in reasons)
        self._show_legend()

    def _show_legend(self) -> None:
        """The names of the bars' colours, under them."""
        app = running_app()
        box = self.ids.legend
        box.clear_widgets()
        for words, colour in self.legend:
            legend = Factory.Legend()  # a kv class: its properties are set once made
            legend.swatch, legend.text = theme.rgba(colour), app.tr(words)
            box.add_widget(legend)

    # -- no tap ends a game for good -------------------------------------------------
    def undo(self) -> None:
        """Back to the table (or the score) with the action that ended the game undone;
        where that action was typed (points, places, a score sheet), back where it was
        typed, its numbers there as they were (the model's place says where)."""
        app = running_app()
        if app.model is not None:
            app.model.undo()  # the game's place moves back: the app follows it

    def play_again(self) -> None:
        """The same players and options; a refusal (a full disk) is said here."""
        self.problem = None
        try:
            running_app().games.play_again()
        except CompanionError as error:
            self.problem = error.message

    def button(self, source: str) -> None:
        """UNDO goes back to the game; GO and PAUSE have nothing to do here."""
        if source == "undo":
            self.undo()
