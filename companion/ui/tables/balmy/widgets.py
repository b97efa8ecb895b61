"""Widgets of the Balmy Balloonists table: its tokens drawn as shapes, the wind rose
with the two silver markers, a rung of the altitude ladder, a step of the checklist
and a balloon of the overview. Looks in balmy.kv; the drawing that depends on data
is here. No rules: they draw what they are given.
"""

from __future__ import annotations

import math

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle, Triangle
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.tables.balmy.view import RosePoint
from companion.ui.widgets import Redrawn, Tap

SILVER = "#C9D1DC"


class BalmyToken(Redrawn):
    """A token as its shape: `fuel` a red drop, `gas` a helium canister, `ballast` a
    sandbag, `hand` cards held fanned, `in_front` a card lying face up."""

    kind = StringProperty("fuel")
    tint = StringProperty("")  # the card back's colour (the balloon's), for cards

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.watch("kind", "tint")

    def draw(self) -> None:
        side = min(self.width, self.height)
        x, y = self.center_x - side / 2, self.center_y - side / 2
        getattr(self, f"_draw_{self.kind}", self._draw_fuel)(x, y, side)

    def _draw_fuel(self, x: float, y: float, side: float) -> None:
        Color(*theme.rgba("#E0504A"))
        r = side * 0.34
        Ellipse(pos=(x + side / 2 - r, y + side * 0.06), size=(2 * r, 2 * r))
        Triangle(
            points=[x + side / 2 - r * 0.93, y + side * 0.06 + r * 1.35,
                    x + side / 2 + r * 0.93, y + side * 0.06 + r * 1.35,
                    x + side / 2, y + side * 0.98]
        )  # fmt: skip

    def _draw_gas(self, x: float, y: float, side: float) -> None:
        Color(*theme.rgba("#F0E442"))
        RoundedRectangle(
            pos=(x + side * 0.22, y), size=(side * 0.56, side * 0.8), radius=[side * 0.2]
        )
        Color(*theme.rgba("#8A8F99"))
        Rectangle(pos=(x + side * 0.4, y + side * 0.8), size=(side * 0.2, side * 0.16))

    def _draw_ballast(self, x: float, y: float, side: float) -> None:
        Color(*theme.rgba("#B8A27A"))
        RoundedRectangle(
            pos=(x + side * 0.08, y), size=(side * 0.84, side * 0.7), radius=[side * 0.22]
        )
        Color(*theme.rgba("#6B5A3C"))
        Triangle(
            points=[x + side * 0.3, y + side * 0.95, x + side * 0.7, y + side * 0.95,
                    x + side * 0.5, y + side * 0.66]
        )  # fmt: skip

    def _card(self, x: float, y: float, w: float, h: float) -> None:
        Color(*theme.rgba(self.tint or theme.TEXT_DIM))
        RoundedRectangle(pos=(x, y), size=(w, h), radius=[w * 0.14])
        Color(*theme.rgba(theme.BACKGROUND))
        Line(rounded_rectangle=(x, y, w, h, w * 0.14), width=1.2)

    def _draw_hand(self, x: float, y: float, side: float) -> None:
        w, h = side * 0.5, side * 0.78
        self._card(x + side * 0.08, y + side * 0.04, w, h)
        self._card(x + side * 0.26, y + side * 0.1, w, h)
        self._card(x + side * 0.44, y + side * 0.16, w, h)

    def _draw_in_front(self, x: float, y: float, side: float) -> None:
        w, h = side * 0.9, side * 0.62
        self._card(x + side * 0.05, y + side * 0.19, w, h)


