"""The dice reader's line protocol without any port (issue 32.5): framing with the
80-byte limit, de-duplication, and the ACK policy, as pure calls on `DiceProtocol`.
A reopen where the reader's HELLO was lost (issue 30.3): a restarted reader's fresh
rolls under old seqs are taken; a resend of a roll kept before is not taken twice."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.dice_link import RECENT_SEQS, Ack, DiceProtocol, Received
from hardware.dice_protocol import Roll
from hardware.events import HardwareEvent, Kind


def line(seq: int, values: Iterable[int]) -> bytes:
    return b"ROLL %d %s\n" % (seq, ",".join(str(v) for v in values).encode())


class Table:
    """The transport's part, played by hand: every event offered to a queue that
    keeps it unless told to refuse; every byte the protocol asks to send collected."""

    def __init__(self, ack: Ack = Ack.KEPT) -> None:
        self.protocol = DiceProtocol(ack, clock=lambda: 0.0)
        self.protocol.connection_made()
        self.sent = bytearray()
        self.events: list[HardwareEvent] = []
        self.refuse = False

    def feed(self, data: bytes) -> list[HardwareEvent]:
        received = self.protocol.data_received(data)
        assert isinstance(received, Received)
        self.sent += received.send
        for event in received.events:
            if isinstance(event.data, Roll):
                self.sent += self.protocol.handed(event.data, kept=not self.refuse)
                if self.refuse:
                    continue
            self.events.append(event)
        return list(received.events)

    def rolls(self) -> list[tuple[int, tuple[int | None, ...]]]:
        return [(e.data.seq, e.data.values) for e in self.events if isinstance(e.data, Roll)]

    def acks(self) -> list[int]:
        return [int(words.split()[1]) for words in bytes(self.sent).splitlines()]

    def reopen(self) -> None:
        self.protocol.connection_made()


# -- framing ---------------------------------------------------------------------------


def test_lines_cut_anywhere_are_put_together() -> None:
    table = Table()
    for piece in (b"HELLO dice", b"box 1.2\r", b"\nROLL 1 3,", b"?,6\r\nSTATUS bat", b"tery=8\n"):
        table.feed(piece)
    assert [e.to_json() for e in table.events] == [
        {"event": "hello", "device": "dicebox", "version": "1.2"},
        {"event": "roll", "seq": 1, "values": [3, None, 6]},
        {"event": "status", "fields": {"battery": "8"}},
    ]
    assert table.acks() == [1]
    heard = table.protocol.heard
    assert (heard.device, heard.version, heard.fields, heard.rolls) == (
        "dicebox",
        "1.2",
        {"battery": "8"},
        1,
    )


@pytest.mark.parametrize("ending", [b"\n", b"\r\n"])
def test_80_bytes_is_a_line_and_81_a_bad_one(ending: bytes) -> None:
    table = Table()
    table.feed(b"ERR " + b"x" * 76 + ending)  # 80 bytes before the ending
    table.feed(b"ERR " + b"y" * 77 + ending)  # 81
    assert [e.kind for e in table.events] == [Kind.ERROR, Kind.BAD_LINE]
    assert table.events[1].payload["reason"] == "too_long"
    assert table.protocol.heard.bad_lines == 1


def test_an_endless_line_is_one_bad_line_and_its_buffer_stays_small() -> None:
    table = Table()
    for _ in range(500):  # 100 kB with no line ending
        table.feed(b"Z" * 200)
        assert len(table.protocol._buffer) <= 200
    table.feed(b"the tail of it\nROLL 1 6\n\n\r\n")  # blank lines are keep-alives
    assert [e.kind for e in table.events] == [Kind.BAD_LINE, Kind.ROLL]
    assert table.protocol.heard.bad_lines == 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 400), max_size=40))
def test_the_cuts_never_change_what_is_heard(cuts: list[int]) -> None:
    blob = b"".join(
        [b"HELLO d 1\n", b"X" * 130 + b"\n", line(1, [1, 2]), b"ROLL 1 1,2\r\n", b"BANANA\n"]
        + [line(seq, [seq % 6 + 1] * 5) for seq in range(2, 12)]
        + [b"\xff\xfe\n", b"STATUS a=1\n"]
    )
    whole = Table()
    whole.feed(blob)
    pieces = Table()
    start = 0
    for cut in sorted(set(cuts)):
        pieces.feed(blob[start : min(cut, len(blob))])
        start = min(cut, len(blob))
    pieces.feed(blob[start:])
    assert [e.to_json() for e in pieces.events] == [e.to_json() for e in whole.events]
    # Every roll acknowledged; the resend of 1 once more when its ACK went out before it.
    assert sorted(set(pieces.acks())) == whole.acks() == list(range(1, 12))
    assert pieces.protocol.heard == whole.protocol.heard


# -- de-duplication and the ACK policy --------------------------------------------------


def test_a_resend_is_acknowledged_again_but_not_taken_twice() -> None:
    table = Table()
    table.feed(line(5, [1, 2]) + line(5, [1, 2]) + line(6, [3, 4]))  # one breath
    assert table.rolls() == [(5, (1, 2)), (6, (3, 4))]
    assert table.acks() == [5, 6]  # the second 5 came before any ACK could: one ACK
    table.feed(line(5, [1, 2]))  # later: the reader saw no ACK
    assert table.rolls() == [(5, (1, 2)), (6, (3, 4))]
    assert table.acks() == [5, 6, 5]
    assert table.protocol.heard.repeats == 2


def test_a_different_roll_under_a_seq_seen_is_a_new_roll() -> None:
    table = Table()
    table.feed(line(3, [1, 1, 1]) + line(3, [2, 2, 2]))
    assert table.rolls() == [(3, (1, 1, 1)), (3, (2, 2, 2))]
    table.feed(line(3, [2, 2, 2]))  # and that one is the repeat now
    assert len(table.rolls()) == 2 and table.acks() == [3, 3, 3]


def test_only_the_last_16_rolls_are_remembered() -> None:
    table = Table()
    table.feed(b"".join(line(seq, [4]) for seq in range(1, RECENT_SEQS + 2)))
    table.feed(line(1, [4]) + line(2, [4]))  # 1 is forgotten, 2 is not
    assert [seq for seq, _ in table.rolls()] == [*range(1, RECENT_SEQS + 2), 1]


def test_a_roll_the_queue_refuses_gets_no_ack_is_counted_and_its_resend_is_new() -> None:
    table = Table()
    table.refuse = True
    table.feed(line(1, [6]) + line(2, [6]))
    assert table.acks() == [] and table.rolls() == []
    assert (table.protocol.heard.dropped, table.protocol.heard.rolls) == (2, 0)
    table.refuse = False
    table.feed(line(1, [6]))
    assert table.rolls() == [(1, (6,))] and table.acks() == [1]


def test_taken_the_ack_waits_for_the_app() -> None:
    table = Table(Ack.TAKEN)
    table.feed(line(7, [1, 2]) + line(7, [1, 2]))
    [event] = table.events
    assert table.acks() == [] and table.protocol.heard.repeats == 1
    roll = event.data
    assert isinstance(roll, Roll)
    assert table.protocol.ack(roll) == b"ACK 7\n"
    assert table.protocol.ack(roll) == b""  # answered once
    table.feed(line(7, [1, 2]))  # the ACK was lost
    assert table.acks() == [7]  # (the first ACK went to the app's caller above)
    assert len(table.events) == 1


def test_a_roll_the_app_could_not_keep_is_counted_and_its_resend_taken() -> None:
    table = Table(Ack.TAKEN)
    table.feed(line(3, [5, 5]))
    first = table.events[0].data
    assert isinstance(first, Roll)
    table.protocol.lost(first)
    table.protocol.lost(first)  # answered once: counted once
    assert (table.protocol.heard.unsaved, table.protocol.heard.dropped) == (1, 0)
    assert table.protocol.ack(first) == b""  # no promise for what was not kept
    table.feed(line(3, [5, 5]))  # the reader sends it again
    assert len(table.events) == 2
    again = table.events[1].data
    assert isinstance(again, Roll)
    assert table.protocol.ack(again) == b"ACK 3\n"


def test_never_sends_nothing_and_still_drops_repeats() -> None:
    table = Table(Ack.NEVER)
    table.feed(line(1, [2]) + line(2, [3]))
    table.feed(line(1, [2]))
    assert table.sent == b"" and table.rolls() == [(1, (2,)), (2, (3,))]


def test_hello_forgets_every_roll() -> None:
    table = Table()
    table.feed(line(1, [1]) + b"HELLO dicebox 1.2\n" + line(1, [1]))
    assert table.rolls() == [(1, (1,)), (1, (1,))]


def test_a_hand_over_that_never_finished_leaves_no_roll_behind() -> None:
    protocol = DiceProtocol(Ack.KEPT)
    protocol.connection_made()
    protocol.data_received(line(1, [3]))  # the queue broke: `handed` never came
    protocol.connection_made()
    assert len(protocol.data_received(line(1, [3])).events) == 1


# -- a reopen ---------------------------------------------------------------------------


def test_after_a_reopen_a_restarted_reader_s_fresh_rolls_are_taken() -> None:
    """The reader restarted while unplugged; its HELLO went before the port was
    opened (pyserial's open flushes it) and it counts from 1 again."""
    table = Table()
    table.feed(b"".join(line(seq, [1, 2, 3, 4, 5]) for seq in range(1, 17)))
    table.reopen()
    fresh = [(seq, (6, 6, 5, 5, seq % 6 + 1)) for seq in range(1, 11)]
    table.feed(b"".join(line(seq, values) for seq, values in fresh))
    assert table.rolls()[16:] == fresh  # 10 of 10 taken
    assert table.acks() == [*range(1, 17), *range(1, 11)]
    assert table.protocol.heard.repeats == 0


@pytest.mark.parametrize("unacknowledged", [1, 2, 3])
def test_after_a_reopen_the_resends_of_kept_rolls_are_not_taken_twice(unacknowledged: int) -> None:
    """The cable was pulled as the last ACKs went out: the reader sends those rolls
    again, in order, then rolls on."""
    table = Table()
    rolls = [(seq, (seq % 6 + 1, 2, 3)) for seq in range(1, 9)]
    table.feed(b"".join(line(seq, values) for seq, values in rolls))
    table.reopen()
    resent = rolls[-unacknowledged:]
    table.feed(b"".join(line(seq, values) for seq, values in resent) + line(9, [4, 4, 4]))
    assert table.rolls() == [*rolls, (9, (4, 4, 4))]
    assert table.acks() == [*range(1, 9), *(seq for seq, _ in resent), 9]
    assert table.protocol.heard.repeats == unacknowledged


def test_after_a_reopen_the_first_fresh_roll_ends_the_resends() -> None:
    table = Table()
    table.feed(line(1, [1]) + line(2, [2]) + line(3, [3]))
    table.reopen()
    table.reopen()  # unplugged twice before it spoke: still carried
    table.feed(line(1, [6]))  # fresh: the reader restarted
    table.feed(line(2, [2]))  # the same as an old roll, by chance: a fresh roll too
    assert table.rolls()[3:] == [(1, (6,)), (2, (2,))]


def test_after_a_reopen_resends_come_in_order() -> None:
    table = Table()
    table.feed(line(1, [1]) + line(2, [2]))
    table.reopen()
    table.feed(line(2, [2]) + line(1, [1]))  # after 2, an older 1 is no resend
    assert table.rolls()[2:] == [(1, (1,))]


def test_after_a_reopen_a_roll_still_waiting_for_the_app_is_acknowledged_once_kept() -> None:
    table = Table(Ack.TAKEN)
    table.feed(line(4, [3, 3]))
    roll = table.events[0].data
    assert isinstance(roll, Roll)
    table.reopen()
    table.feed(line(4, [3, 3]))  # resent before the app answered
    assert len(table.events) == 1 and table.acks() == []
    assert table.protocol.ack(roll) == b"ACK 4\n"
