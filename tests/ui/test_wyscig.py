"""Wyścig balonów as the players see it, in every language: the secret balloons
tapped in at the table (each player sees what they tapped; a colour tapped twice is
never named), colours that mean one thing (no seat wears a colour; a balloon is drawn
in its own), the table's step line and reminders after each kind of turn, and the
table shown again exactly after an action and its undo, also from the score and the
results. Each screen in all five languages, as `wyscig-*` pictures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window
from kivy.graphics import Color

from companion.ui import theme
from companion.ui.screens.secret import PickCard
from tests.ui.harness import Harness


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def table_deals(ui: Harness, *names: str) -> None:
    """A new Wyścig game whose balloon cards the table dealt: the secret screen."""
    for name in names:
        ui.app.store.add_player(name)
    ui.tap(ui.find("New game"))
    for name in names:
        ui.tap(ui.find(name, ui.screen.ids.known))
    buttons = [w for w in ui.screen.ids.options.walk() if getattr(w, "text", "") == "table deals"]
    ui.tap(buttons[-1])  # the balloon cards' row
    assert ui.screen.options["balloon_cards"] == "table"
    ui.tap(ui.find("Start"))
    assert ui.app.root.current == "secret"


def cards(ui: Harness) -> dict[str, PickCard]:
    return {c.text: c for c in ui.screen.ids.picks.children}


def pick(ui: Harness, colour: str) -> None:
    ui.tap(cards(ui)[colour])


def test_each_player_sees_the_colour_they_tapped_and_a_colour_twice_is_not_named(
    ui: Harness,
) -> None:
    table_deals(ui, "Ola", "Jan", "Ewa")
    secret = ui.screen
    pick(ui, "blue")
    shown = cards(ui)
    assert shown["blue"].chosen and not shown["pink"].chosen
    assert ui.app.tr(secret.hint) == "Your balloon: blue"
    assert ui.find("Your balloon: blue").opacity == 1
    ui.shots("wyscig-secret-picked")
    ui.tap(secret.ids.next)
    # Jan's turn: nothing of Ola's choice is left on the screen.
    assert ui.app.tr(secret.prompt) == "Jan, tap the colour on your balloon card"
    assert secret.hint is None and not any(c.chosen for c in cards(ui).values())
    pick(ui, "blue")  # a mis-tap: Ola's colour
    ui.tap(secret.ids.next)
    pick(ui, "red")
    ui.tap(secret.ids.next)  # Ewa starts the race: refused, from Ola again
    assert ui.app.root.current == "secret" and secret.index == 0
    assert ui.app.tr(secret.prompt) == "Ola, tap the colour on your balloon card"
    assert not any(c.chosen for c in cards(ui).values())
    for lang in ("en", "pl", "de", "sv", "nl"):
        ui.app.set_language(lang)
        ui.step(2)
        said = ui.app.tr(secret.hint).lower()
        blue = ui.app.colour_name("blue").lower()
        assert said and blue not in said, said
        assert "balloon_cards" not in " ".join(ui.window_texts())
    ui.app.set_language("en")
    ui.step(2)
    assert ui.app.tr(secret.hint).startswith("Two of you tapped the same colour.")
    ui.shots("wyscig-secret-twice")
    for colour in ("blue", "pink", "red"):
        pick(ui, colour)
        ui.tap(secret.ids.next)
    assert ui.app.root.current == "wyscig"
    assert [p.balloons for p in ui.app.model.state.players] == [("blue",), ("pink",), ("red",)]


def test_two_balloons_held_are_hidden_as_two(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        secret = ui.screen
        touch = ui.press(secret.ids.hold)
        assert ui.app.tr(secret.hint) == "Let go to hide them"  # both balloons
        check_colours(ui)
        ui.shots("wyscig-secret-held")
        touch.touch_up()
        ui.step(2)
        assert ui.app.tr(secret.hint) == "Got it. Keep it secret."
    finally:
        ui.close()


def drawn_colours(root: Any) -> set[tuple[float, float, float]]:
    """Every colour a widget under `root` draws (its canvas, before and after), but the
    strip's LEDs (the sand's colours, and the seat's light: tested with the frames)."""
    found = set()
    for widget in root.walk():
        if type(widget).__name__ in ("LedStrip", "QRCode") or widget.opacity == 0:
            continue
        for canvas in (widget.canvas.before, widget.canvas, widget.canvas.after):
            for instruction in canvas.children:
                if isinstance(instruction, Color) and instruction.a > 0.05:
                    found.add(tuple(round(v, 3) for v in instruction.rgb))
    return found


