"""The strip laid round the table: one stretch of LEDs per seat, in seat order.

Pure functions, like `companion.play.lights`: from what each seat shows (`SeatLight`:
the player's colour, their bank as a fraction of a full one, whether it is their turn,
whether they are out of the game or out of time) and the glass of the current turn,
at the instant `now`, to one frame for the whole strip. Each stretch shows that
player's bank (or the turn's glass on the current seat) as sand in the player's
colour; the current seat's stretch pulses (on the strip; the screen's picture
stands still, `pulse=False`, so that it is not redrawn 50 times a second); a player
out of the game is dark; time up is the time-up pattern of the single strip, which
no player's colour can be mistaken for; and a seat that pressed out of turn blinks
for a moment (`blinking`).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from companion.play.paint import sand_frame, scale
from hardware.strip import OFF, RGB, Frame

OTHER_LEVEL = 0.35  # the seats whose turn it is not: their bank, dimmer
PULSE_PERIOD_S = 1.6  # the current seat breathes once in this time
PULSE_STEPS = 8  # brightness steps of the pulse each way (the strip is written per step)
PULSE_LOW = 0.45  # the pulse's dimmest, as a share of full brightness
SEAT_BLINK_S = 0.6  # a press out of turn: that seat's stretch blinks this long
SEAT_BLINK_PERIOD_S = 0.15  # ... on and off this fast (faster than time up's blink)
LATE_LEVEL = 0.5  # out of time, not their turn: every other LED white, half bright
WHITE: RGB = (255, 255, 255)


@dataclass(frozen=True)
class SeatLight:
    """What one seat's stretch shows. `fill`: the seat's bank as a share of a full
    bank (1.0 without a bank); `late`: out of time; `out`: out of the game."""

    colour: RGB
    fill: float = 1.0
    current: bool = False
    out: bool = False
    late: bool = False


def stretches(count: int, seats: int, leds: Sequence[int] = ()) -> tuple[range, ...]:
    """The LEDs of each seat in seat order, LED 0 first: `leds` each where the
    settings give at least one per seat (LEDs past the strip's end are left out, and
    those after the last seat stay dark), else the strip split evenly (the first
    seats take one more where it does not divide)."""
    if seats <= 0:
        return ()
    if len(leds) >= seats:
        out, start = [], 0
        for size in leds[:seats]:
            out.append(range(min(start, count), min(start + size, count)))
            start += size
        return tuple(out)
    size, extra = divmod(count, seats)
    out, start = [], 0
    for seat in range(seats):
        end = start + size + (1 if seat < extra else 0)
        out.append(range(start, end))
        start = end
    return tuple(out)


def pulse_level(now: float) -> float:
    """The current seat's brightness at `now`: a triangle between PULSE_LOW and 1, in
    PULSE_STEPS steps each way (so the strip changes a few times a second, not at
    every pass of the driver)."""
    phase = (now % PULSE_PERIOD_S) / PULSE_PERIOD_S  # 0..1
    rise = 1 - abs(2 * phase - 1)  # 0 -> 1 -> 0
    step = math.floor(rise * PULSE_STEPS) / PULSE_STEPS
    return PULSE_LOW + (1 - PULSE_LOW) * step


def until_pulse_step(now: float) -> float:
    """Seconds until `pulse_level` next changes."""
    step = PULSE_PERIOD_S / (2 * PULSE_STEPS)
    rest = step - (now % step)
    return rest + 0.002


def blink_on(now: float, until: float) -> bool | None:
    """A seat blinking until `until`: lit or dark at `now`; None once it is over."""
    if now >= until:
        return None
    left = until - now
    return (left % SEAT_BLINK_PERIOD_S) >= SEAT_BLINK_PERIOD_S / 2


def late_frame(count: int) -> Frame:
    """Out of time while not their turn: every other LED white, half bright (a
    pattern, not a colour)."""
    dim = tuple(round(c * LATE_LEVEL) for c in WHITE)
    return tuple((dim if index % 2 == 0 else OFF) for index in range(count))  # type: ignore[misc]


def seat_sand(count: int, fill: float, colour: RGB, level: float) -> Frame:
    """A seat's bank as sand in their colour, at `level` brightness."""
    return sand_frame(count, fill, scale(colour, level))


def other_seat(count: int, light: SeatLight) -> Frame:
    """A seat whose turn it is not: dark when out, the late pattern when out of
    time, else their bank, dimmed."""
    if light.out:
        return (OFF,) * count
    if light.late:
        return late_frame(count)
    return seat_sand(count, light.fill, light.colour, OTHER_LEVEL)


def seats_frame(
    count: int,
    now: float,
    parts: Sequence[range],
    lights: Sequence[SeatLight],
    current: Frame | None = None,
    *,
    pulse: bool = True,
    blinking: Collection[int] = (),
    blink_until: float = 0.0,
) -> Frame:
    """The whole strip: each seat's stretch (`parts[i]` shows `lights[i]`), the
    current seat's drawn by `current` when given (its glass: the delay, the bank
    running down, time up, fitted to its stretch), else its bank; it pulses when
    `pulse` (not while paused or at time up). Seats in `blinking` blink until
    `blink_until` (a press out of turn)."""
    out: list[RGB] = [OFF] * count
    for seat, (part, light) in enumerate(zip(parts, lights, strict=False)):
        size = len(part)
        if light.current and not light.out:
            level = pulse_level(now) if pulse else 1.0
            if current is not None:
                picture = current
            else:
                picture = seat_sand(size, light.fill, light.colour, 1.0)
            picture = _scaled(picture, level)
        else:
            picture = other_seat(size, light)
        if seat in blinking:
            on = blink_on(now, blink_until)
            if on is not None:
                picture = (light.colour if on else OFF,) * size
        out[part.start : part.start + size] = picture[:size]
    return tuple(out)


def _scaled(picture: Frame, level: float) -> Frame:
    return tuple(scale(colour, level) for colour in picture)
