"""Widgets of the Wyścig balonów table: an order card in the round's order and a
player's tokens. Looks in wyscig.kv."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.ui import theme


class OrderChip(BoxLayout):
    label = StringProperty("")
    name = StringProperty("")
    swatch = ColorProperty(theme.rgba(theme.TEXT))
    current = BooleanProperty(False)


class PlayerRow(ButtonBehavior, BoxLayout):
    """A player's tokens at a glance; a tap opens the corrections."""

    name = StringProperty("")
    swatch = ColorProperty(theme.rgba(theme.TEXT))
    mail = NumericProperty(0)
    penalty = NumericProperty(0)
    current = BooleanProperty(False)
