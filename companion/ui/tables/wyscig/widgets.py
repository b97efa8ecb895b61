"""Widgets of the Wyścig balonów table: an order card in the round's order, a
player's tokens and the tokens' shapes. Looks in wyscig.kv."""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle, Triangle
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme
from companion.ui.widgets import Token


class OrderChip(BoxLayout):
    """An order card and its player's name (no colour: a player owns no balloon)."""

    label = StringProperty("")
    name = StringProperty("")
    current = BooleanProperty(False)


class PlayerRow(ButtonBehavior, BoxLayout):
    """A player's tokens at a glance; a tap opens the corrections."""

    name = StringProperty("")
    mail = NumericProperty(0)
    penalty = NumericProperty(0)
    current = BooleanProperty(False)


class WyscigToken(Token):
    """The Wyścig balonów tokens as shapes: `mail` an envelope, `penalty` a red disc
    with a minus, `obstacle` a grey square, `balloon` a filled circle with a basket."""

    colour = ColorProperty(theme.rgba(theme.MAIL))

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.watch("colour")

    def _draw_mail(self, x: float, y: float, side: float) -> None:
        h = side * 0.7
        y += (side - h) / 2
        Color(*theme.rgba(theme.MAIL))
        Rectangle(pos=(x, y), size=(side, h))
        Color(0.35, 0.28, 0.15, 1)
        Line(points=[x, y + h, x + side / 2, y + h * 0.42, x + side, y + h], width=1.6)
        Line(rectangle=(x, y, side, h), width=1.2)

    def _draw_penalty(self, x: float, y: float, side: float) -> None:
        Color(*theme.rgba(theme.PENALTY))
        Ellipse(pos=(x, y), size=(side, side))
        Color(1, 1, 1, 1)
        Rectangle(pos=(x + side * 0.22, y + side * 0.42), size=(side * 0.56, side * 0.16))

    def _draw_obstacle(self, x: float, y: float, side: float) -> None:
        Color(0.55, 0.58, 0.64, 1)
        RoundedRectangle(pos=(x, y), size=(side, side), radius=[side * 0.12])
        Color(0.2, 0.22, 0.27, 1)
        Triangle(
            points=[
                x + side * 0.2,
                y + side * 0.25,
                x + side * 0.8,
                y + side * 0.25,
                x + side * 0.5,
                y + side * 0.78,
            ]
        )

    def _draw_balloon(self, x: float, y: float, side: float) -> None:
        Color(*self.colour)
        Ellipse(pos=(x + side * 0.12, y + side * 0.28), size=(side * 0.76, side * 0.72))
        Color(0.55, 0.38, 0.2, 1)
        Rectangle(pos=(x + side * 0.4, y), size=(side * 0.2, side * 0.16))
