"""The add-a-game contract's layout check (issue 32.3; the rest: tests/test_conformance.py):
every registered game's table, set up as its first golden file sets it up, opens on
the skeleton and every label on it reads whole in all five languages at 800x480, and
again in the suite's run at 1280x720 (tests/ui/test_sizes.py). Nothing here names a
game: a new game is checked by being registered."""

from __future__ import annotations

from pathlib import Path

import pytest
from kivy.lang import Builder

from companion.core.model import GameSetup
from companion.ui.tables.base.column import PARTS, TableLayoutError
from companion.ui.tables.base.screen import TableScreen
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
        for key, part in PARTS.items():  # the shared column, which the skeleton drives
            assert isinstance(table.ids[key], part) and table.ids[key].table is table, name
        assert table.ids.go.text == table.go_text != "", name
        ui.shot(f"conformance-{setup.game}")  # every label checked in every language
    finally:
        ui.close()


class BareConformanceTable(TableScreen):
    """A table whose kv lays out its own strip instead of the shared one."""


BARE_KV = """
<BareConformanceTable>:
    BoxLayout:
        Label:
            id: message
        TableGo:
        TableUndo:
        TablePause:
"""


@pytest.mark.one_size
def test_a_table_without_the_shared_column_is_told_so(tmp_path: Path) -> None:
    ui = Harness.at_table(tmp_path, SETUPS[0][1])
    Builder.load_string(BARE_KV, filename="bare_conformance.kv")
    try:
        with pytest.raises(TableLayoutError, match="places TableStrip 0 times"):
            BareConformanceTable(name="bare")
        ui.step(2)  # what the half-made screen left scheduled, while the app still runs
    finally:
        Builder.unload_file("bare_conformance.kv")
        ui.close()
