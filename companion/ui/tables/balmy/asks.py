"""The questions the Balmy Balloonists table asks before it sends an action: which
advantage cards were dealt, which card to swap, what a luck card did, where the
storm is placed and what it did. Each opens the skeleton's questions dialog; a
refusal is shown in it, and a new language builds it again with the answers so far.

A question is about the state it was opened on: a change that is not its own answer
(an undo, GO on the buttons) closes it. The advantage cards are the table's question
(`TableQuestion`, the adapter's): their picker opens while the view-model names the
question, one player after another, and one closed unanswered waits for GO."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kivy.clock import Clock

from companion.games import balmy_balloonists as bb
from companion.ui.tables.balmy import view
from companion.ui.tables.balmy.adapter import ADVANTAGE
from companion.ui.tables.balmy.text import T, card_name
from companion.ui.tables.base.dialogs import Answer, Question, Questions, TableDialog

if TYPE_CHECKING:
    from companion.ui.tables.balmy.screen import BalmyScreen


class Asks:
    def __init__(self, screen: BalmyScreen) -> None:
        self.screen = screen
        self._open: TableDialog | None = None  # the dialog of the question asked now
        self._answering = False  # its answer is being sent: the change is its own
        self._building = False  # a dialog built again (a new language) replaces it
        self._withdrawing = False  # closed by a change of the game, not by a player

    def _ask(self, questions: Questions) -> TableDialog:
        self._building = True
        try:
            self._open = self.screen.dialogs.ask(questions)
        finally:
            self._building = False
        return self._open

    def _attempt(self, kind: str, /, **fields: object) -> str | None:
        self._answering = True
        try:
            return self.screen.dialogs.attempt(kind, **fields)
        finally:
            self._answering = False

    def _send(self, kind: str, /, **fixed: object) -> Callable[[dict[str, Answer]], str | None]:
        return lambda answers: self._attempt(kind, **fixed, **answers)

    def state_changed(self) -> None:
        """The game changed under the question asked now, not by its answer: the
        question was about a state that is gone, so it closes; the table's question
        of the new state (the advantage cards) is asked."""
        if self._answering:
            return
        if self._open is not None and self._open.parent is not None:
            self._withdrawing = True
            try:
                self._open.dismiss(animation=False)
            finally:
                self._withdrawing = False
        self.follow()

    def _yes_no(self) -> list[tuple[Answer, str]]:
        return [(False, self.screen.tr(T("no"))), (True, self.screen.tr(T("yes")))]

    def _levels(self) -> list[tuple[Answer, str]]:
        return [(n, f"{n:+d}" if n else "0") for n in view.WEATHER_LEVELS]

    def _racing(self) -> list[tuple[Answer, str]]:
        balloons = self.screen.state.balloons
        return [(b.colour, self.screen.colour(b.colour)) for b in balloons if b.racing]

    # -- cards -----------------------------------------------------------------------
    def swap(self) -> None:
        screen, state = self.screen, self.screen.state
        tr = screen.tr
        cards = [u.card for u in bb.RULES.usable_advantage(state) if u.action == "swap_advantage"]
        sources = bb.RULES.swap_sources(state)
        questions = [
            Question("card", tr(T("swap_card")), [(c, tr(card_name(c))) for c in cards]),
            Question("from", tr(T("swap_from")), [(c, screen.colour(c)) for c in sources]),
        ]
        swap = tr(T("swap"))
        self._ask(Questions(swap, questions, swap, self._send("swap_advantage"), self.swap))

    # -- the advantage cards dealt at setup: the table's question ---------------------
    def follow(self, *_: object) -> None:
        """The picker of the next player whose cards are not recorded, while the
        view-model names the question and none is open."""
        screen = self.screen
        model = screen.model
        if model is None or model.question != ADVANTAGE or not screen.showing:
            return
        if (self._open is None or self._open.parent is None) and screen.dialogs.free_for(
            self.follow
        ):
            self.advantage()

    def advantage(self) -> None:
        """The two advantage cards dealt to the first player still waiting."""
        screen = self.screen
        waiting = view.unrecorded(screen.state)
        if not waiting:
            return
        player = waiting[0]
        choices = [(c, screen.tr(card_name(c))) for c in bb.ADVANTAGE_CARDS]
        questions = [Question("first", "1", choices), Question("second", "2", choices)]
        recorded: list[str] = []

        def record(answers: dict[str, Answer]) -> str | None:
            cards = [answers["first"], answers["second"]]
            refused = self._attempt("advantage", player=player, cards=cards)
            if refused is None:
                recorded.append(player)
            return refused

        title = screen.tr(T("advantage_pick", player=player))
        ok = screen.tr(T("record_advantage"))
        picker = self._ask(Questions(title, questions, ok, record, self.advantage))
        picker.bind(on_dismiss=lambda *_: self._picked(bool(recorded)))

    def _picked(self, recorded: bool) -> None:
        """The picker closed: the next player's opens once it is gone; closed
        unanswered, the question waits for GO."""
        model = self.screen.model
        if self._building or self._withdrawing or model is None:
            return
        if recorded:  # the next player's, once this one is gone
            Clock.schedule_once(lambda _dt: self.advantage(), 0)
        else:
            model.button.put_aside()

    # -- luck ------------------------------------------------------------------------
    def luck(self, card: str) -> None:
        """One luck card: sent at once when it asks nothing, else its questions."""
        screen, state = self.screen, self.screen.state
        target = view.luck_target(state) or state.active.colour
        if not self._luck_questions(state, card, target):
            screen.act("bad_luck", card=card, target=target)
            return
        self._luck_dialog(card)

    def _luck_dialog(self, card: str) -> None:
        """Built again in a new language; never sends by itself."""
        screen, state = self.screen, self.screen.state
        target = view.luck_target(state) or state.active.colour
        questions = self._luck_questions(state, card, target)
        title = screen.tr(T("luck_title", card=card, colour=target))
        send = self._send("bad_luck", card=card, target=target)
        ok = screen.tr(T("luck_apply"))
        self._ask(Questions(title, questions, ok, send, lambda: self._luck_dialog(card)))

    def _luck_questions(self, state: bb.State, card: str, target: str) -> list[Question]:
        tr = self.screen.tr
        asks = view.LUCK_ASKS.get(card, ())
        questions = []
        if "over_mountains" in asks:
            questions.append(
                Question("over_mountains", tr(T("over_mountains")), self._yes_no(), False)
            )
        if "permission" in asks:  # only a permission the balloon's owner holds
            held = view.permissions_held(state, target)
            questions.append(Question("permission", "", [(p, tr(card_name(p))) for p in held]))
        if "levels" in asks:
            questions.append(Question("levels", tr(T("levels_q")), self._levels(), 0))
            questions.append(Question("backward", tr(T("backward")), self._yes_no(), False))
        if card in bb.REPAIRABLE and view.holds_repair(state, target):
            owner = state.balloon(target).owner
            label = tr(T("repair", player=owner))
            questions.append(Question("repaired", label, self._yes_no(), False))
        return questions

    # -- the storm -------------------------------------------------------------------
    def place_storm(self) -> None:
        tr = self.screen.tr
        keys = (("above", "above"), ("on", "on_zone"), ("below", "below"))
        where = [(w, tr(T(k))) for w, k in keys]
        questions = [
            Question("balloon", tr(T("storm_who")), self._racing()),
            Question("where", tr(T("storm_where")), where),
        ]
        title = tr(T("storm_place"))
        self._ask(Questions(title, questions, title, self._send("place_storm"), self.place_storm))

    def storm_weather(self) -> None:
        tr = self.screen.tr
        questions = [
            Question("target", tr(T("storm_hit")), self._racing()),
            Question("levels", tr(T("levels_q")), self._levels(), 0),
            Question("backward", tr(T("backward")), self._yes_no(), False),
        ]
        title = tr(T("storm_weather"))
        send = self._send("storm_weather")
        self._ask(Questions(title, questions, title, send, self.storm_weather))
