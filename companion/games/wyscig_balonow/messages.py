"""Wyścig balonów's id, the names of its tokens, and its sentences for the players
(English; translations in `companion/i18n`)."""

from __future__ import annotations

from companion.core.messages import Catalog, Plural
from companion.core.terms import colour

GAME_ID = "wyscig-balonow"

TERMS = Catalog(GAME_ID, {"token_mail": "mail", "token_penalty": "penalty"})


token = TERMS.namer("token")


M = Catalog(
    GAME_ID,
    {
        # the balloon cards dealt at the table and the untimed players, as a game file
        # gives them: said in the players' words, never by the option's name
        "balloon_cards_players": "No balloon card is given for {missing}",
        "balloon_cards_unknown": '"{name}" has a balloon card but is not playing',
        "balloon_cards_count": Plural(
            "count",
            one="{name} must hold 1 balloon card, not {given}",
            other="{name} must hold {count} balloon cards, not {given}",
        ),
        "balloon_cards_colour": '"{typed}" is not a balloon card ({colours})',
        "balloon_cards_twice": "The {colour} balloon card is dealt twice",
        "untimed_unknown": '"{name}" is not playing, so cannot play without the hourglass',
        "colour_not_used": "{name}: players have no colour of their own in Wyścig balonów",
        "no_order": "Round {round} has no order yet: deal the order cards first",
        "order_given": "The order for round {round} is already set",
        "order_app": "The app deals the order cards in this game",
        "order_invalid": "That is not a deal of the order cards for {count} players: {order}",
        "obstacle_round_1": "The first round starts with the 4 obstacles of the setup; "
        "a new obstacle comes from round 2",
        "obstacle_placed": "The new obstacle of round {round} is already on the board",
        "obstacle_missing": "{player}: place the new obstacle next to the yellow frame "
        "first, then end the turn",
        "timer_twice": "The hourglass was already turned this turn",
        "timer_not_started": "The hourglass has not been turned this turn",
        "timer_untimed": "{player} plays without the hourglass",
        "timer_off": "This game is played without the hourglass",
        "expired_twice": "The hourglass already ran out this turn",
        "mail_all": "All 9 mail tokens are taken already",
        "over": "The race is over: only the score and corrections are left",
        "not_over": "The score is counted when the race is over",
        "scored": "The score has already been counted",
        "score_colours": "The score needs the distance of exactly these balloons: {colours}",
        "unknown_player": '"{name}" is not playing',
        "unknown_token": '"{token}" is not a token in Wyścig balonów ("mail", "penalty")',
        "negative": "{player} would have {count} {token} tokens",
        "mail_limit": "There are only 9 mail tokens in the game",
        # prompts
        "p_deal_order": "Deal the order cards for round {round} and tap the order",
        "p_setup_obstacles": "{player}: place 4 obstacles on the corner squares "
        "with the yellow frame",
        "p_place_obstacle": "{player}: place a new obstacle next to the yellow frame",
        "p_roll_timed": "{player}: turn the hourglass and roll the dice",
        "p_roll_untimed": "{player}: roll the dice (no hourglass for you)",
        "p_place_dice": "{player}: place the dice and move the balloons",
        "p_unplaced": Plural(
            "count",
            one="{player}: place the unplaced die on an empty square, then move the balloons",
            other="{player}: place the {count} unplaced dice on empty squares, "
            "then move the balloons",
        ),
        "p_move_balloons": "{player}: move the balloons",
        "p_landed_end": "{player}: finish moving the balloons, then end the turn",
        "p_move_two": "{player}: move 2 obstacles, then end your turn",
        "p_move_all": "{player}: move all obstacles, then end your turn",
        "p_landed": "A balloon is on the landing pad: the race ends with this turn",
        "p_last_round": "All 8 obstacles are on the board: this is the last round",
        "p_score": "Reveal the balloon cards and count each balloon's squares "
        "to the landing zone token",
        "p_winners": Plural("count", one="The winner: {names}", other="The winners: {names}"),
        # steps an end of turn would skip
        "missing_obstacle": "{player} has not placed the new obstacle of round {round}",
        "missing_roll": "{player} has not rolled the dice this turn",
        # the results: a tie on the score, decided by the closest balloon (or not)
        "tie_break": "{ahead} ahead of {behind} on equal score: closest balloon "
        "at distance {near} against {far}",
        "tie_shared": "{first} and {second} share a place: equal score, and their "
        "closest balloons at the same distance ({near})",
    },
    terms={"colour": colour, "token": token},
    composed={"order"},  # the names of a round's turns, joined
)
