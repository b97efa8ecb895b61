"""The wind rose's geometry (no Kivy), for every way the three markers can stand
(6 x 6 x 6): each marker is an arrow that points one way only, its tip in its side's
sector, no marker's head meets another marker, and the sides' names, even Polish
ones ("pn.-zach."), find a place clear of the markers and of each other. The
window's drawing is read back in tests/ui/test_ballonrennen_rose.py."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pytest

from companion.games.ballonrennen import DIRECTIONS
from companion.ui.tables.ballonrennen import rose

Point = tuple[float, float]
ALL_WINDS = list(itertools.product(DIRECTIONS, repeat=3))
# Each name's size at 16 px (800x480), measured from the app's font: the widest
# language (Polish) and the narrowest (English), in DIRECTIONS order.
NAMES = {
    "pl": [(41, 19), (67, 19), (64, 19), (38, 19), (64, 19), (67, 19)],
    "en": [(9, 19), (22, 19), (24, 19), (14, 19), (24, 19), (20, 19)],
}
ROSES = [(180.0, 160.0, 1.0), (270.0, 240.0, 1.5)]  # at 800x480 and 1280x720


def separated(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """Two convex polygons apart (an axis separates them)."""
    for polygon in (a, b):
        for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
            ax, ay = y0 - y1, x1 - x0
            pa = [ax * x + ay * y for x, y in a]
            pb = [ax * x + ay * y for x, y in b]
            if max(pa) <= min(pb) or max(pb) <= min(pa):
                return True
    return False


def markers(winds: Sequence[str], unit: float = 79.0) -> list[rose.Marker]:
    return rose.markers(winds, [rose.angle_of(w) for w in winds], unit)


@pytest.mark.parametrize("winds", ALL_WINDS, ids="-".join)
def test_each_marker_points_its_way_in_its_sector_and_meets_no_other(
    winds: tuple[str, str, str],
) -> None:
    drawn = markers(winds)
    for found, direction in zip(drawn, winds, strict=True):
        angle = rose.angle_of(direction)
        tip, left, right = found.head
        base = ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)
        tail = (
            (found.shaft[0][0] + found.shaft[3][0]) / 2,
            (found.shaft[0][1] + found.shaft[3][1]) / 2,
        )
        for start in (base, tail):  # the head and the whole arrow point the state's way
            pointing = math.degrees(math.atan2(tip[1] - start[1], tip[0] - start[0]))
            assert abs((pointing - angle + 180) % 360 - 180) < 1e-6
        length = math.dist(tail, tip)
        assert length >= 1.5 * math.dist(left, right)  # one way only: never a stubby head
        sector = math.degrees(math.atan2(tip[1], tip[0]))
        assert abs((sector - angle + 180) % 360 - 180) < 30
    for a, b in itertools.permutations(drawn, 2):
        assert separated(a.head, b.head) and separated(a.head, b.shaft), (a.altitude, b.altitude)


@pytest.mark.parametrize(("width", "height", "scale"), ROSES)
@pytest.mark.parametrize("lang", sorted(NAMES))
def test_the_names_make_way_for_the_markers_and_each_other(
    lang: str, width: float, height: float, scale: float
) -> None:
    unit = rose.unit_of(width, height, scale)
    disc = rose.DISC * unit  # the names sit outside the disc, not on it (issue 31.10)
    sizes = [(w * scale, h * scale) for w, h in NAMES[lang]]
    for winds in ALL_WINDS:
        drawn = markers(winds, unit)
        centres = rose.place_names(sizes, drawn, width, height, disc)
        names = [(d, rose.box_at(c, s)) for d, c, s in zip(DIRECTIONS, centres, sizes, strict=True)]
        assert rose.clashes(names, drawn, width, height, disc) == [], winds


@pytest.mark.parametrize("winds", ALL_WINDS, ids="-".join)
def test_the_markers_of_a_side_are_centred_on_it_as_a_group(winds: tuple[str, str, str]) -> None:
    # A pair or three centred (issue 31.10: the pair beside a third marker was drawn
    # at 0 and 1); a lone marker on its side's line, or half a spacing off it where
    # the pair is on a neighbouring side (their heads would meet).
    placed = rose.offsets(winds)
    for side in set(winds):
        together = [placed[a] for a in range(3) if winds[a] == side]
        if len(together) > 1:
            assert sum(together) == 0, (side, together)
        elif len(set(winds)) == 2:
            assert abs(together[0]) in (0.0, 0.5), (side, together)
        else:
            assert together == [0.0], (side, together)


def test_every_marker_tip_stays_near_the_disc() -> None:
    unit = rose.unit_of(180, 160, 1.0)
    for winds in ALL_WINDS:
        for found in markers(winds, unit):
            assert math.hypot(*found.head[0]) <= (rose.DISC + 0.01) * unit


def test_a_name_that_cannot_make_way_is_reported() -> None:
    drawn = markers(("E", "E", "E"))
    wide = [(200.0, 19.0)] * 6
    centres = rose.place_names(wide, drawn, 180, 160)
    names = [(d, rose.box_at(c, s)) for d, c, s in zip(DIRECTIONS, centres, wide, strict=True)]
    found = rose.clashes(names, drawn, 180, 160, 60.0)
    assert any("lies on the rose's disc" in f for f in found)
    assert any("runs into" in f for f in found)
    assert any("covers the marker" in f for f in found)
    assert any("reaches out of the wind rose" in f for f in found)
