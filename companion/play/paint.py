"""The strip's paints: colours written as "#RRGGBB", a colour at a brightness, two
colours blended, and sand: a share of a glass lit along a stretch of LEDs. Shared by
the single strip's pictures (`companion.play.lights`) and the seats' stretches
(`companion.play.stretches`)."""

from __future__ import annotations

import math

from hardware.strip import LEVELS, RGB, Frame


def hex_to_rgb(text: str) -> RGB:
    """`"#0072B2"` -> `(0, 114, 178)`; the seat and balloon colours are written so."""
    digits = text.strip().removeprefix("#")
    if len(digits) != 6:
        raise ValueError(f"{text!r} is not a colour like #0072B2")
    value = int(digits, 16)
    return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF


def scale(colour: RGB, level: float) -> RGB:
    level = max(0.0, min(1.0, level))
    r, g, b = colour
    return round(r * level), round(g * level), round(b * level)


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """`a` at t=0, `b` at t=1."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def sand_frame(count: int, fraction: float, colour: RGB) -> Frame:
    """LED 0 is the bottom of the glass: the far end goes dark first, and the last lit
    LED glows in proportion to the sand left in it (like `LEDBarGraph(pwm=True)`)."""
    lit = max(0.0, min(1.0, fraction)) * count
    out = []
    for index in range(count):
        level = max(0.0, min(1.0, lit - index))
        out.append(scale(colour, math.ceil(level * LEVELS) / LEVELS))
    return tuple(out)
