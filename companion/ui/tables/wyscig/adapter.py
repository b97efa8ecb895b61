"""What the Wyścig balonów table needs that the rules do not say: GO's meaning now,
the rules' hourglass, the seat colours (not balloon colours: the balloons are
secret), the secret balloon cards, the five dice and the new-game options. Answered
from the rules' own helpers; no Kivy here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.core.session import Session
from companion.games import wyscig_balonow as wb
from companion.ui import theme
from companion.ui.strings import UI
from companion.ui.tables.base.adapter import (
    Correction,
    Counter,
    GoKind,
    OptionField,
    TableAdapter,
    player_correction,
)
from companion.ui.tables.wyscig import words

BY_APP_OR_TABLE = (("app", "by_app"), ("table", "by_table"))


def state_of(session: Session) -> wb.State:
    state: wb.State = session.state
    return state


class WyscigAdapter(TableAdapter):
    game_id = wb.GAME_ID
    screen = "wyscig"
    dice = wb.DICE
    secret_colours = wb.BALLOONS
    options = (
        OptionField("timer_seconds", "timer", "seconds", 30),
        OptionField("untimed", "untimed", "players", ()),
        OptionField("order_cards", "order_cards", "choice", "app", BY_APP_OR_TABLE),
        OptionField("balloon_cards", "balloon_cards", "choice", "app", BY_APP_OR_TABLE),
    )

    def go(self, session: Session) -> GoKind:
        state = state_of(session)
        if state.over:
            return "score" if state.distances is None else "none"
        if not state.order:
            return "order"
        return "end_turn" if state.turn.timer_started else "start_timer"

    # -- the rules' hourglass ------------------------------------------------------------
    def timer_seconds(self, session: Session, app_options: Mapping[str, Any]) -> float:
        options: wb.Options = session.options  # type: ignore[assignment]
        return float(options.timer_seconds)

    def timed_turn(self, session: Session, app_options: Mapping[str, Any]) -> bool:
        return wb.RULES.timed_now(state_of(session))

    def turn_started(self, session: Session) -> bool:
        return state_of(session).turn.timer_started

    def turn_expired(self, session: Session) -> bool:
        return state_of(session).turn.timer_expired

    # -- players and their balloons ----------------------------------------------------
    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        return [theme.seat_colour(i) for i in range(len(names))]

    def balloons_per_player(self, count: int, options: Mapping[str, Any]) -> int:
        return wb.balloons_per_player(count)

    def held(self, session: Session) -> dict[str, tuple[str, ...]]:
        return {p.name: p.balloons for p in state_of(session).players}

    def table_deal(self, options: Mapping[str, Any]) -> bool:
        return options.get("balloon_cards") == "table"

    def with_deal(
        self, options: Mapping[str, Any], deal: Mapping[str, Sequence[str]] | None
    ) -> dict[str, Any]:
        cards = "app" if deal is None else {name: list(c) for name, c in deal.items()}
        return {**options, "balloon_cards": cards}

    def roll_of_turn(self, session: Session) -> Sequence[int]:
        return state_of(session).turn.dice or ()

    # -- corrections and words ---------------------------------------------------------
    def correction(self, session: Session, subject: str) -> Correction | None:
        found = next((p for p in state_of(session).players if p.name == subject), None)
        if found is None:
            return None
        return player_correction(
            subject,
            Counter("mail", UI("bar_mail"), found.mail, ("Token", "mail")),
            Counter("penalty", UI("bar_penalty"), found.penalty, ("Token", "penalty")),
        )

    def step(self, session: Session) -> Message | None:
        """The order, the round's obstacle, the roll, or placing the dice and moving:
        the rules' own prompt for it."""
        state = state_of(session)
        current = state.current
        if state.over:
            return wb.M("p_score") if state.distances is None else None
        if not state.order or current is None:
            return wb.M("p_deal_order", round=state.round)
        if wb.RULES.needs_obstacle(state):
            return wb.M("p_place_obstacle", player=state.order[0])
        if not state.turn.timer_started:
            timed = wb.RULES.timed_now(state)
            return wb.M("p_roll_timed" if timed else "p_roll_untimed", player=current)
        return wb.M("p_place_dice", player=current)

    def describe(self, action: ActionBase, before: Any) -> Message:
        return words.describe(action, before)


ADAPTER = WyscigAdapter()
