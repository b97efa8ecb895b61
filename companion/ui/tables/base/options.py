"""The options a table offers on the new-game screen. No Kivy here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class OptionField:
    """One option on the new-game screen.

    kind "seconds": a number of seconds stepped by `step` (0 = off);
    "choice": one of `choices` (value, label key); "players": a subset of the seated
    players (e.g. those who play without the hourglass); "player": one seated player
    or None (the rules' default, e.g. the first seat starts); "flags": on/off options
    side by side, `choices` (option key, label key), each sent as its own boolean.

    A label key with a dot is a whole message key (`"ui_<table>.opt_timer"`), so a
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
