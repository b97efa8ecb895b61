"""The status line: one short sentence per device, and the dice reader's problems,
in the player's language. No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog, Message
from companion.play.devices import Devices
from companion.ui.strings import UI
from hardware.dice import PROBLEMS, DiceProblem
from hardware.strip import NullStrip

# The reader writes these in English for the log and the command line; the screens
# say them in every language, like the rest.
DICE = Catalog("dice", PROBLEMS)


def dice_message(problem: DiceProblem) -> Message:
    return DICE(problem.key, **problem.params)


def device_status(devices: Devices) -> list[Message]:
    if not devices.opened:
        return []  # nothing to say of devices not looked at yet (the first frame)
    status = [_buttons(devices), _strip(devices), _dice(devices)]
    reader = devices.dice.status() if devices.dice is not None else None
    rolls = reader.dropped if reader is not None else 0
    if rolls:  # not acknowledged: the reader may send them again
        status.append(UI("rolls_dropped", count=rolls))
    if reader is not None and reader.unsaved:  # the store refused them: sent again
        status.append(UI("rolls_unsaved", count=reader.unsaved))
    if devices.dropped > rolls:  # the queue counts the rolls it refused too
        status.append(UI("events_dropped", count=devices.dropped - rolls))
    return status


def _buttons(devices: Devices) -> Message:
    if devices.sim is not None:
        return UI("buttons_sim")
    return UI("buttons_ok") if devices.buttons is not None else UI("buttons_off")


def _strip(devices: Devices) -> Message:
    strip = devices.strip
    if "strip" in devices.problems or strip.last_error:
        return UI("strip_fail")
    if devices.on_screen_strip:
        return UI("strip_screen")
    if isinstance(strip, NullStrip):
        return UI("strip_none")
    return UI("strip_ok", kind=strip.kind)


def _dice(devices: Devices) -> Message:
    if devices.dice is None:
        return UI("dice_off") if "dice" in devices.problems else UI("dice_none")
    return UI("dice_on") if devices.dice.status().connected else UI("dice_off")
