"""Balmy Balloonists played by touches in the real window, two players with two
balloons each, from the new-game screen to the results: the screen's texts are
checked against `session.summary()` at each step, a refused tap shows the rule's
sentence, and every state of the table is photographed in every language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.harness import Harness

TIMER = "turn_timer_seconds"


@pytest.fixture
def ui(tmp_path: Path) -> Any:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def summary(ui: Harness) -> dict[str, Any]:
    return dict(ui.app.model.session.summary().data)


def balloon(ui: Harness, colour: str) -> dict[str, Any]:
    found: dict[str, Any] = next(
        b for b in summary(ui)["table"]["balloons"] if b["colour"] == colour
    )
    return found


def check_screen(ui: Harness) -> dict[str, Any]:
    """The current balloon's panel and the overview say what the session says."""
    screen = ui.screen
    now = summary(ui)
    colour = now["table"]["current_balloon"]
    current = balloon(ui, colour)
    assert screen.owner == now["current"] == current["owner"]
    assert screen.ids.pill.text == f"{colour} balloon"
    for token in ("fuel", "gas", "ballast"):
        assert screen.ids[token].text == str(current["tokens"][token])
    assert screen.ids.hand.text == str(current["hand"])
    assert screen.ids.in_front.text == str(current["in_front"])
    rows = screen.ids.overview.children[::-1]
    assert [r.title for r in rows] == [
        f"{b['colour']} · {b['owner']}" for b in now["table"]["balloons"]
    ]
    for row, seen in zip(rows, now["table"]["balloons"], strict=True):
        assert (row.fuel, row.gas, row.ballast) == tuple(seen["tokens"].values())
        assert row.cards == f"{seen['hand']}/{seen['in_front']}"
        assert row.current is (seen["colour"] == colour)
    assert list(screen.ids.rose.markers) == now["table"]["markers"]
    return now


def go(ui: Harness) -> None:
    """The big GO button, a while after the last (its lock-out stops bounces)."""
    ui.advance(1)
    ui.tap(ui.screen.ids.go)


def tab(ui: Harness, name: str) -> None:
    ui.tap(ui.find(name, ui.screen.ids.tabs))


def dialog(ui: Harness) -> Any:
    view = ui.app.root.get_root_window().children[0]
    assert hasattr(view, "ids") and "questions" in view.ids, "no dialog is open"
    return view


def answer(ui: Harness, *texts: str) -> None:
    """Tap one choice per question row of the open dialog, then its OK button."""
    view = dialog(ui)
    assert len(view.ids.questions.children) == len(texts)
    for index, text in enumerate(texts):
        row = view.ids.questions.children[::-1][index]  # a tap rebuilds the rows
        ui.tap(ui.find(text, row))
    ui.tap(view.ids.ok)


def new_game(ui: Harness) -> None:
    ui.tap(ui.find("New game"))
    ui.tap(ui.find("Balmy Balloonists"))
    for name in ("Anna", "Bram"):
        ui.type_name(name)
    options = ui.screen.ids.options
    texts = ui.texts(options)
    for label in ("Turn timer", "Balloons each", "Starts", "Variants", "Fair weather", "Storm"):
        assert label in texts
    assert ui.screen.options["balloons_per_player"] == 2  # two each with 2-3 players
    ui.shots("balmy-new-game")
    ui.tap(ui.find("Start"))
    assert ui.app.root.current == "balmy"


def test_two_balloons_from_new_game_to_results(ui: Harness) -> None:
    new_game(ui)
    model = ui.app.model
    assert model.session.setup.options["balloons_per_player"] == 2
    assert TIMER not in model.session.setup.options  # the app's, not the game file's
    assert model.session.setup.options["storm"] is False

    # The advantage cards dealt at setup: a picker per player opens at the start.
    assert dialog(ui).title == "Anna: tap the two advantage cards dealt"
    ui.shots("balmy-advantage")
    answer(ui, "Friendly winds", "Repair")
    ui.step(2)
    assert dialog(ui).title == "Bram: tap the two advantage cards dealt"
    answer(ui, "Permission Iraq", "Permission China")
    ui.step(2)
    players = summary(ui)["players"]
    assert [p["advantage"] for p in players] == [
        ["friendly_winds", "repair"],
        ["permission_iraq", "permission_china"],
    ]
    now = check_screen(ui)
    assert now["table"]["current_balloon"] == "red" and now["current"] == "Anna"
    assert [b["colour"] for b in now["table"]["balloons"]] == ["red", "yellow", "green", "blue"]
    assert ui.screen.tab == "cards"
    ui.shots("balmy-cards")

    red_turn(ui)
    yellow_turn(ui)
    green_turn(ui)
    blue_turn(ui)
    red_again(ui)
    to_the_finish(ui)


