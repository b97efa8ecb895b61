"""Every string the any-game table shows (`ui_any_game.<key>` in the language files),
the seats' colours and the time of a bank as a clock shows it. No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog
from companion.ui import theme

NS = "ui_any_game"
UA = Catalog(
    NS,
    {
        # new game
        "game_name": "Any game",
        "o_title": "Title",
        "o_title_missing": "Type the title of the game first",
        "o_bgg": "BGG id",
        "o_clock": "Clock",
        "o_clock_none": "none",
        "o_clock_turn": "hourglass",
        "o_clock_bank": "time bank",
        "o_timer": "Each turn",
        "o_bank": "Each player",
        "o_bank_start": "Next",
        "bank_at_once": "at once",
        "bank_with_go": "with GO",
        "o_increment": "Increment",
        "o_delay": "Delay",
        "o_extras": "Increment and delay",
        "plus": "+{seconds} s",
        "free": "{seconds} s free",
        "o_scoring": "Who wins",
        "s_high": "most points",
        "s_low": "fewest points",
        "s_places": "by places",
        "s_coop": "all together",
        "o_from": "Points",
        "from_typed": "typed",
        "o_counters": "Counters",
        "o_sheet": "Sheet",
        # the table
        "go_start_bank": "Start the clock",
        "end_game": "End the game",
        "reverse": "Reverse the direction",
        "col_player": "Player",
        "col_time": "Time",
        "out": "out",
        "name_out": "{name} (out)",
        "lost_together": "Lost together",
        "name": "{name}",
        "deed_pass": "Pass the turn to {player}",
        "deed_out": "Out of the game",
        "out_undo": "{player} is out of the game. By mistake? Undo brings {player} back",
        # the end
        "score_help_points": "Each player's points; +/- for points below zero",
        "score_help_places": "Each player's place: 1 for the winner, a tie shares a place",
        "score_help_coop": "Did you win or lose, all together?",
        "score_missing_points": "Type every player's points first",
        "score_missing_places": "Type every player's place first",
        "score_help_sheet": "Tap a box, type its points; +/- below zero",
        "score_missing_sheet": "Fill every box first (0 where none)",
        "won": "We won",
        "lost": "We lost",
        "score_col_place": "place",
        "end_ask": "End the game now? The counter {counter} gives the points.",
        # each action in words
        "did_start_timer": "{player}'s start of the clock",
        "did_timer_expired": "{player}'s time running out",
        "did_end_turn": "{player}'s end of turn",
        "did_reverse": "the direction of play reversed",
        "did_pass_to": "{player}'s turn passed to {chosen}",
        "did_eliminate": "{chosen} out of the game",
        "did_score": "the points of every player",
        "did_places": "the places of every player",
        "did_finish": "the end of the game",
        "did_finish_won": "the game won together",
        "did_finish_lost": "the game lost together",
        "did_adjust": "{player}: {counter} {delta}",
    },
)

# Eight colours told apart by colour-blind players too (Okabe-Ito), in an order that
# puts different ones side by side.
SEATS = ("red", "sky", "yellow", "blue", "orange", "green", "pink", "white")


def key(name: str) -> str:
    """A label key for the new-game screen: the whole message key of this catalog."""
    return f"{NS}.{name}"


def seat_hex(seat: int) -> tuple[str, str]:
    name = SEATS[seat % len(SEATS)]
    return name, theme.BALLOON_COLOURS[name]


def clock(seconds: float) -> str:
    """Seconds as a clock shows them: 0:45, 12:05, 1:02:09 (rounded up: 0:00 comes
    with the end)."""
    whole = max(0, int(-(-seconds // 1)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
