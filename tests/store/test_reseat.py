"""Who starts (issue 33.4): a game with no action yet is seated again in a turned
order, kept beside it which seat the first player has; once an action is stored
(even one undone since) it is refused with a sentence, and nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.model import PlayerSpec
from companion.store import GameBegunError, Store
from tests.store.conftest import RULES, SETUP


def turned(names: tuple[str, ...]) -> object:
    return SETUP.model_copy(update={"players": tuple(PlayerSpec(name=n) for n in names)})


def test_a_fresh_game_is_seated_again(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.db")
    session_id = store.create_session(SETUP)
    store.save_extra(session_id, app_options={"x": 1})
    store.reseat(session_id, turned(("Ewa", "Ola", "Jan")), first_seat=2)  # type: ignore[arg-type]
    row = store.session_row(session_id)
    assert row.setup.names == ["Ewa", "Ola", "Jan"]
    assert row.extra == {"app_options": {"x": 1}, "first_seat": 2}
    assert store.load_session(session_id).setup.names == ["Ewa", "Ola", "Jan"]
    again = Store(tmp_path / "c.db")  # what a restart finds
    assert again.session_row(session_id).setup.names == ["Ewa", "Ola", "Jan"]


@pytest.mark.parametrize("undone", [False, True])
def test_a_game_begun_is_not_seated_again(tmp_path: Path, undone: bool) -> None:
    store = Store(tmp_path / "c.db")
    session_id = store.create_session(SETUP)
    store.append_action(session_id, RULES.parse_action({"type": "start_timer"}))
    if undone:
        store.mark_undone(session_id, 0)
    with pytest.raises(GameBegunError) as refused:
        store.reseat(session_id, turned(("Jan", "Ewa", "Ola")), first_seat=1)  # type: ignore[arg-type]
    assert str(refused.value.message) == (
        "The game has begun: who starts is chosen before the first turn"
    )
    row = store.session_row(session_id)
    assert row.setup.names == ["Ola", "Jan", "Ewa"] and "first_seat" not in row.extra
