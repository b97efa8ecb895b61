"""The score screen's sheet without a window: a number typed key by key, its sign
where the numbers may be below zero, at most its digits."""

from __future__ import annotations

from companion.core.messages import Message
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
