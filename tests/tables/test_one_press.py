"""One GO press does its work once (issue 32.2): for every registered game, a press
that sends an action makes the rules' summary once, asks the table's adapter what GO
means once, and applies the action once (GO's question before an end of turn judges
it, the session takes that judgement: no trial application and then the real one)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.core.hourglass import FakeClock
from companion.core.model import GameSetup
from companion.store import Store
from companion.ui.tables.base.go import Send
from companion.ui.viewmodel import GameModel, open_table
from tests.games.setups import golden_setups

SETUPS = golden_setups(most=1)


def counting(monkeypatch: pytest.MonkeyPatch, owner: type, name: str, calls: Counter[str]) -> None:
    """`owner.name` counted in `calls` (every instance, the rules' own calls too)."""
    method: Callable[..., Any] = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return method(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)


def table(folder: Path, setup: GameSetup) -> GameModel[Any]:
    store = Store(folder / "companion.db")
    session_id = store.create_session(setup)
    session = store.load_session(session_id)
    return open_table(store, session_id, session, clock=FakeClock(), lockout_s=0.0)


def sent(model: GameModel[Any], send: Send) -> Any:
    return model.rules.parse_action({"type": send.type, **send.fields})


def to_a_sending_go(model: GameModel[Any], pick: random.Random) -> None:
    """Play on (what the rules call legal, GO) until GO sends an action."""
    for _ in range(60):
        does = model.go_now.does
        if isinstance(does, Send) and model.session.legal().allows(sent(model, does)):
            return
        playing = [a for a in model.session.legal().actions if a.type_name != "adjust"]
        if pick.random() < 0.5 or not playing:
            model.go()
        else:
            raw = pick.choice(playing).to_json()
            model.act(raw.pop("type"), **raw)
    pytest.skip("GO never sent an action")


@pytest.mark.parametrize(("name", "setup"), SETUPS, ids=[name for name, _ in SETUPS])
def test_one_go_press_makes_the_summary_asks_go_and_applies_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, setup: GameSetup
) -> None:
    model = table(tmp_path, setup)
    to_a_sending_go(model, random.Random(3))
    calls: Counter[str] = Counter()
    for method in ("apply", "summary"):
        counting(monkeypatch, type(model.rules), method, calls)
    counting(monkeypatch, type(model.adapter), "go", calls)
    model.rules.__dict__.pop("_legal", None)  # nothing judged before the press
    length = len(model.session)
    model.go()
    if model.confirm_end:  # an end of turn that would skip a mandatory step asks first
        assert (calls["summary"], calls["go"]) == (0, 1), name
        model.go()  # sent: the state judged for the question, not applied again
        assert (calls["summary"], calls["go"], calls["apply"]) == (1, 2, 1), name
    else:
        assert (calls["summary"], calls["go"], calls["apply"]) == (1, 1, 1), name
    assert len(model.session) == length + 1, (name, model.error)
    model.close()
