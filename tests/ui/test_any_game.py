"""Any board game played through the real window, a game of each way of winning to
its results: the most points with each player's time bank on the strip and the
buzzer, the fewest points with an hourglass per turn, places, won or lost together,
and a counter as the points. Each checks the screen against the session's summary
and the log, and what undo and History say."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.ui.screens import bgstats
from companion.ui.tables.any_game.text import clock as clock_text
from hardware.strip import OFF, WHITE
from tests.ui.any_game_steps import (
    add_counters,
    counts,
    end_game,
    go,
    hold,
    new_game,
    option_button,
    pick,
    player_dialog,
    row_of,
    sheet,
    steps_of,
    summary,
    type_on,
    type_scores,
)
from tests.ui.harness import Harness


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def lit(frame: tuple[tuple[int, int, int], ...]) -> int:
    return sum(1 for led in frame if led != OFF)


def buzzer_sounds(ui: Harness, seconds: float, step: float = 0.04) -> list[float]:
    """How long each sound of the simulated buzzer lasted while `seconds` pass, read
    from its pin every `step` of the fake clock."""
    sounds: list[float] = []
    on_since: float | None = None
    for _ in range(round(seconds / step)):
        ui.advance(step)
        buzzing = ui.devices.sim.buzzing  # type: ignore[union-attr]
        if buzzing and on_since is None:
            on_since = ui.clock.now
        elif not buzzing and on_since is not None:
            sounds.append(round(ui.clock.now - on_since, 1))
            on_since = None
    return sounds


@pytest.mark.one_size
def test_most_points_with_a_time_bank_on_the_strip_and_the_buzzer(ui: Harness) -> None:
    new_game(ui, ("Ola", "Jan", "Ewa"), "Carcassonne")
    ui.tap(ui.find("BGG id: -", ui.screen.ids.options))
    type_on(ui, "822")
    ui.tap(ui.find("Done", sheet()))
    ui.tap(ui.find("time bank", ui.screen.ids.options))
    assert "20 min" in ui.texts(ui.screen.ids.options)
    # each clock by GO: a line of the increment and delay's sheet, beside the bank
    pick(ui, ui.find("+0 s\n0 s free", ui.screen.ids.options), "with GO")
    ui.tap(ui.find("Done", sheet()))
    add_counters(ui, ("Meeples", 7), ("VP", 0))
    ui.tap(ui.find("Start"))
    assert ui.app.root.current == "any_game"
    model, screen = ui.app.model, ui.screen
    assert model.play.app_options == {"bank_start": "go"}  # the app's, not the file's
    assert model.session.setup.options == {
        "title": "Carcassonne",
        "bgg_id": 822,
        "clock": "bank",
        "bank_seconds": 1200,
        "scoring": "high",
        "counters": [
            {"id": "meeples", "name": "Meeples", "start": 7, "min": 0, "max": None},
            {"id": "vp", "name": "VP", "start": 0, "min": 0, "max": None},
        ],
    }
    assert (screen.title_text, screen.current_name, screen.go_text) == (
        "Carcassonne",
        "Ola",
        "Start the clock",
    )
    assert [row_of(ui, n).time for n in ("Ola", "Jan", "Ewa")] == ["20:00"] * 3
    strip = ui.devices.sim.strip  # type: ignore[union-attr]

    # Ola's turn: 5 minutes off her bank, the strip drains with it.
    go(ui)
    assert ui.log_types() == ["start_timer"] and screen.phase == "running"
    ui.advance(299)
    assert screen.seconds_text == "15:00" and row_of(ui, "Ola").time == "15:00"
    assert lit(strip.frames[-1]) == 8  # 900 of 1200 s: three quarters of ten LEDs
    view = player_dialog(ui, "Ola")
    meeples, vp = steps_of(view, 0), steps_of(view, 1)
    ui.tap(vp[1])
    hold(ui, vp[1])
    ui.tap(meeples[0])
    view.dismiss()
    ui.step(2)
    assert counts(ui, "Ola") == ["6", "6"]
    ui.key("u")  # the last tap undone, in the table's words
    assert screen.message_text == "Undone: Ola: Meeples -1"
    assert counts(ui, "Ola") == ["7", "6"]
    go(ui)  # (each key press here takes a second of the fake clock)
    assert model.session.log[-1].seconds == 302  # the turn's time, ended by GO
    assert row_of(ui, "Ola").time == "14:58" and screen.current_name == "Jan"

    # Jan's bank runs out: two warnings and the end on the buzzer, his time up by itself.
    go(ui)
    ui.advance(1200 - 11)
    assert buzzer_sounds(ui, 13.0) == [0.1, 0.1, 1.0]
    assert ui.log_types()[-1] == "timer_expired"
    jan = summary(ui)["players"][1]
    assert (jan["bank"], jan["out_of_time"]) == (0, True)
    assert row_of(ui, "Jan").late and row_of(ui, "Jan").time == "0:00"
    frames = list(strip.frames)[-40:]
    time_up = tuple((WHITE, OFF)[i % 2] for i in range(len(frames[-1])))
    assert time_up in frames and time_up[::-1] in frames  # flashing white, not red
    assert screen.go_ready and screen.go_text == "End the turn"
    ui.shots("any-game-time-up")
    go(ui)
    assert model.session.log[-1].seconds == 1200

    # Ewa passes the turn to Ola; Ola reverses the direction; back to Ewa.
    go(ui)
    ui.advance(59)
    view = player_dialog(ui, "Ola")
    ui.tap(ui.find("Pass the turn to Ola", view))
    assert model.session.log[-1].to_json()["seconds"] == 60
    assert screen.current_name == "Ola" and sheet() is not view
    ui.tap(screen.ids.reverse)
    assert "Play goes counterclockwise" in screen.message_text
    go(ui)
    go(ui)
    assert screen.current_name == "Ewa"  # counterclockwise from Ola

    # The end: the points typed, one below zero; a tie for first.
    end_game(ui)
    assert ui.app.root.current == "score" and not summary(ui)["over"]
    type_scores(ui, {"Ola": "12", "Jan": "3-", "Ewa": "12"})
    ui.shots("any-game-score")
    ui.tap(ui.find("Show the results"))
    assert ui.app.root.current == "results"
    results = summary(ui)["players"]
    assert [(p["score"], p["rank"]) for p in results] == [(12, 1), (-3, 3), (12, 1)]
    assert ui.app.tr(ui.screen.headline) == "The winners: Ola, Ewa"
    play = bgstats.decode(ui.screen.link)
    assert play["game"]["name"] == "Carcassonne" and play["game"]["bggId"] == 822
    assert play["game"]["highestWins"] is True and play["game"]["noPoints"] is False
    ui.shots("any-game-results")
    ui.key("u")  # no tap ends a game for good: back to the points, as typed
    assert ui.app.root.current == "score" and not summary(ui)["over"]
    assert ui.screen.entered == {"Ola": "12", "Jan": "-3", "Ewa": "12"}
    ui.tap(ui.find("Back"))  # and on to the table
    assert ui.app.root.current == "any_game" and not summary(ui)["over"]


@pytest.mark.one_size
def test_a_time_bank_is_a_chess_clock(ui: Harness) -> None:
    """When a turn ends, the next player's bank runs at once (issue 31.9): by GO, by a
    pass, by the current player put out. An undo takes back the clock the table
    started (the turn then waits for GO), the next the end of the turn. (Each clock
    started with GO instead: the game above.)"""
    new_game(ui, ("Ola", "Jan", "Ewa"), "Chess")
    ui.tap(ui.find("time bank", ui.screen.ids.options))
    ui.tap(ui.find("+0 s\n0 s free", ui.screen.ids.options))
    assert ui.find("at once", sheet()).active  # the chess clock: the default
    ui.shots("any-game-bank-next")
    ui.tap(ui.find("Done", sheet()))
    ui.shots("any-game-new-game-bank")
    ui.tap(ui.find("Start"))
    model, screen = ui.app.model, ui.screen
    assert "bank_start" not in model.session.setup.options  # not in the game file
    stored = ui.store.session_row(model.session_id).extra["app_options"]
    assert stored == {"bank_start": "at_once"}
    assert screen.go_text == "Start the clock"  # the first clock starts with GO
    go(ui)
    ui.advance(29)
    go(ui)  # Ola's turn ends: Jan's clock runs at once
    assert ui.log_types() == ["start_timer", "end_turn", "start_timer"]
    assert (screen.current_name, screen.phase) == ("Jan", "running")
    ui.advance(10)  # and the second the key took (the lock-out)
    assert row_of(ui, "Jan").time == "19:49"
    assert row_of(ui, "Ola").time == clock_text(1200 - model.session.log[1].seconds)
    ui.shots("any-game-chess-clock")
    ui.key("u")  # the clock the table started by itself: Jan's turn waits for GO
    assert ui.log_types() == ["start_timer", "end_turn"] and screen.phase == "idle"
    assert (screen.current_name, screen.go_text) == ("Jan", "Start the clock")
    ui.tap(screen.ids.reverse)  # another action meanwhile starts no clock
    assert ui.log_types()[-1] == "reverse" and screen.phase == "idle"
    ui.key("u")
    ui.key("u")  # and the end of Ola's turn: her clock runs on as it was
    assert ui.log_types() == ["start_timer"] and screen.current_name == "Ola"
    assert screen.phase == "running"
    go(ui)  # ended again: Jan's clock runs at once
    assert ui.log_types() == ["start_timer", "end_turn", "start_timer"]
    assert (screen.current_name, screen.phase) == ("Jan", "running")
    view = player_dialog(ui, "Ola")  # Jan passes the turn back to Ola: hers runs
    ui.tap(ui.find("Pass the turn to Ola", view))
    assert ui.log_types()[-2:] == ["pass_to", "start_timer"]
    assert (screen.current_name, screen.phase) == ("Ola", "running")
    view = player_dialog(ui, "Ola")  # the current player out: the next one's runs
    ui.tap(ui.find("Out of the game", view))
    assert ui.log_types()[-2:] == ["eliminate", "start_timer"]
    assert (screen.current_name, screen.phase) == ("Jan", "running")
    view = player_dialog(ui, "Ewa")  # another player out: the running clock runs on
    ui.tap(ui.find("Out of the game", view))
    assert ui.log_types()[-1] == "eliminate" and screen.current_name == "Jan"


def test_fewest_points_with_an_hourglass_and_a_player_out(ui: Harness) -> None:
    new_game(ui, ("Ola", "Jan", "Ewa", "Bo"), "Golf")
    ui.tap(ui.find("hourglass", ui.screen.ids.options))
    assert "60 s" in ui.texts(ui.screen.ids.options)
    pick(ui, option_button(ui, "Who wins"), "fewest points")
    ui.tap(ui.find("Start"))
    model, screen = ui.app.model, ui.screen
    assert model.session.setup.options == {
        "title": "Golf",
        "clock": "turn",
        "timer_seconds": 60,
        "scoring": "low",
        "counters": [],
    }
    assert screen.go_text == "Start the hourglass"
    go(ui)
    ui.advance(61)
    assert ui.log_types() == ["start_timer", "timer_expired"]  # the hourglass's end
    ui.key("u")  # undone: it stands, the hourglass is not told again
    for _ in range(5):
        ui.step(2)
    assert ui.log_types() == ["start_timer"]
    go(ui)  # the turn ends all the same
    assert screen.current_name == "Jan"
    view = player_dialog(ui, "Ewa")
    ui.tap(ui.find("Out of the game", view))
    assert summary(ui)["players"][2]["out"] and row_of(ui, "Ewa").out
    assert row_of(ui, "Ewa").status == "out"
    assert screen.current_name == "Jan"  # not her turn: nothing else moves
    go(ui)
    go(ui)
    assert screen.current_name == "Bo"  # Ewa is left out
    end_game(ui)
    type_scores(ui, {"Ola": "40", "Jan": "35", "Ewa (out)": "10", "Bo": "35"})
    ui.tap(ui.find("Show the results"))
    results = summary(ui)["players"]
    assert [p["rank"] for p in results] == [3, 1, 4, 1]  # out: below everyone still in
    assert ui.app.tr(ui.screen.headline) == "The winners: Jan, Bo"
    assert bgstats.decode(ui.screen.link)["game"]["highestWins"] is False


def test_places_typed_at_the_end(ui: Harness) -> None:
    new_game(ui, ("Ola", "Jan", "Ewa"), "Dixit")
    pick(ui, option_button(ui, "Who wins"), "by places")
    assert "Points: typed" not in ui.texts(ui.screen.ids.options)  # its place kept, empty
    ui.tap(ui.find("Start"))
    screen = ui.screen
    assert screen.go_text == "End the turn"  # no clock: GO ends the turn
    go(ui)
    assert screen.current_name == "Jan"
    end_game(ui)
    assert ui.app.tr(ui.screen.help) == (
        "Each player's place: 1 for the winner, a tie shares a place"
    )
    type_scores(ui, {"Ola": "1", "Jan": "1"})
    ui.tap(ui.find("Show the results"))
    assert ui.app.tr(ui.screen.error) == "Type every player's place first"
    type_scores(ui, {"Ewa": "2"})
    ui.tap(ui.find("Show the results"))
    assert ui.app.tr(ui.screen.error) == (
        "1, 1, 2 is not a ranking: a shared place leaves the next ones out (1, 1, 3)"
    )
    assert ui.app.root.current == "score" and not summary(ui)["over"]
    ui.shots("any-game-places-score")
    type_scores(ui, {"Ewa": "3"})  # one digit: the new one takes its place
    ui.tap(ui.find("Show the results"))
    assert ui.app.root.current == "results"
    assert [p["rank"] for p in summary(ui)["players"]] == [1, 1, 3]
    play = bgstats.decode(ui.screen.link)
    assert play["game"]["noPoints"] is True
    assert [p.get("rank") for p in play["players"]] == [1, 1, 3]


@pytest.mark.parametrize("won", [True, False], ids=["won", "lost"])
def test_all_win_or_lose_together(ui: Harness, won: bool) -> None:
    new_game(ui, ("Ola", "Jan"), "Pandemic")
    pick(ui, option_button(ui, "Who wins"), "all together")
    ui.tap(ui.find("Start"))
    go(ui)
    end_game(ui)
    assert ui.app.root.current == "score"
    ui.shots(f"any-game-coop-{'won' if won else 'lost'}-score")
    ui.tap(ui.find("We won" if won else "We lost"))
    assert ui.app.root.current == "results"
    headline = ui.app.tr(ui.screen.headline)
    if won:
        assert headline == "The winners: Ola, Jan"
        assert [p["rank"] for p in summary(ui)["players"]] == [1, 1]
    else:
        assert headline == "Everyone lost together" and summary(ui)["winners"] == []
    play = bgstats.decode(ui.screen.link)
    assert [p["winner"] for p in play["players"]] == [won, won]


@pytest.mark.one_size
def test_a_counter_is_the_points(ui: Harness) -> None:
    new_game(ui, ("Ola", "Jan", "Ewa"), "Catan")
    add_counters(ui, ("VP", 2), ("Wood", 0))
    pick(ui, option_button(ui, "Who wins"), "most points")
    pick(ui, ui.find("Points: typed", ui.screen.ids.options), "VP")
    assert "Points: VP" in ui.texts(ui.screen.ids.options)
    ui.tap(ui.find("Start"))
    assert ui.app.model.session.setup.options["score_from"] == "vp"
    view = player_dialog(ui, "Jan")
    hold(ui, steps_of(view, 0)[1])
    view.dismiss()
    ui.step(2)
    assert counts(ui, "Jan") == ["7", "0"] and summary(ui)["players"][1]["score"] == 7
    end_game(ui)
    ui.tap(ui.find("End the game", sheet()))  # asked once: the counter gives the points
    assert ui.app.root.current == "results"
    assert [p["score"] for p in summary(ui)["players"]] == [2, 7, 2]
    assert ui.app.tr(ui.screen.headline) == "The winner: Jan"
    ui.key("u")
    assert ui.app.root.current == "any_game" and ui.log_types()[-1] == "adjust"
