"""Any board game (`any-game`): every other game on the table. The companion keeps
whose turn it is, the clock (an hourglass per turn, or a time bank per player: a
chess clock), the counters the group names (coins, lives, victory points...) and
the result: points (most or fewest win), places, or won or lost together.

The package: `model` (the limits, options, actions, state), `setup` (the options
checked, the state at the start), `turn` (the clock, the turns, the direction,
players out of the game, corrections), `ending` (`score`, `places`, `finish`) and
`summary` (points, ranks, the summary and the prompts); this module is the rules
class the registry holds.

Readings where the game file contract is silent (each is tested):
- The first seat starts and play goes clockwise (the seating order) until a
  `reverse`. The seed draws nothing: nothing in this game is random.
- A title and a counter's name are printable as a player's name is: no control or
  format character, not only spaces. Counter names may repeat (only ids are
  unique); a player object's `colour` or `colours` is an error (the contract gives
  them to the balloon games only).
- `timer_expired` with the clock `"none"` is an error, as `start_timer` is.
- A player out of time (bank 0) still takes turns: `start_timer` and
  `timer_expired` still work in their turns (the bank stays 0), and each of their
  turns ends with its `seconds` as any other (nothing more comes off).
- A new turn, after `end_turn`, `pass_to` or the current player's `eliminate`,
  starts with its clock not started; `reverse` leaves the clock as it is.
- Eliminating a player whose turn it is not changes nothing but that player (the
  current player, the turn count and the clock stay).
- In a solo game `end_turn` gives the next turn to the same player (the turn count
  goes up); `pass_to` has nobody to name.
- `adjust` corrects a counter of a player out of the game too, and after the end;
  with `score_from` that moves the points and the ranks.
- `score` is an error with `score_from` (the counter gives the points), and with
  `places` or `coop`; `places` is an error with `high`, `low` or `coop`.
- `high`/`low`: the players still in are ranked by points, ties shared; those out
  of the game come after them one by one, the later out the higher.
- `coop`: when won, the players out of the game win with everyone else (rank 1).
- `score` is `null` before the end and in a game of `places` or `coop` (there are
  no points); with `score_from` it is the counter's value at any time.

Help for the screen (methods of `RULES`): `clock_seconds` (the seconds the clock of
the current turn runs from).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.model import action_table
from companion.core.rules import GameParts, GameRules, play_until_over
from companion.games.any_game import setup as _setup
from companion.games.any_game import summary as _summary
from companion.games.any_game.ending import ENDINGS, is_ranking
from companion.games.any_game.messages import GAME_ID, M
from companion.games.any_game.model import (
    BANK_SECONDS,
    COUNTERS_MOST,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TIMER_SECONDS,
    Adjust,
    Counter,
    Eliminate,
    EndTurn,
    Finish,
    Options,
    PassTo,
    Places,
    Plain,
    Player,
    Score,
    State,
    Turn,
)
from companion.games.any_game.summary import points, ranks
from companion.games.any_game.turn import TURN_ACTIONS, adjust, next_playing

__all__ = [
    "BANK_SECONDS",
    "COUNTERS_MOST",
    "GAME_ID",
    "RULES",
    "TIMER_SECONDS",
    "Adjust",
    "AnyGame",
    "Counter",
    "Eliminate",
    "EndTurn",
    "Finish",
    "M",
    "Options",
    "PassTo",
    "Places",
    "Plain",
    "Player",
    "Score",
    "State",
    "Turn",
    "is_ranking",
    "next_playing",
    "points",
    "ranks",
]


class AnyGame(GameRules[State, Options]):
    id = GAME_ID
    name = "Any game"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    options_model = Options
    actions = action_table((Adjust, *TURN_ACTIONS, *ENDINGS))
    parts = GameParts(
        _setup.initial_state,
        _setup.check_options,
        adjust,
        play_until_over(M, {**TURN_ACTIONS, **ENDINGS}),
        _summary.summary,
        _summary.prompts,
    )

    def title(self, options: Mapping[str, Any]) -> str:
        """The title the game was played as (its options' `title`), where games are
        listed and counted: "Carcassonne", not "Any game"."""
        title = options.get("title")
        return title if isinstance(title, str) and title.strip() else self.name

    def clock_seconds(self, state: State) -> int | None:
        """The seconds the current turn's clock runs from: the hourglass, or what is
        left in the current player's bank; None without a clock or once over."""
        if state.over:
            return None
        if state.options.clock == "bank":
            return state.active.bank
        return state.options.hourglass


RULES = AnyGame()