# -- colours that mean one thing --------------------------------------------------------

WYSCIG_BALLOONS = ("blue", "pink", "yellow", "green", "red")
# What a Wyścig screen may draw in colour: its balloons, as their names say; the one
# accent (GO), a warning, a refusal, the paused blue; the tokens' own (the envelope and
# its flap, the penalty disc, the balloon's basket); the night's dark blue panels.
# Nothing else: no seat colour.
MEANT = (
    *(theme.BALLOON_COLOURS[c] for c in WYSCIG_BALLOONS),
    *(theme.BACKGROUND, theme.PANEL, theme.PANEL_HIGH),
    *(theme.ACCENT, theme.ACCENT_TEXT, theme.WARNING, theme.DANGER, theme.PAUSED),
    *(theme.MAIL, theme.PENALTY, "#594726", "#8C6133"),
)


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    r, g, b, _ = theme.rgba(hex_colour)
    return (r, g, b)


def chromatic(rgb: tuple[float, float, float]) -> bool:
    """A colour a player names by its hue (not white, grey, black or the night's
    panels)."""
    high, low = max(rgb), min(rgb)
    return high > 0.25 and (high - low) / high > 0.3


def meant(rgb: tuple[float, float, float]) -> bool:
    """One of `MEANT`, as drawn: whole, or darkened as a button pressed or disabled."""
    for hex_colour in MEANT:
        for level in (1.0, 0.6, 0.55):
            if all(abs(a - b * level) < 0.01 for a, b in zip(rgb, _rgb(hex_colour), strict=True)):
                return True
    return False


def check_colours(ui: Harness) -> None:
    """Every colour drawn in the window (the screen and any dialog over it) means one
    thing: a Wyścig balloon, a token, or the table's accent, warning or pause."""
    for view in list(Window.children):
        odd = {c for c in drawn_colours(view) if chromatic(c) and not meant(c)}
        assert not odd, f"{ui.app.root.current}: {sorted(odd)}"


# -- the table, turn by turn -------------------------------------------------------------


def table_shows(ui: Harness) -> dict[str, object]:
    """What the table shows that the game decides: GO, the glass, the step line, the
    reminders (the strip's line under the step, news aside), the time-up question's
    dialog, whose turn it is, the strip."""
    screen = ui.screen
    assert ui.app.root.current == "wyscig"
    return {
        "go": screen.go_text,
        "glass": (screen.phase, screen.seconds_text, screen.phase_text),
        "step": screen.step_text,
        "reminders": screen.prompt_lines(),
        "time up asked": screen._unplaced.parent is not None,
        "current": screen.current_name,
        "frame": list(screen.frame),
    }


def go(ui: Harness) -> None:
    """GO on the screen (a touch decides tap or hold by its own times, a key by the
    real time it is held: slow frames on a busy machine made that a hold), then past
    GO's lock-out."""
    ui.tap(ui.screen.ids.go)
    ui.clock.advance(1.0)
    ui.step(2)


def start(ui: Harness) -> Any:
    """Ola, Jan (without the hourglass) and Ewa; the order cards dealt at the table."""
    ui.app.start_game(
        "wyscig-balonow",
        ["Ola", "Jan", "Ewa"],
        {"order_cards": "table", "untimed": ["Jan"]},
        reveal=True,
    )
    ui.step(2)
    ui.pass_secret()
    return ui.screen


