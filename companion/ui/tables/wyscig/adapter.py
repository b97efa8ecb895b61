"""What the Wyścig balonów table needs that the rules do not say: GO's meaning now,
the table's questions (the round's order cards, the dice not placed when the sand ran
out), the rules' hourglass, the seats (no colour: a player owns no balloon, and a
seat's colour beside a balloon's reads as one), the secret balloon cards, the five
dice, the new-game options and the score. Answered from the rules' own helpers; no
Kivy here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.core.session import Session
from companion.games import wyscig_balonow as wb
from companion.ui import theme
from companion.ui.strings import UI
from companion.ui.tables.base.adapter import (
    Correction,
    Counter,
    OptionField,
    TableAdapter,
    TurnRoll,
    player_correction,
)
from companion.ui.tables.base.go import END_TURN, MOVE_ON, NOTHING, Go, Send, TableQuestion
from companion.ui.tables.wyscig import words
from companion.ui.tables.wyscig.scoring import WyscigScoring
from companion.ui.tables.wyscig.text import W, key

if TYPE_CHECKING:
    from companion.play.table import GameInPlay

# Every seat's light on the strip: the screen's text white, no balloon's colour (a
# Wyścig balloon is blue, pink, yellow, green or red).
SEAT = ("white", theme.TEXT)
BY_APP_OR_TABLE = (("app", key("by_app")), ("table", key("by_table")))

# The order cards dealt at the table: the players tap it in (the table's OrderDialog).
ORDER = TableQuestion("order", W("go_order"), W("go_order"))
# The sand ran out: how many dice were not placed (the table's UnplacedDialog). An
# answer undone is asked again on GO, not at once.
UNPLACED = TableQuestion(
    "unplaced", W("go_unplaced"), W("unplaced_first"), next=True, waits_after_undo=True
)


class WyscigAdapter(TableAdapter[wb.State]):
    chooses_start = False  # each round's order cards say who plays first
    game_id = wb.GAME_ID
    dice = wb.DICE
    dice_action = "dice"
    secret_colours = wb.BALLOONS
    seats_coloured = False
    scoring = WyscigScoring()
    options = (
        OptionField("timer_seconds", key("timer"), "seconds", 30),
        OptionField("untimed", key("untimed"), "players", ()),
        OptionField("order_cards", key("order_cards"), "choice", "app", BY_APP_OR_TABLE),
        OptionField("balloon_cards", key("balloon_cards"), "choice", "app", BY_APP_OR_TABLE),
    )

    # -- GO and the table's questions -------------------------------------------------
    def go(self, play: GameInPlay[wb.State]) -> Go:
        """The roll (the hourglass turned, or the dice rolled in an untimed turn), then
        the end of the turn; the score once the balloons have landed."""
        state = play.session.state
        if state.over:
            counted = state.distances is not None
            return Go(UI("go_end"), NOTHING) if counted else Go(W("go_score"), MOVE_ON)
        if state.turn.timer_started:
            return Go(UI("go_end"), END_TURN)
        label = UI("go_start") if wb.RULES.timed_now(state) else W("go_roll")
        return Go(label, Send("start_timer"), next=True)

    def question(self, play: GameInPlay[wb.State]) -> TableQuestion | None:
        session = play.session
        state = session.state
        if state.over:
            return None
        if not state.order:
            return ORDER
        ran_out = play.timer.ran_out() and self.turn_started(session)
        return UNPLACED if ran_out and not self.turn_expired(session) else None

    # -- the rules' hourglass ------------------------------------------------------------
    def timer_seconds(self, session: Session[wb.State], app_options: Mapping[str, object]) -> float:
        options = session.options
        assert isinstance(options, wb.Options)
        return float(options.timer_seconds)

    def timed_turn(self, session: Session[wb.State], app_options: Mapping[str, object]) -> bool:
        return wb.RULES.timed_now(session.state)

    def turn_started(self, session: Session[wb.State]) -> bool:
        return session.state.turn.timer_started

    def turn_expired(self, session: Session[wb.State]) -> bool:
        return session.state.turn.timer_expired

    # -- players and their balloons ----------------------------------------------------
    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        return [SEAT for _ in names]

    def balloons_per_player(self, count: int, options: Mapping[str, object]) -> int:
        return wb.balloons_per_player(count)

    def held(self, session: Session[wb.State]) -> dict[str, tuple[str, ...]]:
        return {p.name: p.balloons for p in session.state.players}

    def table_deal(self, options: Mapping[str, object]) -> bool:
        return options.get("balloon_cards") == "table"

    def with_deal(
        self, options: Mapping[str, object], deal: Mapping[str, Sequence[str]] | None
    ) -> dict[str, Any]:
        cards = "app" if deal is None else {name: list(c) for name, c in deal.items()}
        return {**options, "balloon_cards": cards}

    def deal_refusal(self, deal: Mapping[str, Sequence[str]]) -> Message | None:
        """Two players tapped the same colour (the rules would name it: a secret)."""
        tapped = [colour for cards in deal.values() for colour in cards]
        return W("deal_twice") if len(set(tapped)) < len(tapped) else None

    def turn_roll(self, play: GameInPlay[wb.State]) -> TurnRoll:
        """The turn's roll comes after GO turned the hourglass (or said an untimed
        player rolled) and before its sand ran out: the dice are being placed then."""
        state = play.session.state
        dice = state.turn.dice or ()
        if state.over:
            return TurnRoll(dice)  # the rules say why
        if not state.turn.timer_started:
            timed = wb.RULES.timed_now(state)
            return TurnRoll(dice, UI("dice_before_glass") if timed else UI("dice_before_go"))
        if state.turn.timer_expired or play.timer.ran_out():
            return TurnRoll(dice, UI("dice_time_up"))
        if dice:
            # One roll a turn: "the value of a die cannot be changed". The reader's
            # second roll is refused on the table, never taken silently over the first;
            # it is still acknowledged (`Rolled.kept`): it was read and shown, and a
            # resend would be refused the same way. A roll typed again on the screen
            # asks first (the dice dialog): a player may be putting a mistake right.
            return TurnRoll(dice, W("dice_once", values=" ".join(map(str, dice))))
        return TurnRoll(dice)

    # -- corrections and words ---------------------------------------------------------
    def correction(self, session: Session[wb.State], subject: str) -> Correction | None:
        found = next((p for p in session.state.players if p.name == subject), None)
        if found is None:
            return None
        return player_correction(
            subject,
            Counter("mail", W("bar_mail"), found.mail, ("WyscigToken", "mail")),
            Counter("penalty", W("bar_penalty"), found.penalty, ("WyscigToken", "penalty")),
        )

    def step(self, session: Session[wb.State]) -> Message | None:
        """The order, the round's obstacle, the roll, placing the dice (after the sand
        ran out, the unplaced ones) and moving, or finishing a turn in which a balloon
        landed: the rules' own prompt for it (`wb.RULES.step`)."""
        return wb.RULES.step(session.state)

    def describe(self, action: ActionBase, before: wb.State) -> Message:
        return words.describe(action, before)

    def resume_line(self, game: str, summary: Mapping[str, object]) -> Message:
        """Home's line: the order cards still to deal, else the skeleton's."""
        if not summary.get("over") and summary.get("current") is None:
            shown = summary.get("round")
            return W(
                "resume_order", game=game, round=shown if isinstance(shown, int) and shown else 1
            )
        return super().resume_line(game, summary)


ADAPTER = WyscigAdapter()
