"""Drawings of the Ballonrennen table: the wind rose with its three markers, an arrow
for one direction, the wind cards' icons, the gas canister, sandbag and mail sack
tokens and a player's balance of canisters against ballast. Only drawing here: what
to draw comes from the rules' summary through the screen.
"""

from __future__ import annotations

import math

from kivy.animation import Animation
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Quad, Rectangle, RoundedRectangle, Triangle
from kivy.graphics.texture import Texture
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.games.ballonrennen import DIRECTIONS
from companion.ui import theme
from companion.ui.context import running_app
from companion.ui.tables.ballonrennen import rose
from companion.ui.tables.ballonrennen.rose import angle_of
from companion.ui.widgets import Redrawn, Tap, Token

CANISTER = "#9CC3E6"
SANDBAG = "#C8A26B"
SACK = "#F0E442"  # the rulebook's mail sacks are yellow
MARKER_LENGTH = (0.6, 0.8, 1.0)  # altitude 1 small, 3 large (of an arrow icon)
MARKER_WIDTH = (2.5, 4.5, 6.5)


def nearest(current: float, target: float) -> float:
    """`target` plus whole turns, as close as possible to `current` (the short way)."""
    return target + 360.0 * round((current - target) / 360.0)


def scale() -> float:
    app = running_app()
    return float(getattr(app, "scale", 1.0))


def text_texture(text: str, size: float, bold: bool = True, colour: str = theme.TEXT) -> Texture:
    label = CoreLabel(text=text, font_size=size, bold=bold, color=theme.rgba(colour))
    label.refresh()
    return label.texture


def draw_arrow(
    cx: float,
    cy: float,
    angle: float,
    length: float,
    width: float,
    start: float = 0.0,
    group: str | None = None,
) -> None:
    """An arrow from `start` to `length` away from (cx, cy), pointing at `angle`; its
    instructions in `group` (where a test reads back what was drawn)."""
    rad = math.radians(angle)
    dx, dy = math.cos(rad), math.sin(rad)
    head = max(width * 3.2, length * 0.22)
    x0, y0 = cx + dx * start, cy + dy * start
    tip_x, tip_y = cx + dx * length, cy + dy * length
    base_x, base_y = tip_x - dx * head, tip_y - dy * head
    Line(points=[x0, y0, base_x, base_y], width=width, cap="round", group=group)
    half = head * 0.55
    Triangle(
        points=[
            tip_x,
            tip_y,
            base_x - dy * half,
            base_y + dx * half,
            base_x + dy * half,
            base_y - dx * half,
        ],
        group=group,
    )


