from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from hardware.dice import (
    BadLine,
    DiceParseError,
    Err,
    Hello,
    Roll,
    Rolling,
    Status,
    event_for,
    parse_line,
    preview,
)
from hardware.errors import DeviceError
from hardware.sim import GARBAGE, roll_lines


@pytest.mark.parametrize("ending", [b"\n", b"\r\n", b""], ids=["lf", "crlf", "none"])
def test_every_message(ending: bytes) -> None:
    assert parse_line(b"HELLO dicebox 2.1" + ending) == Hello("dicebox", "2.1")
    assert parse_line(b"ROLLING" + ending) == Rolling()
    assert parse_line(b"ROLL 3 1,5,6,2,4" + ending) == Roll(3, (1, 5, 6, 2, 4))
    assert parse_line(b"STATUS battery=80 lid=closed" + ending) == Status(
        (("battery", "80"), ("lid", "closed"))
    )
    assert parse_line(b"ERR lid open, close it" + ending) == Err("lid open, close it")


@pytest.mark.parametrize(
    ("line", "values"),
    [
        (b"ROLL 0 6", (6,)),
        (b"ROLL 7 ?,3", (None, 3)),
        (b"ROLL 12 1, 2 ,3", (1, 2, 3)),  # spaces around the commas are forgiven
        (b"ROLL 4294967295 1,2,3,4,5,6,1,2,3,?", (1, 2, 3, 4, 5, 6, 1, 2, 3, None)),
        (b"ROLL\t9\t1,1", (1, 1)),
    ],
)
def test_rolls(line: bytes, values: tuple[int | None, ...]) -> None:
    roll = parse_line(line)
    assert isinstance(roll, Roll) and roll.values == values


def test_small_things() -> None:
    assert parse_line(b"ERR") == Err("")
    assert parse_line(b"STATUS note=") == Status((("note", ""),))
    assert parse_line(b"  ROLLING  \r\n") == Rolling()
    assert parse_line(b"ERR " + b"x" * 76 + b"\r\n") == Err("x" * 76)  # 80 bytes: the most


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"ERR " + b"x" * 77 + b"\r\n", BadLine.TOO_LONG),
        (b"X" * 500, BadLine.TOO_LONG),
        (b"ROLL 1 1,\xff,3\n", BadLine.NOT_ASCII),
        ("ERR zamknij pokrywę\n".encode(), BadLine.NOT_ASCII),
        (b"ROLL 1 1,2\x00\n", BadLine.NOT_ASCII),
        (b"ROLL 1 1\r2\n", BadLine.NOT_ASCII),
        (b"BANANA\n", BadLine.UNKNOWN),
        (b"roll 1 1,2\n", BadLine.UNKNOWN),
        (b"ACK 3\n", BadLine.UNKNOWN),  # our own echo is not a reader message
        (b"HELLO\n", BadLine.MALFORMED),
        (b"HELLO dicebox\n", BadLine.MALFORMED),
        (b"HELLO dice box 1.0\n", BadLine.MALFORMED),
        (b"ROLLING 3\n", BadLine.MALFORMED),
        (b"ROLL\n", BadLine.MALFORMED),
        (b"ROLL 3\n", BadLine.MALFORMED),
        (b"ROLL x 1,2\n", BadLine.MALFORMED),
        (b"ROLL -1 1,2\n", BadLine.MALFORMED),
        (b"ROLL +1 1,2\n", BadLine.MALFORMED),
        (b"ROLL 1_0 1,2\n", BadLine.MALFORMED),
        (b"ROLL 12345678901 1\n", BadLine.MALFORMED),
        (b"ROLL 1 1,,2\n", BadLine.MALFORMED),
        (b"ROLL 1 1,2,\n", BadLine.MALFORMED),
        (b"ROLL 1 one\n", BadLine.MALFORMED),
        (b"ROLL 1 1.5\n", BadLine.MALFORMED),
        (b"STATUS\n", BadLine.MALFORMED),
        (b"STATUS battery\n", BadLine.MALFORMED),
        (b"STATUS =80\n", BadLine.MALFORMED),
        (b"ROLL 1 0\n", BadLine.OUT_OF_RANGE),
        (b"ROLL 1 1,7\n", BadLine.OUT_OF_RANGE),
        (b"ROLL 1 12\n", BadLine.OUT_OF_RANGE),
        (b"ROLL 1 1,1,1,1,1,1,1,1,1,1,1\n", BadLine.OUT_OF_RANGE),
        (b"\n", BadLine.EMPTY),
        (b"   \r\n", BadLine.EMPTY),
    ],
)
def test_every_kind_of_bad_line(line: bytes, reason: BadLine) -> None:
    with pytest.raises(DiceParseError) as caught:
        parse_line(line)
    assert caught.value.reason is reason
    assert caught.value.raw == line
    assert isinstance(caught.value, DeviceError)  # players see it as a sentence
    assert str(caught.value).startswith("The dice reader sent")