def red_turn(ui: Harness) -> None:
    screen = ui.screen
    ui.tap(screen.ids.play_own)
    assert ui.log_types()[-1] == "play_own"
    check_screen(ui)
    assert balloon(ui, "red")["in_front"] == 1

    # The altitude ladder: up to low for 1 ballast; a second change is refused.
    tab(ui, "Altitude")
    ladder = screen.ids.ladder
    assert ui.find("low", ladder).cost == "1 ballast"
    assert ui.find("high", ladder).cost == "3 ballast"
    ui.tap(ui.find("low", ladder))
    assert balloon(ui, "red")["altitude"] == "low"
    check_screen(ui)
    assert ui.find("low", ladder).current
    ui.tap(ui.find("medium", ladder))
    assert screen.message_is_error
    assert screen.message_text == "The red balloon has already changed altitude this turn"
    assert ui.log_types()[-1] == "altitude"
    ui.shots("balmy-refused")

    # Bad luck from the "?" of the card just played: Anna may answer with her repair.
    tab(ui, "Luck ?")
    assert ui.find('The "?" of the card just played: bad luck on the red balloon', screen)
    ui.tap(ui.find("Communication problems", screen.ids.luck))
    assert dialog(ui).title == "Communication problems on the red balloon"
    ui.tap(ui.find("yes", dialog(ui).ids.questions))
    ui.shots("balmy-luck")
    ui.tap(dialog(ui).ids.ok)
    assert_last(
        ui,
        {
            "type": "bad_luck",
            "target": "red",
            "card": "comm_problems",
            "repaired": True,
        },
    )
    assert summary(ui)["players"][0]["advantage"] == ["friendly_winds"]

    # GO ends the turn; the upkeep the app did is shown: the hand was at 2, one drawn.
    assert screen.go_text == "End the turn"
    go(ui)
    assert ui.log_types()[-1] == "end_turn"
    assert balloon(ui, "red")["hand"] == 3
    assert screen.message_text.startswith("Upkeep · red balloon: cards in hand 3 (+1)")
    check_screen(ui)
    tab(ui, "Steps")
    assert ui.find("Upkeep · red balloon: cards in hand 3 (+1)", screen.ids.steps)
    ui.shots("balmy-upkeep")


def yellow_turn(ui: Harness) -> None:
    screen = ui.screen
    assert screen.owner == "Bram" and screen.ids.pill.text == "yellow balloon"
    # Nothing in front yet: no card can go onto a marked balloon, and the tab says why.
    tab(ui, "Cards")
    assert ui.find("Bram has no card in front of the yellow balloon", screen.ids.targets)
    ui.tap(screen.ids.play_own)
    tab(ui, "Board")
    # Landed: no zone, no mountain, no finish line to tap, and the board says why.
    assert [w.text for w in screen.ids.zones.children] == [
        "The yellow balloon is landed: it meets no zone and no mountains"
    ]
    assert not (screen.ids.brown.enabled or screen.ids.white.enabled or screen.ids.finish.enabled)
    tab(ui, "Altitude")
    ui.tap(ui.find("medium", screen.ids.ladder))
    tab(ui, "Board")
    ui.tap(ui.find("Iraq", screen.ids.zones))  # Bram holds the permission: nothing happens
    assert balloon(ui, "yellow")["altitude"] == "medium"
    ui.tap(screen.ids.white)  # white mountains need high: the balloon lands
    assert balloon(ui, "yellow")["altitude"] == "landed"
    assert balloon(ui, "yellow")["skip_turns"] == 1
    check_screen(ui)
    ui.shots("balmy-board")
    ui.advance(1)  # past GO's lock-out (a bouncing finger is not a second turn)
    ui.key("space")  # the GO button on the table
    assert ui.log_types()[-1] == "end_turn"


