"""Balmy Balloonists' id, the names of its altitudes, tokens, cards, zones and
variants, and its sentences for the players (English; translations in
`companion/i18n`)."""

from __future__ import annotations

from companion.core.messages import Catalog, Forms, Plural
from companion.core.terms import colour

GAME_ID = "balmy-balloonists"

# The words the rules name: a sentence takes the id and shows the term.
TERMS = Catalog(
    GAME_ID,
    {
        "alt_landed": Forms("landed", at="landed", to="the ground"),
        "alt_low": Forms("low", at="at low altitude", to="low altitude"),
        "alt_medium": Forms("medium", at="at medium altitude", to="medium altitude"),
        "alt_high": Forms("high", at="at high altitude", to="high altitude"),
        "token_fuel": "fuel",
        "token_gas": "helium",
        "token_ballast": "ballast",
        "token_hand": "cards in hand",
        "token_in_front": "cards in front",
        "card_friendly_winds": "Friendly winds",
        "card_permission_iraq": "Permission Iraq",
        "card_permission_libya": "Permission Libya",
        "card_permission_china": "Permission China",
        "card_permission_sakhalin": "Permission Sakhalin",
        "card_repair": "Repair",
        "card_envelope_torn": "Envelope torn",
        "card_solar_panels_lost": "Solar panels lost",
        "card_comm_problems": "Communication problems",
        "card_fire": "Fire",
        "card_busy_airspace": "Busy airspace",
        "card_burner_problems": "Burner problems",
        "card_permission_revoked": "Permission revoked",
        "card_bad_weather": "Bad weather",
        "zone_libya": "Libya",
        "zone_iraq": "Iraq",
        "zone_sakhalin": "Sakhalin",
        "zone_china": "China",
        "zone_area51": "Area 51",
        "variant_fair_weather": "Fair weather",
        "variant_critical_measures": "Critical measures",
        "variant_storm": "Storm",
    },
)


altitude = TERMS.namer("alt")
token = TERMS.namer("token")
card = TERMS.namer("card")
zone = TERMS.namer("zone")
variant = TERMS.namer("variant")


