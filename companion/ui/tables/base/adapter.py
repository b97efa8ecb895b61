"""What the screens need to know about each game that the rules do not say: which
table screen shows it, what the big GO button means now, the turn timer, the seat
colours, the options on the new-game screen, each action in words and how its end is
counted on screen. No Kivy here, and no rule decisions: GO only picks which action
to send; the rules accept or refuse it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from companion import games
from companion.core.messages import Message
from companion.core.model import ActionBase
from companion.core.session import Session
from companion.play.whostarts import by_chair
from companion.ui.strings import UI
from companion.ui.tables.base.corrections import (
    Correction,
    Counter,
    Deed,
    adjusted,
    player_correction,
)
from companion.ui.tables.base.go import END_TURN, NOTHING, START_GLASS, Go, Send, TableQuestion
from companion.ui.tables.base.options import TIMER_KEY, OptionField
from companion.ui.tables.base.scoring import PlayedGame, Scoring

if TYPE_CHECKING:
    from companion.play.table import GameInPlay

__all__ = [
    "TIMER_KEY",
    "Correction",
    "Counter",
    "Deed",
    "OptionField",
    "TableAdapter",
    "adjusted",
    "player_correction",
]

S = TypeVar("S")


@dataclass(frozen=True)
class TurnRoll:
    """The dice rolled this turn (() if none yet), and why the table takes no roll from
    the dice reader now (None: it does), such as one before the turn's glass was turned
    or after its time is up. That is the table's judgement of the moment, not the
    rules': a game file may record a roll at any moment its contract allows."""

    dice: Sequence[int] = ()
    refusal: Message | None = None


