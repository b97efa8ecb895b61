import pytest

from companion.core.errors import RuleError, StoreError
from companion.core.model import ActionBase, GameSetup, PlayerSpec
from companion.core.session import Session
from companion.games import get

RULES = get("wyscig-balonow")


def make(names=("Ola", "Jan", "Ewa"), **options) -> Session:
    return Session(
        RULES,
        GameSetup(
            game=RULES.id, seed=3, players=[PlayerSpec(name=n) for n in names], options=options
        ),
    )


def act(raw: dict) -> ActionBase:
    return RULES.parse_action(raw)


class RecordingJournal:
    def __init__(self, fail_on: int | None = None) -> None:
        self.entries: list[tuple[str, int, ActionBase | None]] = []
        self.fail_on = fail_on

    def appended(self, index: int, action: ActionBase, state: object = None) -> None:
        if index == self.fail_on:
            raise StoreError("the disk is full")
        self.entries.append(("appended", index, action))

    def undone(self, index: int) -> None:
        self.entries.append(("undone", index, None))


def test_apply_undo_redo_restore_states():
    session = make()
    start = session.state
    session.apply(act({"type": "mail"}))
    after_mail = session.state
    session.apply(act({"type": "penalty", "count": 2}))
    assert session.undo() == act({"type": "penalty", "count": 2})
    assert session.state == after_mail
    session.undo()
    assert session.state == start
    assert not session.can_undo
    session.redo()
    assert session.state == after_mail
    assert session.undone is not None


def test_new_action_clears_redo():
    session = make()
    session.apply(act({"type": "mail"}))
    session.undo()
    session.apply(act({"type": "penalty", "count": 1}))
    assert session.undone is None
    with pytest.raises(RuleError, match="nothing to redo"):
        session.redo()


def test_illegal_action_leaves_state_log_and_journal_unchanged():
    journal = RecordingJournal()
    session = Session(RULES, make().setup, journal=journal)
    before = session.state
    with pytest.raises(RuleError, match="has not been turned"):
        session.apply(act({"type": "timer_expired", "unplaced": 1}))
    assert session.state == before and session.log == () and journal.entries == []


def test_journal_failure_keeps_the_action_out():
    journal = RecordingJournal(fail_on=1)
    session = Session(RULES, make().setup, journal=journal)
    session.apply(act({"type": "mail"}))
    state = session.state
    with pytest.raises(StoreError):
        session.apply(act({"type": "mail"}))
    assert session.state == state and len(session.log) == 1


def test_journal_sees_appends_and_undos_in_order():
    journal = RecordingJournal()
    session = Session(RULES, make().setup, journal=journal)
    session.apply(act({"type": "mail"}))
    session.undo()
    session.redo()
    assert [(kind, index) for kind, index, _ in journal.entries] == [
        ("appended", 0),
        ("undone", 0),
        ("appended", 0),
    ]


def test_listeners_are_told_and_a_broken_one_does_not_undo_the_action():
    session = make()
    seen = []

    def broken(_session, _change):
        raise RuntimeError("screen fell over")

    session.add_listener(broken)
    session.add_listener(lambda s, change: seen.append((change, len(s.log))))
    session.apply(act({"type": "mail"}))
    session.undo()
    assert seen == [("apply", 1), ("undo", 0)]


def test_undo_across_checkpoints_gives_the_replayed_state():
    session = make()
    for _ in range(150):
        session.apply(act({"type": "penalty", "count": 1}))
    for length in (149, 128, 64, 63, 0):
        while len(session) > length:
            session.undo()
        replayed = Session(RULES, session.setup, session.log)
        assert session.state == replayed.state


def test_same_seed_same_state():
    a, b = make(), make()
    assert a.state == b.state
    for s in (a, b):
        s.apply(act({"type": "start_timer"}))
        s.apply(act({"type": "end_turn"}))
    assert a.summary().data == b.summary().data


def test_the_state_before_the_last_action_is_kept_not_folded_again(monkeypatch):
    """A table asks at every refresh what the last action changed (Balmy's status
    line): the state before it comes without folding the log again, and stays right
    through undos, redos and new actions."""
    session = make()
    for count in range(1, 101):
        session.apply(act({"type": "penalty", "count": count % 3 + 1}))
    folded = []
    real_apply = RULES.apply
    monkeypatch.setattr(RULES, "apply", lambda s, a: folded.append(a) or real_apply(s, a))
    before = session.state_at(len(session) - 1)
    assert folded == []
    monkeypatch.undo()
    session.undo()
    session.undo()
    session.redo()
    session.apply(act({"type": "mail"}))
    for length in (len(session) - 1, len(session) - 2, 0):
        replayed = Session(RULES, session.setup, session.log[:length])
        assert session.state_at(length) == replayed.state
    assert before == Session(RULES, session.setup, session.log[:99]).state
