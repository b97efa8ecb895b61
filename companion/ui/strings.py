"""Every sentence and label the screens show, as English templates.

Other languages translate these keys (`ui.<key>`) in `companion/i18n/<lang>.json`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.core.messages import Catalog, Message, Plural, Translator
from companion.core.terms import colour

UI = Catalog(
    "ui",
    {
        "app_title": "Balloon-race companion",
        # home
        "resume_round": "Resume: {game}, round {round}, {player}'s turn",
        "resume_plain": "Resume: {game}, {player}'s turn",
        "resume_score": "Resume: {game}, counting the score",
        "resume_order": "Resume: {game}, round {round}, dealing the order cards",
        "new_game": "New game",
        "resume_title": "Resume: {game}",
        "unfinished_title": "Unfinished games",
        "unfinished_detail": "{players} · last played {when}",
        "abandon_hold": "Hold to abandon",
        "resume_upto": "Resume up to action {good}",
        "unfinished_warning": "Not finished yet: {games}. They stay on the home screen "
        "to resume later. Start a new game?",
        "start_anyway": "Start the new game",
        "home_hint": "Tap New game, choose the players and start.",
        # hardware status
        "buttons_sim": "Buttons: keyboard (space GO, u undo, p pause)",
        "buttons_ok": "Buttons: ready",
        "buttons_off": "Buttons: not connected",
        "strip_screen": "Strip: on screen",
        "strip_ok": "Strip: {kind}",
        "strip_none": "Strip: none",
        "strip_fail": "Strip: not answering",
        "dice_on": "Dice reader: connected",
        "dice_off": "Dice reader: not connected",
        "dice_none": "Dice reader: none",
        "events_dropped": "Device events skipped in a flood: {count:n}",
        "rolls_dropped": "Dice rolls skipped in a flood: {count:n}",
        # new game
        "choose_game": "Game",
        "players": "Players in seat order",
        "known_players": "Tap to seat",
        "add_player": "+ New player",
        "no_players": "Tap names below to seat them",
        "remove": "remove",
        "timer": "Hourglass",
        "seconds": "{seconds} s",
        "timer_off": "off",
        "untimed": "Without hourglass",
        "order_cards": "Order cards",
        "balloon_cards": "Balloon cards",
        "by_app": "app deals",
        "by_table": "table deals",
        "start": "Start",
        "back": "Back",
        "name_prompt": "Name of the new player",
        "name_ok": "Seat",
        "cancel": "Cancel",
        "correct_title": "{player}: correct the tokens",
        "correct_hint": "Tap for 1, hold for 5",
        "done": "Done",
        "name_taken": "{name} is already seated",
        "name_empty": "Type a name first",
        # secret balloon cards
        "secret_hold": "{player}, tap and hold to see your balloon",
        "secret_hold_two": "{player}, tap and hold to see your balloons",
        "secret_showing": "Your balloon: {colours}",
        "secret_pick": "{player}, tap the colour on your balloon card",
        "secret_pick_two": "{player}, tap the two colours on your balloon cards",
        "secret_picked": "Got it. Keep it secret.",
        "secret_pass": "Pass the screen to {player}",
        "secret_next": "Next player",
        "secret_start": "Start the race",
        "secret_release": "Let go to hide it",
        "secret_hold_hint": "Tap and hold here",
        "and": "{a} and {b}",
        # the table
        "round": "Round {round}",
        "obstacles": "Obstacles {placed}/{total}",
        "order_1": "1st",
        "order_2": "2nd",
        "order_3": "3rd",
        "order_4": "4th",
        "order_last": "Last",
        "go_start": "Start the hourglass",
        "go_roll": "Dice rolled",
        "go_end": "End the turn",
        "go_resume": "Resume",
        "go_score": "Count the score",
        "go_order": "Tap the order first",
        "go_unplaced": "Dice not placed?",
        "end_anyway": "End anyway",
        "end_anyway_question": "End the turn anyway?",
        "redo": "Redo",
        "penalty_one": "+1 penalty",
        "mail_one": "+1 mail",
        "landed": "Balloon landed",
        "obstacle": "New obstacle placed",
        "dice": "Dice",
        "undo": "Undo",
        "pause": "Pause",
        "resume": "Resume",
        "seconds_left": "{seconds} s",
        "no_hourglass": "no hourglass",
        "paused": "paused",
        "time_up": "time is up",
        "unplaced_question": "Time is up! How many dice were not placed?",
        "unplaced_first": "Tap how many dice were not placed first",
        "dice_rolling": "The dice are rolling...",
        "dice_partial_fill": "The reader read {count} of {dice} dice: tap the missing ones",
        "dice_enter": "Tap the five dice",
        "dice_clear": "Clear",
        "order_question": "Round {round}: tap the players in the order of their cards",
        "order_clear": "Start again",
        "nothing_paused": "The hourglass is not running",
        "undone": "Undone: {what}",
        "redone": "Redone: {what}",
        "did_action": "the last action",
        "menu": "Menu",
        # score
        "score_title": "Count the score",
        "score_help": "Squares from each balloon to the landing zone token",
        "score_balloon": "{player}: {colour}",
        "score_col_player": "Player",
        "score_col_mail": "mail",
        "score_col_penalty": "pen.",
        "score_col_distance": "dist.",
        "score_col_total": "score",
        "score_done": "Show the results",
        "score_missing": "Enter the squares for every balloon first",
        "delete": "Del",
        # results
        "winner": "The winner: {names}",
        "winners": "The winners: {names}",
        "rank": "{rank}.",
        "points": Plural("score", one="{score} point", other="{score} points"),
        "bar_mail": "mail",
        "bar_penalty": "penalties",
        "bar_distance": "distance",
        "qr_hint": "BG Stats: scan with the phone, tap to enlarge",
        "qr_close": "Scan with the phone to save the play in BG Stats. Tap to close.",
        "play_again": "Play again, same players",
        "home": "Home",
        # the menu
        "menu_back": "Back",
        "menu_home": "Home screen",
        "menu_language": "Language",
        "menu_quit": "Hold to quit",
        "menu_quit_hold": "Keep holding to quit...",
        "menu_power_off": "Hold to shut down the Pi",
        "menu_power_off_hold": "Keep holding to shut down...",
        "menu_fullscreen": "Kiosk mode: hold Quit for 2 seconds to leave",
    },
    terms={"colour": colour},
)


@dataclass(frozen=True)
class Said:
    """A sentence with sentences inside ("Undone: {what}"), every part rendered in
    the language of the moment it is shown."""

    frame: Message
    parts: Mapping[str, Message] = field(default_factory=dict)

    def render(self, translate: Translator) -> str:
        params = {**self.frame.params, **{k: translate(v) for k, v in self.parts.items()}}
        return translate(Message(self.frame.key, params))


def said(key: str, **parts: Message) -> Said:
    """A UI sentence whose parameters are sentences of their own."""
    return Said(UI(key), parts)
