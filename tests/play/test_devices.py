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


def test_the_speaker_is_there_only_when_the_settings_turn_the_calls_on() -> None:
    """Issue 33.5: off by default; on, the devices hold the speaker the table's calls
    go to, and closing them stops its worker. The simulation has a button per seat."""
    from companion.config import Config, SpeechConfig
    from companion.play.devices import Devices
    from hardware.speech import Speaker

    off = Devices(Config(), simulate=True)
    try:
        assert off.speaker is None
        assert off.buttons is not None and len(off.buttons.seat_pins) == 8
    finally:
        off.close()
    on = Devices(Config(speech=SpeechConfig(calls=True)), simulate=True)
    speaker = on.speaker
    assert isinstance(speaker, Speaker)
    on.close()
    speaker.say("Ola's turn", "en")  # after close: nothing is queued, nothing waits
    assert speaker.wait_idle(1.0)
