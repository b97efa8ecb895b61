"""The Wyścig balonów table: round, obstacles, the round's order, the current player,
the dice, the tokens of every player and the buttons of the turn, on the table
skeleton (messages, hourglass, GO, UNDO, PAUSE)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.widget import Widget

from companion.core.messages import Message
from companion.games import wyscig_balonow as wb
from companion.games.wyscig_balonow.summary import WyscigSummary
from companion.ui.tables.base.screen import TableScreen
from companion.ui.tables.wyscig import view
from companion.ui.tables.wyscig.adapter import ORDER, UNPLACED
from companion.ui.tables.wyscig.dialogs import OrderDialog, UnplacedDialog
from companion.ui.tables.wyscig.text import W
from companion.ui.tables.wyscig.widgets import OrderChip, PlayerRow
from companion.ui.widgets import sync_rows


class WyscigScreen(TableScreen):
    round_text = StringProperty("")
    obstacles_text = StringProperty("")
    current_name = StringProperty("")
    needs_obstacle = BooleanProperty(False)

    untimed: ClassVar[Message | None] = W("no_hourglass")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._unplaced: UnplacedDialog | None = None
        self._order: OrderDialog | None = None

    @property
    def state(self) -> wb.State:
        state: wb.State = self.model.state
        return state

    @property
    def summary(self) -> WyscigSummary:
        """The session's summary, typed (the view-model's `summary` is its JSON)."""
        return view.summary_of(self.model.session.summary())

    def bindings(self) -> dict[str, Callable[..., object]]:
        return {**super().bindings(), "question": self._ask}

    def new_game(self) -> None:
        if self._unplaced is None:
            # built now, not when the sand runs out: the question must appear at once
            self._unplaced = self.dialogs.keep(UnplacedDialog(self))
        self._ask()

    # -- showing -------------------------------------------------------------------
    def show_state(self) -> None:
        model = self.model
        summary = self.summary
        current = summary.current
        self.round_text = self.app.tr(view.round_text(summary))
        self.obstacles_text = view.obstacles_text(summary)
        self.current_name = current or ""
        self.needs_obstacle = wb.RULES.needs_obstacle(self.state)
        self._show_order(summary)
        self._show_players(summary)
        if self.showing and model.question == ORDER.id:
            self._open_order()

    def _show_order(self, summary: WyscigSummary) -> None:
        rows = [
            {
                "label": self.app.tr(card.label),
                "name": card.name,
                "current": card.current,
            }
            for card in view.order_cards(self.state, summary)
        ]
        sync_rows(self.ids.order, rows, OrderChip)

    def _show_players(self, summary: WyscigSummary) -> None:
        rows = [
            {
                "name": line.name,
                "mail": line.mail,
                "penalty": line.penalty,
                "current": line.current,
            }
            for line in view.tokens(summary)
        ]
        sync_rows(self.ids.players, rows, self._player_row)

    def _player_row(self, **row: object) -> Widget:
        widget = PlayerRow(**row)
        widget.bind(on_release=lambda w: self.open_correction(w.name))
        return widget

    # -- dialogs -------------------------------------------------------------------
    def _ask(self, *_: object) -> None:
        """The table's question now (`model.question`): its dialog, else none."""
        model = self.model
        if model is None or self._unplaced is None:
            return
        if model.question == UNPLACED.id:
            if self._unplaced.parent is None and self.showing and self.dialogs.free_for(self._ask):
                self._unplaced.open()
            return
        self._unplaced.dismiss()
        if model.question == ORDER.id and self.showing:
            self._open_order()

    def _open_order(self) -> None:
        if self._order is None:
            self._order = self.dialogs.keep(OrderDialog(self))
        if self._order.parent is None and self.dialogs.free_for(self._ask):
            self._order.prepare(self.model)
            self._order.open()

    def on_enter(self, *_: object) -> None:
        self._ask()


SCREEN = WyscigScreen  # the table screen its descriptor names (companion.games.GAMES)
