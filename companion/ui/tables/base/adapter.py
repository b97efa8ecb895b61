"""What the screens need to know about each game that the rules do not say: which
table screen shows it, what the big GO button means now, the seat colours and the
options on the new-game screen. No Kivy here, and no rule decisions: GO only picks
which action to send; the rules accept or refuse it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from companion.core.messages import Catalog, Message, Param
from companion.core.model import ActionBase
from companion.core.session import Session
from companion.ui.strings import UI

GoKind = Literal["start_timer", "end_turn", "score", "order", "none"]


@dataclass(frozen=True)
class OptionField:
    """One option on the new-game screen.

    kind "seconds": a number of seconds stepped by `step` (0 = off);
    "choice": one of `choices` (value, label key); "players": a subset of the seated
    players (e.g. those who play without the hourglass); "player": one seated player
    or None (the rules' default, e.g. the first seat starts); "flags": on/off options
    side by side, `choices` (option key, label key), each sent as its own boolean.

    A label key with a dot is a whole message key (`"balmy-balloonists.variant_storm"`), so a
    table's own catalog can name its options. `max_players` > 0 shows the option
    only up to that many seated players (otherwise the rules' default is used).

    `app_only` options are the app's, not the rules' (a turn timer for a game whose
    rules have none): they are kept with the session (`extra["app_options"]`) and
    never reach the game file, whose options the rules check strictly.

    `notes` (value, label key): a sentence shown under the option while that value
    is chosen (what the players should know about it, said once, where it is chosen)."""

    key: str
    label: str
    kind: Literal["seconds", "choice", "players", "player", "flags"]
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    step: int = 5
    maximum: int = 120
    app_only: bool = False
    max_players: int = 0
    notes: tuple[tuple[Any, str], ...] = ()


TIMER_KEY = "turn_timer_seconds"  # the app-only turn timer's option


@dataclass(frozen=True)
class Counter:
    """One count a correction puts right: the `adjust` token, its name, the count
    now, and its drawing (a widget class name and its `kind`)."""

    token: str
    label: Message
    count: int
    icon: tuple[str, str]


@dataclass(frozen=True)
class Correction:
    """What a tap on a player's (or a balloon's) tokens corrects: a title, the fields
    that name them in an `adjust` ({"player": "Jan"}, {"balloon": "red"}) and the
    counts, each put right by one `adjust` the rules check."""

    title: Message
    fields: Mapping[str, str]
    counters: tuple[Counter, ...]


def player_correction(name: str, *counters: Counter) -> Correction:
    """A player's own counts (an `adjust` names the player)."""
    return Correction(UI("correct_title", player=name), {"player": name}, counters)


def adjusted(catalog: Catalog, action: Any, **who: Param) -> Message:
    """An `adjust` in words from a table's catalog, its `did_adjust_<token>` sentence."""
    key = f"did_adjust_{action.token}"
    if key not in catalog.keys:
        return UI("did_action")
    return catalog(key, **who, delta=f"{action.delta:+d}")


class TableAdapter:
    """What a game's table knows that its rules do not say, answered from the rules'
    own helpers: which screen shows it, what GO means now, the turn timer, the seat
    colours, the new-game options, its dice and its secret balloons.

    The defaults fit a game whose rules have no timer and which offers the app's own
    turn timer (`TIMER_KEY`, seconds, 0 = off), with no dice and nothing secret; a
    game's adapter says what differs. No Kivy here, and no rule decisions.
    """

    game_id: str
    screen: str  # the name of its table screen
    options: Sequence[OptionField] = ()
    dice: int = 0  # the dice of one roll the reader may send; 0: the game has none
    dice_action: str = "dice"  # the action a roll is sent as (its `values`)
    secret_colours: tuple[str, ...] = ()  # the colours of secret balloon cards, if any

    @property
    def secret_balloons(self) -> bool:
        return bool(self.secret_colours)

    def go(self, session: Session) -> GoKind:
        """What GO sends now."""
        return "none" if session.summary()["over"] else "end_turn"

    # -- the turn timer --------------------------------------------------------------
    def timer_seconds(self, session: Session, app_options: Mapping[str, Any]) -> float:
        return float(app_options.get(TIMER_KEY) or 0)

    def timed_turn(self, session: Session, app_options: Mapping[str, Any]) -> bool:
        """The current turn runs on the glass."""
        return self.timer_seconds(session, app_options) > 0 and not session.summary()["over"]

    def turn_started(self, session: Session) -> bool:
        """The rules say the glass of this turn was started (a rules-kept glass)."""
        return False

    def turn_expired(self, session: Session) -> bool:
        """The rules recorded that this turn's glass ran out."""
        return False

    def glass_turn(self, session: Session) -> int | None:
        """The running turn's number when the glass is the app's own, which GO starts
        and the turn's end resets; None when the rules keep the glass, or no turn runs."""
        return None

    # -- players and their balloons ----------------------------------------------------
    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]:
        """(colour name, "#RRGGBB") of each seat, in seat order."""
        raise NotImplementedError

    def balloons_per_player(self, count: int, options: Mapping[str, Any]) -> int:
        return 1

    def held(self, session: Session) -> dict[str, tuple[str, ...]]:
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

    def roll_of_turn(self, session: Session) -> Sequence[int]:
        """The dice rolled this turn, () if none yet."""
        return ()

    # -- corrections ---------------------------------------------------------------------
    def correction(self, session: Session, subject: str) -> Correction | None:
        """The counts of `subject` (a player, or a balloon's colour) a tap corrects."""
        return None

    # -- words -------------------------------------------------------------------------
    def step(self, session: Session) -> Message | None:
        """The one line that says what the table does now ("Kasia: roll the dice"),
        read from the rules; None once nothing is left to do."""
        return None

    def reminders(self, session: Session) -> list[Message]:
        """What else the rules' prompts say now, besides the step (news, the round's
        obstacle, a variant's reminder), most important first."""
        step = self.step(session)
        return [m for m in session.prompts() if m != step]

    def describe(self, action: ActionBase, before: Any) -> Message:
        """`action` in the players' words ("Kasia's end of turn"), from the state
        `before` it: what "Undone: ..." names. Never the action's type."""
        return UI("did_action")
