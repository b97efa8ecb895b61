"""No tap ends a game for good, every tap can be taken back and done again, and the
table always says what it undid in the players' words: UNDO on the results screen
(on screen and the button) goes back to the game, Redo (on screen, or UNDO held)
does it again until a new action; undoing a time-up answer does not ask again at
once; a roll read in part keeps its good dice; without a turn timer one GO ends a
Ballonrennen turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from hardware.events import HardwareEvent, Kind, Source
from tests.ui.harness import Harness

pytestmark = pytest.mark.one_size


def undo_held(ui: Harness) -> None:
    """UNDO held for a second: the button reports it held (the keyboard's `u` held
    drives the same pin through the same hold thread)."""
    ui.devices.events.put(HardwareEvent(Source.UNDO, Kind.HELD))
    ui.step(3)


def dismiss_dialogs(ui: Harness) -> None:
    for view in [w for w in Window.children if w is not ui.app.root]:
        view.dismiss()
    ui.step(2)


def test_ballonrennen_from_the_results_back_to_the_table_and_again(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("ballonrennen", ["Anna", "Ben"]))
    try:
        model = ui.app.model
        for kind, fields in (
            ("release", {"sandbags": 1}),
            ("wind_card", {"card": "calm"}),
            ("drop_mail", {}),
        ):
            assert model.act(kind, **fields)
        ui.step(2)
        ui.tap(ui.find("Reached the goal", ui.screen.ids.panel))
        assert ui.app.root.current == "results"
        ui.shot("19-results-undo")
        ui.key("u")  # the UNDO button on the results: back to the table
        assert ui.app.root.current == "ballonrennen"
        assert ui.log_types()[-1] == "drop_mail"
        screen = ui.screen
        assert screen.message_text == "Undone: Anna's arrival at the goal"
        assert screen.can_redo and ui.find("Redo").width > 0
        ui.shots("ballonrennen-undone")
        undo_held(ui)  # UNDO held: redo, and the game is over again
        assert ui.app.root.current == "results"
        assert ui.log_types()[-1] == "reach_goal"
        ui.tap(ui.screen.ids.undo)  # the Undo on the results screen itself
        assert ui.app.root.current == "ballonrennen"
        ui.tap(ui.find("Redo"))
        assert ui.app.root.current == "results"
        ui.key("u")
        assert ui.app.model.can_redo
        ui.tap(ui.find("Forced landing", ui.screen.ids.panel))  # a new action: no redo
        assert not ui.screen.can_redo and not ui.app.model.can_redo
        assert ui.log_types()[-1] == "forced_landing"
    finally:
        ui.close()


def test_balmy_the_deciding_finish_is_undone_from_the_results(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("balmy-balloonists", ["Anna", "Bram", "Cas", "Dirk"]))
    try:
        dismiss_dialogs(ui)  # the advantage cards can wait
        model = ui.app.model
        assert model.act("play_own") and model.act("altitude", to="low")
        ui.step(2)
        ui.tap(ui.find("Board", ui.screen.ids.tabs))
        ui.tap(ui.screen.ids.finish)  # Anna's only balloon: she wins
        assert ui.app.root.current == "results"
        ui.key("u")
        assert ui.app.root.current == "balmy"
        assert ui.screen.message_text == "Undone: the red balloon crossed the finish"
        assert ui.log_types()[-1] == "altitude"
        ui.key("u")  # and further back, each in words
        assert ui.screen.message_text == "Undone: the red balloon's change of altitude"
    finally:
        ui.close()


def test_wyscig_from_the_results_to_the_score_and_to_the_table(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        ui.pass_secret()
        model = ui.app.model
        current = model.summary["current"]
        for kind in ("start_timer", "landed"):
            assert model.act(kind)
        ui.advance(1)
        ui.key("space")  # GO ends the turn: the race is over, the score is counted
        assert ui.app.root.current == "score"
        held = [c for p in model.state.players for c in p.balloons]
        ui.screen.entered = {c: "1" for c in held}
        ui.screen.done()
        ui.step(2)
        assert ui.app.root.current == "results"
        ui.key("u")  # the score taken back: the score screen again, with its own undo
        assert ui.app.root.current == "score"
        assert ui.log_types()[-1] == "end_turn"
        ui.key("u")
        assert ui.app.root.current == "wyscig"
        assert ui.screen.message_text == f"Undone: {current}'s end of turn"
    finally:
        ui.close()


def test_an_undone_time_up_answer_waits_for_go(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan", "Ewa"]))
    try:
        ui.pass_secret()
        screen = ui.screen
        model = ui.app.model
        ui.key("space")
        ui.advance(31)
        question = screen._unplaced
        assert model.question == "unplaced" and question.parent is not None
        ui.tap(ui.find("2", question))
        assert ui.log_types()[-1] == "timer_expired" and question.parent is None
        ui.key("u")
        # Taken back: the glass says time is up, but the question waits for GO.
        assert screen.message_text.startswith("Undone: ")
        assert "answer to the time-up (dice not placed: 2)" in screen.message_text
        assert question.parent is None and model.question == ""
        assert screen.phase_text == "time is up" and screen.go_text == "Dice not placed?"
        ui.shot("20-time-up-undone")
        ui.key("space")  # GO asks again
        assert question.parent is not None
        ui.key("space")  # GO once more: the answer appears in the dialog, not behind it
        assert question.error == "Tap how many dice were not placed first"
        assert "Tap how many dice were not placed first" in ui.texts(question)
        ui.shot("21-answer-in-the-dialog")
        ui.tap(ui.find("0", question))
        assert ui.log_types()[-1] == "timer_expired"
    finally:
        ui.close()


def test_the_strip_on_screen_at_0_s_keeps_its_picture(tmp_path: Path) -> None:
    """Time up: the LEDs flash, the strip on screen keeps time up's pattern standing,
    also after an undo and a redo and a language switch that catch the LEDs' other
    half (issue 24.11)."""
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan", "Ewa"]))
    try:
        ui.pass_secret()
        screen = ui.screen
        ui.key("space")
        ui.advance(31)
        ui.tap(ui.find("2", screen._unplaced))
        assert ui.log_types()[-1] == "timer_expired" and screen.seconds_text == "0 s"
        red = [(255, 255, 255) if i % 2 == 0 else (0, 0, 0) for i in range(len(screen.frame))]
        assert screen.frame == red
        ui.key("u")
        ui.advance(0.25)  # the LEDs' other half
        assert ui.devices.strip.latest[0] == (0, 0, 0)
        assert screen.frame == red and screen.phase_text == "time is up"
        ui.tap(ui.find("Redo"))
        assert ui.log_types()[-1] == "timer_expired" and screen.frame == red
        ui.app.set_language("pl")
        ui.step(3)
        assert screen.frame == red and screen.phase_text == "koniec czasu"
        ui.app.set_language("en")
        ui.step(2)
    finally:
        ui.close()


def test_a_partial_read_keeps_the_good_dice(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan", "Ewa"]))
    try:
        ui.pass_secret()
        ui.key("space")
        ui.wait(lambda: ui.devices.dice.status().connected)
        ui.devices.sim.dice_device.send("ROLL 7 6,2,?,4,5")
        ui.wait(lambda: bool(ui.app.model.partial))
        ui.step(2)
        # Shown in the table's dice row, the missing die marked; nothing over the table.
        assert [w for w in Window.children if w is not ui.app.root] == []
        row = ui.screen.ids.dice.ids.faces.children[::-1]
        assert [d.value for d in row] == [6, 2, 0, 4, 5]
        assert [d.marked for d in row] == [False, False, True, False, False]
        assert ui.screen.message_text == "The reader read 4 of 5 dice: tap the missing ones"
        ui.shot("22-dice-partial-row")
        ui.tap(row[2])  # a player taps the dice: the dialog, with the dice read
        dialog: Any = next(w for w in Window.children if "entered" in getattr(w, "ids", {}))
        entered = dialog.ids.entered.children[::-1]
        assert [d.value for d in entered] == [6, 2, 0, 4, 5]
        assert [d.marked for d in entered] == [False, False, True, False, False]
        ui.shot("22-dice-partial")
        ui.tap(dialog.ids.cancel)  # Cancel keeps the dice read: they wait in the row
        assert dialog.parent is None and list(ui.app.model.partial) == [6, 2, 0, 4, 5]
        row = ui.screen.ids.dice.ids.faces.children[::-1]
        assert [(d.value, d.marked) for d in row] == [
            (6, False),
            (2, False),
            (0, True),
            (4, False),
            (5, False),
        ]
        ui.tap(row[0])  # and the dialog again, with the same four
        dialog = next(w for w in Window.children if "entered" in getattr(w, "ids", {}))
        assert [d.value for d in dialog.ids.entered.children[::-1]] == [6, 2, 0, 4, 5]
        ui.tap(dialog.ids.faces.children[::-1][2])  # one tap: the die showing 3
        assert ui.log_types()[-1] == "dice"
        assert list(ui.app.model.dice) == [6, 2, 3, 4, 5]
        assert dialog.parent is None
        assert [d.marked for d in ui.screen.ids.dice.ids.faces.children] == [False] * 5
    finally:
        ui.close()


def test_ballonrennen_without_a_turn_timer_one_go_ends_the_turn(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        for name in ("Dora", "Emil"):
            ui.app.store.add_player(name)
        ui.tap(ui.find("New game"))
        ui.tap(ui.find("Ballonrennen"))
        for name in ("Dora", "Emil"):
            ui.tap(ui.find(name, ui.screen.ids.known))
        ui.tap(ui.find("app draws", ui.screen.ids.options))
        ui.tap(ui.find("Start"))
        screen = ui.screen
        assert not screen.timer_on and screen.go_text == "End the turn"
        ui.tap(ui.find("Draw a wind card"))
        model = ui.app.model
        if model.rules.phase(model.state) == "favourable":
            ui.tap(screen.ids.panel.children[0].children[-2].children[0])
        ui.advance(1)
        ui.key("space")  # one GO: the turn ends, no glass started
        assert ui.log_types()[-1] == "end_turn" and screen.phase == "idle"
        assert model.summary["current"] == "Emil"
    finally:
        ui.close()
