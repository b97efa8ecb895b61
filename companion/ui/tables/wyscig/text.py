"""Every string of the Wyścig balonów table (`ui_wyscig.<key>` in the language files):
its new-game options, its panels and buttons, its questions, its score and results,
and each action in the players' words, for "Undone: ...", "Redone: ..." and History.
No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog
from companion.core.terms import colour

W = Catalog(
    "ui_wyscig",
    {
        # the table
        "round": "Round {round}",
        "obstacles": "Obstacles {placed}/{total}",
        "order_1": "1st",
        "order_2": "2nd",
        "order_3": "3rd",
        "order_4": "4th",
        "order_last": "Last",
        # GO, the buttons and the questions
        "go_roll": "Dice rolled",
        "go_score": "Count the score",
        "go_order": "Tap the order first",
        "go_unplaced": "Dice not placed?",
        "dice_once": "this turn's roll is {values} already, and a die's value cannot be changed",
        "penalty_one": "+1 penalty",
        "mail_one": "+1 mail",
        "landed": "Balloon landed",
        "obstacle": "New obstacle placed",
        "no_hourglass": "no hourglass",
        "unplaced_question": "Time is up! How many dice were not placed?",
        "unplaced_first": "Tap how many dice were not placed first",
        "order_question": "Round {round}: tap the players in the order of their cards",
        "order_clear": "Start again",
        # new game
        "timer": "Hourglass",
        "untimed": "Without hourglass",
        "order_cards": "Order cards",
        "balloon_cards": "Balloon cards",
        "by_app": "app deals",
        "by_table": "table deals",
        "deal_twice": "Two of you tapped the same colour. Look at your balloon cards "
        "again and tap them once more, one after another.",
        # the score, the results and home
        "score_help": "Squares from each balloon to the landing zone token",
        "score_balloon": "{player}: {colour}",
        "score_col_mail": "mail",
        "score_col_penalty": "pen.",
        "score_col_distance": "dist.",
        "score_missing": "Enter the squares for every balloon first",
        "bar_mail": "mail",
        "bar_penalty": "penalties",
        "bar_distance": "distance",
        "resume_order": "Resume: {game}, round {round}, dealing the order cards",
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
    terms={"colour": colour},
)


def key(name: str) -> str:
    """The whole message key of one of this catalog's labels (for `OptionField`)."""
    return W(name).key
