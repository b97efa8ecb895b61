"""What the Wyścig balonów table needs that the rules do not say: GO's meaning now,
the seat colours (not balloon colours: the balloons are secret) and the new-game
options. No Kivy here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.session import Session
from companion.games import wyscig_balonow as wb
from companion.ui import theme
from companion.ui.tables.base.adapter import GoKind, OptionField


@dataclass(frozen=True)
class WyscigAdapter:
    game_id: str = wb.GAME_ID
    screen: str = "wyscig"
    secret_balloons: bool = True
    options: Sequence[OptionField] = field(
        default_factory=lambda: (
            OptionField("timer_seconds", "timer", "seconds", 30),
            OptionField("untimed", "untimed", "players", ()),
            OptionField(
                "order_cards",
                "order_cards",
                "choice",
                "app",
                (("app", "by_app"), ("table", "by_table")),
            ),
            OptionField(
                "balloon_cards",
                "balloon_cards",
                "choice",
                "app",
                (("app", "by_app"), ("table", "by_table")),
            ),
        )
    )

    def go(self, session: Session) -> GoKind:
        state: wb.State = session.state
        if state.over:
            return "score" if state.distances is None else "none"
        if not state.order:
            return "order"
        return "end_turn" if state.turn.timer_started else "start_timer"

    def timed_turn(self, session: Session, app_options: Mapping[str, Any]) -> bool:
        return bool(wb.RULES.timed_now(session.state))

    def turn_started(self, session: Session) -> bool:
        return bool(session.state.turn.timer_started)

    def turn_expired(self, session: Session) -> bool:
        return bool(session.state.turn.timer_expired)

    def timer_seconds(self, session: Session, app_options: Mapping[str, Any]) -> float:
        return float(session.options.timer_seconds)  # type: ignore[attr-defined]

    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        return [theme.seat_colour(i) for i in range(len(names))]

    def balloons_per_player(self, count: int) -> int:
        return 2 if count == 2 else 1


ADAPTER = WyscigAdapter()
