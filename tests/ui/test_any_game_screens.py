"""The any-game screens at their fullest: eight players with eight counters each seen
at a glance, every label whole in all five languages, with the screenshots of the
new game, its counters, the table and a player's counters; and a title played before
bringing back the group's last choices for it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core.model import GameSetup, PlayerSpec
from tests.ui.any_game_steps import (
    add_counters,
    counts,
    go,
    new_game,
    option_button,
    pick,
    player_dialog,
    sheet,
    type_on,
)
from tests.ui.harness import Harness

EIGHT = ("Ola", "Jan", "Ewa", "Bartek", "Małgosia", "Zofia", "Piotr", "Kuba")
COUNTERS = (
    ("Coins", 3),
    ("Victory points", 0),
    ("Lives", 3),
    ("Wood", 0),
    ("Stone", 0),
    ("Gold", 0),
    ("Food", 2),
    ("Sheep", 5),
)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def test_eight_players_with_eight_counters_at_a_glance_in_every_language(ui: Harness) -> None:
    new_game(ui, EIGHT, "Agricola")
    ui.tap(ui.find("time bank", ui.screen.ids.options))
    ui.tap(option_button(ui, "Counters"))
    ui.shots("any-game-counters-empty")
    ui.tap(ui.find("Done", sheet()))
    add_counters(ui, *COUNTERS)
    ui.tap(option_button(ui, "Counters"))
    ui.shots("any-game-counters")
    ui.tap(ui.find("Done", sheet()))
    pick(ui, ui.find("Points: typed", ui.screen.ids.options), "Victory Points")
    ui.shots("any-game-new-game")
    ui.tap(ui.find("Start"))
    screen = ui.screen
    assert ui.app.root.current == "any_game"
    rows = [r for r in screen.ids.grid.children if hasattr(r, "current")][::-1]
    assert [r.name for r in rows] == list(EIGHT)
    assert all(counts(ui, n) == ["3", "0", "3", "0", "0", "0", "2", "5"] for n in EIGHT)
    assert all(r.height >= 40 * ui.app.scale for r in rows), [r.height for r in rows]
    go(ui)
    ui.advance(90)
    ui.shots("any-game-table")
    view = player_dialog(ui, "Małgosia")
    model = ui.app.model
    found = model.adapter.correction(model.session, "Małgosia")
    assert [c.token for c in found.counters][:3] == ["coins", "victory_points", "lives"]
    assert view.columns == 2
    ui.shots("any-game-player")


@pytest.mark.one_size
def test_a_title_played_before_brings_back_its_choices(ui: Harness) -> None:
    new_game(ui, ("Ola", "Jan"), "Carcassonne")
    ui.tap(ui.find("time bank", ui.screen.ids.options))
    add_counters(ui, ("Meeples", 7), ("VP", 0))
    pick(ui, ui.find("Points: typed", ui.screen.ids.options), "VP")
    ui.tap(ui.find("Start"))
    first = dict(ui.app.model.session.setup.options)
    ui.app.go_home()
    ui.step(2)
    ui.tap(ui.find("New game"))
    screen = ui.screen
    assert screen.options["clock"] == "none" and screen.options["counters"] == ()
    ui.tap(option_button(ui, "Title"))
    ui.shot("any-game-title")  # every label whole in every language (keys are letters)
    ui.tap(ui.find("Carcassonne", sheet().ids.offered))  # the title played, one tap
    assert screen.options["title"] == "Carcassonne"
    assert screen.options["clock"] == "bank" and screen.options["score_from"] == "vp"
    assert [c["name"] for c in screen.options["counters"]] == ["Meeples", "VP"]
    assert "Meeples, VP" in ui.texts(screen.ids.options)
    ui.tap(option_button(ui, "Title"))
    ui.tap(ui.find("<-", sheet()))
    type_on(ui, "E")  # typed again the same: the same choices
    ui.tap(ui.find("Done", sheet()))
    assert screen.options["title"] == "Carcassonne"
    ui.tap(ui.find("Start"))
    ui.tap(ui.find("Start the new game"))  # the first game waits on the home screen
    assert ui.app.model.session.setup.options == first


def test_home_history_and_statistics_say_the_title(ui: Harness) -> None:
    from tests.ui.test_screens import add_game, texts_of

    carcassonne = add_game(ui.store, "any-game-bank-high.json")
    add_game(ui.store, "any-game-places.json", start_minute=30)
    unfinished = GameSetup(
        game="any-game",
        seed=1,
        players=(PlayerSpec(name="Ola"), PlayerSpec(name="Jan")),
        options={"title": "Chess", "clock": "bank"},
    )
    ui.store.create_session(unfinished)
    ui.app.go_home()
    ui.step(2)
    assert "Resume: Chess" in ui.texts()  # home: the title, not "Any game"
    ui.tap(ui.find("History"))
    rows = ui.screen.ids.body.children[0].ids.rows.children[::-1]
    names = {r.session_id: r.game for r in rows}
    assert names[carcassonne] == "Carcassonne" and "Any game" not in names.values()
    ui.tap(next(r for r in rows if r.session_id == carcassonne))
    view = ui.screen.ids.body.children[0]
    log = [w.text for w in view.ids.log.children[::-1]]
    assert log[1].endswith("Ola: Meeples -1") and log[2].endswith("Ola's end of turn")
    assert log[11].endswith("Jan's turn passed to Bo")  # counterclockwise since Ewa
    assert log[15].endswith("Ewa out of the game")
    assert any(t.startswith("Carcassonne, ") for t in texts_of(view))
    ui.shots("any-game-history")
    ui.app.go_home()
    ui.step(2)
    ui.tap(ui.find("Statistics"))
    shown = ui.texts()
    titles = [t for t in shown if t in ("Carcassonne", "Dixit", "Any game")]
    assert "Carcassonne" in titles and "Any game" not in titles
    ui.shots("any-game-statistics")


def test_a_score_sheet_and_a_delayed_bank_that_came_in_a_file(ui: Harness) -> None:
    """Games with options the new-game screen does not offer yet, imported: History
    and Statistics show the score sheet's game by its sums; the bank with a delay and
    an increment resumes at its table, where the current player's time stands still
    while the delay runs down and the big clock shows the delay, then the bank."""
    from companion.ui.tables.any_game.text import clock
    from tests.ui.any_game_steps import row_of
    from tests.ui.test_screens import add_game, texts_of

    sheet = add_game(ui.store, "any-game-sheet.json")
    bank = GameSetup(
        game="any-game",
        seed=1,
        players=(PlayerSpec(name="Ola"), PlayerSpec(name="Jan")),
        options={
            "title": "Chess",
            "clock": "bank",
            "bank_seconds": 300,
            "increment_seconds": 10,
            "delay_seconds": 5,
        },
    )
    ui.store.create_session(bank)
    ui.app.go_home()
    ui.step(2)
    ui.tap(ui.find("History"))
    rows = ui.screen.ids.body.children[0].ids.rows.children[::-1]
    ui.tap(next(r for r in rows if r.session_id == sheet))
    view = ui.screen.ids.body.children[0]
    shown = texts_of(view)
    results = shown[shown.index("Results") + 1 : shown.index("Save game file")]
    assert results == [
        *("1.", "Ewa", "27", "Roads\u00a02 · Cities\u00a020 · Cloisters\u00a00 · Farms\u00a05"),
        *("2.", "Ola", "22", "Roads\u00a04 · Cities\u00a012 · Cloisters\u00a09 · Farms\u00a0-3"),
        *("2.", "Jan", "22", "Roads\u00a07 · Cities\u00a08 · Cloisters\u00a00 · Farms\u00a07"),
        *("4.", "Bo", "out", "60"),
        "Roads\u00a030 · Cities\u00a030 · Cloisters\u00a00 · Farms\u00a00",
        "Bo went out of the game in turn 3: ranked after every player still in, whatever"
        " the points",
    ]  # tied in seat order; Bo out, so last (and why); each one's whole sheet (34.4)
    assert shown[8].endswith("the points of every player")
    ui.shots("any-game-sheet-history")
    ui.app.go_home()
    ui.step(2)
    ui.tap(ui.find("Statistics"))
    assert "Carcassonne" in ui.texts()
    ui.app.go_home()
    ui.step(2)
    ui.tap(ui.find("Resume: Chess"))
    screen = ui.screen
    assert ui.app.root.current == "any_game" and row_of(ui, "Ola").time == "5:00"
    go(ui)
    ui.advance(3)  # (a key press takes a second of the fake clock): 4 s used of the 5
    assert (screen.seconds_text, row_of(ui, "Ola").time) == ("0:01", "5:00")  # issue 33.1
    ui.advance(10)
    assert (screen.seconds_text, row_of(ui, "Ola").time) == ("4:51", "4:51")
    ui.shots("any-game-bank-delay")
    go(ui)  # Ola's turn ends, and Jan's clock runs at once (a chess clock, issue 31.9)
    assert ui.log_types()[-2:] == ["end_turn", "start_timer"] and screen.phase == "running"
    used = ui.app.model.session.log[-2].to_json()["seconds"]
    assert 15 <= used <= 16
    assert row_of(ui, "Ola").time == clock(300 - (used - 5) + 10)
    # Jan's delay runs down first (issue 33.1), his bank standing still beside it.
    assert row_of(ui, "Jan").time == "5:00" and screen.seconds_text == "0:05"
