"""One sentence for whatever gpiozero raises when a device cannot have its pins."""

from __future__ import annotations


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
