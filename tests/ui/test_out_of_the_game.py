"""A player out of the game, through the real window (issue 31.7): the tap that puts
them out says how to take it back; the score screen, the results and History mark
them out and say why they rank where they do (after everyone still in, whatever
their points). And a cooperative game lost is said as lost in History's list."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui.any_game_steps import (
    end_game,
    go,
    new_game,
    option_button,
    pick,
    player_dialog,
    sheet,
    summary,
    type_scores,
)
from tests.ui.harness import Harness
from tests.ui.test_screens import add_game, texts_of


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def put_out(ui: Harness, name: str) -> None:
    view = player_dialog(ui, name)
    ui.tap(ui.find("Out of the game", view))
    assert sheet() is not view  # done: the dialog closed


def test_out_of_the_game_says_how_to_take_it_back(ui: Harness) -> None:
    new_game(ui, ("Ola", "Jan", "Ewa"), "Risk")
    ui.tap(ui.find("Start"))
    screen = ui.screen
    put_out(ui, "Jan")
    assert summary(ui)["players"][1]["out"] is True
    assert screen.message_text == "Jan is out of the game. By mistake? Undo brings Jan back"
    ui.shots("any-game-out-undo")
    ui.key("u")
    assert summary(ui)["players"][1]["out"] is False
    assert "Undone: Jan out of the game" in screen.message_text


def test_a_player_out_is_marked_on_the_score_the_results_and_in_history(ui: Harness) -> None:
    new_game(ui, ("Ola", "Jan", "Ewa"), "Risk")
    ui.tap(ui.find("Start"))
    go(ui)
    go(ui)  # turn 3: Ewa's
    put_out(ui, "Ewa")
    end_game(ui)
    assert ui.app.root.current == "score"
    labels = ui.texts(ui.screen.ids.balloons)
    assert "Ewa (out)" in labels and "Ola" in labels
    type_scores(ui, {"Ola": "5", "Jan": "7", "Ewa (out)": "9"})
    ui.shots("score-out")
    ui.tap(ui.find("Show the results"))
    assert ui.app.root.current == "results"
    rows = {row.name: row for row in ui.screen.ids.rows.children}
    assert (rows["Ewa"].rank, rows["Ewa"].score) == ("3.", "9")  # the most points, last
    assert (rows["Ewa"].detail, rows["Jan"].detail) == ("yellow", "sky blue")
    assert [ui.app.tr(m) for m in rows["Ewa"].marks] == ["out"] and not rows["Jan"].marks
    assert ui.screen.explain == (
        "Ewa went out of the game in turn 3: ranked after every player still in, "
        "whatever the points"
    )
    ui.shots("results-out")
    ui.app.go_home()
    ui.step(2)
    ui.tap(ui.find("History"))
    rows_list = ui.screen.ids.body.children[0].ids.rows.children
    ui.tap(rows_list[0])
    view = ui.screen.ids.body.children[0]
    shown = texts_of(view)
    results = shown[shown.index("Results") + 1 : shown.index("Save game file")]
    assert results[:3] == ["1.", "Jan", "7"] and results[6:10] == ["3.", "Ewa", "out", "9"]
    assert view.ids.reasons.text.startswith("Ewa went out of the game in turn 3")
    ui.shots("history-out")


def test_history_says_a_cooperative_game_was_lost(ui: Harness) -> None:
    add_game(ui.store, "any-game-coop-lost.json")
    add_game(ui.store, "any-game-coop-won.json", start_minute=30)
    ui.app.go_home()
    ui.step(2)
    ui.tap(ui.find("History"))
    rows = {r.game: r for r in ui.screen.ids.body.children[0].ids.rows.children}
    assert ui.app.tr(rows["The Crew"].winner) == "Lost together"
    assert ui.app.tr(rows["Pandemic"].winner) == "Winners: Ola, Jan"
    ui.shots("history-lost")


def test_a_coop_game_lost_at_the_table_reaches_history_as_lost(ui: Harness) -> None:
    new_game(ui, ("Ola", "Jan"), "Hanabi")
    pick(ui, option_button(ui, "Who wins"), "all together")
    ui.tap(ui.find("Start"))
    end_game(ui)
    ui.tap(ui.find("We lost"))
    assert ui.app.root.current == "results"
    ui.app.go_home()
    ui.step(2)
    ui.tap(ui.find("History"))
    (row,) = ui.screen.ids.body.children[0].ids.rows.children
    assert ui.app.tr(row.winner) == "Lost together"
