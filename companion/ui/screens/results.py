"""Results: ranks with shared places, the winner(s) large, each player's score
parts as bars, and the BG Stats QR code."""

from __future__ import annotations

import datetime as dt
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui import theme
from companion.ui.screens import bgstats
from companion.ui.strings import UI
from companion.ui.viewmodel import GameModel


def _parse_time(text: str | None) -> dt.datetime:
    if not text:
        return dt.datetime.now(dt.UTC)
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def start_player(model: GameModel) -> str | None:
    """The first player of the first round (BG Stats' start player)."""
    for length in range(len(model.session) + 1):
        current = model.rules.summary(model.session.state_at(length)).get("current")
        if current is not None:
            return str(current)
    return None


def play_link(model: GameModel) -> str:
    row = model.store.session_row(model.session_id)
    last = model.session.log[-1] if model.session.log else None
    ended = _parse_time(getattr(last, "at", None) or row.finished)
    started = _parse_time(row.created)
    facts = bgstats.PlayFacts(
        game_id=row.game,
        game_name=model.rules.name,
        play_id=f"bc{row.setup.seed:x}",
        ended=ended,
        duration_min=round((ended - started).total_seconds() / 60),
        start_player=start_player(model),
        no_points=all(p.get("score") is None for p in model.summary["players"]),
    )
    return bgstats.link(bgstats.create_play(model.summary, facts))


class ResultsScreen(Screen):
    headline = ObjectProperty(None, allownone=True)
    winner_hex = StringProperty(theme.TEXT)
    link = StringProperty("")
    points = BooleanProperty(True)  # False for a race without points: no bars, no legend

    def prepare(self) -> None:
        model = App.get_running_app().model
        if model is None or not model.session.decided:
            return
        summary = model.summary
        winners = summary.get("winners", [])
        key = "winners" if len(winners) > 1 else "winner"
        # No winner (every balloon out): the rules' own sentence says so.
        no_winner = model.prompts[0] if model.prompts else None
        self.headline = UI(key, names=", ".join(winners)) if winners else no_winner
        self.points = any(p.get("score") is not None for p in summary["players"])
        self.winner_hex = model.seat(winners[0])[1] if winners else theme.TEXT
        self._build_rows(model, summary)
        self.link = play_link(model)

    def _build_rows(self, model: GameModel, summary: dict[str, Any]) -> None:
        box = self.ids.rows
        box.clear_widgets()
        players = sorted(summary["players"], key=lambda p: (p["rank"], p["name"]))
        parts = [
            {
                "mail": 3 * p["tokens"].get("mail", 0),
                "penalty": p["tokens"].get("penalty", 0),
                "distance": p.get("distance") or 0,
            }
            for p in players
        ]
        right = max([1, *(r["mail"] for r in parts)])
        left = max([1, *(r["penalty"] + r["distance"] for r in parts)])
        for player, part in zip(players, parts, strict=True):
            row = Factory.ResultRow(
                rank=f"{player['rank']}.",
                name=player["name"],
                score="" if player["score"] is None else str(player["score"]),
                swatch=theme.rgba(model.seat(player["name"])[1]),
                winner=player["rank"] == 1,
            )
            bars = row.ids.bars
            bars.right_max, bars.left_max = right, left
            bars.rows = [part] if self.points else []
            box.add_widget(row)

    def button_go(self) -> None:
        pass
