"""Rolls from the dice reader in the running app (issue 23.3): two rolls in one write
both reach the game and the statistics, and each is acknowledged only once the app
has taken it; under a flood the rolls the app could not take are said on the status
line and never acknowledged."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hardware.hwhelp import wait_until
from tests.ui.harness import Harness

pytestmark = pytest.mark.one_size


def test_two_rolls_in_one_write_both_reach_the_game_and_are_acknowledged_after(
    tmp_path: Path,
) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        ui.pass_secret()
        ui.tap(ui.screen.ids.go)
        device = ui.devices.sim.dice_device
        ui.wait(lambda: ui.devices.dice.status().device is not None)
        acks_before = len(device.acks())
        # No frame runs while the reader takes both: they wait in the queue together.
        device.write(b"ROLL 71 1,2,3,4,5\nROLL 72 6,6,5,5,4\n")
        wait_until(lambda: ui.devices.dice.status().rolls == 2)
        assert ui.devices.events.qsize() == 2
        assert device.acks()[acks_before:] == []  # kept in the queue, not yet taken
        ui.wait(lambda: ui.log_types()[-2:] == ["dice", "dice"])
        assert ui.app.model.dice == [6, 6, 5, 5, 4]  # the later roll stands
        ui.wait(lambda: device.acks()[acks_before:] == [71, 72])
        assert ui.store.rolls.by_reader()["sim-dice"][-2:] == [[1, 2, 3, 4, 5], [6, 6, 5, 5, 4]]
    finally:
        ui.close()


def test_rolls_the_app_could_not_take_are_said_and_not_acknowledged(tmp_path: Path) -> None:
    ui = Harness(tmp_path)
    try:
        ui.wait(lambda: ui.devices.dice.status().device is not None)
        ui.step(2)
        device = ui.devices.sim.dice_device
        limit = ui.devices.events.limit
        flood = b"".join(b"ROLL %d 1,1,1,1,1\n" % seq for seq in range(1, limit + 31))
        device.write(flood)  # more than the queue holds, before the next frame
        dice = ui.devices.dice
        wait_until(lambda: dice.status().rolls + dice.status().dropped == limit + 30)
        assert device.acks() == []
        ui.wait(lambda: len(device.acks()) >= limit)
        ui.app.frames.check_status()
        assert sorted(device.acks())[-limit:] == list(range(1, limit + 1))
        assert "Dice rolls skipped in a flood: 30" in ui.app.status_text(ui.app.status)
    finally:
        ui.close()


def test_a_roll_before_the_hourglass_is_refused_on_the_status_line_and_acknowledged(
    tmp_path: Path,
) -> None:
    """The reader's roll arrived and was shown as refused: it is acknowledged (a resend
    would be refused again), and the game and the dice row stay as they were."""
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        ui.pass_secret()
        device = ui.devices.sim.dice_device
        ui.wait(lambda: ui.devices.dice.status().device is not None)
        log = ui.log_types()
        row = [d.value for d in ui.screen.ids.dice.ids.faces.children]
        device.send("ROLL 81 3,5,1,2,6")
        ui.wait(lambda: 81 in device.acks(), "the roll's ACK")
        ui.step(2)
        assert ui.log_types() == log and list(ui.app.model.dice) == []
        assert [d.value for d in ui.screen.ids.dice.ids.faces.children] == row
        assert ui.screen.message_text.startswith(
            "Roll 3 5 1 2 6 not taken: turn the hourglass first"
        ), ui.screen.message_text
        ui.tap(ui.screen.ids.go)  # the hourglass turned: the next roll is the turn's
        device.send("ROLL 82 3,5,1,2,6")
        ui.wait(lambda: ui.log_types()[-1] == "dice", "the roll recorded")
        assert list(ui.app.model.dice) == [3, 5, 1, 2, 6]
    finally:
        ui.close()
