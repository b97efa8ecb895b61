"""What the screens need to know about each game that the rules do not say: which
table screen shows it, what the big GO button means now, the turn timer, the seat
colours, the options on the new-game screen, each action in words and how its end is
counted on screen. No Kivy here, and no rule decisions: GO only picks which action
to send; the rules accept or refuse it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from companion import games
from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.core.session import Session
from companion.ui.strings import UI
from companion.ui.tables.base.corrections import (
    Correction,
    Counter,
    adjusted,
    player_correction,
)
from companion.ui.tables.base.go import END_TURN, NOTHING, START_GLASS, Go, TableQuestion
from companion.ui.tables.base.options import TIMER_KEY, OptionField
from companion.ui.tables.base.scoring import Scoring

if TYPE_CHECKING:
    from companion.play.table import GameInPlay

__all__ = [
    "TIMER_KEY",
    "Correction",
    "Counter",
    "OptionField",
    "TableAdapter",
    "adjusted",
    "player_correction",
]

S = TypeVar("S")


class TableAdapter(Generic[S]):
    """What a game's table knows that its rules do not say, answered from the rules'
    own helpers; `S` is the game's state type. Its screen is the one its descriptor
    names (`companion.games.GAMES`).

    The defaults fit a game whose rules have no timer and which offers the app's own
    turn timer (`TIMER_KEY`, seconds, 0 = off), with no dice, nothing secret and
    nothing to type at the end; a game's adapter says what differs. No Kivy here,
    and no rule decisions.
    """

    game_id: ClassVar[str]
    options: ClassVar[Sequence[OptionField]] = ()
    dice: ClassVar[int] = 0  # the dice of one roll the reader may send; 0: none
    dice_action: ClassVar[str] = ""  # the action a roll is sent as (its `values`)
    secret_colours: ClassVar[tuple[str, ...]] = ()  # the secret balloon cards' colours
    scoring: ClassVar[Scoring] = Scoring()  # the end on screen

    @property
    def screen(self) -> str:
        """The name of its table screen."""
        return games.entry(self.game_id).screen

    @property
    def secret_balloons(self) -> bool:
        return bool(self.secret_colours)

    # -- GO ------------------------------------------------------------------------------
    def go(self, play: GameInPlay[S]) -> Go:
        """What GO means now (a paused glass and the table's questions come first: the
        view-model asks `question` before this). By default: start the app's own glass
        where it waits, else end the turn."""
        if play.session.summary()["over"]:
            return Go(UI("go_end"), NOTHING)
        if play.timer.app_glass_idle():
            return Go(UI("go_start"), START_GLASS, next=True)
        return Go(UI("go_end"), END_TURN)

    def question(self, play: GameInPlay[S]) -> TableQuestion | None:
        """The table's own question that play waits for now, if any."""
        return None

    # -- the turn timer --------------------------------------------------------------
    def timer_seconds(self, session: Session[S], app_options: Mapping[str, Any]) -> float:
        return float(app_options.get(TIMER_KEY) or 0)

    def timed_turn(self, session: Session[S], app_options: Mapping[str, Any]) -> bool:
        """The current turn runs on the glass."""
        return self.timer_seconds(session, app_options) > 0 and not session.summary()["over"]

    def turn_started(self, session: Session[S]) -> bool:
        """The rules say the glass of this turn was started (a rules-kept glass)."""
        return False

    def turn_expired(self, session: Session[S]) -> bool:
        """The rules recorded that this turn's glass ran out."""
        return False

    def glass_turn(self, session: Session[S]) -> int | None:
        """The running turn's number when the glass is the app's own, which GO starts
        and the turn's end resets; None when the rules keep the glass, or no turn runs."""
        return None

    # -- players and their balloons ----------------------------------------------------
    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        """(colour name, "#RRGGBB") of each seat, in seat order."""
        raise NotImplementedError

    def balloons_per_player(self, count: int, options: Mapping[str, Any]) -> int:
        return 1

    def held(self, session: Session[S]) -> dict[str, tuple[str, ...]]:
        """Each player's secret balloon cards (none in a game without them)."""
        return {}

    def table_deal(self, options: Mapping[str, Any]) -> bool:
        """The cards of the secret balloons were dealt at the table: each player taps
        theirs in before the game starts."""
        return False

    def with_deal(
        self, options: Mapping[str, Any], deal: Mapping[str, Sequence[str]] | None
    ) -> dict[str, Any]:
        """The options with the secret balloons' deal: the players' `deal`, or (None)
        the app deals them."""
        return dict(options)

    def roll_of_turn(self, session: Session[S]) -> Sequence[int]:
        """The dice rolled this turn, () if none yet."""
        return ()

    def roll_refusal(self, play: GameInPlay[S]) -> Message | None:
        """Why the table does not take a roll from the dice reader now (None: it does),
        such as a roll before the turn's glass was turned or after its time is up. The
        table's judgement of the moment, not the rules': a game file may record a roll
        at any moment its contract allows."""
        return None

    # -- corrections ---------------------------------------------------------------------
    def correction(self, session: Session[S], subject: str) -> Correction | None:
        """The counts of `subject` (a player, or a balloon's colour) a tap corrects."""
        return None

    # -- words -------------------------------------------------------------------------
    def step(self, session: Session[S]) -> Message | None:
        """The one line that says what the table does now ("Kasia: roll the dice"),
        read from the rules; None once nothing is left to do."""
        return None

    def reminders(self, session: Session[S]) -> list[Message]:
        """What else the rules' prompts say now, besides the step (news, the round's
        obstacle, a variant's reminder), most important first."""
        step = self.step(session)
        return [m for m in session.prompts() if m != step]

    def resume_line(self, game: str, summary: Mapping[str, Any]) -> Message:
        """Home's line for an unfinished game of this table ("Resume: Wyścig balonów,
        round 3, Kasia's turn"), from its stored summary; `game` is the game's name."""
        current = summary.get("current")
        round_number = summary.get("round")
        if summary.get("over"):
            return UI("resume_score", game=game)
        if current is None:
            return UI("resume_title", game=game)
        if round_number is None:
            return UI("resume_plain", game=game, player=current)
        return UI("resume_round", game=game, round=round_number, player=current)

    def describe(self, action: ActionBase, before: S) -> Message:
        """`action` in the players' words ("Kasia's end of turn"), from the state
        `before` it: what "Undone: ..." and History's log say. Never the action's type."""
        return UI("did_action")
