"""What the Balmy Balloonists table needs that the rules do not say: the new-game
options, the app's own turn timer (the rules have none), the advantage cards dealt
at setup as the table's question, the step line and what the last action changed,
seat colours and the balloons per player. No Kivy here, and no rule decisions."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.core.session import Session
from companion.games import balmy_balloonists as bb
from companion.ui.tables.balmy import effects, view, words
from companion.ui.tables.balmy.scoring import BalmyScoring
from companion.ui.tables.balmy.text import T, balloon_hex, label, token_name, variant_label
from companion.ui.tables.base.adapter import (
    TIMER_KEY,
    Correction,
    Counter,
    OptionField,
    TableAdapter,
)
from companion.ui.tables.base.go import START_GLASS, Go, TableQuestion

if TYPE_CHECKING:
    from companion.play.table import GameInPlay

# The turn's steps 1 to 3, and 4: the balloon landed in its turn, the end is next.
STEPS = {1: "step_card", 2: "step_altitude", 3: "step_fly", 4: "step_landed"}
ADVANTAGE = "advantage"  # the table's question: the advantage cards dealt at setup


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


class BalmyAdapter(TableAdapter[bb.State]):
    # The rulebook names who starts (whoever most recently travelled in a balloon):
    # the new-game screen's `start`; and the table's first question (the advantage
    # cards dealt) comes before any turn.
    chooses_start = False
    game_id = bb.GAME_ID
    options = _options()
    scoring = BalmyScoring()

    def go(self, play: GameInPlay[bb.State]) -> Go:
        """The skeleton's GO, in this table's words for the turn timer."""
        go = super().go(play)
        return dataclasses.replace(go, label=T("go_start")) if go.does == START_GLASS else go

    def question(self, play: GameInPlay[bb.State]) -> TableQuestion | None:
        """The advantage cards dealt at setup, until every player's are recorded: the
        picker opens by itself (again after an undo of a player's cards, as it was
        before them); closed unanswered, GO brings it back."""
        waiting = view.unrecorded(play.session.state)
        if not waiting or play.session.state.over:
            return None
        label, refusal = T("go_advantage"), bb.M("p_advantage", player=waiting[0])
        return TableQuestion(ADVANTAGE, label, refusal, next=True)

    def timed_turn(self, session: Session[bb.State], app_options: Mapping[str, object]) -> bool:
        return not session.state.over and self.timer_seconds(session, app_options) > 0

    def glass_turn(self, session: Session[bb.State]) -> int | None:
        state = session.state
        return None if state.over else state.turn.number

    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        # A player's first balloon takes the palette colour of their seat.
        return [(c, balloon_hex(c)) for c in bb.PALETTE[: len(names)]]

    def balloons_per_player(self, count: int, options: Mapping[str, object]) -> int:
        return bb.balloons_per_player(bb.Options.model_validate(dict(options)), count)

    # -- corrections and words ---------------------------------------------------------
    def correction(self, session: Session[bb.State], subject: str) -> Correction | None:
        """A balloon's tokens and cards (the `adjust` names the balloon's colour)."""
        found = next((b for b in session.state.balloons if b.colour == subject), None)
        if found is None:
            return None
        counts = {
            "fuel": found.fuel,
            "gas": found.gas,
            "ballast": found.ballast,
            "hand": found.hand,
            "in_front": found.in_front,
        }
        return Correction(
            T("correct_balloon", colour=subject, player=found.owner),
            {"balloon": subject},
            tuple(Counter(t, token_name(t), n, ("BalmyToken", t)) for t, n in counts.items()),
        )

    def step(self, session: Session[bb.State]) -> Message | None:
        """The advantage cards dealt at setup, then the turn's step: the card, the
        altitude, the flight and the end of the turn."""
        state = session.state
        waiting = [p.name for p in state.players if not p.advantage_recorded]
        if state.over:
            return None
        if waiting:
            return bb.M("p_advantage", player=waiting[0])
        balloon = state.active
        key = STEPS[bb.RULES.current_step(state) or 3]
        return T(key, player=balloon.owner, colour=balloon.colour)

    def reminders(self, session: Session[bb.State]) -> list[Message]:
        """What the last action changed first, then what the tabs do not show already:
        skipped turns, the variants' reminders."""
        step = self.step(session)
        done = effects.last_effect(session)
        news = [m for m in view.news(session.state, session.prompts())[0] if m != step]
        return [done, *news] if done is not None else news

    def describe(self, action: ActionBase, before: bb.State) -> Message:
        return words.describe(action, before)


ADAPTER = BalmyAdapter()