class BalmyWindRose(Redrawn):
    """The rose at the North Pole: six points in rose order (clockwise from the top),
    each in its balloon's colour with the colour's name; the silver markers drawn as
    discs on the marked points; the current balloon's point ringed."""

    points = ListProperty([])  # view.RosePoint
    markers = ListProperty([])  # colours
    current = StringProperty("")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.watch("points", "markers", "current")

    def draw(self) -> None:
        count = len(self.points)
        if not count:
            return
        scale = running_app().scale
        side = min(self.width, self.height)
        cx, cy = self.center_x, self.center_y
        outer = side * 0.31
        Color(*theme.rgba(theme.PANEL_HIGH))
        Ellipse(pos=(cx - outer * 0.22, cy - outer * 0.22), size=(outer * 0.44, outer * 0.44))
        for index, point in enumerate(self.points):
            angle = math.pi / 2 - 2 * math.pi * index / count  # clockwise from the top
            self._point(point, angle, cx, cy, outer, side, scale)

    def _point(
        self,
        point: RosePoint,
        angle: float,
        cx: float,
        cy: float,
        outer: float,
        side: float,
        scale: float,
    ) -> None:
        dx, dy = math.cos(angle), math.sin(angle)
        px, py = -dy, dx  # across the point
        inner, half = outer * 0.3, outer * 0.26  # points start off the centre: no overlap
        bx, by = cx + dx * inner, cy + dy * inner
        corners = [bx + px * half, by + py * half, bx - px * half, by - py * half]
        tip = [cx + dx * outer, cy + dy * outer]
        alpha = 1.0 if point.racing else (0.45 if point.in_game else 0.18)
        Color(*theme.rgba(point.hex, alpha))
        Triangle(points=[*corners, *tip])
        if point.colour == self.current:
            Color(*theme.rgba(theme.ACCENT))
            Line(points=[*corners, *tip], close=True, width=2.2 * scale)
        if point.colour in self.markers:
            r = side * 0.055
            mx, my = cx + dx * outer * 0.6, cy + dy * outer * 0.6
            Color(*theme.rgba(SILVER))
            Ellipse(pos=(mx - r, my - r), size=(2 * r, 2 * r))
            Color(*theme.rgba(theme.INK))
            Line(circle=(mx, my, r), width=1.4)
        self._name(point, cx + dx * outer * 1.45, cy + dy * outer * 1.3, alpha, scale)

    def _name(self, point: RosePoint, x: float, y: float, alpha: float, scale: float) -> None:
        text = CoreLabel(text=point.name, font_size=16 * scale, bold=point.in_game)
        text.refresh()
        texture = text.texture
        Color(*theme.rgba(theme.TEXT, max(alpha, 0.5)))
        w, h = texture.size
        x = min(max(x, self.x + w / 2), self.right - w / 2)  # a long name stays on the rose
        Rectangle(texture=texture, pos=(x - w / 2, y - h / 2), size=(w, h))


class BalmyLevel(Tap):
    """One rung of the altitude ladder: its name and what choosing it costs."""

    level = StringProperty("")
    cost = StringProperty("")
    token = StringProperty("")  # the token it costs ("ballast" or "gas"), "" if none
    current = BooleanProperty(False)
    allowed = BooleanProperty(False)
    swatch = ColorProperty(theme.rgba(theme.TEXT))


class BalmyChoice(Tap):
    """A balloon to choose: drawn in the balloon's own colour when chosen (its name
    in dark or light letters, whichever reads on it), else a panel with a stripe of
    that colour; never in the accent, which means what GO does next."""

    hex = StringProperty(theme.TEXT)
    active = BooleanProperty(False)


class BalmyStep(BoxLayout):
    """One of the six steps; `status` done, current or todo draws its mark."""

    text = StringProperty("")
    status = StringProperty("todo")


class BalmyOverviewRow(ButtonBehavior, BoxLayout):
    """One balloon in the overview: colour, owner, altitude, tokens, cards, badges;
    a tap opens its corrections."""

    colour = StringProperty("")
    title = StringProperty("")
    altitude = StringProperty("")
    swatch = ColorProperty(theme.rgba(theme.TEXT))
    current = BooleanProperty(False)
    fuel = NumericProperty(0)
    gas = NumericProperty(0)
    ballast = NumericProperty(0)
    cards = StringProperty("")
    badges = StringProperty("")