def green_turn(ui: Harness) -> None:
    screen = ui.screen
    # Anna's second balloon: the colour says which one plays.
    assert screen.owner == "Anna" and screen.ids.pill.text == "green balloon"
    assert screen.balloon_hex != "" and screen.ids.pill.text != "red balloon"
    ui.tap(screen.ids.play_own)
    tab(ui, "Altitude")
    ui.tap(ui.find("high", screen.ids.ladder))
    assert balloon(ui, "green")["tokens"]["ballast"] == 6
    tab(ui, "Cards")
    ui.tap(ui.find("Use Friendly winds", screen.ids.advantage))
    assert ui.log_types()[-1] == "friendly_winds"
    assert summary(ui)["players"][0]["advantage"] == []
    check_screen(ui)
    go(ui)
    assert screen.message_text.startswith(
        "Upkeep · green balloon: fuel 10 (-1) and cards in hand 3 (+1)"
    )
    assert balloon(ui, "green")["tokens"]["fuel"] == 10


def blue_turn(ui: Harness) -> None:
    screen = ui.screen
    assert screen.owner == "Bram" and screen.ids.pill.text == "blue balloon"
    ui.tap(screen.ids.play_own)
    tab(ui, "Altitude")
    ui.tap(ui.find("low", screen.ids.ladder))
    go(ui)
    assert screen.ids.pill.text == "red balloon"
    assert screen.message_text.startswith("Upkeep · blue balloon: cards in hand 3 (+1)")
    check_screen(ui)
    tab(ui, "Balloons")
    ui.shots("balmy-balloons")


def red_again(ui: Harness) -> None:
    screen = ui.screen
    model = ui.app.model
    tab(ui, "Cards")
    # Exactly the allowed targets: the marked balloons that are not Anna's own.
    allowed = model.rules.targets(model.state)
    shown = [w.text for w in screen.ids.targets.children[::-1]]
    assert shown == [f"Bram: {c} balloon" for c in allowed] == ["Bram: blue balloon"]
    tab(ui, "Cards")
    ui.tap(ui.find("Bram: blue balloon", screen.ids.targets))
    assert_last(ui, {"type": "play_other", "target": "blue"})
    assert "blue" not in summary(ui)["table"]["markers"]
    check_screen(ui)
    ui.shots("balmy-played-other")

    # Bad weather on the blue balloon (the card's "?"): one level down, blown back.
    tab(ui, "Luck ?")
    ui.tap(ui.find("Bad weather", screen.ids.luck))
    answer(ui, "-1", "yes")
    assert_last(
        ui,
        {
            "type": "bad_luck",
            "target": "blue",
            "card": "bad_weather",
            "levels": -1,
            "backward": True,
        },
    )
    blue = balloon(ui, "blue")
    assert blue["altitude"] == "low" and blue["tokens"]["ballast"] == 6
    assert blue["no_forward_next_turn"]
    tab(ui, "Balloons")
    check_screen(ui)
    row = next(r for r in screen.ids.overview.children if r.title == "blue · Bram")
    assert row.badges == "no forward"
    # A mountain for the balloon the card moved there, not for the current one.
    tab(ui, "Board")
    ui.tap(ui.find("blue", screen.ids.event_for))
    ui.tap(screen.ids.brown)  # brown mountains need medium: the blue balloon lands
    assert_last(ui, {"type": "mountain", "kind": "brown", "target": "blue"})
    assert balloon(ui, "blue")["altitude"] == "landed"

    # Undo (on the screen, then the button on the table) takes both back.
    ui.tap(screen.ids.undo)
    assert screen.message_text == "Undone: the blue balloon at the mountains"
    assert balloon(ui, "blue")["altitude"] == "low"
    ui.key("u")
    assert ui.log_types()[-1] == "play_other"


