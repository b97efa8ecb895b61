"""What the Ballonrennen table needs that the rules do not say: the new-game options,
the app's own turn timer (the rules have none), GO as the accent once the balloon has
moved, and the balloon colours in seat order. No Kivy here; the timer's defaults are
the skeleton's."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.core.messages import Message
from companion.core.model import ActionBase, EndTurn, PlayerSpec
from companion.core.session import Session
from companion.games import ballonrennen as br
from companion.ui.tables.ballonrennen import view, words
from companion.ui.tables.ballonrennen.text import UB, balloon_hex, key
from companion.ui.tables.base.adapter import (
    TIMER_KEY,
    Correction,
    Counter,
    OptionField,
    TableAdapter,
    player_correction,
)
from companion.ui.tables.base.go import END_TURN, Go

if TYPE_CHECKING:
    from companion.play.table import GameInPlay

# The rules' prompts the table shows elsewhere: in the step line, under the wind rose
# (the move), or on the new-game screen (the app's deck).
QUIET = frozenset(
    {
        "p_deck_ours",
        "p_altitude_air",
        "p_altitude_ground",
        "p_landed_now",
        "p_card_table",
        "p_card_app",
        "p_favourable",
        "p_move",
        "p_move_one",
        "p_stay",
        "p_ground",
        "p_end",
    }
)


class BallonrennenAdapter(TableAdapter[br.State]):
    game_id = br.GAME_ID
    colour_in_setup = True
    options = (
        OptionField(
            "wind_deck",
            key("o_wind_deck"),
            "choice",
            "table",
            (("table", key("o_deck_table")), ("app", key("o_deck_app"))),
            notes=(("app", key("o_deck_app_note")),),  # said where the deck is chosen
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

    def go(self, play: GameInPlay[br.State]) -> Go:
        """The skeleton's GO, the accent once the balloon has moved: end the turn."""
        go = super().go(play)
        if go.does == END_TURN and br.RULES.phase(play.session.state) == "move":
            return dataclasses.replace(go, next=True)
        return go

    def glass_turn(self, session: Session[br.State]) -> int | None:
        """The running turn's number (ends of turn so far), for the app's own glass."""
        if session.summary().over:
            return None
        return sum(1 for action in session.log if isinstance(action, EndTurn))

    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        """The rules' balloon colours in seat order (red, yellow, green, ...)."""
        colours = br.assign_colours([PlayerSpec(name=n) for n in names])
        return [(c, balloon_hex(c)) for c in colours]

    # -- corrections and words ---------------------------------------------------------
    def correction(self, session: Session[br.State], subject: str) -> Correction | None:
        state = session.state
        found = next((p for p in state.players if p.name == subject), None)
        if found is None:
            return None
        return player_correction(
            subject,
            Counter("gas", UB("t_gas"), found.gas, ("BallastToken", "canister")),
            Counter("sandbags", UB("t_sandbags"), found.sandbags, ("BallastToken", "sandbag")),
            Counter("mail_sack", UB("t_mail_sack"), found.mail_sack, ("BallastToken", "sack")),
        )

    def step(self, session: Session[br.State]) -> Message | None:
        """The altitude and the wind card, a Favourable wind, or the move and the end
        of the turn, as the rules' phase of the turn says."""
        state = session.state
        if state.over:
            return None
        name = state.current_player.name
        phase = br.RULES.phase(state)
        if phase == "favourable":
            return br.M("p_favourable", player=name)
        if phase != "altitude":
            # The balloon moves only while it flies and the card gives it spaces: after
            # a calm, a forced landing, a landing or the goal there is nothing to move.
            made = state.turn.move
            moving = made is not None and view.moves(made, state.current_player.state)
            return UB("step_move", player=name) if moving else br.M("p_end", player=name)
        if state.turn.landed:
            return br.M("p_card_app" if state.app_deck else "p_card_table", player=name)
        return UB("step_altitude_draw" if state.app_deck else "step_altitude_card", player=name)

    def reminders(self, session: Session[br.State]) -> list[Message]:
        """The rules' prompts but the step's own, the move (drawn under the wind rose)
        and the note on the app's deck (said where the deck is chosen); after a forced
        landing first where the balloon goes (the rulebook takes it off the board)."""
        said = [m for m in session.prompts() if m.key.rsplit(".", 1)[-1] not in QUIET]
        state = session.state
        move = state.turn.move
        if state.over or move is None or move.direction is None:
            return said
        player = state.current_player  # it flew when the card came, and is down since
        if player.state == "waiting" and player.forced:
            return [UB("to_start", player=player.name), *said]
        return said

    def describe(self, action: ActionBase, before: br.State) -> Message:
        return words.describe(action, before)


ADAPTER = BallonrennenAdapter()
