"""The one error a device raises when it cannot be used, and the sentence for
whatever gpiozero raises when a device cannot have its pins.

The app wraps a `DeviceError` into its own `HardwareError` where it builds the
devices; the hardware layer knows nothing of the app.
"""

from __future__ import annotations


class DeviceError(Exception):
    """A device that cannot be used: `device` names it ("buttons", "strip", "buzzer",
    "dice"), the message says why in plain English, for a status line or a log."""

    def __init__(self, device: str, text: str) -> None:
        super().__init__(text)
        self.device = device
        self.text = text


def pin_problem(device: str, pins: str, error: BaseException) -> str:
    """`device` as the players call it ("The GO button"), `pins` like "GPIO 17"."""
    name = type(error).__name__
    if name == "BadPinFactory":
        return (
            f"{device} cannot be used: no GPIO library found "
            "(not a Raspberry Pi, or lgpio is not installed); use --simulate on a desktop"
        )
    if name == "GPIOPinInUse":
        return f"{device} cannot use {pins}: another device already uses it"
    if name == "PinPWMUnsupported":
        return f"{device} cannot use {pins}: no PWM there"
    if isinstance(error, PermissionError):
        return f"{device} cannot use {pins}: permission denied (add the user to the gpio group)"
    return f"{device} cannot use {pins}: {error}"