def to_the_finish(ui: Harness) -> None:
    screen = ui.screen
    tab(ui, "Board")
    ui.tap(screen.ids.finish)  # red (low) crosses the line; its turn ends at once
    assert balloon(ui, "red")["finished"]
    # Yellow skips the turn it lost on the mountains: green plays next.
    assert screen.ids.pill.text == "green balloon"
    assert "The yellow balloon of Bram skipped its turn" in screen.message_text
    tab(ui, "Balloons")
    check_screen(ui)
    assert "finished" in [r.badges for r in screen.ids.overview.children]
    tab(ui, "Board")
    ui.tap(screen.ids.finish)  # Anna's second balloon: she wins
    assert summary(ui)["winners"] == ["Anna"]
    assert ui.app.root.current == "results"
    results = ui.screen
    assert ui.app.tr(results.headline) == "The winner: Anna"
    ranks = {p["name"]: p["rank"] for p in summary(ui)["players"]}
    assert ranks == {"Anna": 1, "Bram": 2}
    shown = [(r.rank, r.name, r.score) for r in results.ids.rows.children[::-1]]
    assert shown == [("1.", "Anna", ""), ("2.", "Bram", "")]
    ui.shots("balmy-results")


def assert_last(ui: Harness, expected: dict[str, Any]) -> None:
    """The last action recorded has these fields (the rest at their defaults)."""
    last = ui.app.model.session.log[-1].to_json()
    assert expected.items() <= last.items(), last


@pytest.mark.one_size
def test_turn_timer(ui: Harness) -> None:
    """The optional turn timer: GO starts the glass, time runs out, GO ends the turn."""
    ui.tap(ui.find("New game"))
    ui.tap(ui.find("Balmy Balloonists"))
    for name in ("Cas", "Dirk", "Eva", "Fenna"):
        ui.type_name(name)
    options = ui.screen.ids.options
    assert "Balloons each" not in ui.texts(options)  # 4 players: one balloon each
    for _ in range(2):  # a tap rebuilds the rows: find the row again
        ui.tap(ui.find("+", ui.find("Turn timer", options).parent))
    assert ui.screen.options[TIMER] == 30
    ui.tap(ui.find("Fenna", options))
    ui.tap(ui.find("Critical measures", options))
    ui.tap(ui.find("Start"))
    model = ui.app.model
    assert model.session.setup.options["start"] == "Fenna"
    assert model.session.setup.options["critical_measures"] is True
    assert "balloons_per_player" not in model.session.setup.options
    assert model.play.app_options == {TIMER: 30}
    dialog(ui).dismiss()  # the advantage cards can wait: GO brings them back
    ui.step(2)
    screen = ui.screen
    assert screen.owner == "Fenna" and screen.ids.pill.text == "blue balloon"
    assert screen.go_text == "Record cards" and screen.go_ready
    assert screen.step_text == "Record the two advantage cards dealt to Cas"
    go(ui)
    for name in ("Cas", "Dirk", "Eva", "Fenna"):
        assert dialog(ui).title == f"{name}: tap the two advantage cards dealt"
        answer(ui, "Repair", "Friendly winds")
        ui.step(2)
    assert screen.go_text == "Start the turn timer"
    recorded = ["advantage"] * 4
    go(ui)
    assert screen.phase == "running" and ui.log_types() == recorded
    ui.advance(11)
    assert screen.seconds_text == "19 s"
    ui.shots("balmy-timer")
    ui.advance(20)
    assert screen.phase == "expired" and screen.phase_text == "time is up"
    assert screen.go_text == "End the turn"
    ui.advance(1)
    go(ui)  # no local wind card played: the rules name the step, the table asks
    asked = ui.app.root.get_root_window().children[0]
    assert "No local wind card was played for the blue balloon" in ui.texts(asked)
    assert ui.log_types() == recorded
    ui.shots("balmy-end-anyway")
    ui.advance(1)
    ui.key("space")  # GO again (the button: the dialog covers the screen): end anyway
    assert ui.log_types() == [*recorded, "end_turn"] and asked.parent is None
    assert screen.owner == "Cas" and screen.go_text == "Start the turn timer"
    assert screen.phase == "idle"
