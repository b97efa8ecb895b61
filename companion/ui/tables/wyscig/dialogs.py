"""The Wyścig balonów table's own dialogs: how many dice were not placed when time
ran out, and the order cards dealt at the table (the dice and the corrections are
the skeleton's). Looks in wyscig.kv; each answers a press in its own line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kivy.factory import Factory
from kivy.properties import ListProperty, ObjectProperty

from companion.games import wyscig_balonow as wb
from companion.ui.context import running_app
from companion.ui.tables.base.dialogs import TableDialog
from companion.ui.tables.wyscig.adapter import ADAPTER
from companion.ui.tables.wyscig.text import W
from companion.ui.viewmodel import GameModel
from companion.ui.widgets import sized

if TYPE_CHECKING:
    from companion.ui.tables.wyscig.screen import WyscigScreen


class UnplacedDialog(TableDialog):
    """Time is up: one tap says how many dice were not placed."""

    def __init__(self, screen: WyscigScreen, **kwargs: object) -> None:
        super().__init__(**kwargs)
        scale = running_app().scale
        for count in range(ADAPTER.dice + 1):
            button = sized(Factory.Tap(text=str(count)), 44 * scale)
            button.bind(on_release=lambda _w, n=count: screen.act("timer_expired", unplaced=n))
            self.ids.counts.add_widget(button)


class OrderDialog(TableDialog):
    """Order cards dealt at the table: tap the players in the order of their cards."""

    question = ObjectProperty(None, allownone=True)
    chosen = ListProperty([])

    def __init__(self, screen: WyscigScreen, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.screen = screen

    def prepare(self, model: GameModel) -> None:
        self.question = W("order_question", round=model.summary.get("round", 1))
        self.chosen = []
        grid = self.ids.names
        grid.clear_widgets()
        scale = running_app().scale
        for name in model.names:
            button = sized(Factory.Tap(text=name), 24 * scale)
            button.bind(on_release=lambda _w, n=name: self.tap(n))
            grid.add_widget(button)

    def tap(self, name: str) -> None:
        self.chosen.append(name)
        if len(self.chosen) < wb.turns_per_round(len(self.screen.model.names)):
            return
        # The rules judge the deal; a refused one is shown and tapped again.
        if self.screen.act("order", players=list(self.chosen)):
            self.dismiss()
        else:
            self.chosen = []

    def clear(self) -> None:
        self.chosen = []