def test_the_table_says_what_to_do_turn_by_turn_in_its_own_colours(ui: Harness) -> None:
    screen = start(ui)
    order = Window.children[0]
    assert "tap the players in the order of their cards" in ui.app.tr(order.question)
    check_colours(ui)
    ui.shots("wyscig-order")
    for name in ("Ola", "Jan", "Ewa"):
        ui.tap(ui.find(name, order.ids.names))
    assert screen.step_text == "Ola: turn the hourglass and roll the dice"
    setup = "Ewa: place 4 obstacles on the corner squares with the yellow frame"
    assert screen.message_text == setup
    # No seat wears a colour: the current name is white, the strip shows one white light.
    assert {tuple(c) for c in screen.frame} == {(0xF2, 0xF4, 0xF8)}
    check_colours(ui)
    ui.shots("wyscig-table")

    go(ui)
    ui.advance(31)  # the sand runs out: how many dice were not placed?
    assert screen._unplaced.parent is not None
    check_colours(ui)
    ui.shots("wyscig-time-up")
    ui.tap(ui.find("2", screen._unplaced))
    assert screen.step_text == (
        "Ola: place the 2 unplaced dice on empty squares, then move the balloons"
    )
    assert screen.message_text == "Ola: move 2 obstacles, then end your turn"
    ui.shots("wyscig-unplaced")

    go(ui)  # Ola's end of turn: Jan plays without the hourglass
    assert screen.step_text == "Jan: roll the dice (no hourglass for you)"
    assert (screen.go_text, screen.phase_text) == ("Dice rolled", "no hourglass")
    ui.shots("wyscig-untimed")
    go(ui)
    go(ui)  # Jan's end of turn: Ewa, the round's last turn
    go(ui)
    ui.tap(screen.ids.landed)
    assert screen.step_text == "Ewa: finish moving the balloons, then end the turn"
    assert screen.message_text == "A balloon is on the landing pad: the race ends with this turn"
    check_colours(ui)
    ui.shots("wyscig-landed")


def test_the_end_undone_from_the_score_and_the_results_shows_the_table_as_before(
    ui: Harness,
) -> None:
    start(ui)
    model = ui.app.model
    order = Window.children[0]
    for name in ("Ola", "Jan", "Ewa"):
        ui.tap(ui.find(name, order.ids.names))
    go(ui)  # Ola's hourglass
    ui.advance(6)
    assert model.act("landed")
    ui.step(2)
    before = table_shows(ui)
    assert before["glass"] == ("running", "23 s", "")
    go(ui)  # Ola's end of turn ends the race: the score
    assert ui.app.root.current == "score"
    ui.tap(ui.find("Undo"))  # the score screen's Undo: the table, the sand running on
    assert table_shows(ui) == before
    assert ui.screen.message_text == "Undone: Ola's end of turn"

    go(ui)
    score = ui.screen
    held = [(p.name, c) for p in model.state.players for c in p.balloons]
    for squares, (name, colour) in enumerate(held):  # each balloon's squares, tapped in
        ui.tap(next(r for r in score.ids.balloons.children if r.text == f"{name}: {colour}"))
        ui.tap(ui.find(str(squares), score.ids.pad))
    assert score.entered == {colour: str(i) for i, (_, colour) in enumerate(held)}
    check_colours(ui)
    ui.shots("wyscig-score")
    score.done()
    ui.step(2)
    results = ui.screen
    assert ui.app.root.current == "results"
    # No colour beside a name: the balloon it held is named, in words.
    rows = {r.name: r for r in results.ids.rows.children}
    assert {r.swatch[3] for r in rows.values()} == {0}
    assert rows[held[0][0]].detail == held[0][1]
    assert results.winner_hex == theme.TEXT
    check_colours(ui)
    ui.shots("wyscig-results")
    ui.tap(results.ids.undo)  # the results' Undo: the score; the score's: the table as before
    assert ui.app.root.current == "score"
    # The distances typed are there again, not lost (issue 34.2).
    assert ui.screen.entered == {colour: str(i) for i, (_, colour) in enumerate(held)}
    ui.tap(ui.find("Undo"))
    assert table_shows(ui) == before

    go(ui)
    ui.screen.entered = {colour: "1" for _, colour in held}
    ui.screen.done()
    ui.step(2)
    ui.app.show("history")
    ui.step(2)
    history = ui.screen
    history.open_game(model.session_id)
    ui.step(2)
    view = history.ids.body.children[0]
    assert {r.swatch[3] for r in view.ids.results.children} == {0}
    check_colours(ui)
    ui.shots("wyscig-history")
