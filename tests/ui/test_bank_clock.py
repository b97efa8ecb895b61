"""A chess clock in the real window (issue 33.1): the increment and the delay chosen on
the new-game screen with the bank; the glass's label and the strip show the delay
running down first (in the delay's colour), then the bank; undo and redo give every
bank back exactly, in the players' lines as in the rules."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.play.lights import DELAY
from companion.ui.tables.any_game.screen import DELAY_HEX
from companion.ui.tables.any_game.text import clock
from hardware.strip import OFF
from tests.ui.any_game_steps import go, new_game, row_of, sheet, summary
from tests.ui.harness import Harness


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def banks(ui: Harness) -> list[int]:
    return [p["bank"] for p in summary(ui)["players"]]


def times(ui: Harness) -> list[str]:
    return [row_of(ui, n).time for n in ("Ola", "Jan")]


def undo(ui: Harness) -> None:
    ui.clock.advance(1.0)  # past the bounce lock-out, as GO
    ui.key("u")


def redo(ui: Harness) -> None:
    ui.clock.advance(1.0)
    ui.tap(ui.find("Redo"))


@pytest.mark.one_size
def test_increment_and_delay_chosen_shown_and_kept_through_undo(ui: Harness) -> None:
    new_game(ui, ("Ola", "Jan"), "Chess")
    ui.tap(ui.find("time bank", ui.screen.ids.options))
    extras = ui.find("+0 s\n0 s free", ui.screen.ids.options)  # beside the bank
    assert extras.parent.parent is ui.find("20 min", ui.screen.ids.options).parent
    ui.tap(extras)
    ui.tap(ui.find("+5 s", sheet()))
    ui.tap(ui.find("5 s free", sheet()))
    ui.tap(ui.find("+10 s", sheet()))  # a change of mind: the last tap counts
    ui.tap(ui.find("with GO", sheet()))  # each bank started by GO (no chess clock)
    ui.shots("any-game-increment-delay")
    ui.tap(ui.find("Done", sheet()))
    assert ui.find("+10 s\n5 s free", ui.screen.ids.options).width >= 48
    ui.shots("any-game-new-game-bank")
    ui.tap(ui.find("Start"))
    model, screen = ui.app.model, ui.screen
    options = model.session.setup.options
    assert (options["increment_seconds"], options["delay_seconds"]) == (10, 5)
    assert model.play.app_options == {"bank_start": "go"}  # the app's, not the file's
    strip = ui.devices.sim.strip  # type: ignore[union-attr]

    # The delay runs down first, in its own colour on the label and the strip.
    go(ui)  # (the key's press takes a second of the fake clock)
    ui.advance(1)
    assert (screen.seconds_text, screen.seconds_hex) == ("0:03", DELAY_HEX)
    assert times(ui) == ["20:00", "20:00"]  # the bank stands still meanwhile
    assert strip.frames[-1] == (DELAY,) * 6 + (OFF,) * 4
    assert [tuple(c) for c in screen.frame] == list(strip.frames[-1])
    ui.shots("any-game-delay")
    ui.advance(30)  # then the bank: 27 s of it used
    assert screen.seconds_text == "19:33" and times(ui)[0] == "19:33"
    assert DELAY not in strip.frames[-1]
    go(ui)
    ola = model.session.log[-1].seconds
    go(ui)
    ui.advance(10)
    go(ui)
    jan = model.session.log[-1].seconds
    after = [1200 - (ola - 5) + 10, 1200 - (jan - 5) + 10]
    assert banks(ui) == after and times(ui) == [clock(b) for b in after]

    # Undo: Jan's turn comes back as it was, his bank whole; again, Ola's.
    undo(ui)
    assert banks(ui) == [after[0], 1200] and times(ui)[1] == clock(1200 - (jan - 5))
    undo(ui)
    undo(ui)
    assert banks(ui) == [1200, 1200] and screen.current_name == "Ola"
    redo(ui)
    redo(ui)
    redo(ui)
    assert banks(ui) == after and times(ui) == [clock(b) for b in after]
    assert screen.current_name == "Ola" and ui.log_types()[-1] == "end_turn"
