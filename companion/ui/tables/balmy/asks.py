"""The questions the Balmy Balloonists table asks before it sends an action: which
advantage cards were dealt, which card to swap, what a luck card did, where the
storm is placed and what it did. Each opens the skeleton's questions dialog; a
refusal is shown in it, and a new language builds it again with the answers so far."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.clock import Clock

from companion.games import balmy_balloonists as bb
from companion.ui.tables.balmy import view
from companion.ui.tables.balmy.text import T, card_name
from companion.ui.tables.base.dialogs import Question

if TYPE_CHECKING:
    from companion.ui.tables.balmy.screen import BalmyScreen


class Asks:
    def __init__(self, screen: BalmyScreen) -> None:
        self.screen = screen

    def _send(self, kind: str, /, **fixed: Any) -> Any:
        return lambda answers: self.screen.dialogs.attempt(kind, **fixed, **answers)

    def _yes_no(self) -> list[tuple[Any, str]]:
        return [(False, self.screen.tr(T("no"))), (True, self.screen.tr(T("yes")))]

    def _levels(self) -> list[tuple[Any, str]]:
        return [(n, f"{n:+d}" if n else "0") for n in view.WEATHER_LEVELS]

    def _racing(self) -> list[tuple[Any, str]]:
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
        screen.dialogs.ask(
            tr(T("swap")), questions, tr(T("swap")), self._send("swap_advantage"), self.swap
        )

    def advantage_if_unrecorded(self) -> None:
        if self.screen.model is not None and view.unrecorded(self.screen.state):
            self.advantage()

    def advantage(self) -> None:
        """The two advantage cards dealt at setup, one player after another."""
        screen = self.screen
        waiting = view.unrecorded(screen.state)
        if not waiting:
            return
        player = waiting[0]
        choices = [(c, screen.tr(card_name(c))) for c in bb.ADVANTAGE_CARDS]
        questions = [Question("first", "1", choices), Question("second", "2", choices)]

        def record(answers: dict[str, Any]) -> str | None:
            cards = [answers["first"], answers["second"]]
            refused = screen.dialogs.attempt("advantage", player=player, cards=cards)
            if refused is None and view.unrecorded(screen.state):
                # the next player's picker, once this one has closed
                Clock.schedule_once(lambda _dt: self.advantage(), 0)
            return refused

        title = screen.tr(T("advantage_pick", player=player))
        screen.dialogs.ask(
            title, questions, screen.tr(T("record_advantage")), record, self.advantage
        )

    # -- luck ------------------------------------------------------------------------
    def luck(self, card: str) -> None:
        """One luck card: sent at once when it asks nothing, else its questions."""
        screen, state = self.screen, self.screen.state
        target = view.luck_target(state)
        fields: dict[str, Any] = {"card": card, "target": target or state.active.colour}
        questions = self._luck_questions(state, card, target)
        if not questions:
            screen.act("bad_luck", **fields)
            return
        on = target or state.active.colour
        title = screen.tr(T("luck_title", card=card, colour=on))
        ok = screen.tr(T("luck_apply"))
        screen.dialogs.ask(
            title, questions, ok, self._send("bad_luck", **fields), lambda: self.luck(card)
        )

    def _luck_questions(self, state: bb.State, card: str, target: str | None) -> list[Question]:
        tr = self.screen.tr
        asks = view.LUCK_ASKS.get(card, ())
        questions = []
        if "over_mountains" in asks:
            questions.append(
                Question("over_mountains", tr(T("over_mountains")), self._yes_no(), False)
            )
        if "permission" in asks:
            choices = [(p, tr(card_name(p))) for p in view.PERMISSIONS]
            questions.append(Question("permission", "", choices))
        if "levels" in asks:
            questions.append(Question("levels", tr(T("levels_q")), self._levels(), 0))
            questions.append(Question("backward", tr(T("backward")), self._yes_no(), False))
        if card in bb.REPAIRABLE and target is not None and view.holds_repair(state, target):
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
        self.screen.dialogs.ask(
            title, questions, title, self._send("place_storm"), self.place_storm
        )

    def storm_weather(self) -> None:
        tr = self.screen.tr
        questions = [
            Question("target", tr(T("storm_hit")), self._racing()),
            Question("levels", tr(T("levels_q")), self._levels(), 0),
            Question("backward", tr(T("backward")), self._yes_no(), False),
        ]
        title = tr(T("storm_weather"))
        self.screen.dialogs.ask(
            title, questions, title, self._send("storm_weather"), self.storm_weather
        )