class TableAdapter(ABC, Generic[S]):
    """What a game's table knows that its rules do not say, answered from the rules'
    own helpers; `S` is the game's state type. Its screen is the one its descriptor
    names (`companion.games.GAMES`).

    The defaults fit a game whose rules have no timer and which offers the app's own
    turn timer (`TIMER_KEY`, seconds, 0 = off), with no dice, nothing secret and
    nothing to type at the end; a game's adapter says what differs. No Kivy here,
    and no rule decisions.

    What every game must say is abstract: its `seat_colours` and its words for each
    action (`describe`). An adapter that lacks one cannot be made (its `ADAPTER = ...`
    line fails at import, and mypy names the missing member). Its `game_id` is the id
    of the descriptor that names its table (the conformance kit checks every game's).
    """

    game_id: ClassVar[str]
    options: ClassVar[Sequence[OptionField]] = ()
    dice: ClassVar[int] = 0  # the dice of one roll the reader may send; 0: none
    dice_action: ClassVar[str] = ""  # the action a roll is sent as (its `values`)
    # The secret balloon cards' colours; none: the game has no secret balloons.
    secret_colours: ClassVar[tuple[str, ...]] = ()
    # Each seat's colour is its player's own, drawn beside the name. False: the players
    # own no colour, so the screens draw none beside a name (it would read as a piece's
    # colour); every seat then gets the same neutral colour, for the strip.
    seats_coloured: ClassVar[bool] = True
    # Before the first turn the table offers "Who starts?" (the seats turn so that
    # player is first). False where the rules deal the order (Wyścig's order cards).
    chooses_start: ClassVar[bool] = True
    # The game file names each player's colour (`colour`, Ballonrennen's balloons):
    # when who starts turns the order, each keeps the colour their chair gave them.
    colour_in_setup: ClassVar[bool] = False
    # GO may be done by the table itself right after an action (`Go.at_once`: a chess
    # clock's next bank). False: GO waits for a press, so an action never asks it.
    acts_at_once: ClassVar[bool] = False
    scoring: Scoring[S] = Scoring()  # the end on screen
    # The game's name where it is chosen, when it is words to translate (a published
    # game's name is not: None shows the rules' `name`).
    label: ClassVar[Message | None] = None

    @property
    def screen(self) -> str:
        """The name of its table screen."""
        return games.entry(self.game_id).screen

    # -- GO ------------------------------------------------------------------------------
    def go(self, play: GameInPlay[S]) -> Go:
        """What GO means now (a paused glass and the table's questions come first: the
        view-model asks `question` before this). By default: start the app's own glass
        where it waits, else end the turn."""
        if play.session.summary().over:
            return Go(UI("go_end"), NOTHING)
        if play.timer.app_glass_idle():
            return Go(UI("go_start"), START_GLASS, next=True)
        return Go(UI("go_end"), END_TURN)

    def question(self, play: GameInPlay[S]) -> TableQuestion | None:
        """The table's own question that play waits for now, if any."""
        return None

    def expired(self, play: GameInPlay[S]) -> Send | None:
        """What the table records by itself when this turn's glass runs out (the rules'
        "time is up"), once a run of the glass: an undo of it stands. None: nothing
        (a table that asks a question of its own at the end says so in `question`)."""
        return None

    # -- the turn timer --------------------------------------------------------------
    def timer_seconds(self, session: Session[S], app_options: Mapping[str, object]) -> float:
        seconds = app_options.get(TIMER_KEY)
        return float(seconds) if isinstance(seconds, int | float) else 0.0

    def timed_turn(self, session: Session[S], app_options: Mapping[str, object]) -> bool:
        """The current turn runs on the glass."""
        return self.timer_seconds(session, app_options) > 0 and not session.summary().over

    def turn_started(self, session: Session[S]) -> bool:
        """The rules say the glass of this turn was started (a rules-kept glass)."""
        return False

    def turn_expired(self, session: Session[S]) -> bool:
        """The rules recorded that this turn's glass ran out."""
        return False

    def turn_seconds(self, session: Session[S], app_options: Mapping[str, object]) -> float | None:
        """The sand the current turn's glass starts with, when turns start with less
        than the whole glass (`timer_seconds`): a time bank per player, where the
        glass is the whole bank and a turn gets what is left of the current player's.
        None: every turn the whole glass."""
        return None

    def glass_turn(self, session: Session[S]) -> int | None:
        """The running turn's number when the glass is the app's own, which GO starts
        and the turn's end resets; None when the rules keep the glass, or no turn runs."""
        return None

    # -- players and their balloons ----------------------------------------------------
    @abstractmethod
    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        """(colour name, "#RRGGBB") of each seat, in seat order (the strip shows the
        current one; the screens draw it beside the name when `seats_coloured`)."""

    def balloons_per_player(self, count: int, options: Mapping[str, object]) -> int:
        return 1

    def held(self, session: Session[S]) -> dict[str, tuple[str, ...]]:
        """Each player's secret balloon cards (none in a game without them)."""
        return {}

    def table_deal(self, options: Mapping[str, object]) -> bool:
        """The cards of the secret balloons were dealt at the table: each player taps
        theirs in before the game starts."""
        return False

    def with_deal(
        self, options: Mapping[str, object], deal: Mapping[str, Sequence[str]] | None
    ) -> dict[str, Any]:
        """The options with the secret balloons' deal: the players' `deal`, or (None)
        the app deals them."""
        return dict(options)

    def deal_refusal(self, deal: Mapping[str, Sequence[str]]) -> Message | None:
        """Why the players' own `deal` of the secret balloons cannot be, said to all of
        them, or None. Its words name no card: the screen goes round the table, and a
        colour named there is a secret told."""
        return None

    def turn_roll(self, play: GameInPlay[S]) -> TurnRoll:
        """The dice rolled this turn, and whether the table takes a roll from the dice
        reader now."""
        return TurnRoll()

    # -- corrections ---------------------------------------------------------------------
    def correction(self, session: Session[S], subject: str) -> Correction | None:
        """The counts of `subject` (a player, or a balloon's colour) a tap corrects."""
        return None

    def deeds(self, play: GameInPlay[S], subject: str) -> tuple[Deed, ...]:
        """What else a tap on `subject` may do (pass them the turn, put them out),
        each one action; asked again when pressed, so that what it sends is of that
        moment (the seconds of a turn)."""
        return ()

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

    def resume_line(self, game: str, summary: Mapping[str, object]) -> Message:
        """Home's line for an unfinished game of this table ("Resume: Wyścig balonów,
        round 3, Kasia's turn"), from its stored summary; `game` is the game's name."""
        current = summary.get("current")
        round_number = summary.get("round")
        if summary.get("over"):
            return UI("resume_score", game=game)
        if not isinstance(current, str):
            return UI("resume_title", game=game)
        if not isinstance(round_number, int):
            return UI("resume_plain", game=game, player=current)
        return UI("resume_round", game=game, round=round_number, player=current)

    def played_game(self, session: Session[S]) -> PlayedGame:
        """What BG Stats is told the finished game `session` was: by default the game
        itself (its name, its descriptor's BG Stats id), with points unless no player
        has a score."""
        players = session.summary().players
        return PlayedGame(
            name=session.rules.title(session.setup.options),
            source_id=games.entry(self.game_id).bgstats,
            no_points=all(p.score is None for p in players),
        )

    @abstractmethod
    def describe(self, action: ActionBase, before: S) -> Message:
        """`action` in the players' words ("Kasia's end of turn"), from the state
        `before` it: what "Undone: ..." and History's log say. Never the action's type."""


def player_colours(
    table: TableAdapter[Any], session: Session[Any], first_seat: int = 0
) -> dict[str, tuple[str, ...]]:
    """Each player's colours at the table (colour ids): the game's own where it says
    them (`Scoring.colours`), else the secret balloons they held, else their seat's;
    none where the players own no colour. The results name them; BG Stats is told."""
    own = table.scoring.colours(session)
    if own is not None:
        return own
    held = table.held(session)
    if held or not table.seats_coloured:
        return held
    names = [p.name for p in session.summary().players]
    chairs = by_chair(table.seat_colours, names, first_seat)  # `first_seat`: who started
    return {name: (chairs[name][0],) for name in names}
