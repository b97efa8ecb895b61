"""Any board game's id and its sentences for the players (English; translations in
`companion/i18n`). Option and field names ("title", "timer_seconds") stay in English
in every language: a game file spells them so."""

from __future__ import annotations

from companion.core.messages import Catalog, Plural

GAME_ID = "any-game"

M = Catalog(
    GAME_ID,
    {
        # the setup
        "colour_not_used": "{name}: players have no colour of their own in this game",
        "text": "{field}: {problem}",
        "bgg_id": "bgg_id: a BoardGameGeek id is 1 or more, {given} given",
        "seconds_option": "{field}: {low} to {high} seconds, {given} given",
        "timer_not_turn": 'timer_seconds goes with the clock "turn" (this game\'s clock: '
        '"{clock}")',
        "bank_not_bank": '{field} goes with the clock "bank" (this game\'s clock: "{clock}")',
        "counters_count": "counters: at most 8, {count} given",
        "counter_id": 'counters: "{id}" is not a counter id (1 to 16 characters of a-z, 0-9 and _)',
        "counter_twice": 'counters: the id "{id}" is given twice',
        "counter_below": 'counters: "{id}" starts at {start}, below its minimum {least}',
        "counter_above": 'counters: "{id}" starts at {start}, above its maximum {most}',
        "counter_range": 'counters: "{id}" has its minimum {least} above its maximum {most}',
        "score_from_scoring": 'score_from goes with the scoring "high" or "low" (this '
        'game\'s scoring: "{scoring}")',
        "score_from_unknown": 'score_from: "{id}" is not a counter of this game ({ids})',
        "categories_count": "categories: at most 12, {count} given",
        "category_id": 'categories: "{id}" is not a category id (1 to 16 characters of a-z, '
        "0-9 and _)",
        "category_twice": 'categories: the id "{id}" is given twice',
        "category_counter": 'categories: "{id}" is the id of a counter too',
        "categories_scoring": 'categories go with the scoring "high" or "low" (this game\'s '
        'scoring: "{scoring}")',
        "categories_score_from": 'categories and score_from "{id}" do not go together: the '
        "points come from one of them",
        # the turn and the clock
        "unknown_player": '"{name}" is not playing',
        "over": "The game is over: only corrections are left",
        "no_clock": "This game is played without a clock",
        "timer_twice": "The clock was already started this turn",
        "timer_not_started": "The clock has not been started this turn",
        "expired_twice": "The time already ran out this turn",
        "seconds_missing": "With a time bank the end of {player}'s turn needs its seconds",
        "seconds_no_bank": "Only a time bank counts the seconds of a turn",
        "seconds_range": "A turn takes 0 to 36000 seconds, {seconds} given",
        "pass_current": "It is {player}'s turn already: pass it to another player",
        "player_out": "{player} is out of the game",
        "out_already": "{player} is out of the game already",
        "last_in": "{player} is the last player in the game",
        # the end
        "score_places": "This game ends with the places, not with points",
        "score_coop": "In this game everyone wins or loses together: end it as won or lost",
        "score_counter": "The points are the counter {counter}: end the game without typing them",
        "places_points": "This game ends with points, not with places",
        "finish_points": "This game ends with each player's points",
        "finish_places": "This game ends with each player's place",
        "won_missing": "Did the players win or lose? A cooperative game ends as won or lost",
        "won_not_coop": "Only a cooperative game ends as won or lost",
        "missing_points": "The points of {names} are missing",
        "sheet_expected": "{player}: this game has a score sheet, so the points are one "
        "number per category",
        "sheet_unexpected": "{player}: this game has no score sheet, so the points are one number",
        "sheet_missing": Plural(
            "count",
            one="{player}: the points of the category {ids} are missing",
            other="{player}: the points of the categories {ids} are missing",
        ),
        "sheet_unknown": '{player}: "{category}" is not a category of this game ({ids})',
        "missing_places": "The places of {names} are missing",
        "place_range": "{player}: place {place} is not from 1 to {count}",
        "places_gap": "{places} is not a ranking: a shared place leaves the next ones out "
        "(1, 1, 3)",
        # corrections
        "no_counters": "This game has no counters",
        "unknown_token": '"{token}" is not a counter of this game ({ids})',
        "below_min": "{player} would have {count} {counter}, the least is {least}",
        "above_max": "{player} would have {count} {counter}, the most is {most}",
        # prompts
        "p_turn": "Turn {turn}: {player}",
        "p_counterclockwise": "Play goes counterclockwise",
        "p_time_up": "{player}: the time is up",
        "p_out_of_time": "{player} has no time left",
        "p_winners": Plural(
            "count",
            one="The winner: {names}",
            other="The winners: {names}",
        ),
        "p_won": "Everyone won together",
        # why the results rank where they do
        "ranked_out": "{player} went out of the game in turn {turn}: ranked after every "
        "player still in, whatever the points",
        "went_out": "{player} went out of the game in turn {turn}",
        "p_lost": "Everyone lost together",
    },
    composed=("ids",),  # the ids a game file may spell, listed whole
)