class BrWindRose(Redrawn):
    """The three wind markers on the six sides of the hex board, as arrows of three
    sizes (altitude 1 small, 3 large) with the altitude in the head; the geometry is
    `rose`'s. Markers on the same side lie next to each other. A marker turns (in at
    most 200 ms) when a card turns it; the one that moves the current balloon wears
    the accent colour. Each marker's shapes are drawn in the canvas group
    `marker_<altitude>`, its digit in `digit_<altitude>`."""

    winds = ListProperty(["W", "SE", "E"])  # the markers of altitude 1, 2, 3
    labels = ListProperty(list(DIRECTIONS))  # the six sides' short names, translated
    active = NumericProperty(0)  # the altitude whose marker moves the balloon (0: none)
    angle_1 = NumericProperty(0.0)
    angle_2 = NumericProperty(0.0)
    angle_3 = NumericProperty(0.0)
    turn_s = 0.2  # tests set 0 so a screenshot never catches a marker half-turned

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.texts: list[tuple[str, float, rose.Box]] = []  # each name: size, box
        self.watch("labels", "active", "angle_1", "angle_2", "angle_3")
        self._set_angles(animate=False)
        self.bind(winds=lambda *_: self._set_angles(animate=True))

    def _set_angles(self, animate: bool) -> None:
        for altitude, direction in enumerate(self.winds[:3], start=1):
            name = f"angle_{altitude}"
            target = nearest(getattr(self, name), angle_of(direction))
            Animation.cancel_all(self, name)
            if animate and self.turn_s > 0 and target != getattr(self, name):
                Animation(**{name: target}, d=self.turn_s, t="out_quad").start(self)
            else:
                setattr(self, name, target)

    @property
    def unit(self) -> float:
        return float(rose.unit_of(self.width, self.height, scale()))

    @property
    def disc(self) -> float:
        """The disc's radius: the names sit in the ring outside it."""
        return rose.DISC * self.unit

    def settled(self) -> list[rose.Marker]:
        """The markers where they come to rest (the names make way for these)."""
        winds = [str(w) for w in self.winds[:3]]
        return rose.markers(winds, [angle_of(w) for w in winds], self.unit)

    def draw(self) -> None:
        cx, cy = self.center
        unit = self.unit
        Color(*theme.rgba(theme.PANEL))
        disc = self.disc
        Ellipse(pos=(cx - disc, cy - disc), size=(disc * 2, disc * 2))
        self._draw_names(cx, cy)
        angles = [float(getattr(self, f"angle_{a}")) for a in (1, 2, 3)]
        drawn = rose.markers([str(w) for w in self.winds[:3]], angles, unit)
        for found in reversed(drawn):  # the largest first: a smaller one shows on top
            self._draw_marker(cx, cy, found)
        Color(*theme.rgba(theme.TEXT_DIM))
        dot = unit * 0.05
        Ellipse(pos=(cx - dot, cy - dot), size=(dot * 2, dot * 2))

    def _draw_names(self, cx: float, cy: float) -> None:
        size = 16.0 * scale()
        textures = [
            text_texture(t, size, bold=False, colour=theme.TEXT_DIM) for t in self.labels[:6]
        ]
        sizes = [(float(t.width), float(t.height)) for t in textures]
        centres = rose.place_names(sizes, self.settled(), self.width, self.height, self.disc)
        self.texts = []
        for text, texture, centre, wh in zip(self.labels, textures, centres, sizes, strict=False):
            box = rose.box_at(centre, wh)
            self.texts.append((str(text), size, box))
            Color(1, 1, 1, 1)
            Rectangle(texture=texture, pos=(cx + box[0], cy + box[1]), size=wh)

    def _draw_marker(self, cx: float, cy: float, found: rose.Marker) -> None:
        altitude = found.altitude
        group = f"marker_{altitude}"
        colour = theme.ACCENT if altitude == self.active else theme.TEXT
        Color(*theme.rgba(colour), group=group)
        Quad(points=[c for x, y in found.shaft for c in (cx + x, cy + y)], group=group)
        Triangle(points=[c for x, y in found.head for c in (cx + x, cy + y)], group=group)
        # the altitude in the head, dark on the marker's colour
        texture = text_texture(str(altitude), 16.0 * scale(), colour=theme.BACKGROUND)
        w, h = texture.size
        x, y = cx + found.digit[0], cy + found.digit[1]
        Color(1, 1, 1, 1)
        Rectangle(
            texture=texture, pos=(x - w / 2, y - h / 2), size=(w, h), group=f"digit_{altitude}"
        )

    def drawn_text_trouble(self, min_px: float) -> list[str]:
        """What keeps the names drawn on the rose from being read (the UI tests' check
        of every text on screen asks each widget that draws its own)."""
        found = [
            f"{t!r} in {size:.1f} px, below {min_px:.0f}"
            for t, size, _ in self.texts
            if size < min_px
        ]
        names = [(t, box) for t, _, box in self.texts]
        return found + rose.clashes(names, self.settled(), self.width, self.height, self.disc)


class DirectionArrow(Redrawn):
    """One arrow for a direction; `altitude` 1..3 gives the marker's size, 0 a plain
    arrow. No direction: a dot (the balloon stays)."""

    direction = StringProperty("")
    altitude = NumericProperty(0)
    colour = StringProperty(theme.TEXT)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.watch("direction", "altitude", "colour")

    def draw(self) -> None:
        half = min(self.width, self.height) / 2
        cx, cy = self.center
        Color(*theme.rgba(self.colour))
        if self.direction not in DIRECTIONS:
            dot = half * 0.25
            Ellipse(pos=(cx - dot, cy - dot), size=(dot * 2, dot * 2), group="dot")
            return
        angle = angle_of(self.direction)
        rad = math.radians(angle)
        dx, dy = math.cos(rad), math.sin(rad)
        # as long as the widget allows for every side: one altitude, one length
        room = min(
            min(self.width / max(abs(math.cos(a)), 1e-6), self.height / max(abs(math.sin(a)), 1e-6))
            for a in (math.radians(angle_of(d)) for d in DIRECTIONS)
        )
        size = MARKER_LENGTH[int(self.altitude) - 1] if self.altitude else 0.9
        length = room * size * 0.9
        width = (MARKER_WIDTH[int(self.altitude) - 1] if self.altitude else 3.5) * scale()
        width = min(width, length * 0.06)  # a short arrow stays slim: never a blob
        # centred on the widget: start half the length behind the centre
        sx, sy = cx - dx * length / 2, cy - dy * length / 2
        draw_arrow(sx, sy, angle, length, width, group="arrow")


