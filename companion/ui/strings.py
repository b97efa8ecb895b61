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
        "new_game": "New game",
        "resume_title": "Resume: {game}",
        "unfinished_title": "Unfinished games",
        "unfinished_more": Plural(
            "count",
            one="Unfinished games: {count} more out of sight, scroll the list",
            other="Unfinished games: {count} more out of sight, scroll the list",
        ),
        "unfinished_detail": "{players} · last played {when}",
        "abandon_hold": "Hold to abandon",
        "abandon_hold_longer": "Hold it 1 second to abandon",
        "abandoned_line": "Abandoned: {game} ({players})",
        "resume_upto": "Resume up to action {good}",
        "unfinished_warning": Plural(
            "count",
            one="Not finished yet: {games}. It stays on the home screen to resume later. "
            "Start a new game?",
            other="Not finished yet: {games}. They stay on the home screen to resume later. "
            "Start a new game?",
        ),
        "start_anyway": "Start the new game",
        "home_hint": "Tap New game, choose the players and start.",
        # hardware status
        "buttons_sim": "Keys: space GO, u undo, p pause, 1-8 seats",
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
        "rolls_unsaved": "Dice rolls not saved: {count:n}",
        # new game
        "choose_game": "Game",
        "players": "Players in seat order",
        "known_players": "Tap to seat",
        "add_player": "+ New player",
        "no_players": "Tap names below to seat them",
        "remove": "remove",
        "seconds": "{seconds} s",
        "minutes": "{minutes} min",
        "timer_off": "off",
        "option_and_value": "{option}: {value}",
        "option_none": "-",
        "tap_to_type": "tap to type",
        "number_clear": "Clear",
        "counters_none": "none",
        "counters_title": "Counters",
        "counters_hint": "Add a counter for each thing every player counts: coins, lives, "
        "victory points…",
        "counter_add": "+ Add a counter",
        "counter_name": "Name of the counter",
        "counter_start": "Start",
        "counter_min": "Least",
        "counter_max": "Most",
        "counter_no_min": "No least",
        "counter_no_max": "No most",
        "counter_remove": "Remove this counter",
        "categories_title": "Score sheet",
        "categories_hint": "Add a line for each kind of points counted at the end: "
        "birds, eggs, cards…; each player's points in each are typed when the game ends",
        "category_add": "+ Add a line",
        "category_name": "Name of the line",
        "category_remove": "Remove this line",
        "names_more": "{names} and {more} more",
        "categories_full": "{most} lines at most: remove one first",
        "setups_title": "Played before",
        "setups_hint": "Tap one to play it again; what you change before Start is kept",
        "setups_edit": "Edit the list",
        "setups_none": "Nothing kept: a game started with a title is kept here",
        "setup_forget": "Hold to forget",
        "setup_forgotten": "Forgotten: {title}",
        "start": "Start",
        "back": "Back",
        "name_prompt": "Name of the new player",
        "name_ok": "Seat",
        "cancel": "Cancel",
        "correct_title": "{player}: correct the tokens",
        "correct_hint": "Tap for 1, hold for 5",
        "done": "Done",
        "name_taken": "{name} is already seated",
        # the rules' own sentence ("1 given, ... needs 2 to 4") is the command line's
        "seat_more": Plural(
            "more",
            one="Seat one more player: {game} is for {low} to {high} players",
            other="Seat {more} more players: {game} is for {low} to {high} players",
        ),
        "seat_fewer": Plural(
            "fewer",
            one="Remove one player: {game} is for {low} to {high} players",
            other="Remove {fewer} players: {game} is for {low} to {high} players",
        ),
        "name_empty": "Type a name first",
        # secret balloon cards
        "secret_hold": "{player}, tap and hold to see your balloon",
        "secret_hold_two": "{player}, tap and hold to see your balloons",
        "secret_showing": "Your balloon: {colours}",
        "secret_showing_two": "Your balloons: {colours}",
        "secret_pick": "{player}, tap the colour on your balloon card",
        "secret_pick_two": "{player}, tap the two colours on your balloon cards",
        "secret_picked": "Got it. Keep it secret.",
        "secret_pass": "Pass the screen to {player}",
        "secret_next": "Next player",
        "secret_start": "Start the race",
        "secret_release": "Let go to hide it",
        "secret_release_two": "Let go to hide them",
        "secret_hold_hint": "Tap and hold here",
        "and": "{a} and {b}",
        # the table
        "go_start": "Start the hourglass",
        "go_end": "End the turn",
        "go_resume": "Resume",
        "end_anyway": "End anyway",
        "end_anyway_question": "End the turn anyway?",
        "redo": "Redo",
        "who_starts": "Who starts?",
        "who_starts_help": "Tap the player who starts, or let the table pick",
        "pick_random": "Pick at random",
        "pick_again": "Pick again",
        "starts": "{player} starts",
        "dice": "Dice",
        "undo": "Undo",
        "pause": "Pause",
        "resume": "Resume",
        "seconds_left": "{seconds} s",
        "paused": "paused",
        "time_up": "time is up",
        "dice_rolling": "The dice are rolling...",
        "dice_partial_fill": "The reader read {count} of {dice} dice: tap the missing ones",
        "dice_refused": "Roll {values} not taken: {why}",
        "dice_not_saved": "{why}. The dice reader will send roll {values} again",
        "dice_before_glass": "turn the hourglass first",
        "dice_before_go": "press GO first",
        "dice_time_up": "time is up for this turn",
        "dice_enter": Plural("dice", one="Tap the die", other="Tap the {dice} dice"),
        "dice_clear": "Clear",
        "dice_again": "This turn's roll is {values} already.\nKeep it, or replace it with {new}?",
        "dice_keep": "Keep the first roll",
        "dice_replace": "Replace",
        "nothing_paused": "The hourglass is not running",
        "seat_not_turn": "{seat}'s button: it is {player}'s turn",
        "seat_no_turn": "{seat}'s button: it is nobody's turn now",
        "undone": "Undone: {what}",
        "redone": "Redone: {what}",
        "did_action": "the last action",
        "menu": "Menu",
        # score
        "score_title": "Count the score",
        "score_col_player": "Player",
        "score_col_total": "score",
        "score_done": "Show the results",
        "sheet_title": "Score sheet",
        "sheet_total": "Total",
        "sheet_place": "Place",
        "sheet_next": "Next",
        "sheet_close": "Close",
        "sheet_typing": "{player}: {category}",
        "delete": "Del",
        # results
        "winner": "The winner: {names}",
        "winners": "The winners: {names}",
        "rank": "{rank}.",
        "points": Plural("score", one="{score} point", other="{score} points"),
        "qr_hint": "BG Stats: scan with the phone, tap to enlarge",
        "qr_close": "Scan with the phone to save the play in BG Stats. Tap to close.",
        "play_again": "Play again, same players",
        "home": "Home",
        # the menu
        "menu_back": "Back",
        "menu_home": "Home screen",
        "menu_language": "Language",
        "menu_language_kept": "Saved in the settings: kept after a restart",
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
