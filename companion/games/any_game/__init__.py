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
- Counter and category names may repeat (only ids are unique), a category's name
  that of a counter too; a player object's `colour` or `colours` is an error (the
  contract gives them to the balloon games only).
- Printable text (every name and title, `companion.core.text`): the Unicode data is
  that of the `unicodedata2` package (a fixed version, the same on every Python),
  so "unassigned" (Cn) means unassigned there. Two player names equal after NFC
  ("Zoë" typed precomposed and decomposed) are the same name twice; a name is
  otherwise matched as written (an action names a player exactly as seated). The
  length is named before a refused character, and that before "only spaces" (a
  text of Zs characters).
- `increment_seconds` or `delay_seconds` given with another clock than "bank" is an
  error at 0 too (the field is given); with a bank, 0 is the same as left out. An
  empty `categories` list is the same as none (allowed with any scoring; `score`
  takes whole numbers).
- A Fischer increment is added after a turn ended by `end_turn` or `pass_to`, also
  in a solo game; not after a turn handed on by the current player's `eliminate`
  (no turn ended, no seconds). `timer_expired` sets the bank to 0 whatever the
  delay (the clock ran out, delay and bank), and no increment follows for that
  player while their bank is 0.
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
- With categories, a `score` entry is checked in seating order: an integer (or a
  map without categories) first, then a category it names that the game has not,
  then the categories it leaves out; `sheet` lists the categories in the options'
  order. A category's points may be any integer, below zero too.

Help for the screen (methods of `RULES`): `clock_seconds` (the seconds the clock of
the current turn runs from: with a bank, the delay and then what is left of the
bank).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.messages import Message
from companion.core.model import action_table
from companion.core.rules import GameParts, GameRules, play_until_over
from companion.games.any_game import setup as _setup
from companion.games.any_game import summary as _summary
from companion.games.any_game.choices import choices
from companion.games.any_game.ending import ENDINGS, is_ranking
from companion.games.any_game.messages import GAME_ID, M
from companion.games.any_game.model import (
    BANK_MOST,
    BANK_SECONDS,
    CATEGORIES_MOST,
    COUNTERS_MOST,
    DELAY_SECONDS,
    INCREMENT_SECONDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TIMER_SECONDS,
    Adjust,
    Category,
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
from companion.games.any_game.turn import TURN_ACTIONS, adjust, bank_after, next_playing

__all__ = [
    "BANK_MOST",
    "BANK_SECONDS",
    "CATEGORIES_MOST",
    "COUNTERS_MOST",
    "DELAY_SECONDS",
    "GAME_ID",
    "INCREMENT_SECONDS",
    "RULES",
    "TIMER_SECONDS",
    "Adjust",
    "AnyGame",
    "Category",
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
    "bank_after",
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
        choices,
    )

    def title(self, options: Mapping[str, Any]) -> str:
        """The title the game was played as (its options' `title`), where games are
        listed and counted: "Carcassonne", not "Any game"."""
        title = options.get("title")
        return title if isinstance(title, str) and title.strip() else self.name

    def tie_breaks(self, state: State) -> list[Message]:
        """The players out of the game: when, and that points do not lift them."""
        return _summary.tie_breaks(state)

    def clock_seconds(self, state: State) -> int | None:
        """The seconds the current turn's clock runs from: the hourglass, or the
        delay and then what is left in the current player's bank; None without a
        clock or once over."""
        if state.over:
            return None
        if state.options.clock == "bank":
            return state.options.delay + (state.active.bank or 0)
        return state.options.hourglass


RULES = AnyGame()
