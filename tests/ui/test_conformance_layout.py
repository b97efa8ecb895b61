"""The add-a-game contract's layout check (issue 32.3; the rest: tests/test_conformance.py):
every registered game's table, set up as its first golden file sets it up, opens on
the skeleton and every label on it reads whole in all five languages at 800x480, and
again in the suite's run at 1280x720 (tests/ui/test_sizes.py). Nothing here names a
game: a new game is checked by being registered."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.model import GameSetup
from tests.games.setups import golden_setups
from tests.ui.harness import Harness

SETUPS = golden_setups(most=1)


@pytest.mark.parametrize(("name", "setup"), SETUPS, ids=[name for name, _ in SETUPS])
def test_every_games_table_reads_whole_in_every_language(
    tmp_path: Path, name: str, setup: GameSetup
) -> None:
    ui = Harness.at_table(tmp_path, setup)
    try:
        table = ui.screen
        assert ui.app.root.current == ui.app.model.adapter.screen, name
        for skeleton in ("message", "go", "undo", "pause"):  # what the skeleton drives
            assert skeleton in table.ids, (name, skeleton)
        ui.shot(f"conformance-{setup.game}")  # every label checked in every language
    finally:
        ui.close()
