"""The wind rose's geometry, pure (no Kivy): each marker's shaft and head, where its
altitude's digit sits, and where the six sides' names go so that none covers a marker
or another name. Pixels, with the rose's centre at (0, 0) and y up.

A marker is an arrow from the hub: a shaft and a head twice as long as it is wide at
most (so it points one way only, whichever way it turns), with the altitude's digit
in the head. Its size comes from the rose's size alone, never from the names' length
in a language; the names make way instead: each sits where its side meets the rose's
edge, or slides along that edge until it is clear of the markers and of the others.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.games.ballonrennen import DIRECTIONS

Point = tuple[float, float]


@dataclass(frozen=True)
class Shape:
    """A marker's size in parts of the rose's unit (half its smaller side)."""

    tip: float  # from the hub to the tip
    head: float  # the head's length
    half: float  # the head's half-width
    shaft: float  # the shaft's half-width


# Altitude 1 small, 3 large; every head holds a digit of the table's smallest text.
SHAPES = {
    1: Shape(0.52, 0.27, 0.15, 0.024),
    2: Shape(0.62, 0.28, 0.155, 0.032),
    3: Shape(0.72, 0.29, 0.16, 0.04),
}
START = 0.05  # the shafts start just off the hub
SPACING = 0.32  # markers on one side lie side by side, this far apart
GAP = 3.0  # pixels between a name and a marker or another name
# The rose's disc, in units: just past the longest marker's tip, with a ring between it
# and the rose's edge for the sides' names (16 px high) to sit in, clear of it, even
# Polish ones ("pn.-zach."); the unit leaves NAME_ROOM px (at 800x480) more for them.
DISC = 0.8
NAME_ROOM = 10.0


def unit_of(width: float, height: float, scale: float) -> float:
    """The rose's unit (a marker's length is a part of it) in a box of this size: the
    same in every language, names or not."""
    return min(width, height) / 2 - 1 - NAME_ROOM * scale


def angle_of(direction: str | None) -> float:
    """Degrees counterclockwise from east; the hex board's sides are 60 degrees apart
    and `DIRECTIONS` runs clockwise from east."""
    if direction not in DIRECTIONS:
        return 0.0
    return -60.0 * DIRECTIONS.index(direction)


@dataclass(frozen=True)
class Marker:
    altitude: int
    shaft: tuple[Point, Point, Point, Point]
    head: tuple[Point, Point, Point]  # the tip first
    digit: Point  # the centre of the circle inside the head

    @property
    def polygons(self) -> tuple[Sequence[Point], Sequence[Point]]:
        return (self.shaft, self.head)


def offsets(winds: Sequence[str]) -> list[float]:
    """Each marker's place across its side, in SPACINGs (positive: to the left of its
    direction), the markers of a side centred on it as a group. Alone: 0. Three on a
    side: altitude 1 in the middle, 2 and 3 on either side of it. Two: -0.5 and 0.5,
    the larger on the side away from the third marker when that is on a neighbouring
    side; that one then makes way, half a SPACING away from the pair (their heads
    would meet). The longer markers go outside, so that every tip stays in its side's
    sector of the rose."""
    found = []
    for altitude in (1, 2, 3):
        side = winds[altitude - 1]
        together = [a for a in (1, 2, 3) if winds[a - 1] == side]
        if len(together) == 3:
            found.append({1: 0.0, 2: -1.0, 3: 1.0}[altitude])
            continue
        offset = together.index(altitude) - (len(together) - 1) / 2
        others = [w for w in winds if w != side]
        if len(set(others)) == 1:  # one other side: a pair beside a lone marker
            away = _away(side, others[0])
            if away is not None and len(together) == 2:
                offset = away * (0.5 if altitude == together[1] else -0.5)
            elif away is not None:
                offset = 0.5 * away  # the lone one, away from the pair
        found.append(offset)
    return found


def _away(side: str, other: str) -> float | None:
    """Across `side`, the way from `other` when it is a neighbouring side (1 or -1)."""
    turn = (DIRECTIONS.index(other) - DIRECTIONS.index(side)) % len(DIRECTIONS)
    return {1: 1.0, len(DIRECTIONS) - 1: -1.0}.get(turn)


def marker(altitude: int, angle: float, offset: float, unit: float) -> Marker:
    """The marker of `altitude` pointing at `angle` (degrees), `offset` SPACINGs across."""
    shape = SHAPES[altitude]
    rad = math.radians(angle)
    dx, dy = math.cos(rad), math.sin(rad)
    shift = offset * SPACING * unit

    def at(along: float, across: float) -> Point:
        across += shift
        return (dx * along - dy * across, dy * along + dx * across)

    tip, head, half = shape.tip * unit, shape.head * unit, shape.half * unit
    start, base, width = START * unit, tip - head, shape.shaft * unit
    inside = half * head / (half + math.hypot(half, head))  # the head's inner circle
    return Marker(
        altitude,
        (at(start, -width), at(base, -width), at(base, width), at(start, width)),
        (at(tip, 0.0), at(base, -half), at(base, half)),
        at(base + inside, 0.0),
    )


def markers(winds: Sequence[str], angles: Sequence[float], unit: float) -> list[Marker]:
    """The three markers: side by side where `winds` share a side, each at its angle."""
    placed = offsets(winds)
    return [marker(a, angles[a - 1], placed[a - 1], unit) for a in (1, 2, 3)]


# -- the sides' names --------------------------------------------------------------------

Box = tuple[float, float, float, float]  # left, bottom, right, top


def box_at(centre: Point, size: Point) -> Box:
    (x, y), (w, h) = centre, size
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def _axes(polygon: Sequence[Point]) -> Iterable[Point]:
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        yield (y0 - y1, x1 - x0)


def overlaps(box: Box, polygon: Sequence[Point], gap: float = 0.0) -> bool:
    """Does `box`, grown by `gap`, meet the convex `polygon`? (Separating axes.)"""
    left, bottom, right, top = box[0] - gap, box[1] - gap, box[2] + gap, box[3] + gap
    corners = [(left, bottom), (right, bottom), (right, top), (left, top)]
    for ax, ay in [(1.0, 0.0), (0.0, 1.0), *_axes(polygon)]:
        a = [ax * x + ay * y for x, y in corners]
        b = [ax * x + ay * y for x, y in polygon]
        if max(a) < min(b) or max(b) < min(a):
            return False
    return True


def boxes_meet(a: Box, b: Box, gap: float = 0.0) -> bool:
    return not (
        a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1]
    )


def inside(box: Box, width: float, height: float) -> bool:
    """Within the rose's own width and height."""
    return (
        -width / 2 <= box[0]
        and box[2] <= width / 2
        and -height / 2 <= box[1]
        and (box[3] <= height / 2)
    )


