"""What the any-game table needs that the rules do not say: the new-game options (a
title with its last choices, the clock, the counters, who wins), GO (the clock
started, then the turn ended with the seconds it took from a bank), the glass (an
hourglass per turn, or the current player's bank: the glass is the whole bank, and a
turn's glass is its delay and then what is left of the bank, the delay running down
first), the time that ran out recorded by itself, a player's counters and deeds (pass
them the turn, put them out), the seats' colours and the game BG Stats is told of
(the title). No Kivy here.

A bank's turn records the whole seconds its glass ran (not rounded to the nearest):
the screen shows the time left rounded up, so the bank after the turn is what the
screen showed at its end (and then the increment)."""

from __future__ import annotations

import math
import zlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.core.session import Session
from companion.games import any_game as ag
from companion.games.any_game.model import TITLE_LONGEST, TURN_SECONDS_MOST
from companion.ui.strings import UI
from companion.ui.tables.any_game import words
from companion.ui.tables.any_game.scoring import AnyScoring
from companion.ui.tables.any_game.text import UA, key, seat_hex
from companion.ui.tables.base.adapter import (
    Correction,
    Counter,
    Deed,
    OptionField,
    TableAdapter,
)
from companion.ui.tables.base.go import END_TURN, NOTHING, Go, Send
from companion.ui.tables.base.options import Kind
from companion.ui.tables.base.scoring import PlayedGame

if TYPE_CHECKING:
    from companion.play.table import GameInPlay

BGG_MOST = 9_999_999
BANK_START, AT_ONCE, WITH_GO = "bank_start", "at_once", "go"  # the app option and its values
INCREMENTS = (2, 5, 10, 30)  # a bank's increment choices (seconds; none too)
DELAYS = (2, 5, 10)  # a bank's delay choices (seconds; none too)
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _clock_time(
    field: str, label: str, kind: Kind, limits: tuple[int, int, int], step: int, clock: str
) -> OptionField:
    """A clock's time, in the place of the clock's choice while `clock` is chosen:
    from the rules' (least, most, default)."""
    least, most, default = limits
    return OptionField(
        field,
        key(label),
        kind,
        default,
        step=step,
        minimum=least,
        maximum=most,
        when=("clock", (clock,)),
        slot="clock",
    )


OPTIONS = (
    OptionField(
        "title",
        key("o_title"),
        "text",
        "",
        maximum=TITLE_LONGEST,
        recall=True,
        missing=key("o_title_missing"),
    ),
    OptionField("bgg_id", key("o_bgg"), "number", None, maximum=BGG_MOST, inline=True),
    OptionField(
        "clock",
        key("o_clock"),
        "choice",
        "none",
        tuple((c, key(f"o_clock_{c}")) for c in ("none", "turn", "bank")),
    ),
    _clock_time("timer_seconds", "o_timer", "seconds", ag.TIMER_SECONDS, 5, "turn"),
    _clock_time("bank_seconds", "o_bank", "minutes", ag.BANK_SECONDS, 60, "bank"),
    # A bank's Fischer increment and delay, from a few usual choices (the rules take
    # any 0..600), beside the bank (the screen has no room for another row); none is
    # the rules' default, so it is left out of the game file.
    OptionField(
        "bank_extras",
        key("o_extras"),
        "extras",
        {},
        inline=True,
        when=("clock", ("bank",)),
        extras=(
            ("increment_seconds", key("o_increment"), key("plus"), INCREMENTS),
            ("delay_seconds", key("o_delay"), key("free"), DELAYS),
        ),
    ),
    # A chess clock: the next player's bank runs as soon as a turn ends, unless the
    # group starts each turn's clock with GO. The app's choice, not the game file's:
    # the file's options are a contract (spec/game-file.md) that has no such option,
    # so it is kept with the session (`extra["app_options"]`).
    OptionField(
        BANK_START,
        key("o_bank_start"),
        "pick",
        AT_ONCE,
        ((AT_ONCE, key("bank_at_once")), (WITH_GO, key("bank_with_go"))),
        app_only=True,
        when=("clock", ("bank",)),
        within="bank_extras",  # a line of the increment and delay's sheet: no room here
    ),
    OptionField(
        "scoring",
        key("o_scoring"),
        "pick",
        "high",
        tuple((s, key(f"s_{s}")) for s in ("high", "low", "places", "coop")),
    ),
    OptionField(
        "score_from",
        key("o_from"),
        "pick",
        None,
        ((None, key("from_typed")),),
        inline=True,
        when=("scoring", ("high", "low")),
        choices_from="counters",
    ),
    OptionField("counters", key("o_counters"), "counters", (), maximum=ag.COUNTERS_MOST),
    OptionField(
        "categories",
        key("o_sheet"),
        "categories",
        (),
        maximum=ag.CATEGORIES_MOST,
        when=("scoring", ("high", "low")),
        also=("score_from", (None,)),  # a counter as the points: nothing to type
    ),
)


def base36(number: int) -> str:
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = DIGITS[digit] + text
        if number == 0:
            return text


