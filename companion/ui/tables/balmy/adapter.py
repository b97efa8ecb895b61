"""What the Balmy Balloonists table needs that the rules do not say: the new-game
options, the app's own turn timer (the rules have none), seat colours and the
balloons per player. No Kivy here, and no rule decisions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.session import Session
from companion.games import balmy_balloonists as bb
from companion.ui.tables.balmy.text import balloon_hex, label, variant_label
from companion.ui.tables.base.adapter import TIMER_KEY, GoKind, OptionField, TableAdapter


def state_of(session: Session) -> bb.State:
    state: bb.State = session.state
    return state


def _options() -> tuple[OptionField, ...]:
    return (
        OptionField(
            TIMER_KEY, label("opt_timer"), "seconds", 0, step=15, maximum=300, app_only=True
        ),
        OptionField(
            "balloons_per_player",
            label("opt_balloons"),
            "choice",
            2,
            ((2, label("two_each")), (1, label("one_each"))),
            max_players=3,
        ),
        OptionField("start", label("opt_start"), "player", None),
        OptionField(
            "variants",
            label("opt_variants"),
            "flags",
            (),
            (
                ("fair_weather", variant_label("fair_weather")),
                ("critical_measures", variant_label("critical_measures")),
                ("storm", variant_label("storm")),
            ),
        ),
    )


class BalmyAdapter(TableAdapter):
    game_id = bb.GAME_ID
    screen = "balmy"
    options = _options()

    def go(self, session: Session) -> GoKind:
        return "none" if state_of(session).over else "end_turn"

    def timed_turn(self, session: Session, app_options: Mapping[str, Any]) -> bool:
        return not state_of(session).over and self.timer_seconds(session, app_options) > 0

    def glass_turn(self, session: Session) -> int | None:
        state = state_of(session)
        return None if state.over else state.turn.number

    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        # A player's first balloon takes the palette colour of their seat.
        return [(c, balloon_hex(c)) for c in bb.PALETTE[: len(names)]]

    def balloons_per_player(self, count: int, options: Mapping[str, Any]) -> int:
        return bb.balloons_per_player(bb.Options.model_validate(dict(options)), count)


ADAPTER = BalmyAdapter()
