"""Balmy Balloonists (rulebooks 003 in Swedish and 004 in Dutch, the same game):
fuel, helium (`gas`) and ballast per balloon, the four altitudes, the local wind
cards in hand and in front, the two silver markers on the wind rose, advantage and
luck cards, the restrictions they hang on a balloon, and the end-of-turn upkeep.

The app is the quartermaster and the memory of the table; the board (squares,
lanes, quadrant cards) stays on the table, so movement is not modelled: the table
taps what happened (a restricted zone, a mountain, the finish line).

The package: `model` (the box's numbers, options, actions, state), `setup`, `board`
(the moves actions are made of), `turn`, `luck` and `variants` (what each action
does), `summary` (the summary, the checklist and the prompts) and `screen` (what the
table screen asks); this module is the rules class the registry holds.

Where the rulebooks differ, the game-file contract (`docs/game-file.md`) stands:
- Play goes clockwise around the rose. The Swedish sequence of play once says
  "continue with the next player counterclockwise" (the Dutch says clockwise, and
  both say "play goes clockwise" in the setup); the spec's clockwise order stands.
- Two balloons each with 2–3 players is the default (the Swedish variant text says
  players "shall" fly two); the option `balloons_per_player` may still choose 1.
- The Dutch bad-weather text adds that a balloon that may not move forward still
  moves back on a negative wind; `no_forward_next_turn` is only shown to the table.

Readings where the spec and the rulebooks are silent (each is tested):
- Turn structure: the app does not force the order of the steps inside a turn
  (card, altitude, flight): the spec lists no such error, and the Dutch Q&A allows
  a turn without a card. Every "once a turn" limit is enforced.
- `restricted_zone`/`mountain` with a `target` other than the current balloon
  need that balloon to have been hit by this turn's `play_other` card.
- As the spec says, when the current balloon finishes or goes out of the race
  (by bad weather or the storm in its own turn), its turn ends at once, without
  upkeep, and the next racing balloon's turn starts: the turn always belongs to a
  racing balloon.
- A balloon out of the race keeps its tokens and altitude as they were before the
  card; its cards in hand and in front are discarded, as at a finish (the spec).
  Bad weather it cannot pay for in full takes nothing (above high: the balloon is
  out; below low: it lands).
- An out or finished balloon takes no card, luck or correction of its cards (the
  spec): `play_other`, `bad_luck`, `critical_measures`, `storm_weather` on it, a
  `swap_advantage` from it, and `adjust` of its `hand` or `in_front` are errors;
  its fuel, gas and ballast can still be corrected.
- A finished or out balloon keeps its restriction counters (they no longer matter).
- Restriction timing: the turn record notes which restrictions cover the turn
  that is running (those the balloon had when it started); at its end
  `no_own_card_turns` goes down by one only if it covered the turn, and
  `no_rise_next_turn`/`no_forward_next_turn` keep only what arrived during it.
- `busy_airspace` on a landed balloon leaves it landed but still sets
  `no_rise_next_turn` (it may not take off next turn). `burner_problems` over
  mountains lands the balloon, skips its next turn and also sets
  `no_rise_next_turn` (the skipped turn uses it up).
- `fire` on a landed balloon and `bad_weather` on a landed balloon change
  nothing, but they still use up the card's "?"; a repair may still be spent.
- A marker that has no free racing point to move to stays where it is (only
  when fewer than two balloons still race). `table.markers` lists the two
  marked colours in rose order.
- The game is over with no winner when no balloon races any more (every balloon
  out, or the rest finished by players who cannot win); then every rank is `null`
  and `winners` is [] (the spec).
- `adjust` of the card counts `hand` and `in_front` is the only way to reach an
  empty hand (the draw at two keeps three in hand). Sums over all balloons never
  pass what the box holds (66 fuel, 54 helium, 54 ballast, 50 local wind cards): a
  correction that would pass it is an error, one that lowers a count is always
  allowed, and an upkeep draw that would pass 50 cards draws nothing (the spec);
  `in_front` never passes 3.
- `missing_steps` names the turn's local wind card while none was played and the
  balloon could play one (from hand, from in front onto a marked balloon of
  another player, or onto the storm); `end_turn` is still allowed without it (the
  Dutch Q&A allows a turn without a card), the screen asks first.

Help for the screen (methods of `RULES`): `altitude_choices` (altitudes and their
cost), `can_play_own`, `targets` (balloons a card from in front may go onto),
`usable_advantage` and `swap_sources`, `current_step` and `checklist` (the six
steps of the turn, the current one marked), `restrictions` (what each restriction
means, as Messages), `storm_record` and `critical_measures_log`.

Variant options (as the spec names them; all default to false):
- `fair_weather`: setup only. Quadrant cards are on the table, not in the app;
  the option only adds the reminder to redraw asterisk cards at the start.
- `critical_measures`: the action `critical_measures {balloon}`: the balloon a
  `play_other` card hit this turn answers with one card from in front of it
  (in front - 1); the two cards are combined into one north-south move. Once per
  card, not after that card's `bad_luck`, and that card's "?" can no longer be
  used after it. Every use is recorded (`critical_measures_log`).
- `storm`: the actions `place_storm {balloon, where}` (once; `balloon` is the
  racing balloon that decides, by the rulebook the last one, recorded as the
  storm's placer, not checked; `where` is `above`, `on` or `below` Sakhalin's
  restricted zone), `play_storm` (the turn's local wind card, from in front onto
  the storm: in front - 1, no marker moves, recorded as a storm move) and
  `storm_weather {target, levels, backward}` (a balloon and the storm met: the
  bad-weather effect on that balloon, as if a bad-weather card were played).
"""

