"""The Ballonrennen wind rose as the window draws it: each marker's drawn shapes
(read back from the canvas, not the property that sets them) point where the state
says, for every marker at each of the hex board's six sides (the board has six, not
eight), alone and side by side with others; the markers are the same in every
language, and every side's name is readable (the harness's text check covers the
names the rose draws). The Favourable wind's marker arrows and the move's arrow
point the same way."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from kivy.graphics import Line, Quad, Rectangle, Triangle

from companion.games import ballonrennen as br
from companion.i18n import languages
from companion.ui.tables.ballonrennen.rose import angle_of
from companion.ui.tables.ballonrennen.widgets import BrWindRose
from tests.ui.harness import Harness

Point = tuple[float, float]


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    BrWindRose.turn_s = 0  # a marker is read where it comes to rest
    harness = Harness(tmp_path, new_game=("ballonrennen", ["Anna", "Ben"]))
    yield harness
    harness.close()


def pairs(points: Sequence[float]) -> list[Point]:
    return [(points[i], points[i + 1]) for i in range(0, len(points), 2)]


def drawn_points(canvas: Any, group: str) -> list[Point]:
    """The vertices of the shapes drawn in `group` (a line's points, a quad's or a
    triangle's corners)."""
    found: list[Point] = []
    for instruction in canvas.get_group(group):
        if isinstance(instruction, Line | Quad | Triangle):
            found += pairs(instruction.points)
    return found


def check_arrow(points: list[Point], hub: Point, direction: str, what: str) -> Point:
    """Drawn vertices read as an arrow pointing at `direction`: one tip, farthest that
    way, straight ahead of the middle of the tail end, and a shape much longer that
    way than it is wide (a near-equilateral head alone reads as pointing at any of
    its corners). Returns the tip."""
    assert points, f"{what}: nothing drawn"
    angle = math.radians(angle_of(direction))
    ux, uy = math.cos(angle), math.sin(angle)
    along = [(x - hub[0]) * ux + (y - hub[1]) * uy for x, y in points]
    across = [-(x - hub[0]) * uy + (y - hub[1]) * ux for x, y in points]
    length, width = max(along) - min(along), max(across) - min(across)
    assert length >= 1.5 * width, f"{what}: {length:.1f} long, {width:.1f} wide"
    ahead = sorted(along, reverse=True)
    assert ahead[0] - ahead[1] > 0.2 * length, f"{what}: no single tip"
    tip = points[along.index(ahead[0])]
    tail = [p for p, a in zip(points, along, strict=True) if a - min(along) < 0.05 * length]
    tail_x = sum(p[0] for p in tail) / len(tail)
    tail_y = sum(p[1] for p in tail) / len(tail)
    pointing = math.degrees(math.atan2(tip[1] - tail_y, tip[0] - tail_x))
    off = (pointing - math.degrees(angle) + 180) % 360 - 180
    assert abs(off) < 1.0, f"{what}: points at {pointing:.1f} degrees, not {direction}"
    return tip


def inside_triangle(point: Point, corners: list[Point]) -> bool:
    (x, y), (a, b, c) = point, corners
    signs = [
        (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]) for p, q in ((a, b), (b, c), (c, a))
    ]
    return all(s > 0 for s in signs) or all(s < 0 for s in signs)


def check_rose(ui: Harness) -> dict[int, list[Point]]:
    """Every marker of the rose on screen as the state says; returns what was drawn."""
    rose = ui.screen.ids.rose
    winds = br.RULES.winds(ui.app.model.state)
    hub = tuple(rose.center)
    drawn = {}
    for altitude in (1, 2, 3):
        direction = winds[str(altitude)]
        points = drawn_points(rose.canvas, f"marker_{altitude}")
        what = f"the altitude {altitude} marker at {direction}"
        tip = check_arrow(points, hub, direction, what)
        sector = math.degrees(math.atan2(tip[1] - hub[1], tip[0] - hub[0]))
        off = (sector - angle_of(direction) + 180) % 360 - 180
        assert abs(off) < 30, f"{what}: its tip is in the sector at {sector:.0f} degrees"
        head = next(
            i for i in rose.canvas.get_group(f"marker_{altitude}") if isinstance(i, Triangle)
        )
        digit = next(
            i for i in rose.canvas.get_group(f"digit_{altitude}") if isinstance(i, Rectangle)
        )
        middle = (digit.pos[0] + digit.size[0] / 2, digit.pos[1] + digit.size[1] / 2)
        assert inside_triangle(middle, pairs(head.points)), f"{what}: its digit is off its head"
        drawn[altitude] = points
    return drawn


def check_every_language(ui: Harness) -> None:
    """The rose as the state says in every language, with the same markers in each
    (a long name never shrinks them), and every name readable."""
    drawn = {}
    for lang in languages():
        ui.app.set_language(lang)
        ui.step(3)
        ui.check_texts(any_size=True)
        drawn[lang] = check_rose(ui)
    ui.app.set_language("en")
    ui.step(2)
    assert all(d == drawn["en"] for d in drawn.values()), "the markers change with the language"


def turn(ui: Harness, card: str, **favourable: Any) -> None:
    """A turn whose wind card is `card` (and a Favourable wind's turn of a marker)."""
    model = ui.app.model
    assert model.act("wind_card", card=card)
    if favourable:
        ui.step(2)
        check_favourable_arrows(ui)
        assert model.act("favourable", **favourable)
    assert model.act("end_turn")
    ui.step(3)


def check_favourable_arrows(ui: Harness) -> None:
    """The Favourable wind's panel: each marker's arrow points at its side."""
    from companion.ui.tables.ballonrennen.widgets import BrMarker

    markers = [w for w in ui.screen.ids.panel.walk() if isinstance(w, BrMarker)]
    assert len(markers) == 3
    winds = br.RULES.winds(ui.app.model.state)
    for marker in markers:
        arrow = marker.children[-1]  # the arrow above the marker's words
        assert marker.direction == winds[str(marker.altitude)]
        points = drawn_points(arrow.canvas, "arrow")
        check_arrow(points, tuple(arrow.center), marker.direction, f"marker {marker.altitude}")


def test_every_marker_points_at_each_side_in_every_language(ui: Harness) -> None:
    seen: dict[int, set[str]] = {1: set(), 2: set(), 3: set()}
    for _ in range(6):  # "All winds" turns each marker one side: each visits all six
        check_every_language(ui)
        for altitude, direction in br.RULES.winds(ui.app.model.state).items():
            seen[int(altitude)].add(direction)
        turn(ui, "turn_all")
    assert all(sides == set(br.DIRECTIONS) for sides in seen.values())
    # Favourable winds put the markers side by side: two, two beside a third on a
    # neighbouring side, and all three on one side.
    assert br.RULES.winds(ui.app.model.state) == {"1": "W", "2": "SE", "3": "E"}
    for altitude, way in ((1, "ccw"), (2, "cw"), (3, "cw"), (3, "cw")):
        turn(ui, "favourable", altitude=altitude, rotate=way)
        check_every_language(ui)
    assert br.RULES.winds(ui.app.model.state) == {"1": "SW", "2": "SW", "3": "SW"}
    ui.shots("ballonrennen-rose-together")
