"""Colours and sizes of the night-table look. No Kivy here: plain data.

Sizes are written for the 800x480 display and multiplied by the app's `scale`
(1.5 at 1280x720), so a bigger screen gets bigger text, not just more space.
"""

from __future__ import annotations

RGBA = tuple[float, float, float, float]


def rgba(hex_colour: str, alpha: float = 1.0) -> RGBA:
    digits = hex_colour.removeprefix("#")
    r, g, b = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b, alpha)


BASE_SIZE = (800, 480)

BACKGROUND = "#0E1320"  # a dark blue night, not pure black: less glare, still contrast
PANEL = "#182034"
PANEL_HIGH = "#24304A"
TEXT = "#F2F4F8"
TEXT_DIM = "#A9B3C7"
ACCENT = "#2BD17E"  # the one colour for what the table does next (GO)
ACCENT_TEXT = "#06240F"
DANGER = "#FF6B5B"
WARNING = "#FFC145"
PAUSED = "#8FA3FF"
INK = "#10131A"  # dark text on a light colour (a paused button, a yellow balloon)

# Seats of a game whose players own no colour of their own, where a colour helps
# to tell them apart. Not for a balloon game: beside a balloon's colour a seat's colour
# reads as a balloon (Wyścig balonów's orange seat read as its red balloon).
SEAT_COLOURS: tuple[tuple[str, str], ...] = (
    ("orange", "#F08A24"),
    ("sky", "#7CC8F2"),
    ("purple", "#A77BDB"),
    ("white", "#F2F2F2"),
)

# Okabe-Ito, safe for colour-blind players; always shown with the colour's name. Red
# is not Okabe-Ito's vermillion (#D55E00), which players read as orange: a red that
# reads as red, and stays further from orange, pink and green than vermillion did, also
# for protan, deutan and tritan eyes (tests/tables/test_colours.py measures it).
BALLOON_COLOURS: dict[str, str] = {
    "blue": "#0072B2",
    "pink": "#CC79A7",
    "yellow": "#F0E442",
    "green": "#009E73",
    "red": "#D62828",
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "purple": "#8450C8",  # reads as purple (Okabe-Ito's "reddish purple" reads as pink)
    "white": "#E0E0E0",  # the sixth Balmy balloon: white/grey
}

MAIL = "#E8D9A8"  # the envelope token
PENALTY = "#E0504A"  # the penalty token


def seat_colour(seat: int) -> tuple[str, str]:
    """(name, hex) of a seat, by its index in the seating order."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def readable_on(hex_colour: str) -> str:
    """Dark or light text, whichever reads better on `hex_colour`."""
    r, g, b, _ = rgba(hex_colour)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return INK if luminance > 0.45 else TEXT
