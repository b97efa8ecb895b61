"""The Wyścig balonów table: round, obstacles, the round's order, the current player,
the hourglass as the strip shows it, GO, dice, tokens, undo, pause and the prompts."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen

from companion.games.wyscig_balonow import OBSTACLES
from companion.ui import theme
from companion.ui.strings import UI
from companion.ui.tables.wyscig.adapter import turns_per_round
from companion.ui.viewmodel import GameModel
from companion.ui.widgets import DieFace, TableControls, sized, sync_rows

ORDER_LABELS = ("order_1", "order_2", "order_3", "order_4")
GO_LABELS = {
    "start_timer": "go_start",
    "end_turn": "go_end",
    "resume": "go_resume",
    "score": "go_score",
    "order": "go_order",
    "unplaced": "go_end",
    "none": "go_end",
}


def order_label(index: int, count: int) -> str:
    """The order card's name: 1st, 2nd, 3rd, Last (Third is left out with 3 players)."""
    if index == count - 1:
        return "order_last"
    return ORDER_LABELS[index]


class UnplacedView(ModalView):
    """Time is up: one tap says how many dice were not placed."""

    def __init__(self, screen: WyscigScreen, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        scale = App.get_running_app().scale
        for count in range(6):
            button = sized(Factory.Tap(text=str(count)), 44 * scale)
            button.bind(on_release=lambda _w, n=count: screen.answer_unplaced(n))
            self.ids.counts.add_widget(button)


class CorrectionView(ModalView):
    """The table and the app disagree: one player's mail and penalty tokens, put
    right with -/+ (each step an `adjust` action, which the rules check)."""

    player = StringProperty("")
    mail = NumericProperty(0)
    penalty = NumericProperty(0)
    error = StringProperty("")

    def __init__(self, screen: WyscigScreen, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.screen = screen

    def show(self, player: str) -> None:
        self.player, self.error = player, ""
        self.sync()
        self.open()

    def sync(self) -> None:
        model = self.screen.model
        row = next((p for p in model.summary.get("players", []) if p["name"] == self.player), None)
        if row is not None:
            self.mail = row["tokens"]["mail"]
            self.penalty = row["tokens"]["penalty"]

    def step(self, token: str, delta: int) -> None:
        ok = self.screen.act("adjust", player=self.player, token=token, delta=delta)
        model = self.screen.model
        self.error = "" if ok else App.get_running_app().tr(model.error)
        self.sync()


class DiceView(ModalView):
    """Five dice tapped in; recorded as soon as the fifth is known."""

    values = ListProperty([])

    def __init__(self, screen: WyscigScreen, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.screen = screen
        for face in range(1, 7):
            die = DieFace(value=face)
            die.bind(on_release=lambda _w, v=face: self.add(v))
            self.ids.faces.add_widget(die)
        self._show()

    def add(self, value: int) -> None:
        if len(self.values) < 5:
            self.values.append(value)
        self._show()
        if len(self.values) == 5 and self.screen.act("dice", values=list(self.values)):
            self.dismiss()

    def clear(self) -> None:
        self.values = []
        self._show()

    def _show(self) -> None:
        row = self.ids.entered
        row.clear_widgets()
        for index in range(5):
            row.add_widget(DieFace(value=self.values[index] if index < len(self.values) else 0))


class OrderView(ModalView):
    """Order cards dealt at the table: tap the players in the order of their cards."""

    question = ObjectProperty(None, allownone=True)
    chosen = ListProperty([])

    def __init__(self, screen: WyscigScreen, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.screen = screen

    def prepare(self, model: GameModel) -> None:
        self.question = UI("order_question", round=model.summary.get("round", 1))
        self.chosen = []
        grid = self.ids.names
        grid.clear_widgets()
        scale = App.get_running_app().scale
        for name in model.names:
            hex_colour = model.seat(name)[1]
            button = sized(Factory.Tap(text=name), 24 * scale)
            button.bg = theme.rgba(hex_colour)
            button.fg = theme.rgba(theme.readable_on(hex_colour))
            button.bind(on_release=lambda _w, n=name: self.tap(n))
            grid.add_widget(button)

    def tap(self, name: str) -> None:
        model = self.screen.model
        turns = turns_per_round(len(model.names))
        self.chosen.append(name)
        if len(self.chosen) < turns:
            return
        # The rules judge the deal; a refused one is shown and tapped again.
        if self.screen.act("order", players=list(self.chosen)):
            self.dismiss()
        else:
            self.chosen = []

    def clear(self) -> None:
        self.chosen = []


class WyscigScreen(TableControls, Screen):
    model = ObjectProperty(None, allownone=True)
    round_text = StringProperty("")
    obstacles_text = StringProperty("")
    current_name = StringProperty("")
    current_hex = StringProperty(theme.TEXT)
    message_text = StringProperty("")
    message_is_error = BooleanProperty(False)
    go_text = StringProperty("")
    seconds_text = StringProperty("")
    seconds_hex = StringProperty(theme.TEXT)
    phase_text = StringProperty("")
    phase = StringProperty("idle")
    frame = ListProperty([])
    needs_obstacle = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._unplaced: UnplacedView | None = None
        self._order: OrderView | None = None
        self._bound: GameModel | None = None
        self._dice_button: Any = None
        self._correction: CorrectionView | None = None
        App.get_running_app().bind(lang=lambda *_: self.refresh())

    # -- wiring --------------------------------------------------------------------
    def prepare(self) -> None:
        app = App.get_running_app()
        if self._bound is not None:
            self._bound.unbind(**self._handlers())
        self.model = app.model
        self._bound = self.model
        if self.model is None:
            return
        self.model.bind(**self._handlers())
        if self._unplaced is None:
            # built now, not when the sand runs out: the question must appear at once
            self._unplaced = UnplacedView(self)
        self.refresh()
        self._timer()
        self._frame()
        self._ask()

    def _handlers(self) -> dict[str, Any]:
        """What each of the model's properties redraws."""
        return {
            "revision": self.refresh,
            "error": self.refresh,
            "notice": self.refresh,
            "phase": self._timer,
            "seconds_left": self._timer,
            "ask_unplaced": self._ask,
            "frame": self._frame,
            "rolling": self.refresh,
        }

    def on_leave(self, *_: Any) -> None:
        for view in (self._unplaced, self._order, self._correction):
            if view is not None:
                view.dismiss()

    # -- showing -------------------------------------------------------------------
    def refresh(self, *_: Any) -> None:
        model = self.model
        if model is None:
            return
        app = App.get_running_app()
        summary = model.summary
        table = summary.get("table", {})
        self.round_text = app.t("round", round=summary.get("round", 1))
        self.obstacles_text = f"{table.get('obstacles', 0)}/{OBSTACLES}"
        current = summary.get("current")
        self.current_name = current or ""
        self.current_hex = model.seat(current)[1] if current else theme.TEXT
        self.needs_obstacle = bool(model.rules.needs_obstacle(model.state))
        self._message(app)
        self.go_text = app.t(GO_LABELS.get(model.go_kind, "go_end"))
        if model.go_kind == "start_timer" and not model.timed:
            self.go_text = app.t("go_roll")
        self._build_order(model, table.get("order", []), current)
        self._build_players(model, summary)
        self._build_dice(model)
        self._timer()
        showing = self.manager is not None and self.manager.current == self.name
        if showing and summary.get("over"):
            app.show(app.screen_for_model())  # the race is over: on to the score
        elif showing and model.go_kind == "order":
            self._open_order()

    def _message(self, app: Any) -> None:
        model = self.model
        if model.error is not None:
            self.message_text, self.message_is_error = app.tr(model.error), True
        elif model.rolling:
            self.message_text, self.message_is_error = app.t("dice_rolling"), False
        elif model.notice is not None:
            self.message_text, self.message_is_error = app.tr(model.notice), False
        else:
            self.message_text = "\n".join(app.tr(m) for m in model.prompts[-2:])
            self.message_is_error = False

    def _build_order(self, model: GameModel, order: list[str], current: str | None) -> None:
        turn = getattr(model.state, "turn_index", 0)
        app = App.get_running_app()
        rows = [
            {
                "label": app.t(order_label(index, len(order))),
                "name": name,
                "swatch": theme.rgba(model.seat(name)[1]),
                "current": index == turn and name == current,
            }
            for index, name in enumerate(order)
        ]
        sync_rows(self.ids.order, rows, Factory.OrderChip)

    def _build_players(self, model: GameModel, summary: dict[str, Any]) -> None:
        rows = [
            {
                "name": player["name"],
                "swatch": theme.rgba(model.seat(player["name"])[1]),
                "mail": player.get("tokens", {}).get("mail", 0),
                "penalty": player.get("tokens", {}).get("penalty", 0),
                "current": player["name"] == summary.get("current"),
            }
            for player in summary.get("players", [])
        ]
        sync_rows(self.ids.players, rows, self._player_row)

    def _player_row(self, **row: Any) -> Any:
        widget = Factory.PlayerRow(**row)
        widget.bind(on_release=lambda w: self.open_correction(w.name))
        return widget

    def open_correction(self, player: str) -> None:
        if self.model is None:
            return
        if self._correction is None:
            self._correction = CorrectionView(self)
        self._correction.show(player)

    def correct(self, token: str, delta: int) -> None:
        if self._correction is not None:
            self._correction.step(token, delta)

    def _build_dice(self, model: GameModel) -> None:
        row = self.ids.dice
        values = list(model.dice) or [0] * 5
        faces = [w for w in reversed(row.children) if isinstance(w, DieFace)]
        if len(faces) == len(values):  # the same five dice, showing the new roll
            for die, value in zip(faces, values, strict=True):
                die.value = value
            self._dice_button.text = App.get_running_app().t("dice")
            return
        row.clear_widgets()
        for value in values:
            die = DieFace(value=value)
            die.bind(on_release=lambda _w: self.open_dice())
            row.add_widget(die)
        button = Factory.ActionTap(text=App.get_running_app().t("dice"), size_hint_x=1.6)
        button.bind(on_release=lambda _w: self.open_dice())
        row.add_widget(button)
        self._dice_button = button

    def _timer(self, *_: Any) -> None:
        model = self.model
        if model is None:
            return
        app = App.get_running_app()
        self.phase = model.phase
        if model.hourglass is None or not model.timed:
            self.seconds_text = ""
            self.phase_text = app.t("no_hourglass")
            self.seconds_hex = theme.TEXT_DIM
        else:
            self.seconds_text = app.t("seconds_left", seconds=model.whole_seconds)
            self.phase_text = {"paused": app.t("paused"), "expired": app.t("time_up")}.get(
                model.phase, ""
            )
            self.seconds_hex = theme.DANGER if model.warning else theme.TEXT
        self.go_text = app.t(GO_LABELS.get(model.go_kind, "go_end"))
        if model.go_kind == "start_timer" and not model.timed:
            self.go_text = app.t("go_roll")

    def _frame(self, *_: Any) -> None:
        if self.model is not None:
            self.frame = [tuple(c) for c in self.model.frame]

    def _ask(self, *_: Any) -> None:
        model = self.model
        if model is None:
            return
        if model.ask_unplaced:
            if self._unplaced is None:
                self._unplaced = UnplacedView(self)
            if self._unplaced.parent is None and self.manager.current == self.name:
                self._unplaced.open()
        elif self._unplaced is not None:
            self._unplaced.dismiss()

    def _open_order(self) -> None:
        if self._order is None:
            self._order = OrderView(self)
        if self._order.parent is None:
            self._order.prepare(self.model)
            self._order.open()

    def on_enter(self, *_: Any) -> None:
        self._ask()
        if self.model is not None and self.model.go_kind == "order":
            self._open_order()

    # -- taps and buttons ----------------------------------------------------------
    def act(self, kind: str, **fields: Any) -> bool:
        return bool(self.model is not None and self.model.act(kind, **fields))

    def go(self) -> None:
        if self.model is None:
            return
        if self.model.go() == "score":
            App.get_running_app().show("score")

    def answer_unplaced(self, count: int) -> None:
        if self.model is not None:
            self.model.answer_unplaced(count)

    def open_dice(self) -> None:
        DiceView(self).open()
