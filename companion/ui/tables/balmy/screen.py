"""The Balmy Balloonists table: the current balloon (its colour, owner, tokens and
cards), GO with the optional turn timer, undo and pause on the left; on the right
tabs for the altitude ladder, the cards, the luck cards, the board's events, the
six-step checklist and the overview of every balloon with the wind rose.

The screen asks `RULES`' helpers what is possible and sends actions; a refused tap
shows the rule's sentence. Strings come from `balmy_table.T`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.screenmanager import Screen

from companion.core.messages import Message
from companion.games import balmy_balloonists as bb
from companion.ui import theme
from companion.ui.tables.balmy.adapter import (
    ADVANTAGE_CHOICES,
    LUCK_ASKS,
    LUCK_CARDS,
    PERMISSIONS,
    WEATHER_LEVELS,
    ZONES,
    T,
    altitude_name,
    badges,
    balloon_hex,
    card_name,
    event_targets,
    holds_repair,
    last_upkeep,
    luck_target,
    unrecorded,
)
from companion.ui.tables.balmy.widgets import Question, QuestionsView, RosePoint
from companion.ui.viewmodel import GameModel
from companion.ui.widgets import TableControls, sized

TABS = ("altitude", "cards", "luck", "board", "steps", "balloons")
GO_LABELS = {"end_turn": "go_end", "resume": "go_resume", "none": "go_end"}
LADDER = ("high", "medium", "low", "landed")  # top to bottom, as the blocks stack


class BalmyScreen(TableControls, Screen):
    model = ObjectProperty(None, allownone=True)
    tab = StringProperty("cards")
    owner = StringProperty("")
    balloon_text = StringProperty("")
    balloon_hex = StringProperty(theme.TEXT)
    altitude_text = StringProperty("")
    fuel = NumericProperty(0)
    gas = NumericProperty(0)
    ballast = NumericProperty(0)
    hand = NumericProperty(0)
    in_front = NumericProperty(0)
    message_text = StringProperty("")
    message_is_error = BooleanProperty(False)
    go_text = StringProperty("")
    timer_on = BooleanProperty(False)
    seconds_text = StringProperty("")
    seconds_hex = StringProperty(theme.TEXT)
    phase = StringProperty("idle")
    phase_text = StringProperty("")
    frame = ListProperty([])
    event_target = StringProperty("")  # the balloon a zone or mountain names

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._bound: GameModel | None = None
        self._turn: int | None = None
        self._view: QuestionsView | None = None
        self._reopen: Callable[[], None] | None = None  # builds the open dialog again
        App.get_running_app().bind(lang=self._language)

    # -- wiring --------------------------------------------------------------------
    def _bindings(self) -> dict[str, Any]:
        return {
            "revision": self.refresh,
            "error": self.refresh,
            "notice": self.refresh,
            "phase": self._timer,
            "seconds_left": self._timer,
            "frame": self._frame,
        }

    def _language(self, *_: Any) -> None:
        """A new language: the screen, and an open dialog with its answers so far."""
        self.refresh()
        view = self._view
        if view is None or view.parent is None or self._reopen is None:
            return
        answers = dict(view.answers)
        self._reopen()
        if self._view is not None:
            self._view.answers.update(answers)
            self._view.rebuild()

    def prepare(self) -> None:
        if self._bound is not None:
            self._bound.unbind(**self._bindings())
        self.model = App.get_running_app().model
        self._bound = self.model
        self._turn = None
        if self.model is None:
            return
        self.model.bind(**self._bindings())
        self.refresh()
        self._frame()

    def on_enter(self, *_: Any) -> None:
        self._ask_advantage()

    def on_leave(self, *_: Any) -> None:
        if self._view is not None:
            self._view.dismiss()

    @property
    def state(self) -> bb.State:
        assert self.model is not None
        state: bb.State = self.model.state
        return state

    def _tr(self, message: Message | None) -> str:
        return str(App.get_running_app().tr(message))

    def _colour(self, colour: str) -> str:
        return str(App.get_running_app().colour_name(colour))

    def _balloon(self, colour: str) -> str:
        return self._tr(T("balloon", colour=self._colour(colour)))

    # -- showing -------------------------------------------------------------------
    def refresh(self, *_: Any) -> None:
        model = self.model
        if model is None:
            return
        app = App.get_running_app()
        if model.summary.get("over"):
            if self.manager is not None and self.manager.current == self.name:
                app.show(app.screen_for_model())  # the race is over: the results
            return
        state = self.state
        self._current(state)
        self._new_turn(state)
        self._message()
        self._timer()
        for build in (
            self._build_ladder,
            self._build_cards,
            self._build_luck,
            self._build_board,
            self._build_steps,
            self._build_balloons,
        ):
            build(state)
        self._build_tabs()

    def _current(self, state: bb.State) -> None:
        balloon = state.active
        self.owner = balloon.owner
        self.balloon_text = self._balloon(balloon.colour)
        self.balloon_hex = balloon_hex(balloon.colour)
        self.altitude_text = self._tr(altitude_name(balloon.altitude))
        self.fuel, self.gas, self.ballast = balloon.fuel, balloon.gas, balloon.ballast
        self.hand, self.in_front = balloon.hand, balloon.in_front
        self.timer_on = self.model is not None and self.model.hourglass is not None

    def _new_turn(self, state: bb.State) -> None:
        """A new balloon's turn opens on the tab of its first step."""
        if state.turn.number == self._turn:
            return
        self._turn = state.turn.number
        self.tab = "cards" if bb.RULES.current_step(state) == 1 else "altitude"
        self.event_target = state.active.colour

    def _message(self) -> None:
        model = self.model
        assert model is not None
        if model.error is not None:
            self.message_text, self.message_is_error = self._tr(model.error), True
            return
        self.message_is_error = False
        if model.notice is not None:
            self.message_text = self._tr(model.notice)
            return
        upkeep = self._upkeep_text()
        others, step = self._news()
        # Three lines at most: after an end of turn the upkeep and the news come
        # first; the current step is on the Steps tab as well.
        lines = [upkeep, *others] if upkeep and others else [upkeep, *others[-1:], step]
        self.message_text = "\n".join(line.strip() for line in lines if line)

    def _news(self) -> tuple[list[str], str]:
        """The prompts that are not on a tab already (skipped turns, advantage cards,
        the variants' reminders), and the step the table is at."""
        model = self.model
        assert model is not None
        state = self.state
        steps = bb.RULES.checklist(state)
        shown = [*bb.RULES.restrictions(state), *(s.message for s in steps)]
        news = [m for m in model.prompts if m not in shown and not m.key.endswith(".p_turn")]
        current = next((s for s in steps if s.status == "current"), None)
        step = self._tr(_unmarked(current.message)) if current is not None else ""
        return [self._tr(m) for m in news], step

    def _upkeep_text(self) -> str:
        model = self.model
        assert model is not None
        upkeep = last_upkeep(model.session)
        if upkeep is None:
            return ""
        took = []
        if upkeep.fuel:
            took.append(self._tr(T("took_fuel", count=upkeep.fuel)))
        if upkeep.sank_to:
            took.append(self._tr(T("took_sank", altitude=self._tr(altitude_name(upkeep.sank_to)))))
        if upkeep.drew:
            took.append(self._tr(T("took_card")))
        colour = self._colour(upkeep.colour)
        if not took:
            return self._tr(T("upkeep_nothing", colour=colour))
        return self._tr(T("upkeep", colour=colour, took=", ".join(took)))

    def _timer(self, *_: Any) -> None:
        model = self.model
        if model is None:
            return
        app = App.get_running_app()
        self.phase = model.phase
        kind = model.go_kind
        self.go_text = self._tr(T("go_start")) if kind == "start_timer" else ""
        if not self.go_text:
            self.go_text = app.t(GO_LABELS.get(kind, "go_end"))
        if model.hourglass is None or not model.timed:
            self.seconds_text, self.phase_text = "", ""
            return
        self.seconds_text = app.t("seconds_left", seconds=model.whole_seconds)
        self.phase_text = {"paused": app.t("paused"), "expired": app.t("time_up")}.get(
            model.phase, ""
        )
        self.seconds_hex = theme.DANGER if model.warning else theme.TEXT

    def _frame(self, *_: Any) -> None:
        if self.model is not None:
            self.frame = [tuple(c) for c in self.model.frame]

    # -- tabs ----------------------------------------------------------------------
    def _build_tabs(self) -> None:
        row = self.ids.tabs
        row.clear_widgets()
        scale = App.get_running_app().scale
        for name in TABS:
            toggle = sized(Factory.Toggle(text=self._tr(T(f"tab_{name}"))), 16 * scale)
            toggle.active = name == self.tab
            toggle.bind(on_release=lambda _w, n=name: self.show_tab(n))
            row.add_widget(toggle)
        self.ids.pages.current = self.tab

    def show_tab(self, name: str) -> None:
        self.tab = name
        self._build_tabs()

    # -- the altitude ladder -------------------------------------------------------
    def _build_ladder(self, state: bb.State) -> None:
        box = self.ids.ladder
        box.clear_widgets()
        balloon = state.active
        choices = {c.altitude: c for c in bb.RULES.altitude_choices(state)}
        for altitude in LADDER:
            choice = choices.get(altitude)
            if altitude == balloon.altitude:
                cost = self._tr(T("now"))
            elif choice is not None:
                token = self._tr(T(choice.token))
                cost = self._tr(T("cost", cost=choice.cost, token=token))
            else:
                cost = self._tr(T("not_now"))
            row = Factory.BalmyLevel(
                level=self._tr(altitude_name(altitude)),
                cost=cost,
                current=altitude == balloon.altitude,
                allowed=choice is not None,
                token=choice.token if choice is not None else "",
                swatch=theme.rgba(self.balloon_hex),
            )
            row.bind(on_release=lambda _w, a=altitude: self.act("altitude", to=a))
            box.add_widget(row)
        self._build_restrictions(state)

    def _build_restrictions(self, state: bb.State) -> None:
        box = self.ids.restrictions
        box.clear_widgets()
        messages = bb.RULES.restrictions(state)
        if not messages:
            messages = [T("no_restrictions", colour=self._colour(state.active.colour))]
        for message in messages:
            box.add_widget(Factory.BalmyNote(text=self._tr(message)))

    # -- cards ---------------------------------------------------------------------
    def _build_cards(self, state: bb.State) -> None:
        ids = self.ids
        ids.play_own.enabled = bb.RULES.can_play_own(state)
        ids.swap.enabled = bool(bb.RULES.swap_sources(state))
        waiting = unrecorded(state)
        ids.record.opacity = 1 if waiting else 0
        ids.record.disabled = not waiting
        ids.record.size_hint_x = 1 if waiting else 0.001
        self._build_targets(state)
        self._build_advantage(state)

    def _build_targets(self, state: bb.State) -> None:
        box = self.ids.targets
        box.clear_widgets()
        targets = bb.RULES.targets(state)
        scale = App.get_running_app().scale
        for colour in targets:
            box.add_widget(
                self._balloon_tap(state, colour, lambda c: self.act("play_other", target=c))
            )
        if not targets:
            box.add_widget(Factory.Dim(text=self._tr(T("no_targets"))))
        if state.variants.storm and state.storm is not None:
            storm = sized(Factory.Tap(text=self._tr(T("storm_play"))), 16 * scale)
            storm.bind(on_release=lambda _w: self.act("play_storm"))
            box.add_widget(storm)

    def _balloon_tap(self, state: bb.State, colour: str, then: Any) -> Any:
        scale = App.get_running_app().scale
        owner = state.balloon(colour).owner
        text = self._tr(T("balloon_of", player=owner, colour=self._colour(colour)))
        tap = sized(Factory.Tap(text=text), 16 * scale)
        tap.bg = theme.rgba(balloon_hex(colour))
        tap.fg = theme.rgba(theme.readable_on(balloon_hex(colour)))
        tap.bind(on_release=lambda _w: then(colour))
        return tap

    def _build_advantage(self, state: bb.State) -> None:
        box = self.ids.advantage
        box.clear_widgets()
        player = state.active.owner
        held = state.player(player).advantage
        scale = App.get_running_app().scale
        key = "advantage_held" if held else "advantage_none"
        self.ids.advantage_title.text = self._tr(T(key, player=player))
        usable = {u.card for u in bb.RULES.usable_advantage(state) if u.action == "friendly_winds"}
        for card in held:
            chip = sized(Factory.Tap(text=self._tr(card_name(card))), 16 * scale)
            chip.bg = theme.rgba(theme.PANEL)
            if card in usable:
                chip.bg = theme.rgba(theme.PANEL_HIGH)
                chip.text = self._tr(T("friendly_winds"))
                chip.bind(on_release=lambda _w: self.act("friendly_winds"))
            box.add_widget(chip)
        if (
            state.variants.critical_measures
            and state.turn.card == "other"
            and state.turn.card_target
        ):
            target = state.turn.card_target
            tap = sized(
                Factory.Tap(text=self._tr(T("critical", colour=self._colour(target)))), 16 * scale
            )
            tap.bind(on_release=lambda _w: self.act("critical_measures", balloon=target))
            box.add_widget(tap)

    def open_swap(self) -> None:
        state = self.state
        cards = [u.card for u in bb.RULES.usable_advantage(state) if u.action == "swap_advantage"]
        sources = bb.RULES.swap_sources(state)
        questions = [
            Question(
                "card", self._tr(T("swap_card")), [(c, self._tr(card_name(c))) for c in cards]
            ),
            Question("from", self._tr(T("swap_from")), [(c, self._colour(c)) for c in sources]),
        ]
        self._reopen = self.open_swap
        self._ask(self._tr(T("swap")), questions, self._tr(T("swap")), self._send("swap_advantage"))

    # -- advantage cards dealt at setup ----------------------------------------------
    def _ask_advantage(self) -> None:
        if self.model is not None and unrecorded(self.state):
            self.open_advantage()

    def open_advantage(self) -> None:
        waiting = unrecorded(self.state)
        if not waiting:
            return
        player = waiting[0]
        choices = [(c, self._tr(card_name(c))) for c in ADVANTAGE_CHOICES]
        questions = [
            Question("first", "1", choices),
            Question("second", "2", choices),
        ]

        def record(answers: dict[str, Any]) -> str | None:
            cards = [answers["first"], answers["second"]]
            refused = self._try("advantage", player=player, cards=cards)
            if refused is None and unrecorded(self.state):
                # the next player's picker, once this one has closed
                Clock.schedule_once(lambda _dt: self.open_advantage(), 0)
            return refused

        title = self._tr(T("advantage_pick", player=player))
        self._reopen = self.open_advantage
        self._ask(title, questions, self._tr(T("record_advantage")), record)

    # -- luck cards ----------------------------------------------------------------
    def _build_luck(self, state: bb.State) -> None:
        target = luck_target(state)
        if target is None:
            self.ids.luck_title.text = self._tr(T("luck_no_card"))
        else:
            self.ids.luck_title.text = self._tr(T("luck_on", colour=self._colour(target)))
        grid = self.ids.luck
        grid.clear_widgets()
        scale = App.get_running_app().scale
        for card in LUCK_CARDS:
            tap = sized(Factory.Tap(text=self._tr(card_name(card))), 16 * scale)
            tap.bind(on_release=lambda _w, c=card: self.luck(c))
            grid.add_widget(tap)

    def luck(self, card: str) -> None:
        """One luck card: sent at once when it asks nothing, else its questions."""
        state = self.state
        target = luck_target(state)
        fields: dict[str, Any] = {"card": card, "target": target or state.active.colour}
        questions = self._luck_questions(state, card, target)
        if not questions:
            self.act("bad_luck", **fields)
            return
        on = self._colour(target or state.active.colour)
        title = self._tr(T("luck_title", card=self._tr(card_name(card)), colour=on))
        self._reopen = lambda: self.luck(card)
        self._ask(title, questions, self._tr(T("luck_apply")), self._send("bad_luck", **fields))

    def _luck_questions(self, state: bb.State, card: str, target: str | None) -> list[Question]:
        yes_no = [(False, self._tr(T("no"))), (True, self._tr(T("yes")))]
        asks = LUCK_ASKS.get(card, ())
        questions = []
        if "over_mountains" in asks:
            questions.append(
                Question("over_mountains", self._tr(T("over_mountains")), yes_no, False)
            )
        if "permission" in asks:
            choices = [(p, self._tr(card_name(p))) for p in PERMISSIONS]
            questions.append(Question("permission", "", choices))
        if "levels" in asks:
            levels = [(n, f"{n:+d}" if n else "0") for n in WEATHER_LEVELS]
            questions.append(Question("levels", self._tr(T("levels_q")), levels, 0))
            questions.append(Question("backward", self._tr(T("backward")), yes_no, False))
        if card in bb.REPAIRABLE and target is not None and holds_repair(state, target):
            owner = state.balloon(target).owner
            questions.append(
                Question("repaired", self._tr(T("repair", player=owner)), yes_no, False)
            )
        return questions

    # -- the board -----------------------------------------------------------------
    def _build_board(self, state: bb.State) -> None:
        targets = event_targets(state)
        if self.event_target not in targets:
            self.event_target = state.active.colour
        box = self.ids.event_for
        box.clear_widgets()
        scale = App.get_running_app().scale
        for colour in targets:
            toggle = sized(Factory.Toggle(text=self._colour(colour)), 16 * scale)
            toggle.active = colour == self.event_target
            toggle.bind(on_release=lambda _w, c=colour: self._choose_event_target(c))
            box.add_widget(toggle)
        zones = self.ids.zones
        zones.clear_widgets()
        for zone in ZONES:
            tap = sized(Factory.Tap(text=self._tr(T(f"zone_{zone}"))), 16 * scale)
            tap.bind(on_release=lambda _w, z=zone: self.event("restricted_zone", zone=z))
            zones.add_widget(tap)
        self._build_storm(state)

    def _choose_event_target(self, colour: str) -> None:
        self.event_target = colour
        self._build_board(self.state)

    def event(self, action: str, **fields: Any) -> None:
        """A zone or a mountain: for the current balloon, or the one moved there."""
        target = self.event_target
        if target and target != self.state.active.colour:
            fields["target"] = target
        self.act(action, **fields)

    def _build_storm(self, state: bb.State) -> None:
        box = self.ids.storm
        box.clear_widgets()
        if not state.variants.storm:
            return
        scale = App.get_running_app().scale
        key, opener = ("storm_place", self.open_place_storm)
        if state.storm is not None:
            key, opener = ("storm_weather", self.open_storm_weather)
        tap = sized(Factory.Tap(text=self._tr(T(key))), 16 * scale)
        tap.bind(on_release=lambda _w: opener())
        box.add_widget(tap)

    def _racing(self) -> list[tuple[Any, str]]:
        return [(b.colour, self._colour(b.colour)) for b in self.state.balloons if b.racing]

    def open_place_storm(self) -> None:
        where = [
            (w, self._tr(T(k)))
            for w, k in (("above", "above"), ("on", "on_zone"), ("below", "below"))
        ]
        questions = [
            Question("balloon", self._tr(T("storm_who")), self._racing()),
            Question("where", self._tr(T("storm_where")), where),
        ]
        title = self._tr(T("storm_place"))
        self._reopen = self.open_place_storm
        self._ask(title, questions, title, self._send("place_storm"))

    def open_storm_weather(self) -> None:
        yes_no = [(False, self._tr(T("no"))), (True, self._tr(T("yes")))]
        levels = [(n, f"{n:+d}" if n else "0") for n in WEATHER_LEVELS]
        questions = [
            Question("target", self._tr(T("storm_hit")), self._racing()),
            Question("levels", self._tr(T("levels_q")), levels, 0),
            Question("backward", self._tr(T("backward")), yes_no, False),
        ]
        title = self._tr(T("storm_weather"))
        self._reopen = self.open_storm_weather
        self._ask(title, questions, title, self._send("storm_weather"))

    # -- the six steps -------------------------------------------------------------
    def _build_steps(self, state: bb.State) -> None:
        box = self.ids.steps
        box.clear_widgets()
        for step in bb.RULES.checklist(state):
            text = self._tr(_unmarked(step.message)).strip()
            box.add_widget(Factory.BalmyStep(text=text, status=step.status))
        upkeep = self._upkeep_text()
        if upkeep:
            box.add_widget(Factory.BalmyNote(text=upkeep))

    # -- every balloon -------------------------------------------------------------
    def _build_balloons(self, state: bb.State) -> None:
        table = self.model.summary["table"] if self.model else {}
        markers = table.get("markers", [])
        self.ids.rose.points = self._rose_points(state)
        self.ids.rose.markers = list(markers)
        self.ids.rose.current = state.active.colour
        box = self.ids.overview
        box.clear_widgets()
        for balloon in table.get("balloons", []):
            colour = balloon["colour"]
            row = Factory.BalmyOverviewRow(
                title=f"{self._colour(colour)} · {balloon['owner']}",
                altitude=self._tr(altitude_name(balloon["altitude"])),
                swatch=theme.rgba(balloon_hex(colour)),
                current=colour == table.get("current_balloon"),
                fuel=balloon["tokens"]["fuel"],
                gas=balloon["tokens"]["gas"],
                ballast=balloon["tokens"]["ballast"],
                cards=f"{balloon['hand']}/{balloon['in_front']}",
                badges="  ".join(self._tr(m) for m in badges(balloon, markers)),
            )
            box.add_widget(row)

    def _rose_points(self, state: bb.State) -> list[RosePoint]:
        colours = {b.colour: b for b in state.balloons}
        points = []
        for colour in bb.PALETTE:
            balloon = colours.get(colour)
            points.append(
                RosePoint(
                    colour,
                    balloon_hex(colour),
                    self._colour(colour),
                    balloon is not None,
                    balloon is not None and balloon.racing,
                )
            )
        return points

    # -- taps and buttons ----------------------------------------------------------
    def act(self, kind: str, /, **fields: Any) -> bool:
        return bool(self.model is not None and self.model.act(kind, **fields))

    def _try(self, kind: str, /, **fields: Any) -> str | None:
        """Send an action from a dialog: None when done, else the rule's sentence."""
        if self.act(kind, **fields):
            return None
        return self._tr(self.model.error) if self.model is not None else ""

    def _send(self, kind: str, /, **fixed: Any) -> Any:
        return lambda answers: self._try(kind, **fixed, **answers)

    def _ask(self, title: str, questions: list[Question], ok: str, on_ok: Any) -> None:
        if self._view is not None:
            self._view.dismiss()
        self._view = QuestionsView(title, questions, ok, on_ok)
        self._view.open()

    def go(self) -> None:
        if self.model is not None:
            self.model.go()
            self._timer()


def _unmarked(message: Message) -> Message:
    """A checklist step without its text mark: the screen draws the status itself."""
    if "mark" not in message.params:
        return message
    return Message(message.key, {**message.params, "mark": ""})
