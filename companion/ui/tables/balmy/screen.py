"""The Balmy Balloonists table: the current balloon (its colour, owner, tokens and
cards), GO with the optional turn timer, undo and pause on the left; on the right
tabs for the altitude ladder, the cards, the luck cards, the board's events, the
six-step checklist and the overview of every balloon with the wind rose.

The tabs (`tabs.py`) and the questions (`asks.py`) ask `RULES`' helpers what is
possible and send actions through this screen; a refused tap shows the rule's
sentence. Strings come from `text.T`.

What the screen keeps besides the game is only where the players are looking: the
tab open, and which balloon a zone or mountain names. A new balloon's turn opens on
its first step's tab; each turn's tab is remembered by the turn's number, so an undo
back into a turn shows it as it was."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from kivy.factory import Factory
from kivy.properties import DictProperty, NumericProperty, StringProperty

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
    # "<game>:<turn>" -> [tab, event target] as last shown in that turn; kept from the
    # last visit, so the table comes back as it was left.
    seen = DictProperty({})
    kept: ClassVar[tuple[str, ...]] = ("seen",)
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

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._turn: int | None = None  # the turn whose tab is open
        self._revision: int | None = None  # the game's change last shown
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

    def bindings(self) -> dict[str, Callable[..., object]]:
        return {**super().bindings(), "question": self.asks.follow}

    def new_game(self) -> None:
        """Another game, or this one again after a visit elsewhere: its turns' tabs."""
        ours = f"{self.model.session_id}:"
        self.seen = {k: v for k, v in self.seen.items() if k.startswith(ours)}
        self._turn, self._revision = None, None
        self.asks.follow()

    def on_enter(self, *_: object) -> None:
        self.asks.follow()

    def on_tab(self, *_: object) -> None:
        self._remember()

    def on_event_target(self, *_: object) -> None:
        self._remember()

    def _remember(self) -> None:
        if self._turn is not None and self.model is not None:
            self.seen[f"{self.model.session_id}:{self._turn}"] = [self.tab, self.event_target]

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
        if self.model.revision != self._revision:
            if self._revision is not None:
                self.asks.state_changed()
            self._revision = self.model.revision
        if state.turn.number != self._turn:  # another turn: as it was last shown
            first = "cards" if bb.RULES.current_step(state) == 1 else "altitude"
            key = f"{self.model.session_id}:{state.turn.number}"
            tab, target = self.seen.get(key, (first, balloon.colour))
            self._turn = None  # not remembered while switching
            self.tab, self.event_target = tab, target
            self._turn = state.turn.number
        for tab_ in self.tabs:
            tab_.build(state)
        self._show_tabs()

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
