"""Which GPIO pins the seat buttons are offered, as plain numbers (no gpiozero here:
the Settings screen reads them without opening a device)."""

from __future__ import annotations

MAX_SEATS = 8  # a button for each seat of the largest table
# The pins for seat buttons, in the order they are offered (hardware/WIRING.md): the
# first eight fit beside GO, UNDO, PAUSE, the buzzer and an SPI strip, away from I2C,
# the UART and SPI; the rest are the LED bar's, for a table that has no bar.
SEAT_PINS = (4, 23, 24, 25, 5, 6, 13, 26, 12, 16, 19, 20, 21)
