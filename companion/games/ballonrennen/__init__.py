"""Ballonrennen (rulebook 002): gas canisters and sandbags, the mail sack, three wind
markers and the wind deck, for 2 to 5 players. The app is the referee who hands out
the tokens and tells each player where the wind takes them.

A turn has three steps: the altitude step (`release`, `land`), the wind card
(`wind_card`, then `favourable` after a Favourable wind card) and the move
(`drop_mail`, `forced_landing`, `reach_goal`), then `end_turn`. Altitude is derived
from the tokens (gas - sandbags - mail_sack while flying, 0 on the ground).

The package: `model` (the box's numbers, options, actions, state), `setup`, `turn`
(what each action does), `summary` (the summary and the prompts) and `screen` (what
the table screen asks); this module is the rules class the registry holds.

Readings where the rulebook and the spec leave room (each is tested):
- Colours: a player's `colour` (one of red, yellow, green, blue, white) is kept;
  every other player takes the first of these not chosen by anyone, in seat order,
  so without any `colour` the seats get red, yellow, green, blue, white. A colour
  twice, an unknown colour or `colours` is an error in the players.
- `release` may be recorded several times in one altitude step (the table drops
  tokens one at a time); each one is checked on its own. On the ground, a release
  that leaves the altitude at 0 is allowed and the balloon stays where it is.
- A player who landed this turn (`land`, or a release down to 0) releases nothing
  more in the same turn, as the spec says, not even tokens that keep the balloon
  on the ground; it takes off next turn, after replenishing.
- The errors of a `release` are checked in this order: more tokens than held
  ("Anna has no sandbags left"), the gas canister paired with the mail sack,
  then the altitude (below 0, above 3).
- Replenishing happens when the turn passes to the player (at `end_turn` of the
  player before), so the summary after that `end_turn` already shows 3 + 3 (+ the
  mail sack and its canister). It applies to every turn a player starts `landed`,
  and to every turn a player starts `waiting` after a forced landing until they
  take off; a player waiting at the start of the game keeps their 4 + 3 + 1.
- With the app's deck, `wind_card` must not name a card; with the table's deck it
  must. The first shuffle is number 0: `rng.shuffled(seed, deck, "wind_deck", 0)`,
  with the deck listed card by card in the order of `CARDS`.
- The app does not know the board: `drop_mail`, `forced_landing` and `reach_goal`
  are not checked against the move's spaces or direction (a balloon may sit over a
  mail horn on a calm turn). `drop_mail` when `landed` needs the landing to have
  happened this turn; on the ground it changes no altitude and releases nothing.
- `drop_mail` with the mail already delivered is an error; its automatic gas
  release only happens in the air, when the derived altitude would pass 3.
- While a Favourable wind is pending, only `favourable` (and `adjust`) may be
  recorded; `favourable` at any other time is "no Favourable wind card to play".
- `forced_landing` and `reach_goal` need a flying balloon, as the spec says; a
  balloon that chose to land stays where it is, so neither applies to it.
- The turn's `table.move` stays as it was fixed by the wind card after a
  `forced_landing`, `drop_mail` or `reach_goal` in that turn.
- After `reach_goal` the player's turn still needs its `end_turn` with `play_on`;
  without it the race is over at once (`current` null). With `play_on`, ranks and
  winners stay empty until only one player is left racing, as the spec says ranks
  are `null` until `over`.
- `adjust` keeps each player within the tokens the box gives a balloon: at most
  4 gas, 3 sandbags and 1 mail sack (0 once the mail is delivered), never below 0;
  a flying balloon must stay at altitude 1 to 3 (landing is `land`, not a correction).
- The default app deck composition is ours, not the publisher's (`DEFAULT_DECK`);
  `deck_note` and the first prompt say so. A custom `deck` needs at least one card.
- `reachable_altitudes` lists, for the current player in the altitude step, every
  altitude 0..3 they can reach and each (gas, sandbags) release that gets there;
  `(0, 0)` is the current altitude (no release) and, for a flying balloon, altitude
  0 by `land` (no tokens). `altitude_action` turns such a choice into the action.
- The rulebook's combination table lists the tokens in front of a player (besides
  the mail sack and its paired canister) at each altitude: altitude 1 is 1 gas,
  2 gas + 1 sack or 3 gas + 2 sacks; 2 is 2 gas or 3 gas + 1 sack; 3 is 3 gas.
  Those are exactly the holdings the releases reach from the start.
- `phase` is "altitude" from the start of a turn until its wind card (the altitude
  step and turning the card), then "favourable" while that is pending, then "move"
  until `end_turn`; "over" once the race is over.
- `missing_steps` names the turn's wind card until it is turned over, and a
  Favourable wind until it is played; `end_turn` refuses both as well.
"""

from __future__ import annotations

from companion.core.messages import Message
from companion.core.model import action_table
from companion.core.rules import GameParts, GameRules
from companion.games.ballonrennen import setup as _setup
from companion.games.ballonrennen import summary as _summary
from companion.games.ballonrennen.choices import choices
from companion.games.ballonrennen.messages import GAME_ID, M
from companion.games.ballonrennen.model import (
    CARDS,
    COLOURS,
    DEFAULT_DECK,
    DEFAULT_WINDS,
    DIRECTIONS,
    MAX_ALTITUDE,
    TOKENS,
    Adjust,
    Card,
    Direction,
    Favourable,
    Move,
    Options,
    Phase,
    Plain,
    Player,
    PlayerState,
    Release,
    State,
    Turn,
    WindCard,
    rotate,
)
from companion.games.ballonrennen.screen import TableHelpers
from companion.games.ballonrennen.setup import assign_colours
from companion.games.ballonrennen.summary import ranks
from companion.games.ballonrennen.turn import TURN_ACTIONS, adjust, move_for, play

__all__ = [
    "CARDS",
    "COLOURS",
    "DEFAULT_DECK",
    "DEFAULT_WINDS",
    "DIRECTIONS",
    "GAME_ID",
    "MAX_ALTITUDE",
    "RULES",
    "TOKENS",
    "Adjust",
    "Ballonrennen",
    "Card",
    "Direction",
    "Favourable",
    "M",
    "Move",
    "Options",
    "Phase",
    "Plain",
    "Player",
    "PlayerState",
    "Release",
    "State",
    "Turn",
    "WindCard",
    "assign_colours",
    "move_for",
    "ranks",
    "rotate",
]


class Ballonrennen(TableHelpers, GameRules[State, Options]):
    id = GAME_ID
    name = "Ballonrennen"
    min_players, max_players = 2, 5
    options_model = Options
    actions = action_table((Adjust, *TURN_ACTIONS))
    parts = GameParts(
        _setup.initial_state,
        _setup.check_options,
        adjust,
        play,
        _summary.summary,
        _summary.prompts,
        choices,
    )

    def missing_steps(self, state: State) -> list[Message]:
        """The turn's wind card, and a Favourable wind still to be played."""
        if state.over:
            return []
        name = state.current_player.name
        if state.turn.card is None:
            return [M("missing_card", player=name)]
        if state.turn.favourable_pending:
            return [M("missing_favourable", player=name)]
        return []


RULES = Ballonrennen()