M = Catalog(
    GAME_ID,
    {
        # setup
        "colour_not_used": '{name}: in Balmy Balloonists a player names "colours" '
        '(one or two), not "colour"',
        "colours_empty": '{name}: "colours" names one or two balloon colours',
        "colours_count": Plural(
            "count",
            one="{name} flies 1 balloon but names {given} colours",
            other="{name} flies {count} balloons but names another number of colours ({given})",
        ),
        "colour_unknown": '{name}: "{typed}" is not a balloon colour ({colours})',
        "colour_twice": "{name}: the {colour} balloon is taken twice",
        "too_many_balloons": "balloons_per_player: {per_player} balloons each for {count} "
        "players makes {total}; the wind rose has 6 points",
        "start_unknown": 'start: "{name}" is not playing',
        # errors
        "over": "The race is over: only corrections are left",
        "unknown_balloon": "There is no {colour} balloon in this race",
        "unknown_player": '"{name}" is not playing',
        "not_racing_finished": "The {colour} balloon has finished the race",
        "not_racing_out": "The {colour} balloon is out of the race",
        "card_played": "{player} has already played a local wind card this turn",
        "no_own_card": "{player} may not play a card on the {colour} balloon this turn",
        "hand_empty": "{player} has no local wind card in hand for the {colour} balloon",
        "three_in_front": "{player} already has 3 cards in front of the {colour} balloon; "
        "play one from there onto a marked balloon",
        "nothing_in_front": "{player} has no card in front of the {colour} balloon",
        "own_balloon": "{player} may not play a card from in front onto their own {colour} balloon",
        "not_marked": "The {colour} balloon has no silver marker; the marked balloons are "
        "{markers}",
        "swap_no_card": "{player} may swap an advantage card only after playing a local "
        "wind card this turn",
        "swap_twice": "{player} has already swapped an advantage card this turn",
        "not_held": "{player} does not hold a {card} card",
        "swap_empty": "There is no card in front of the {colour} balloon to take",
        "altitude_twice": "The {colour} balloon has already changed altitude this turn",
        "altitude_same": "The {colour} balloon is already {altitude:at}",
        "altitude_landed": "A balloon lands only when the rules say so, never by choice",
        "no_rise": "The {colour} balloon may not rise this turn",
        "no_ballast": "The {colour} balloon needs {cost} ballast to rise to {altitude:to} "
        "and has {have}",
        "no_gas": "The {colour} balloon needs {cost} helium to descend to {altitude:to} "
        "and has {have}",
        "landed_event": "The {colour} balloon is landed; only a flying balloon can enter "
        "a restricted zone or fly over mountains",
        "target_not_moved": "No card moved the {colour} balloon this turn",
        "luck_no_card": 'Bad luck comes from the "?" of the card just played; '
        "no card was played this turn",
        "luck_storm": "The card was played on the storm; it cannot bring bad luck",
        "luck_twice": "This card has already brought bad luck",
        "luck_combined": 'This card was combined under critical measures; its "?" is used up',
        "luck_target": "The card was played on the {played} balloon, not on {colour}",
        "not_repairable": "A repair card cancels only communication problems, a torn "
        "envelope, fire or burner problems",
        "no_repair": "{player} holds no repair card",
        "luck_field": '"{field}" belongs to {cards}, not to {card}',
        "permission_missing": "Permission revoked needs the permission it takes away",
        "advantage_twice": "The advantage cards of {player} are already recorded",
        "finish_landed": "The {colour} balloon is landed; it must fly over the start line",
        "unknown_token": '"{token}" is not a token in Balmy Balloonists '
        '("fuel", "gas", "ballast"; and the cards: "hand", "in_front")',
        "in_front_limit": "The {colour} balloon can have at most 3 cards in front",
        "finished_cards": "The {colour} balloon has finished the race: its cards are discarded",
        "out_cards": "The {colour} balloon is out of the race: its cards are discarded",
        "negative": "The {colour} balloon would have {count} {token}",
        "token_limit": Plural(
            "limit",
            one="There is only {limit} {token} token in the game",
            other="There are only {limit} {token} tokens in the game",
        ),
        "card_limit": Plural(
            "limit",
            one="There is only {limit} local wind card in the game",
            other="There are only {limit} local wind cards in the game",
        ),
        "variant_off": "This game is played without the {variant} variant",
        "storm_placed": "The storm is already on the board",
        "storm_missing": "The storm is not on the board yet",
        "critical_no_card": "Critical measures answer a card another player played on "
        "the {colour} balloon this turn",
        "critical_twice": "Critical measures were already taken against this card",
        "critical_luck": "The card brought bad luck instead of a move; there is no move to combine",
        # steps an end of turn would skip
        "missing_card": "No local wind card was played for the {colour} balloon",
        # prompts
        "p_winner": "{player} wins the race!",
        "p_no_winner": "No balloon is still racing: the race ends with no winner",
        "p_turn": "{player}: the {colour} balloon's turn",
        "p_skipped": "The {colour} balloon of {player} skipped its turn",
        "p_advantage": "Record the two advantage cards dealt to {player}",
        "p_fair_weather": "Fair weather: replace every quadrant card with an asterisk (*) "
        "until none shows one (the app does not keep the quadrant cards)",
        "p_storm": "Storm: the first time a balloon passes Sakhalin's restricted zone, "
        "the last balloon places the storm",
        "p_step1": "{mark} 1. Play one local wind card and follow it: from hand on the "
        "{colour} balloon, or from in front onto a marked balloon",
        "p_step1_none": "{mark} 1. The {colour} balloon cannot play a local wind card this turn",
        "p_step2": "{mark} 2. Choose a new altitude if you like (up: 1 ballast a level, "
        "down: 1 helium a level)",
        "p_step3": "{mark} 3. Fly the {colour} balloon by the quadrant card",
        "p_step4_pay": "{mark} 4. At high altitude: the {colour} balloon pays 1 fuel",
        "p_step4_sink": "{mark} 4. At high altitude with no fuel: the {colour} balloon "
        "sinks to medium altitude",
        "p_step4_none": "{mark} 4. Not at high altitude: no fuel to pay",
        "p_step5_pay": "{mark} 5. No helium left: the {colour} balloon pays 1 fuel",
        "p_step5_sink": "{mark} 5. No helium and no fuel: the {colour} balloon sinks one level",
        "p_step5_none": "{mark} 5. Helium left: no fuel to pay",
        "p_step6_draw": "{mark} 6. Exactly 2 cards in hand: draw a local wind card",
        "p_step6_none": Plural(
            "hand",
            one="{mark} 6. 1 card in hand: no card to draw",
            other="{mark} 6. {hand} cards in hand: no card to draw",
        ),
        "r_no_own_now": "{player} may not play a card on the {colour} balloon this turn",
        "r_no_rise_now": "The {colour} balloon may not rise this turn",
        "r_no_forward_now": "The {colour} balloon may not move forward this turn "
        "(a backward wind still moves it back)",
        "r_skip_next": Plural(
            "count",
            one="The {colour} balloon of {player} skips its next turn",
            other="The {colour} balloon of {player} skips its next {count} turns",
        ),
        "r_no_own_next": Plural(
            "count",
            one="{player} may not play a card on the {colour} balloon in its next turn",
            other="{player} may not play a card on the {colour} balloon in its next {count} turns",
        ),
        "r_no_rise_next": "The {colour} balloon may not rise in its next turn",
        "r_no_forward_next": "The {colour} balloon may not move forward in its next turn",
    },
    terms={
        "colour": colour,
        "played": colour,
        "altitude": altitude,
        "token": token,
        "card": card,
        "variant": variant,
    },
    composed={"cards", "markers"},  # lists of cards and of marked colours
)