def test_bad_lines_read_as_sentences() -> None:
    with pytest.raises(DiceParseError, match=r"^The dice reader sent a line of 81 bytes"):
        parse_line(b"E" * 81)
    with pytest.raises(DiceParseError) as caught:
        parse_line(b"ROLL 1 1,7\n")
    assert str(caught.value) == (
        "The dice reader sent a roll that is not possible: ROLL 1 1,7 (a die shows 7)"
    )
    with pytest.raises(DiceParseError) as caught:
        parse_line(b"ROLL 1 \x00\xff\n")
    assert str(caught.value).endswith(r"ROLL 1 \x00\xff")


def test_every_sample_of_garbage_is_a_bad_line() -> None:
    for line in GARBAGE:
        with pytest.raises(DiceParseError):
            parse_line(line)


def test_preview_is_short_and_printable() -> None:
    assert preview(b"X" * 100 + b"\r\n") == "X" * 37 + "..."
    assert preview(b"\x1b[2J\xfe") == r"\x1b[2J\xfe"


def test_messages_become_events() -> None:
    assert event_for(Roll(3, (1, None)), now=5.0).to_json() == {
        "event": "roll",
        "seq": 3,
        "values": [1, None],
    }
    assert event_for(Hello("d", "1")).to_json() == {"event": "hello", "device": "d", "version": "1"}
    assert event_for(Status((("a", "1"),))).to_json() == {"event": "status", "fields": {"a": "1"}}
    assert event_for(Err("lid")).to_json() == {"event": "error", "text": "lid"}
    assert event_for(Rolling()).to_json() == {"event": "rolling"}


# --- fuzzing: nothing but DiceParseError, whatever the bytes --------------------------------

PROTOCOLISH = st.text(alphabet="ROLINGHESTAUKC?0123456789,=_+- \t\r\n\x00é", max_size=100)


def check(line: bytes) -> None:
    try:
        message = parse_line(line)
    except DiceParseError:
        return
    assert isinstance(message, Hello | Rolling | Roll | Status | Err)
    if isinstance(message, Roll):
        assert 1 <= len(message.values) <= 10
        assert all(v is None or 1 <= v <= 6 for v in message.values)


@given(st.binary(max_size=200))
@example(b"ROLL 1 " + b"," * 40)
@example(b"ROLL 99999999999999999999 1")
@example(b"\r")
@example(b"\r\r\n")
def test_fuzz_any_bytes(line: bytes) -> None:
    check(line)


@given(PROTOCOLISH.map(lambda text: text.encode("utf-8")))
def test_fuzz_protocol_like_text(line: bytes) -> None:
    check(line)


@given(
    seq=st.integers(0, 10**9),
    values=st.lists(st.one_of(st.none(), st.integers(1, 6)), min_size=1, max_size=10),
)
def test_any_roll_the_simulator_writes_is_read_back(seq: int, values: list[int | None]) -> None:
    rolling, roll = roll_lines(seq, values)
    assert parse_line(rolling) == Rolling()
    assert parse_line(roll) == Roll(seq, tuple(values))