class AnyGameAdapter(TableAdapter[ag.State]):
    game_id = ag.GAME_ID
    label = UA("game_name")
    options = OPTIONS
    scoring = AnyScoring()
    acts_at_once = True  # a chess clock

    # -- GO ------------------------------------------------------------------------------
    def go(self, play: GameInPlay[ag.State]) -> Go:
        """With a clock: start it, then end the turn (a bank's end with the seconds
        the turn took); without one, end the turn."""
        state = play.session.state
        if state.over:
            return Go(UI("go_end"), NOTHING)
        if state.options.clock == "none":
            return Go(UI("go_end"), END_TURN)
        if not state.turn.timer_started:
            start = UI("go_start") if state.options.clock == "turn" else UA("go_start_bank")
            return Go(start, Send("start_timer"), next=True, at_once=self.chess_clock(play))
        return Go(UI("go_end"), self.turn_end(play), next=state.turn.timer_expired)

    @staticmethod
    def chess_clock(play: GameInPlay[ag.State]) -> bool:
        """A time bank is a chess clock: once a turn was handed on (ended, passed, its
        player out), the next player's bank runs at once, unless the group chose to
        start each with GO. The first turn's clock starts with GO."""
        state = play.session.state
        if state.options.clock != "bank" or play.app_options.get(BANK_START) == WITH_GO:
            return False
        return state.turns_ended > 0 or any(p.out is not None for p in state.players)

    def turn_end(self, play: GameInPlay[ag.State]) -> Send:
        """The end of this turn now: with a bank, the seconds it took (pauses not
        counted)."""
        if play.session.state.options.clock != "bank":
            return END_TURN
        return Send("end_turn", {"seconds": self.seconds(play)}, ask_first=True)

    @staticmethod
    def seconds(play: GameInPlay[ag.State]) -> int:
        return min(TURN_SECONDS_MOST, math.floor(play.timer.used_seconds()))

    def expired(self, play: GameInPlay[ag.State]) -> Send | None:
        """The hourglass ran out, or the bank reached 0: the rules are told (the
        player plays on)."""
        session = play.session
        waiting = self.turn_started(session) and not self.turn_expired(session)
        return Send("timer_expired") if waiting and play.timer.ran_out() else None

    # -- the glass -----------------------------------------------------------------------
    def timer_seconds(self, session: Session[ag.State], app_options: Mapping[str, object]) -> float:
        """The hourglass, or the delay and the whole bank a player starts with (a bank
        that increments make larger holds more: the strip stays full meanwhile)."""
        options = session.state.options
        if options.bank is not None:
            return float(options.delay + options.bank)
        return float(options.hourglass or 0)

    def turn_seconds(
        self, session: Session[ag.State], app_options: Mapping[str, object]
    ) -> float | None:
        """With a bank: the delay, then what is left of the current player's bank."""
        state = session.state
        if state.options.clock != "bank":
            return None
        seconds = ag.RULES.clock_seconds(state)
        return None if seconds is None else float(seconds)

    def turn_delay(self, session: Session[ag.State]) -> float:
        options = session.state.options
        return float(options.delay) if options.bank is not None else 0.0

    def turn_started(self, session: Session[ag.State]) -> bool:
        return session.state.turn.timer_started

    def turn_expired(self, session: Session[ag.State]) -> bool:
        return session.state.turn.timer_expired

    # -- players -------------------------------------------------------------------------
    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        return [seat_hex(seat) for seat in range(len(names))]

    def correction(self, session: Session[ag.State], subject: str) -> Correction | None:
        """A player's counters, each put right with -/+."""
        state = session.state
        found = next((p for p in state.players if p.name == subject), None)
        if found is None:
            return None
        counters = tuple(
            Counter(c.id, UA("name", name=c.name), found.tokens[c.id])
            for c in state.options.counters
        )
        return Correction(UA("name", name=subject), {"player": subject}, counters)

    def deeds(self, play: GameInPlay[ag.State], subject: str) -> tuple[Deed, ...]:
        """Pass them the turn (a bank's turn ends with its seconds), put them out."""
        state = play.session.state
        if state.over or subject not in [p.name for p in state.players]:
            return ()
        passing: dict[str, Any] = {"player": subject}
        if state.options.clock == "bank":
            passing["seconds"] = self.seconds(play)
        return (
            Deed(UA("deed_pass", player=subject), Send("pass_to", passing)),
            Deed(
                UA("deed_out"),
                Send("eliminate", {"player": subject}),
                said=UA("out_undo", player=subject),
            ),
        )

    # -- words ---------------------------------------------------------------------------
    def step(self, session: Session[ag.State]) -> Message | None:
        """Whose turn it is, and which turn."""
        prompts = session.prompts()
        return None if session.state.over or not prompts else prompts[0]

    def describe(self, action: ActionBase, before: ag.State) -> Message:
        return words.describe(action, before)

    def played_game(self, session: Session[ag.State]) -> PlayedGame:
        """The title played, its own id at BG Stats (the same for every play of that
        title), its BoardGameGeek id where given, and how it is won."""
        options = session.state.options
        code = zlib.crc32(options.title.casefold().encode("utf-8"))
        return PlayedGame(
            name=options.title,
            source_id=f"ag{base36(code)}",
            highest_wins=options.scoring != "low",
            no_points=options.scoring in ("places", "coop"),
            bgg_id=options.bgg_id,
            cooperative=options.scoring == "coop",
        )


ADAPTER = AnyGameAdapter()
