"""Ballonrennen played by touches in the real window, with the table's deck and with
the app's deck (and the optional turn timer), from the new-game screen to the
results; the screen's texts are checked against the session's summary at each step,
and every state of the table is saved as a screenshot in every language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.ui.tables.ballonrennen.widgets import BrWindRose
from tests.ui.harness import Harness


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    BrWindRose.turn_s = 0  # a screenshot never catches a marker half-turned
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def start(ui: Harness, names: tuple[str, ...], *options: str) -> None:
    """From the home screen: Ballonrennen, the players, the option buttons tapped."""
    for name in names:
        ui.app.store.add_player(name)
    ui.tap(ui.find("New game"))
    ui.tap(ui.find("Ballonrennen"))
    for name in names:
        ui.tap(ui.find(name, ui.screen.ids.known))
    for text in options:
        ui.tap(ui.find(text, ui.screen.ids.options))
    app_deck = any("The rulebook does not say" in t for t in ui.texts(ui.screen.ids.options))
    assert app_deck == ("app draws" in options)
    ui.shots("ballonrennen-new-game")
    ui.tap(ui.find("Start"))
    assert ui.app.root.current == "ballonrennen"


def check(ui: Harness) -> dict[str, Any]:
    """The screen shows what the session's summary says."""
    screen = ui.screen
    summary = ui.app.model.summary
    assert screen.current_name == summary["current"]
    rows = [r for r in screen.ids.players.children if hasattr(r, "altitude")][::-1]
    for row, player in zip(rows, summary["players"], strict=True):
        assert row.name == player["name"]
        assert row.altitude == str(player["altitude"])
        assert (row.gas, row.sandbags, row.mail_sack) == tuple(player["tokens"].values())
        assert row.colour_name == player["colour"]
        assert row.current == (player["name"] == summary["current"])
    winds = summary["table"]["winds"]
    assert screen.ids.rose.winds == [winds["1"], winds["2"], winds["3"]]
    return summary


def panel_tap(ui: Harness, text: str) -> None:
    ui.tap(ui.find(text, ui.screen.ids.panel))


def ladder_tap(ui: Harness, altitude: int) -> None:
    ladder = ui.screen.ids.panel.children[-1]
    row = next(r for r in ladder.children if r.altitude == str(altitude))
    ui.tap(row.children[0])


def go(ui: Harness) -> None:
    """GO on the button; a second past the last GO (the bounce lock-out)."""
    ui.clock.advance(1.0)
    ui.key("space")


def refused(ui: Harness, sentence: str) -> None:
    assert ui.screen.message_is_error
    assert ui.screen.message_text == sentence


def test_table_deck_from_new_game_to_results(ui: Harness) -> None:
    start(ui, ("Anna", "Ben", "Cleo"))
    screen = ui.screen
    summary = check(ui)
    assert summary["current"] == "Anna"
    assert screen.balloon_text == "red balloon"
    assert screen.step_text == "Anna: choose the altitude, then turn over a wind card"
    assert screen.move_text == "On the ground"
    ui.shots("ballonrennen-altitude")

    # GO before the wind card: the rules' sentence, nothing recorded.
    ui.tap(screen.ids.go)
    refused(ui, "Anna must turn over a wind card before ending the turn")
    assert ui.log_types() == []
    ui.shots("ballonrennen-refused")

    # Take off to altitude 2 (two sandbags), then the table turns over "Wind 2 turns"
    # (the card's name says what turns: not a turn counter).
    ladder_tap(ui, 2)
    assert ui.app.model.session.log[-1].sandbags == 2
    summary = check(ui)
    assert summary["players"][0]["altitude"] == 2
    assert screen.move_text == "At altitude 2: south-east"
    assert "Turn 2" not in ui.texts()
    panel_tap(ui, "Wind 2 turns")
    summary = check(ui)
    assert summary["table"]["winds"]["2"] == "SW"
    assert summary["table"]["move"] == {
        "player": "Anna",
        "altitude": 2,
        "direction": "SW",
        "spaces": 2,
    }
    assert screen.move_text == "Move 2 spaces south-west"
    assert screen.go_ready
    ui.shots("ballonrennen-move")

    # The goal before the mail: refused with the rules' sentence; then the mail.
    panel_tap(ui, "Reached the goal")
    refused(ui, "Anna must drop the mail sack before reaching the goal")
    panel_tap(ui, "Mail dropped")
    summary = check(ui)
    assert summary["players"][0]["mail_delivered"]
    assert summary["players"][0]["altitude"] == 3
    go(ui)
    assert check(ui)["current"] == "Ben"

    # Ben: a Favourable wind turns the altitude-1 marker clockwise; Ben stays down.
    panel_tap(ui, "Favourable")
    assert ui.app.model.rules.phase(ui.app.model.state) == "favourable"
    ui.shots("ballonrennen-favourable")
    marker_row = screen.ids.panel.children[0].children[-2]  # altitude 1, under the card
    ui.tap(marker_row.children[0])  # the clockwise button, on the right
    summary = check(ui)
    assert summary["table"]["winds"]["1"] == "NW"
    assert screen.move_text == "Stays on the ground"
    go(ui)

    # Cleo: Calm. Undo takes the card back; Calm again; end of turn.
    panel_tap(ui, "Calm")
    ui.key("u")
    assert ui.log_types()[-1] == "end_turn"
    assert screen.message_text == "Undone: Cleo's wind card"
    panel_tap(ui, "Calm")
    ui.clock.advance(1.0)
    ui.tap(screen.ids.go)
    assert check(ui)["current"] == "Anna"

    # Anna: down to altitude 2 (one gas canister), a Rising wind, and the goal.
    ladder_tap(ui, 2)
    assert ui.app.model.session.log[-1].gas == 1
    panel_tap(ui, "Rising wind")
    assert screen.move_text == "Move 3 spaces south-west"
    panel_tap(ui, "Reached the goal")
    model = ui.app.model
    assert model.session.decided
    assert ui.app.root.current == "results"
    assert ui.app.tr(ui.screen.headline) == "The winner: Anna"
    ranks = [p["rank"] for p in model.summary["players"]]
    assert ranks == [1, 2, 2]
    rows = [(r.rank, r.name) for r in ui.screen.ids.rows.children][::-1]
    assert rows == [("1.", "Anna"), ("2.", "Ben"), ("2.", "Cleo")]
    ui.shots("ballonrennen-results")


