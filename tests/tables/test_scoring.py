"""The score screen's sheet without a window: a number typed key by key, its sign
where the numbers may be below zero, at most its digits."""

from __future__ import annotations

from companion.core.messages import Message
from companion.ui.screens.results_data import by_rank
from companion.ui.tables.base.scoring import ScoreRow, ScoreSheet

ROWS = (ScoreRow("Ola", Message("x.ola"), "#FFFFFF"), ScoreRow("Jan", Message("x.jan"), "#000"))
SIGNED = ScoreSheet(Message("x.help"), ROWS, Message("x.missing"), "score", "points", 4, True)
PLAIN = ScoreSheet(Message("x.help"), ROWS, Message("x.missing"), "score", "points", 2)


def keys(sheet: ScoreSheet, *pressed: str) -> str:
    digits = ""
    for key in pressed:
        digits = sheet.typed(digits, key)
    return digits


def test_a_number_is_typed_key_by_key_with_its_sign_where_the_sheet_takes_one() -> None:
    assert keys(SIGNED, "1", "2") == "12"
    assert keys(SIGNED, "1", "2", "-") == "-12"
    assert keys(SIGNED, "-", "7") == "-7"
    assert keys(SIGNED, "-", "7", "-") == "7"
    assert keys(SIGNED, "0", "0", "3") == "3"
    assert keys(SIGNED, "9", "9", "9", "9", "1") == "9991"  # at most four digits
    assert keys(SIGNED, "-", "5", "<") == ""
    assert keys(PLAIN, "-", "5") == "5"  # no sign where the numbers are not below zero
    assert keys(PLAIN, "1", "2", "3") == "23"
    assert SIGNED.send({"Ola": -12, "Jan": 4}).fields == {"points": {"Ola": -12, "Jan": 4}}


def test_the_wyscig_score_table_shows_the_mail_as_tokens_times_their_worth() -> None:
    """Under the word "mail" the tokens and their worth (issue 31.10), not the points
    alone, which read as three mail tokens; the parts still add up to the score."""
    from companion.games import wyscig_balonow as wb
    from companion.ui.tables.wyscig.scoring import WyscigScoring

    players = [
        {"name": "Kasia", "tokens": {"mail": 1, "penalty": 2}, "distance": 2, "score": -1},
        {"name": "Ola", "tokens": {"mail": 2, "penalty": 0}, "distance": 12, "score": -6},
        {"name": "Jan", "tokens": {"mail": 0, "penalty": 0}, "distance": 0, "score": 0},
    ]
    rows = WyscigScoring().table({"players": players}).rows
    assert [r[1] for r in rows] == ["1×3", "2×3", "0"]
    for (_, _, penalty, distance, score), player in zip(rows, players, strict=True):
        mail = wb.MAIL_POINTS * player["tokens"]["mail"]
        assert mail + int(penalty) + int(distance) == int(score) == player["score"]


def test_the_results_list_tied_players_in_seat_order_and_the_unranked_last() -> None:
    players = [
        {"name": "Ola", "rank": 2},
        {"name": "Jan", "rank": 1},
        {"name": "Ewa", "rank": 2},
        {"name": "Bo", "rank": None},
        {"name": "Ada", "rank": 2},
    ]
    assert [p["name"] for p in by_rank(players)] == ["Jan", "Ola", "Ewa", "Ada", "Bo"]
