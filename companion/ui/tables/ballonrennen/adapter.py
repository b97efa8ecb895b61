"""What the Ballonrennen table needs that the rules do not say: the new-game options,
the app's own turn timer (the rules have none), and the balloon colours in seat
order. No Kivy here; GO's meaning and the timer's defaults are the skeleton's."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.model import EndTurn, PlayerSpec
from companion.core.session import Session
from companion.games import ballonrennen as br
from companion.ui.tables.ballonrennen.text import balloon_hex, key
from companion.ui.tables.base.adapter import TIMER_KEY, OptionField, TableAdapter


class BallonrennenAdapter(TableAdapter):
    game_id = br.GAME_ID
    screen = "ballonrennen"
    options = (
        OptionField(
            "wind_deck",
            key("o_wind_deck"),
            "choice",
            "table",
            (("table", key("o_deck_table")), ("app", key("o_deck_app"))),
        ),
        OptionField(
            "play_on",
            key("o_play_on"),
            "choice",
            False,
            ((False, key("o_play_on_no")), (True, key("o_play_on_yes"))),
        ),
        # The rules have no timer: an app-only option, off by default.
        OptionField(TIMER_KEY, key("o_timer"), "seconds", 0, step=15, maximum=300, app_only=True),
    )

    def glass_turn(self, session: Session) -> int | None:
        """The running turn's number (ends of turn so far), for the app's own glass."""
        if session.summary()["over"]:
            return None
        return sum(1 for action in session.log if isinstance(action, EndTurn))

    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        """The rules' balloon colours in seat order (red, yellow, green, ...)."""
        colours = br.assign_colours([PlayerSpec(name=n) for n in names])
        return [(c, balloon_hex(c)) for c in colours]


ADAPTER = BallonrennenAdapter()