from __future__ import annotations

from companion.core.messages import Message
from companion.core.model import action_table
from companion.core.rules import GameParts, GameRules
from companion.games.balmy_balloonists import setup as _setup
from companion.games.balmy_balloonists import summary as _summary
from companion.games.balmy_balloonists.board import can_play_any
from companion.games.balmy_balloonists.choices import choices
from companion.games.balmy_balloonists.messages import GAME_ID, M
from companion.games.balmy_balloonists.model import (
    ADVANTAGE_CARDS,
    ALTITUDES,
    CARD_COUNTS,
    HAND_AT_START,
    HIGH,
    LOCAL_WIND_CARDS,
    LOW,
    MAX_IN_FRONT,
    MEDIUM,
    PALETTE,
    REPAIRABLE,
    START_TOKENS,
    STEPS,
    TOKENS,
    TOKENS_IN_GAME,
    Adjust,
    AdvantageAction,
    AdvantageCard,
    Altitude,
    AltitudeAction,
    BadLuck,
    Balloon,
    CriticalMeasure,
    CriticalMeasures,
    LuckCard,
    Mountain,
    Options,
    Permission,
    PlaceStorm,
    Plain,
    Player,
    PlayOther,
    PlayStorm,
    RestrictedZone,
    State,
    Storm,
    StormMove,
    StormWeather,
    SwapAdvantage,
    Turn,
    Variants,
    Zone,
    balloons_per_player,
)
from companion.games.balmy_balloonists.screen import AdvantageUse, AltitudeChoice, TableHelpers
from companion.games.balmy_balloonists.summary import ChecklistStep
from companion.games.balmy_balloonists.turn import HANDLERS, adjust, play

__all__ = [
    "ADVANTAGE_CARDS",
    "ALTITUDES",
    "CARD_COUNTS",
    "GAME_ID",
    "HAND_AT_START",
    "HIGH",
    "LOCAL_WIND_CARDS",
    "LOW",
    "MAX_IN_FRONT",
    "MEDIUM",
    "PALETTE",
    "REPAIRABLE",
    "RULES",
    "START_TOKENS",
    "STEPS",
    "TOKENS",
    "TOKENS_IN_GAME",
    "Adjust",
    "AdvantageAction",
    "AdvantageCard",
    "AdvantageUse",
    "Altitude",
    "AltitudeAction",
    "AltitudeChoice",
    "BadLuck",
    "Balloon",
    "BalmyBalloonists",
    "ChecklistStep",
    "CriticalMeasure",
    "CriticalMeasures",
    "LuckCard",
    "M",
    "Mountain",
    "Options",
    "Permission",
    "PlaceStorm",
    "Plain",
    "PlayOther",
    "PlayStorm",
    "Player",
    "RestrictedZone",
    "State",
    "Storm",
    "StormMove",
    "StormWeather",
    "SwapAdvantage",
    "Turn",
    "Variants",
    "Zone",
    "balloons_per_player",
]


class BalmyBalloonists(TableHelpers, GameRules[State, Options]):
    id = GAME_ID
    name = "Balmy Balloonists"
    min_players, max_players = 2, 6
    options_model = Options
    actions = action_table((Adjust, *HANDLERS))
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
        """The turn's local wind card, while none was played and one could be."""
        if state.over or state.turn.card is not None or not can_play_any(state):
            return []
        balloon = state.active
        return [M("missing_card", player=balloon.owner, colour=balloon.colour)]


RULES = BalmyBalloonists()
