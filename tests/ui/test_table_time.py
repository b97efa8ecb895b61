"""A turn's time is its time at the table, as the app counts it: the navigator tells
the game when its table is on screen; home, the settings and a pause do not count
(issue 24.8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.stats import turn_times
from tests.ui.harness import Harness

pytestmark = pytest.mark.one_size


def test_a_turn_counts_only_while_its_table_is_on_screen(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("ballonrennen", ["Anna", "Ben"]))
    try:
        session_id = ui.app.model.session_id
        ui.advance(6)  # Anna thinks at the table
        ui.app.go_home()
        ui.advance(100)  # the table is left for home
        ui.app.show("settings")
        ui.advance(40)
        ui.app.go_home()
        ui.step(2)
        ui.tap(ui.find("Resume: Ballonrennen, Anna's turn"))
        assert ui.app.root.current == "ballonrennen"
        model = ui.app.model
        ui.advance(3)
        assert model.act("release", sandbags=1) and model.act("wind_card", card="calm")
        ui.advance(1)
        ui.key("space")  # GO ends Anna's turn
        assert ui.log_types()[-1] == "end_turn"
        assert turn_times(ui.store, session_id) == {"Anna": [pytest.approx(10.0)]}
    finally:
        ui.close()
