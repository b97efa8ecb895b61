"""Where the settings meet the devices: a device's own error becomes the app's
HardwareError with the same sentence, and a dice reader's problem (plain data) is
said in the player's language."""

from __future__ import annotations

import pytest

from companion.core.errors import HardwareError
from companion.i18n import translator
from companion.play.devices import build
from companion.ui.status import dice_message
from hardware.dice import DiceProblem
from hardware.errors import DeviceError


def test_a_device_error_is_the_apps_hardware_error() -> None:
    def broken() -> None:
        raise DeviceError("buzzer", "The buzzer cannot use GPIO 18: no PWM there")

    with pytest.raises(HardwareError, match=r"^The buzzer cannot use GPIO 18: no PWM there$"):
        build(broken)
    assert build(lambda: 7) == 7


def test_a_dice_problem_reads_in_english_and_in_the_players_language() -> None:
    problem = DiceProblem("unplugged", {"port": "/dev/dice"})
    assert problem.text == "The dice reader at /dev/dice was unplugged"
    assert translator("en")(dice_message(problem)) == problem.text
    german = translator("de")(dice_message(problem))
    assert "/dev/dice" in german and german != problem.text