class CardIcon(Redrawn):
    """A wind card's small picture: a turning arrow with the altitude, an arrow up or
    down, a +1 or -1, calm's still lines."""

    card = StringProperty("")
    colour = StringProperty(theme.TEXT)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.watch("card", "colour")

    def draw(self) -> None:
        side = min(self.width, self.height)
        cx, cy = self.center
        r = side * 0.38
        width = max(1.5, side * 0.07)
        Color(*theme.rgba(self.colour))
        card = self.card
        if card in ("cw", "ccw"):  # which way a marker turns
            Line(circle=(cx, cy, r, 60, 300), width=width)
            self._head(cx, cy, r, 300 if card == "cw" else 60, width * 1.4, back=card == "ccw")
        elif card.startswith("turn_") or card == "favourable":
            Line(circle=(cx, cy, r, 30, 300), width=width)
            self._head(cx, cy, r, 300, width)
            if card == "favourable":
                self._head(cx, cy, r, 30, width, back=True)
            if card == "turn_all":
                Line(circle=(cx, cy, r * 0.5, 30, 300), width=width)
        elif card in ("updraught", "downdraught"):
            angle = 90.0 if card == "updraught" else -90.0
            rad = math.radians(angle)
            draw_arrow(cx - math.cos(rad) * r, cy - math.sin(rad) * r, angle, 2 * r, width)
        elif card in ("weak", "rising"):  # a minus, a plus
            Rectangle(pos=(cx - r, cy - width), size=(2 * r, 2 * width))
            if card == "rising":
                Rectangle(pos=(cx - width, cy - r), size=(2 * width, 2 * r))
        elif card == "calm":
            for dy in (-0.22, 0.0, 0.22):
                Line(points=[cx - r, cy + dy * side, cx + r, cy + dy * side], width=width)

    def _head(
        self, cx: float, cy: float, r: float, at: float, width: float, back: bool = False
    ) -> None:
        # Kivy's circle angles run clockwise from 12 o'clock
        rad = math.radians(90 - at)
        x, y = cx + math.cos(rad) * r, cy + math.sin(rad) * r
        tangent = rad - math.pi / 2 if not back else rad + math.pi / 2
        tx, ty = math.cos(tangent), math.sin(tangent)
        nx, ny = -ty, tx
        head = width * 2.6
        Triangle(
            points=[
                x + tx * head,
                y + ty * head,
                x + nx * head * 0.7,
                y + ny * head * 0.7,
                x - nx * head * 0.7,
                y - ny * head * 0.7,
            ]
        )


def draw_canister(x: float, y: float, side: float) -> None:
    w = side * 0.56
    x += (side - w) / 2
    Color(*theme.rgba(CANISTER))
    RoundedRectangle(pos=(x, y), size=(w, side * 0.84), radius=[w * 0.3])
    Rectangle(pos=(x + w * 0.3, y + side * 0.8), size=(w * 0.4, side * 0.2))
    Color(0.2, 0.3, 0.4, 1)
    Line(points=[x + w * 0.2, y + side * 0.45, x + w * 0.8, y + side * 0.45], width=1.2)


def draw_sandbag(x: float, y: float, side: float) -> None:
    Color(*theme.rgba(SANDBAG))
    Ellipse(pos=(x + side * 0.05, y), size=(side * 0.9, side * 0.72))
    Triangle(
        points=[
            x + side * 0.3,
            y + side * 0.6,
            x + side * 0.7,
            y + side * 0.6,
            x + side * 0.5,
            y + side * 0.98,
        ]
    )
    Color(0.4, 0.28, 0.12, 1)
    Line(points=[x + side * 0.36, y + side * 0.7, x + side * 0.64, y + side * 0.7], width=1.4)


