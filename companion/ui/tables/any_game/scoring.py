"""The end of any board game on screen: the points every player scored (below zero
too), or each one's place, typed on the score screen (with a score sheet: each
one's points in every category, on the sheet's grid); or won or lost together, one
tap; with a counter as the points, nothing to type. The live table shows the rules'
ranks of what is typed. No Kivy; nothing counted here."""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.messages import Message
from companion.core.session import Session
from companion.games import any_game as ag
from companion.ui.strings import UI
from companion.ui.tables.any_game.text import UA
from companion.ui.tables.base.go import Send
from companion.ui.tables.base.scoring import (
    ScoreCategory,
    ScoreChoice,
    ScoreRow,
    ScoreSheet,
    ScoreTable,
    Scoring,
    player_rows,
)

POINT_DIGITS = 5
PLACE_DIGITS = 1  # eight players at most


def rows(state: ag.State) -> tuple[ScoreRow, ...]:
    """A row per player, in seat order; a player out of the game is marked out (their
    points count, but the live table ranks them after those still in)."""
    return tuple(ScoreRow(p.name, _label(p)) for p in state.players)


def _label(player: ag.Player) -> Message:
    if player.playing:
        return UA("name", name=player.name)
    return UA("name_out", name=player.name)


class AnyScoring(Scoring[ag.State]):
    def sheet(self, session: Session[ag.State]) -> ScoreSheet | None:
        """Before the end, as the way the game ends: points, places or won/lost;
        nothing where a counter is the points (the table ends the game itself)."""
        state = session.state
        options = state.options
        if state.over or options.score_from is not None:
            return None
        if options.scoring == "coop":
            choices = tuple(
                ScoreChoice(UA("won" if won else "lost"), Send("finish", {"won": won}))
                for won in (True, False)
            )
            missing = UA("score_help_coop")
            return ScoreSheet(missing, (), missing, "finish", "won", choices=choices)
        if options.scoring == "places":
            help_, missing = UA("score_help_places"), UA("score_missing_places")
            return ScoreSheet(help_, rows(state), missing, "places", "places", PLACE_DIGITS)
        if options.categories:
            help_, missing = UA("score_help_sheet"), UA("score_missing_sheet")
            categories = tuple(ScoreCategory(c.id, c.name) for c in options.categories)
            return ScoreSheet(
                help_, rows(state), missing, "score", "points", POINT_DIGITS, True, (), categories
            )
        help_, missing = UA("score_help_points"), UA("score_missing_points")
        return ScoreSheet(help_, rows(state), missing, "score", "points", POINT_DIGITS, True)

    def standing(self, session: Session[ag.State]) -> dict[str, tuple[Message, ...]]:
        """A player out of the game is marked out (the results say when, and what it
        did to their place: the rules' `tie_breaks`)."""
        state = session.state
        return {p.name: (UA("out"),) for p in state.players if not p.playing}

    def outcome(
        self, options: Mapping[str, object], summary: Mapping[str, object]
    ) -> Message | None:
        """A cooperative game lost: said, as a won one names its winners."""
        lost = options.get("scoring") == "coop" and not summary.get("winners")
        return UA("lost_together") if lost and summary.get("over") else None

    def table(self, summary: Mapping[str, object]) -> ScoreTable:
        """Each player's place as the rules rank what is typed so far, and the points
        where the game has them."""
        players = player_rows(summary)
        points = any(p.get("score") is not None for p in players)

        def place(player: Mapping[str, object]) -> str:
            return "" if player.get("rank") is None else f"{player['rank']}."

        if not points:
            plain = (UI("score_col_player"), UA("score_col_place"))
            return ScoreTable(plain, tuple((str(p["name"]), place(p)) for p in players))
        headers = (UI("score_col_player"), UA("score_col_place"), UI("score_col_total"))
        found = tuple(
            (str(p["name"]), place(p), "" if p.get("score") is None else str(p["score"]))
            for p in players
        )
        return ScoreTable(headers, found, widths=(88, 52, 64))
