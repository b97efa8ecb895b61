"""The Ballonrennen table: the wind rose, the current player and their altitude step
(the reachable altitudes with their cost), the wind card (tapped from the table's
deck or drawn by the app), a Favourable wind, the move in words and an arrow, the
events of the move, every balloon's tokens and place, GO, undo and pause.

The screen decides nothing: it asks the rules' helpers (`phase`, `legal_actions`,
`reachable_altitudes`, `altitude_action`, ...) and sends what was tapped; a refused
action comes back as the rules' sentence.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.core.messages import Message
from companion.games.ballonrennen import CARDS, DIRECTIONS, rotate
from companion.ui import theme
from companion.ui.tables.ballonrennen import widgets  # noqa: F401  (its kv uses its classes)
from companion.ui.tables.ballonrennen.adapter import UB, balloon_hex
from companion.ui.viewmodel import GameModel
from companion.ui.widgets import TableControls

GO_LABELS = {"start_timer": "go_start", "resume": "go_resume"}
MOVE_EVENTS = ("drop_mail", "forced_landing", "reach_goal")
MODEL_EVENTS = ("revision", "error", "notice", "phase", "seconds_left", "frame")


class BallonrennenScreen(TableControls, Screen):
    model = ObjectProperty(None, allownone=True)
    current_name = StringProperty("")
    current_hex = StringProperty(theme.TEXT)
    balloon_text = StringProperty("")
    message_text = StringProperty("")
    message_is_error = BooleanProperty(False)
    go_text = StringProperty("")
    go_ready = BooleanProperty(False)  # GO is what the table does next: the accent
    seconds_text = StringProperty("")
    seconds_hex = StringProperty(theme.TEXT)
    phase = StringProperty("idle")  # the hourglass
    frame = ListProperty([])
    winds = ListProperty(["W", "SE", "E"])
    side_labels = ListProperty(list(DIRECTIONS))
    active_altitude = StringProperty("0")
    move_text = StringProperty("")
    move_direction = StringProperty("")
    move_altitude = StringProperty("0")
    game_phase = StringProperty("")  # the rules': altitude, favourable, move, over

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._bound: GameModel | None = None
        App.get_running_app().bind(lang=lambda *_: self.refresh())

    # -- wiring --------------------------------------------------------------------
    def prepare(self) -> None:
        if self._bound is not None:
            self._bound.unbind(**self._handlers())
        self.model = App.get_running_app().model
        self._bound = self.model
        if self.model is None:
            return
        self.model.bind(**self._handlers())
        self.refresh()

    def _handlers(self) -> dict[str, Any]:
        handlers: dict[str, Any] = {name: self.refresh for name in MODEL_EVENTS[:3]}
        handlers.update(phase=self._timer, seconds_left=self._timer, frame=self._frame)
        return handlers

    # -- showing -------------------------------------------------------------------
    def refresh(self, *_: Any) -> None:
        model = self.model
        if model is None:
            return
        app = App.get_running_app()
        summary = model.summary
        state = model.state
        rules = model.rules
        self.game_phase = rules.phase(state)
        self._current(app, model, summary)
        self._message(app, model)
        self._rose(app, model, summary)
        self._move(app, model, summary)
        self._players(app, summary)
        self._panel(app, model)
        self._timer()
        self._frame()
        showing = self.manager is not None and self.manager.current == self.name
        if showing and summary.get("over"):
            app.show(app.screen_for_model())  # the race is over: on to the results

    def _current(self, app: Any, model: GameModel, summary: dict[str, Any]) -> None:
        current = summary.get("current")
        player = _player(summary, current)
        self.current_name = current or ""
        colour = player.get("colour", "") if player else ""
        self.current_hex = balloon_hex(colour) if colour else theme.TEXT
        self.balloon_text = app.tr(UB("balloon", colour=app.colour_name(colour))) if colour else ""

    def _message(self, app: Any, model: GameModel) -> None:
        if model.error is not None:
            self.message_text, self.message_is_error = app.tr(model.error), True
        elif model.notice is not None:
            self.message_text, self.message_is_error = app.tr(model.notice), False
        else:
            self.message_text = "\n".join(app.tr(m) for m in model.prompts[-2:])
            self.message_is_error = False

    def _rose(self, app: Any, model: GameModel, summary: dict[str, Any]) -> None:
        winds = model.rules.winds(model.state)
        self.winds = [winds["1"], winds["2"], winds["3"]]
        self.side_labels = [app.tr(UB(f"ab_{d}")) for d in DIRECTIONS]
        move = summary["table"].get("move")
        player = _player(summary, summary.get("current"))
        if move is not None:
            altitude = move["altitude"] if move["direction"] else 0
        else:
            altitude = player["altitude"] if player else 0
        self.active_altitude = str(altitude)

    def _move(self, app: Any, model: GameModel, summary: dict[str, Any]) -> None:
        """The turn's move in words and as an arrow; before the card, where the wind
        at the balloon's altitude would take it."""
        move = model.rules.current_move(model.state)
        player = _player(summary, summary.get("current"))
        if move is None:
            altitude = player["altitude"] if player else 0
            direction = summary["table"]["winds"].get(str(altitude)) if altitude else None
            self.move_direction = direction or ""
            self.move_altitude = str(altitude)
            self.move_text = (
                app.tr(UB("preview", altitude=altitude, direction=_way(app, direction)))
                if direction
                else app.tr(UB("preview_ground"))
            )
            return
        self.move_direction = move["direction"] or ""
        self.move_altitude = str(move["altitude"] if move["direction"] else 0)
        self.move_text = app.tr(_move_message(app, move))

    def _players(self, app: Any, summary: dict[str, Any]) -> None:
        box = self.ids.players
        box.clear_widgets()
        scale = app.scale
        for player in summary["players"]:
            tokens = player["tokens"]
            state = player["state"]
            words = app.tr(UB(f"s_{state}", place=player.get("place")))
            row = Factory.BrPlayerRow(
                name=player["name"],
                colour_name=app.colour_name(player["colour"]),
                detail=words,
                swatch=theme.rgba(balloon_hex(player["colour"])),
                current=player["name"] == summary.get("current"),
                gas=tokens["gas"],
                sandbags=tokens["sandbags"],
                mail_sack=tokens["mail_sack"],
                altitude=str(player["altitude"]),
            )
            row.height = 70 * scale
            box.add_widget(row)
        box.add_widget(Factory.Widget())

    # -- the step's panel ------------------------------------------------------------
    def _panel(self, app: Any, model: GameModel) -> None:
        panel = self.ids.panel
        panel.clear_widgets()
        phase = self.game_phase
        if phase == "altitude":
            panel.add_widget(self._ladder(app, model))
            panel.add_widget(self._card_entry(app, model))
        elif phase == "favourable":
            panel.add_widget(self._favourable(app, model))
        elif phase == "move":
            panel.add_widget(self._move_events(app, model))

    def _ladder(self, app: Any, model: GameModel) -> Any:
        """Altitudes 3 to 0, each with its cheapest release (one tap), the current
        one marked; an altitude out of reach shows a dash."""
        ladder = Factory.BrLadder()
        reach = dict(model.rules.reachable_altitudes(model.state))
        player = model.state.current_player
        for altitude in (3, 2, 1, 0):
            row = Factory.BrLadderRow(altitude=str(altitude))
            combos = reach.get(altitude)
            if combos:
                gas, sandbags = combos[0]
                word = self._word(app, player, altitude, gas, sandbags)
                tap = Factory.CostTap(gas=gas, sandbags=sandbags, word=word)
                # no tokens and not a landing: where the balloon already is
                tap.current = not (gas or sandbags) and not (altitude == 0 and player.altitude)
                tap.bind(
                    on_release=lambda _w, a=altitude, g=gas, s=sandbags: self.choose_altitude(
                        a, g, s
                    )
                )
            else:
                tap = Factory.Dim(text="-", halign="center")
            row.add_widget(tap)
            ladder.add_widget(row)
        return ladder

    def _word(self, app: Any, player: Any, altitude: int, gas: int, sandbags: int) -> str:
        if gas or sandbags:
            return ""
        if altitude == 0 and player.state == "flying":
            return app.tr(UB("land"))
        if altitude == 0:
            return app.tr(UB("stay"))
        return app.tr(UB("now"))

    def _card_entry(self, app: Any, model: GameModel) -> Any:
        if not model.state.app_deck:
            grid = Factory.BrCardGrid()
            for card in CARDS:
                tap = Factory.CardTap(card=card, label=app.tr(UB(f"card_{card}")))
                tap.bind(on_release=lambda _w, c=card: self.act("wind_card", card=c))
                grid.add_widget(tap)
            return grid
        box = Factory.BrDraw()
        box.left = app.tr(UB("deck_left", count=model.summary["table"]["deck_left"]))
        box.note = app.tr(model.rules.deck_note(model.state))
        box.ids.draw.text = app.tr(UB("draw"))
        box.ids.draw.bind(on_release=lambda _w: self.act("wind_card"))
        return box

    def _card_box(self, app: Any, model: GameModel) -> Any:
        card = model.rules.current_card(model.state) or ""
        return Factory.BrCardShown(
            card=card,
            title=app.tr(UB(f"card_{card}")) if card else "",
            says=app.tr(UB(f"says_{card}")) if card else "",
        )

    def _favourable(self, app: Any, model: GameModel) -> Any:
        box = Factory.BrPanelColumn()
        box.add_widget(self._card_box(app, model))
        winds = model.rules.winds(model.state)
        for altitude in (1, 2, 3):
            box.add_widget(self._marker_row(app, altitude, winds[str(altitude)]))
        return box

    def _marker_row(self, app: Any, altitude: int, direction: str) -> Any:
        """Anticlockwise on the left, the marker as it is, clockwise on the right."""
        row = Factory.BrMarkerRow()
        for way, steps in (("ccw", -1), (None, 0), ("cw", 1)):
            new = rotate(direction, steps)
            label = _way(app, new)
            if way is None:
                marker = app.tr(UB("marker", altitude=altitude, direction=label))
                row.add_widget(Factory.BrMarker(altitude=altitude, direction=new, label=marker))
                continue
            tap = Factory.MarkerTap(label=label, way=way)
            tap.bind(
                on_release=lambda _w, a=altitude, r=way: self.act(
                    "favourable", altitude=a, rotate=r
                )
            )
            row.add_widget(tap)
        return row

    def _move_events(self, app: Any, model: GameModel) -> Any:
        box = Factory.BrPanelColumn()
        box.add_widget(self._card_box(app, model))
        legal = model.rules.legal_actions(model.state)
        for kind in MOVE_EVENTS:
            # Not legal now: dimmed, yet a tap still sends it, so the rules say why.
            tap = Factory.BrEventTap(text=app.tr(UB(kind)), legal=kind in legal)
            tap.bind(on_release=lambda _w, k=kind: self.act(k))
            box.add_widget(tap)
        return box

    # -- the hourglass -------------------------------------------------------------
    def _timer(self, *_: Any) -> None:
        model = self.model
        if model is None:
            return
        app = App.get_running_app()
        self.phase = model.phase
        if model.hourglass is None or not model.timed:
            self.seconds_text = ""
            self.seconds_hex = theme.TEXT_DIM
        else:
            self.seconds_text = app.t("seconds_left", seconds=model.whole_seconds)
            self.seconds_hex = theme.DANGER if model.warning else theme.TEXT
        kind = model.go_kind
        self.go_text = app.t(GO_LABELS.get(kind, "go_end"))
        self.go_ready = kind in ("start_timer", "resume") or self.game_phase == "move"

    def _frame(self, *_: Any) -> None:
        if self.model is not None:
            self.frame = [tuple(c) for c in self.model.frame]

    # -- taps and buttons ----------------------------------------------------------
    def act(self, kind: str, **fields: Any) -> bool:
        return bool(self.model is not None and self.model.act(kind, **fields))

    def choose_altitude(self, altitude: int, gas: int, sandbags: int) -> None:
        """A tap on the ladder: the rules turn the choice into release or land."""
        model = self.model
        if model is None:
            return
        action = model.rules.altitude_action(model.state, altitude, gas, sandbags)
        if action is not None:
            self.act(action.type, **action.model_dump(exclude={"type", "at"}))


def _player(summary: dict[str, Any], name: str | None) -> dict[str, Any] | None:
    return next((p for p in summary["players"] if p["name"] == name), None)


def _way(app: Any, direction: str | None) -> str:
    return app.tr(UB(f"d_{direction}")) if direction else ""


def _move_message(app: Any, move: dict[str, Any]) -> Message:
    if not move["direction"]:
        return UB("move_ground")
    if move["spaces"] == 0:
        return UB("move_none")
    way = _way(app, move["direction"])
    if move["spaces"] == 1:
        return UB("move_one", direction=way)
    return UB("move_spaces", spaces=move["spaces"], direction=way)
