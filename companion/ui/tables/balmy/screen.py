"""The Balmy Balloonists table: the current balloon (its colour, owner, tokens and
cards), GO with the optional turn timer, undo and pause on the left; on the right
tabs for the altitude ladder, the cards, the luck cards, the board's events, the
six-step checklist and the overview of every balloon with the wind rose.

The tabs (`tabs.py`) and the questions (`asks.py`) ask `RULES`' helpers what is
possible and send actions through this screen; a refused tap shows the rule's
sentence. Strings come from `text.T`."""

from __future__ import annotations

from typing import Any, ClassVar

from kivy.factory import Factory
from kivy.properties import NumericProperty, StringProperty

from companion.core.messages import Message
from companion.games import balmy_balloonists as bb
from companion.ui import theme
from companion.ui.tables.balmy import view
from companion.ui.tables.balmy.asks import Asks
from companion.ui.tables.balmy.tabs import (
    BalloonsTab,
    BoardTab,
    CardsTab,
    LadderTab,
    LuckTab,
    StepsTab,
)
from companion.ui.tables.balmy.text import T, altitude_name, balloon_hex
from companion.ui.tables.base.screen import TableScreen
from companion.ui.widgets import sized


class BalmyScreen(TableScreen):
    tab = StringProperty("cards")
    kept: ClassVar[tuple[str, ...]] = ("tab",)  # the tab open at the last visit
    owner = StringProperty("")
    balloon_colour = StringProperty("")  # the current balloon's colour id
    balloon_text = StringProperty("")
    balloon_hex = StringProperty(theme.TEXT)
    altitude_text = StringProperty("")
    fuel = NumericProperty(0)
    gas = NumericProperty(0)
    ballast = NumericProperty(0)
    hand = NumericProperty(0)
    in_front = NumericProperty(0)
    event_target = StringProperty("")  # the balloon a zone or mountain names

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._turn: int | None = None
        self.asks = Asks(self)
        self.board = BoardTab(self)
        self.tabs = (
            LadderTab(self),
            CardsTab(self),
            LuckTab(self),
            self.board,
            StepsTab(self),
            BalloonsTab(self),
        )

    @property
    def state(self) -> bb.State:
        state: bb.State = self.model.state
        return state

    def tr(self, message: Message | None) -> str:
        return str(self.app.tr(message))

    def colour(self, colour: str) -> str:
        return str(self.app.colour_name(colour))

    def new_game(self) -> None:
        self._turn = None

    def on_enter(self, *_: Any) -> None:
        self.asks.advantage_if_unrecorded()

    # -- showing -------------------------------------------------------------------
    def show_state(self) -> None:
        state = self.state
        balloon = state.active
        self.owner = balloon.owner
        self.balloon_colour = balloon.colour
        self.balloon_text = self.tr(T("balloon", colour=balloon.colour))
        self.balloon_hex = balloon_hex(balloon.colour)
        self.altitude_text = self.tr(altitude_name(balloon.altitude))
        self.fuel, self.gas, self.ballast = balloon.fuel, balloon.gas, balloon.ballast
        self.hand, self.in_front = balloon.hand, balloon.in_front
        if state.turn.number != self._turn:  # a new balloon's turn: its first step's tab
            self._turn = state.turn.number
            self.tab = "cards" if bb.RULES.current_step(state) == 1 else "altitude"
            self.event_target = balloon.colour
        for tab in self.tabs:
            tab.build(state)
        self._show_tabs()

    def prompt_lines(self) -> list[str]:
        """After an end of turn the upkeep first, then the rules' reminders."""
        others = [self.tr(m) for m in self.model.adapter.reminders(self.model.session)]
        return view.message_lines(self.upkeep_text(), others)

    def upkeep_text(self) -> str:
        upkeep = view.last_upkeep(self.model.session)
        return view.upkeep_text(self.tr, upkeep)

    # -- tabs ----------------------------------------------------------------------
    def _show_tabs(self) -> None:
        row = self.ids.tabs
        row.clear_widgets()
        for name in view.TABS:
            toggle = sized(Factory.Toggle(text=self.tr(T(f"tab_{name}"))), 16 * self.app.scale)
            toggle.active = name == self.tab
            toggle.bind(on_release=lambda _w, n=name: self.show_tab(n))
            row.add_widget(toggle)
        self.ids.pages.current = self.tab

    def show_tab(self, name: str) -> None:
        self.tab = name
        self._show_tabs()


SCREEN = BalmyScreen  # the table screen its descriptor names (companion.games.GAMES)
