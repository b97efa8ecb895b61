"""Colours mean one thing: a balloon's colour is drawn as its name says, and in Wyścig
balonów, where no player owns a balloon, no seat has a colour that could be read as a
balloon's. Measured as players see them: the hue a colour's name promises, and the
distance between colours (CIELAB) for normal eyes and, simulated, for protan, deutan
and tritan eyes (Machado, Oliveira and Fernandes 2009, full severity)."""

from __future__ import annotations

import colorsys
import math

import pytest

from companion.games import wyscig_balonow as wb
from companion.ui import theme
from companion.ui.tables import adapter

Lab = tuple[float, float, float]

MACHADO = {
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
EYES = ("normal", *MACHADO)
# The hues (degrees) each name may take: where a player would call it by that name.
HUES = {
    "red": (-12, 12),
    "orange": (25, 45),
    "yellow": (48, 65),
    "green": (140, 175),
    "sky": (190, 215),
    "blue": (190, 215),
    "pink": (300, 345),
}


def _linear(hex_colour: str) -> list[float]:
    r, g, b, _ = theme.rgba(hex_colour)
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]


def _lab(rgb: list[float]) -> Lab:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def seen(hex_colour: str, eyes: str) -> Lab:
    """The colour as `eyes` see it, in CIELAB."""
    rgb = _linear(hex_colour)
    if eyes == "normal":
        return _lab(rgb)
    matrix = MACHADO[eyes]
    return _lab(
        [max(0.0, min(1.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix]
    )


def apart(a: str, b: str, eyes: str) -> float:
    return math.dist(seen(a, eyes), seen(b, eyes))


def hue(hex_colour: str) -> float:
    """In degrees from -30 to 330: a red a little towards pink is a little below 0."""
    r, g, b, _ = theme.rgba(hex_colour)
    degrees = colorsys.rgb_to_hsv(r, g, b)[0] * 360
    return degrees - 360 if degrees >= 330 else degrees


@pytest.mark.parametrize("name", sorted(HUES))
def test_each_balloon_colour_has_the_hue_its_name_says(name: str) -> None:
    low, high = HUES[name]
    assert low <= hue(theme.BALLOON_COLOURS[name]) <= high, theme.BALLOON_COLOURS[name]


@pytest.mark.parametrize("eyes", EYES)
def test_red_stands_further_from_every_balloon_than_vermillion_did(eyes: str) -> None:
    others = [hex_ for name, hex_ in theme.BALLOON_COLOURS.items() if name != "red"]
    red = theme.BALLOON_COLOURS["red"]
    nearest = min(apart(red, other, eyes) for other in others)
    assert nearest >= min(apart("#D55E00", other, eyes) for other in others)


WYSCIG = adapter(wb.GAME_ID)
WYSCIG_BALLOONS = [theme.BALLOON_COLOURS[c] for c in wb.BALLOONS]


SEATS = {hex_ for _, hex_ in WYSCIG.seat_colours(["Ola", "Jan", "Ewa", "Kasia"])}
FAR = 20.0  # CIELAB distance: two colours no eyes take for one another


def test_no_wyscig_seat_is_a_colour() -> None:
    """Any hue beside the balloons' reads as a balloon's (the orange seat as red): a
    seat's light (the strip's, the only place it shows) is white or grey."""
    for seat in SEATS:
        _, a, b = seen(seat, "normal")
        assert math.hypot(a, b) < 8, seat


@pytest.mark.parametrize("eyes", EYES)
def test_no_wyscig_seat_can_be_taken_for_a_balloon(eyes: str) -> None:
    for seat in SEATS:
        assert min(apart(seat, b, eyes) for b in WYSCIG_BALLOONS) >= FAR, seat


def test_wyscig_seats_are_not_told_apart_by_colour() -> None:
    """No player owns a balloon: no colour is drawn beside a name, and the strip has
    one neutral light for every seat."""
    assert not WYSCIG.seats_coloured
    assert len(set(WYSCIG.seat_colours(["Ola", "Jan", "Ewa", "Kasia"]))) == 1
