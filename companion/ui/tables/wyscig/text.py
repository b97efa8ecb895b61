"""The strings of the Wyścig balonów table that are its own (`ui_wyscig.<key>` in the
language files): each action in the players' words, for "Undone: ..." and "Redone:
...", and the line that says what to do now. No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog

W = Catalog(
    "ui_wyscig",
    {
        # each action, as "Undone: ..." names it
        "did_order": "the order of round {round}",
        "did_obstacle": "{player}'s new obstacle",
        "did_hourglass": "{player}'s turn of the hourglass",
        "did_roll": "{player}'s roll of the dice",
        "did_dice": "{player}'s dice {values}",
        "did_time_up": "{player}'s answer to the time-up (dice not placed: {unplaced})",
        "did_penalty": "{player}'s penalty tokens ({count})",
        "did_mail": "{player}'s mail token",
        "did_landed": "{player}'s balloon on the landing pad",
        "did_end_turn": "{player}'s end of turn",
        "did_score": "the score",
        "did_adjust_mail": "the correction of {player}'s mail tokens ({delta})",
        "did_adjust_penalty": "the correction of {player}'s penalty tokens ({delta})",
    },
)
