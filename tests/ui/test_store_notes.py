"""What the store says as the app starts, on the screen the app opens: the table of
the game in play says that the database holds fewer of its actions than were
acknowledged (issue 30.7, the path of the written-back news), and Home says the
store's notes when no table opens (a game gone, a full card opened to read only).
Read whole at 800x480 in all five languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.store import M, Store
from tests.store.conftest import RULES, SETUP
from tests.ui.harness import Harness

PENALTY = {"type": "penalty", "count": 1}
DATABASE = Path("/var/lib/companion/data/companion.db")  # the kiosk's: the longest path


def played(data: Path, actions: int, acknowledged: int) -> None:
    """A game of `actions` stored actions whose mark says `acknowledged` were."""
    store = Store(data / "companion.db")
    session = store.load_session(store.create_session(SETUP))
    for _ in range(actions):
        session.apply(RULES.parse_action(PENALTY))
    store.db.acked.mark(1, acknowledged)
    store.close()


def test_the_table_of_a_game_that_came_back_older_says_so(tmp_path: Path) -> None:
    played(tmp_path, 5, 9)
    ui = Harness(tmp_path)
    try:
        assert ui.app.root.current == "wyscig"  # the game in play, resumed at its table
        error = ui.app.model.error
        assert error is not None and error.key == "store.rolled_back"
        strip = ui.screen.ids.message
        assert strip.message == ui.app.tr(error)
        assert "up to number 5, but up to number 9" in strip.message
        ui.check_every_language()
        ui.shot("table-rolled-back", every_language=False)
        assert ui.app.model.act("penalty", count=1)
        ui.step(3)
        assert ui.app.model.error is None  # said once: play goes on
    finally:
        ui.close()


@pytest.mark.parametrize("key", ["game_missing", "full_read_only"])
def test_home_says_the_store_s_note(tmp_path: Path, key: str) -> None:
    ui = Harness(tmp_path)
    try:
        assert ui.app.root.current == "home"
        params = {"path": str(DATABASE)}
        if key == "game_missing":
            params.update(id=12, acknowledged=1234)
        ui.screen.notice = M(key, **params)
        ui.step(3)
        assert str(DATABASE) in ui.app.tr(ui.screen.notice)
        ui.check_every_language()
        ui.shot(f"home-{key.replace('_', '-')}", every_language=False)
    finally:
        ui.close()
