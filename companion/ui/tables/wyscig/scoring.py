"""The end of a Wyścig balonów game on screen: the squares from each balloon to the
landing zone typed on the score screen (sent as the `score` action), the rules'
summary of them as a table (the mail as tokens times their worth), and each player's
score in its parts (the mail's points,
the penalties, the distance) for the results and History. The numbers are the
rules' (`wb.score_parts`): nothing is counted here. No Kivy."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core.session import Session
from companion.games import wyscig_balonow as wb
from companion.ui import theme
from companion.ui.strings import UI
from companion.ui.tables.base.scoring import (
    ScorePart,
    ScoreRow,
    ScoreSheet,
    ScoreTable,
    Scoring,
    player_rows,
)
from companion.ui.tables.wyscig.text import W

DIGITS = 2  # the board is 12 squares across: two digits are plenty


def _tokens(player: Mapping[str, object], token: str) -> int:
    """How many of `token` a player's row holds (none where it names none)."""
    tokens = player.get("tokens")
    count = tokens.get(token) if isinstance(tokens, Mapping) else None
    return count if isinstance(count, int) else 0


def _parts(player: Mapping[str, object]) -> tuple[int, int, int]:
    distance = player.get("distance")  # None until the balloons' squares are typed
    landed = distance if isinstance(distance, int) else None
    return wb.score_parts(_tokens(player, "mail"), _tokens(player, "penalty"), landed)


class WyscigScoring(Scoring[wb.State]):
    def parts(self, player: Mapping[str, object]) -> Sequence[ScorePart]:
        mail, penalty, distance = _parts(player)
        return (
            ScorePart(mail, theme.MAIL, W("bar_mail")),
            ScorePart(penalty, theme.PENALTY, W("bar_penalty")),
            ScorePart(distance, theme.TEXT_DIM, W("bar_distance")),
        )

    def sheet(self, session: Session[wb.State]) -> ScoreSheet | None:
        """Once the balloons have landed: the squares of every balloon card held."""
        state = session.state
        if not state.over or state.distances is not None:
            return None
        rows = tuple(
            ScoreRow(
                colour,
                W("score_balloon", player=player.name, colour=colour),
                theme.BALLOON_COLOURS.get(colour, theme.PANEL),
            )
            for player in state.players
            for colour in player.balloons
        )
        return ScoreSheet(
            W("score_help"), rows, W("score_missing"), "score", "distances", digits=DIGITS
        )

    def table(self, summary: Mapping[str, object]) -> ScoreTable:
        headers = (
            UI("score_col_player"),
            W("score_col_mail"),
            W("score_col_penalty"),
            W("score_col_distance"),
            UI("score_col_total"),
        )
        rows = tuple(
            (str(p["name"]), mail_cell(p), *(str(n) for n in _parts(p)[1:]), str(p.get("score", 0)))
            for p in player_rows(summary)
        )
        return ScoreTable(headers, rows, widths=(88, 58, 46, 46, 52))


def mail_cell(player: Mapping[str, object]) -> str:
    """The mail under its word: the tokens and what each is worth ("2×3"), not the
    points alone, which read as tokens under that word."""
    tokens = _tokens(player, "mail")
    return f"{tokens}×{wb.MAIL_POINTS}" if tokens else "0"
