"""Wyścig balonów (rulebook 000): five balloons, secret balloon cards, order cards,
the 30-second hourglass, mail and penalty tokens, and obstacles.

The package: `model` (the box's numbers, options, actions, state), `setup` (the
balloon cards and each round's order), `turn` (what each action does), `summary`
(score, ranks, the summary and the prompts) and `screen` (what the table screen asks:
the step now, the turn's prompts); this module is the rules class the registry holds.

Readings where the rulebook and the spec leave room (each is tested):
- The new obstacle of a round is compulsory: a round from round 2 cannot have its
  first `end_turn` before its `place_obstacle` ("each round (except the first)
  begins with placing a new obstacle token").
- `dice` may be recorded more than once in a turn (a re-read of the dice reader or
  a corrected tap); the last roll stands. It needs an order for the round, like
  every turn action.
- `landed` may be tapped again in the same turn; it changes nothing more.
- `adjust` of `mail` can never make the players hold more than 9 together.
- `missing_steps` names the round's new obstacle while it is due (`end_turn`
  refuses that too) and the roll (`start_timer`) while the turn has none.
"""

from __future__ import annotations

from typing import Any

from companion.core.messages import Message
from companion.core.model import action_table
from companion.core.rules import GameParts, GameRules
from companion.core.summary import Summary
from companion.games.wyscig_balonow import setup as _setup
from companion.games.wyscig_balonow import summary as _summary
from companion.games.wyscig_balonow.choices import choices
from companion.games.wyscig_balonow.messages import GAME_ID, M
from companion.games.wyscig_balonow.model import (
    BALLOONS,
    DICE,
    MAIL_IN_GAME,
    OBSTACLES,
    OBSTACLES_AT_SETUP,
    TOKENS,
    Adjust,
    Dice,
    Options,
    Order,
    Penalty,
    Plain,
    Player,
    Score,
    State,
    TimerExpired,
    Turn,
    balloons_per_player,
    turns_per_round,
)
from companion.games.wyscig_balonow.screen import TableHelpers
from companion.games.wyscig_balonow.setup import valid_order
from companion.games.wyscig_balonow.summary import (
    MAIL_POINTS,
    player_distance,
    player_score,
    ranks,
    score_parts,
)
from companion.games.wyscig_balonow.turn import TURN_ACTIONS, adjust, play

__all__ = [
    "BALLOONS",
    "DICE",
    "GAME_ID",
    "MAIL_IN_GAME",
    "MAIL_POINTS",
    "OBSTACLES",
    "OBSTACLES_AT_SETUP",
    "RULES",
    "TOKENS",
    "Adjust",
    "Dice",
    "M",
    "Options",
    "Order",
    "Penalty",
    "Plain",
    "Player",
    "Score",
    "State",
    "TimerExpired",
    "Turn",
    "WyscigBalonow",
    "balloons_per_player",
    "player_distance",
    "player_score",
    "ranks",
    "score_parts",
    "turns_per_round",
    "valid_order",
]


class WyscigBalonow(TableHelpers, GameRules[State, Options]):
    id = GAME_ID
    name = "Wyścig balonów"
    min_players, max_players = 2, 4
    options_model = Options
    actions = action_table((Adjust, Order, Score, *TURN_ACTIONS))
    parts = GameParts(
        _setup.initial_state,
        _setup.check_options,
        adjust,
        play,
        _summary.summary,
        _summary.prompts,
        choices,
    )

    def decided(self, state: State, summary: Summary[Any, Any]) -> bool:
        """Over and scored: the race's end waits for the distances."""
        return state.over and state.distances is not None

    def tie_breaks(self, state: State) -> list[Message]:
        """Equal scores: the closest balloon, nearer first, or a shared place."""
        return _summary.tie_breaks(state)

    def missing_steps(self, state: State) -> list[Message]:
        """The round's new obstacle when it is due, and the roll of this turn."""
        current = state.current
        if current is None:
            return []
        missing = []
        if self.needs_obstacle(state):
            missing.append(M("missing_obstacle", player=state.order[0], round=state.round))
        if not state.turn.timer_started:
            missing.append(M("missing_roll", player=current))
        return missing


RULES = WyscigBalonow()