def draw_sack(x: float, y: float, side: float) -> None:
    Color(*theme.rgba(SACK))
    RoundedRectangle(pos=(x, y), size=(side, side * 0.8), radius=[side * 0.15])
    Color(0.3, 0.26, 0.05, 1)
    h = side * 0.8
    Line(points=[x, y + h, x + side / 2, y + h * 0.45, x + side, y + h], width=1.4)


class BallastToken(Token):
    """The Ballonrennen tokens as shapes: `canister`, `sandbag`, `sack` (the mail)."""

    def _draw_canister(self, x: float, y: float, side: float) -> None:
        draw_canister(x, y, side)

    def _draw_sandbag(self, x: float, y: float, side: float) -> None:
        draw_sandbag(x, y, side)

    def _draw_sack(self, x: float, y: float, side: float) -> None:
        draw_sack(x, y, side)


class Balance(Redrawn):
    """The tokens in front of a player as the rulebook lays them out: each sandbag
    and the mail sack under a gas canister. A canister with nothing under it lifts
    a flying balloon, so those are outlined: their count is the altitude in the air.
    On the ground nothing lifts it: no canister is outlined."""

    gas = NumericProperty(0)
    sandbags = NumericProperty(0)
    mail_sack = NumericProperty(0)
    flying = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.watch("gas", "sandbags", "mail_sack", "flying")

    def draw(self) -> None:
        gas, ballast = int(self.gas), int(self.mail_sack) + int(self.sandbags)
        columns = max(gas, ballast, 1)
        gap = 3 * scale()
        side = min((self.width - gap * (columns - 1)) / columns, (self.height - gap) / 2)
        for column in range(columns):
            x = self.x + column * (side + gap)
            top, bottom = self.top - side, self.top - 2 * side - gap
            if column < gas:
                if column >= ballast and self.flying:  # lift: outlined in the accent colour
                    Color(*theme.rgba(theme.ACCENT), group="lift")
                    Line(
                        rounded_rectangle=(x - 1, top - 1, side + 2, side + 2, side * 0.2),
                        width=1.3,
                        group="lift",
                    )
                draw_canister(x, top, side)
            if column < int(self.mail_sack):
                draw_sack(x, bottom, side)
            elif column < ballast:
                draw_sandbag(x, bottom, side)


class CostTap(ButtonBehavior, BoxLayout):
    """One altitude to choose: the tokens it costs as shapes with their counts, or a
    word (now, stay, land) when it costs none."""

    gas = NumericProperty(0)
    sandbags = NumericProperty(0)
    word = StringProperty("")
    current = BooleanProperty(False)


class CardTap(ButtonBehavior, BoxLayout):
    """A wind card to tap: its icon above its short name."""

    card = StringProperty("")
    label = StringProperty("")


class MarkerTap(ButtonBehavior, BoxLayout):
    """Turn a marker one side: which way (an arc) and the direction it then shows."""

    label = StringProperty("")
    way = StringProperty("cw")


class BrPlayerRow(ButtonBehavior, BoxLayout):
    """A balloon's tokens and place at a glance; a tap opens the corrections."""

    name = StringProperty("")
    colour_name = StringProperty("")
    detail = StringProperty("")
    swatch = ListProperty([1, 1, 1, 1])
    current = BooleanProperty(False)
    gas = NumericProperty(0)
    sandbags = NumericProperty(0)
    mail_sack = NumericProperty(0)
    altitude = StringProperty("0")
    flying = BooleanProperty(False)


class BrLadderRow(BoxLayout):
    altitude = StringProperty("0")


class BrDraw(BoxLayout):
    left = StringProperty("")


class BrCardShown(BoxLayout):
    card = StringProperty("")
    title = StringProperty("")
    says = StringProperty("")


class BrMarker(BoxLayout):
    """A wind marker as it is: its arrow and, under it, the altitude and the
    direction's name, or its abbreviation where the name does not fit ("2: SW")."""

    altitude = NumericProperty(1)
    direction = StringProperty("")
    label = StringProperty("")  # "2: south-west"
    short = StringProperty("")  # "2: SW"
    shown = StringProperty("")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.bind(width=self._choose, label=self._choose, short=self._choose)
        self._choose()

    def _choose(self, *_: object) -> None:
        wide = text_texture(self.label, 16 * scale(), bold=False).width
        self.shown = self.label if wide <= self.width or not self.short else self.short


class BrEventTap(Tap):
    """An event of the move; `legal` False only dims it (a tap lets the rules say why)."""

    legal = BooleanProperty(True)