def _spots(index: int, size: Point, width: float, height: float) -> list[Point]:
    """Where side `index`'s name may go, best first: where the side's line meets the
    rose's edge, then along that edge, further from it each time."""
    w, h = size
    rad = math.radians(-60.0 * index)
    ux, uy = math.cos(rad), math.sin(rad)
    room_x = (width / 2 - 1 - w / 2) / abs(ux) if abs(ux) > 1e-9 else math.inf
    room_y = (height / 2 - 1 - h / 2) / abs(uy) if abs(uy) > 1e-9 else math.inf
    along = max(0.0, min(room_x, room_y))
    x, y = ux * along, uy * along
    if room_x <= room_y:  # on the left or right edge: slide up and down
        return [(x, y)] + [(x, y + s * k * h / 2) for k in range(1, 9) for s in (1, -1)]
    out = 1.0 if ux >= 0 else -1.0  # on the top or bottom edge: outwards first
    return [(x, y)] + [(x + s * k * h / 2, y) for k in range(1, 9) for s in (out, -out)]


def meets_disc(box: Box, radius: float, gap: float = 0.0) -> bool:
    """Does `box` come within `gap` of the disc of `radius` round the hub?"""
    x = min(max(0.0, box[0]), box[2])  # the box's point nearest the hub
    y = min(max(0.0, box[1]), box[3])
    return math.hypot(x, y) < radius + gap


def place_names(
    sizes: Sequence[Point],
    drawn: Sequence[Marker],
    width: float,
    height: float,
    disc: float = 0.0,
) -> list[Point]:
    """The centre of each side's name (`sizes` in `DIRECTIONS` order): the first spot
    clear of the disc of radius `disc`, of every marker and of the names placed
    before; else the first clear of the markers and names; else the first spot."""
    placed: list[Box] = []
    centres: list[Point] = []
    polygons = [p for m in drawn for p in m.polygons]

    def clear(box: Box, room: float) -> bool:
        return (
            inside(box, width, height)
            and not meets_disc(box, room, GAP if room else 0.0)
            and not any(overlaps(box, p, GAP) for p in polygons)
            and not any(boxes_meet(box, other, GAP) for other in placed)
        )

    for index, size in enumerate(sizes):
        spots = _spots(index, size, width, height)
        chosen = next(
            (s for room in (disc, 0.0) for s in spots if clear(box_at(s, size), room)),
            spots[0],
        )
        centres.append(chosen)
        placed.append(box_at(chosen, size))
    return centres


def clashes(
    names: Sequence[tuple[str, Box]],
    drawn: Sequence[Marker],
    width: float,
    height: float,
    disc: float = 0.0,
) -> list[str]:
    """What keeps a name from being read: out of the rose, on its disc (crowding it),
    over a marker or over another name."""
    found = []
    for index, (text, box) in enumerate(names):
        if not inside(box, width, height):
            found.append(f"{text!r} reaches out of the wind rose")
        if disc and meets_disc(box, disc):
            found.append(f"{text!r} lies on the rose's disc")
        hit = [m.altitude for m in drawn if any(overlaps(box, p) for p in m.polygons)]
        if hit:
            found.append(f"{text!r} covers the marker of altitude {hit[0]}")
        for other, other_box in names[index + 1 :]:
            if boxes_meet(box, other_box):
                found.append(f"{text!r} runs into {other!r}")
    return found
