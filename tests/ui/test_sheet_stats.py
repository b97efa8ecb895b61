"""Statistics per score-sheet line on the real window (issue 34.4): under a title's
table, its sheet a line a row and a player a column, each player's average in each
line and their best line, in every language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui.harness import Harness
from tests.ui.test_screens import add_game, texts_of


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def test_each_players_average_per_line_and_best_line(ui: Harness) -> None:
    add_game(ui.store, "any-game-sheet.json")
    ui.app.go_home()
    ui.step(2)
    ui.tap(ui.find("Statistics"))
    assert ui.app.root.current == "stats"
    table = [tuple(texts_of(r)) for r in ui.screen.ids.content.children[::-1]]
    rows = {cells[0]: cells for cells in table if cells}
    assert rows["Average per line"] == ("Average per line", "Ewa", "Bo", "Jan", "Ola")
    assert rows["Cities"] == ("Cities", "20.0", "30.0", "8.0", "12.0")
    assert rows["Farms"] == ("Farms", "5.0", "0.0", "7.0", "-3.0")
    assert rows["Best line"] == ("Best line", "Cities", "Roads", "Cities", "Cities")
    ui.shots("stats-sheet")
