"""What the screens need to know about each game that the rules do not say: which
table screen shows it, what the big GO button means now, the seat colours and the
options on the new-game screen. No Kivy here, and no rule decisions: GO only picks
which action to send; the rules accept or refuse it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from companion.core.session import Session

GoKind = Literal["start_timer", "end_turn", "score", "order", "none"]


@dataclass(frozen=True)
class OptionField:
    """One option on the new-game screen.

    kind "seconds": a number of seconds stepped by `step` (0 = off);
    "choice": one of `choices` (value, label key); "players": a subset of the seated
    players (e.g. those who play without the hourglass); "player": one seated player
    or None (the rules' default, e.g. the first seat starts); "flags": on/off options
    side by side, `choices` (option key, label key), each sent as its own boolean.

    A label key with a dot is a whole message key (`"ui_balmy.opt_storm"`), so a
    table's own catalog can name its options. `max_players` > 0 shows the option
    only up to that many seated players (otherwise the rules' default is used).

    `app_only` options are the app's, not the rules' (a turn timer for a game whose
    rules have none): they are kept with the session (`extra["app_options"]`) and
    never reach the game file, whose options the rules check strictly."""

    key: str
    label: str
    kind: Literal["seconds", "choice", "players", "player", "flags"]
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    step: int = 5
    maximum: int = 120
    app_only: bool = False
    max_players: int = 0


class TableAdapter(Protocol):
    """A table's adapter. One optional member is not in the protocol: a game whose
    rules have no hourglass but which offers an app-only turn timer defines
    `glass_turn(session) -> int | None` (the running turn's number, None when no
    turn runs); the view-model then starts that glass on GO, resets it when the
    turn changes, and only signals when time is up (see `GameModel.app_turn`)."""

    @property
    def game_id(self) -> str: ...

    @property
    def screen(self) -> str: ...

    @property
    def options(self) -> Sequence[OptionField]: ...

    @property
    def secret_balloons(self) -> bool: ...

    def go(self, session: Session) -> GoKind: ...

    def timed_turn(self, session: Session, app_options: Mapping[str, Any]) -> bool: ...

    def turn_started(self, session: Session) -> bool: ...

    def turn_expired(self, session: Session) -> bool: ...

    def timer_seconds(self, session: Session, app_options: Mapping[str, Any]) -> float: ...

    def seat_colours(self, names: Sequence[str]) -> list[tuple[str, str]]: ...

    def balloons_per_player(self, count: int) -> int: ...