def test_app_deck_with_the_turn_timer(ui: Harness) -> None:
    start(ui, ("Dora", "Emil"), "app draws", "play for places", "+", "+")
    model = ui.app.model
    screen = ui.screen
    assert model.play.app_options == {"turn_timer_seconds": 30}
    assert model.session.setup.options == {"wind_deck": "app", "play_on": True}
    # The deck's own mix is said once, where the deck was chosen: not on the table.
    assert not any("mix of its own" in t or "our own" in t for t in ui.texts())
    assert "60 cards left" in ui.texts()
    assert screen.go_text == "Start the hourglass"
    ui.shots("ballonrennen-draw")

    ui.key("space")  # GO starts the app's own glass; nothing is recorded
    assert ui.log_types() == []
    assert screen.phase == "running" and screen.seconds_text == "30 s"
    ladder_tap(ui, 1)
    ui.tap(ui.find("Draw a wind card"))
    card = model.rules.current_card(model.state)
    assert card is not None and ui.log_types() == ["release", "wind_card"]
    assert model.summary["table"]["deck_left"] == 59
    if model.rules.phase(model.state) == "favourable":
        ui.tap(screen.ids.panel.children[0].children[-2].children[0])
    shown = screen.ids.panel.children[0].children[-1]
    assert shown.card == card
    check(ui)
    ui.shots("ballonrennen-drawn")

    ui.advance(31)
    assert screen.phase == "expired" and screen.seconds_hex == "#FF6B5B"
    assert screen.go_text == "End the turn"
    ui.shots("ballonrennen-time-up")
    ui.key("space")
    assert ui.log_types()[-1] == "end_turn"
    assert check(ui)["current"] == "Emil"
    assert screen.phase == "idle" and screen.go_text == "Start the hourglass"

    # Emil: the glass paused and resumed by the buttons, then a card and GO.
    ui.pause_and_go_on(screen, lambda: ui.shots("ballonrennen-paused"))
    ui.tap(ui.find("Draw a wind card"))
    if model.rules.phase(model.state) == "favourable":
        ui.tap(screen.ids.panel.children[0].children[-2].children[0])
    ui.key("space")
    assert check(ui)["current"] == "Dora"
    assert model.summary["table"]["deck_left"] == 58


def test_undo_from_the_results_brings_back_the_turn_and_its_glass(ui: Harness) -> None:
    """The goal reached with 18 s of the turn timer left, and taken back from the
    results: the card is still turned over, the glass runs on from its 18 s and GO
    ends the turn (it does not start the glass again)."""
    start(ui, ("Dora", "Emil"), "+", "+")
    model = ui.app.model
    screen = ui.screen
    ui.key("space")  # GO starts the app's own glass
    for kind, fields in (("release", {"sandbags": 1}), ("wind_card", {"card": "calm"})):
        assert model.act(kind, **fields)
    panel_tap(ui, "Mail dropped")
    ui.advance(11)  # with the key's second: 18 s left
    before = (screen.go_text, screen.seconds_text, screen.phase, screen.step_text)
    assert before[:3] == ("End the turn", "18 s", "running")
    panel_tap(ui, "Reached the goal")
    assert ui.app.root.current == "results"
    ui.advance(40)  # the results on screen for a while: no turn's sand runs
    ui.key("u")
    assert ui.app.root.current == "ballonrennen"
    screen = ui.screen
    assert ui.log_types()[-1] == "drop_mail"
    assert screen.message_text == "Undone: Dora's arrival at the goal"
    assert (screen.go_text, screen.seconds_text, screen.phase, screen.step_text) == before
    ui.step(2)  # the second after the UNDO key ran on the glass brought back
    assert screen.seconds_text == "17 s"
    ui.shot("ballonrennen-results-undone", every_language=False)
    ui.key("space")  # GO ends the turn
    assert ui.log_types()[-1] == "end_turn"
    assert check(ui)["current"] == "Emil"
    assert screen.go_text == "Start the hourglass" and screen.phase == "idle"
