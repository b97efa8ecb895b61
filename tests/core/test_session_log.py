"""`Session.log` is a snapshot: what it held when read, whatever the session does
after; it compares equal to the same actions as a tuple; and a resumed session's
stored actions are read only when the log needs them."""

from __future__ import annotations

import pytest

from companion.core.model import ActionBase, GameSetup, PlayerSpec
from companion.core.session import Session, StoredActions
from companion.games import get

RULES = get("wyscig-balonow")
SETUP = GameSetup(game=RULES.id, seed=3, players=[PlayerSpec(name=n) for n in ("Ola", "Jan")])


def act(raw: dict) -> ActionBase:
    return RULES.parse_action(raw)


MAIL, ONE, TWO = (
    act({"type": "mail"}),
    act({"type": "penalty", "count": 1}),
    act({"type": "penalty", "count": 2}),
)


def test_a_log_read_before_an_undo_keeps_its_actions() -> None:
    session = Session(RULES, SETUP, [MAIL, ONE])
    before = session.log
    session.undo()
    session.apply(TWO)
    assert before == (MAIL, ONE) and before[-1] == ONE and list(before) == [MAIL, ONE]
    assert session.log == (MAIL, TWO)


def test_a_log_is_a_read_only_sequence_equal_to_a_tuple() -> None:
    log = Session(RULES, SETUP, [MAIL, ONE, TWO]).log
    assert (MAIL, ONE, TWO) == log  # noqa: SIM300  # the tuple on the left, deliberately
    assert log == [MAIL, ONE, TWO] and log != (MAIL, ONE)
    assert log[1:] == (ONE, TWO) and log[-3] == MAIL and len(log) == 3
    with pytest.raises(IndexError):
        log[3]
    with pytest.raises(TypeError):
        hash(log)


def test_stored_actions_are_read_when_first_needed_and_once() -> None:
    reads: list[int] = []

    def load() -> list[ActionBase]:
        reads.append(1)
        return [MAIL, ONE]

    state = Session(RULES, SETUP, [MAIL, ONE]).state
    session = Session.resumed(RULES, SETUP, StoredActions(2, load, last=ONE), state)
    session.apply(TWO)
    assert len(session) == 3 and session.last == TWO and session.log[-2] == ONE
    assert reads == []  # the last stored action was known without reading them
    assert session.undo() == TWO and session.state == state and reads == []
    assert session.undo() == ONE and reads == [1]  # the undo reaches into them
    assert session.state == Session(RULES, SETUP, [MAIL]).state
    assert list(session.log) == [MAIL] and reads == [1]
