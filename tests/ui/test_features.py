"""The app's other duties: the table dealing the cards, the language switched at
run time, the menu and kiosk mode, and a failing strip on the status line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from kivy.core.window import Window

from companion.config import ButtonsConfig, Config
from hardware.events import HardwareEvent, Kind, Source
from tests.ui.harness import Harness


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def seat(ui: Harness, *names: str) -> None:
    for name in names:
        ui.app.store.add_player(name)
    ui.tap(ui.find("New game"))
    for name in names:
        ui.tap(ui.find(name, ui.screen.ids.known))


def test_cards_dealt_at_the_table(ui: Harness) -> None:
    seat(ui, "Ola", "Jan")
    for index in range(2):  # order cards, then balloon cards (the rows are rebuilt)
        options = ui.screen.ids.options
        buttons = [w for w in options.walk() if getattr(w, "text", "") == "table deals"]
        ui.tap(buttons[index])
    assert ui.screen.options["order_cards"] == "table"
    assert ui.screen.options["balloon_cards"] == "table"
    ui.tap(ui.find("Start"))
    # Two players: each taps the two colours on their cards, unseen by the other.
    assert ui.app.root.current == "secret"
    assert ui.texts()[0] == "Ola, tap the two colours on your balloon cards"
    picks = ui.screen.ids.picks
    ui.tap(ui.find("blue", picks))
    ui.tap(ui.find("pink", picks))
    ui.shot("15-secret-pick")
    ui.tap(ui.screen.ids.next)
    ui.tap(ui.find("green", picks))
    ui.tap(ui.find("red", picks))
    assert ui.app.tr(ui.screen.next_label) == "Start the race"
    ui.tap(ui.screen.ids.next)  # the last player starts the race at once
    model = ui.app.model
    assert ui.app.root.current == "wyscig"
    assert [p.balloons for p in model.state.players] == [("blue", "pink"), ("green", "red")]
    # No order yet: the table taps it (two turns each with two players).
    assert ui.screen.go_text == "Tap the order first"
    order_view = Window.children[0]
    assert "tap the players in the order of their cards" in ui.app.tr(order_view.question)
    ui.shot("16-table-order")
    for name in ("Jan", "Ola", "Ola", "Jan"):
        ui.tap(ui.find(name, order_view.ids.names))
    assert ui.log_types() == ["order"]
    assert model.summary["table"]["order"] == ["Jan", "Ola", "Ola", "Jan"]
    assert ui.screen.current_name == "Jan"


def test_language_switch_rerenders(ui: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.i18n as i18n
    import companion.ui.app as app_module

    test_catalog = {"ui.new_game": "Nowa gra", "ui.buttons_sim": "Przyciski: klawiatura"}
    monkeypatch.setattr(i18n, "catalog", lambda lang: test_catalog if lang == "pl" else {})
    monkeypatch.setattr(app_module, "languages", lambda: ["en", "pl"])
    button = ui.find("New game")
    ui.app.set_language("pl")
    ui.step(2)
    assert button.text == "Nowa gra"
    assert any(t.startswith("Przyciski: klawiatura") for t in ui.texts())
    ui.app.set_language("en")
    ui.step(2)
    assert button.text == "New game"


def test_menu_long_press_and_kiosk(ui: Harness) -> None:
    ui.app.kiosk = True
    assert Window.dispatch("on_key_down", 27, 9, None, []) is True  # Escape: nothing
    assert ui.app.root.get_root_window() is not None
    assert ui.app._close_requested() is True
    ui.devices.events.put(HardwareEvent(Source.GO, Kind.HELD))  # a long press of GO
    ui.step(2)
    menu = ui.app.menu
    assert menu.parent is not None
    ui.shot("17-menu")
    quit_button = ui.find("Hold to quit", menu)
    ui.tap(quit_button)  # a tap is not a hold: the app stays
    assert ui.app.root.get_root_window() is not None
    assert quit_button.progress == 0
    ui.tap(ui.find("Back", menu))
    assert menu.parent is None


def test_failing_strip_is_on_the_status_line(ui: Harness) -> None:
    ui.devices.strip.last_error = "The on-screen strip stopped answering: test"
    ui.app.frames.check_status()  # what it reads once a second, read now
    ui.step(2)
    assert "Strip: not answering" in ui.app.status_text(ui.app.status)


def test_the_new_game_screen_follows_a_language_switch(ui: Harness) -> None:
    ui.tap(ui.find("New game"))
    assert "Hourglass" in ui.texts()
    ui.app.set_language("de")  # the real German catalog
    ui.step(2)
    assert "Sanduhr" in ui.texts() and "Hourglass" not in ui.texts()
    ui.app.set_language("en")
    ui.step(2)
    assert "Hourglass" in ui.texts()


def test_the_table_keeps_the_go_lock_out_of_the_settings(tmp_path: Path) -> None:
    settings = Config(buttons=ButtonsConfig(lockout_s=2.0))
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]), settings=settings)
    try:
        ui.pass_secret()
        ui.tap(ui.screen.ids.go)
        assert ui.app.model.act("dice", values=[1, 2, 3, 4, 5])
        ui.clock.advance(1.5)  # a second GO within the settings' 2 s: a bouncing finger
        ui.tap(ui.screen.ids.go)
        assert ui.log_types() == ["start_timer", "dice"]
        ui.clock.advance(1.0)
        ui.tap(ui.screen.ids.go)
        assert ui.log_types() == ["start_timer", "dice", "end_turn"]
    finally:
        ui.close()


def test_a_flood_of_events_is_bounded_and_said_on_the_status_line(ui: Harness) -> None:
    # The simulated reader says CONNECTED and HELLO once, soon after it is opened: let
    # them arrive and be drained first, so that only this flood meets a full queue.
    ui.wait(lambda: ui.devices.dice.status().device is not None)
    ui.step(2)
    limit = ui.devices.events.limit
    before = ui.devices.dropped
    for _ in range(limit + 44):  # a device gone wrong: more than the queue holds
        ui.devices.events.put(HardwareEvent(Source.PAUSE, Kind.HELD))
    assert ui.devices.events.qsize() == limit
    ui.step(2)
    ui.app.frames.check_status()  # what it reads once a second, read now
    dropped = ui.devices.dropped
    assert dropped - before == 44
    said = f"Device events skipped in a flood: {dropped}"
    assert said in ui.app.status_text(ui.app.status)


def test_two_balloons_on_one_card_and_no_screen_after_the_last(tmp_path: Path) -> None:
    ui = Harness(tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]))
    try:
        screen = ui.screen
        assert ui.app.root.current == "secret"
        held = ui.app.model.adapter.held(ui.app.model.session)
        for name in ("Ola", "Jan"):
            first, second = held[name]
            assert ui.app.tr(screen.prompt) == f"{name}, tap and hold to see your balloons"
            touch = ui.press(screen.ids.hold)
            assert screen.ids.hold.text == f"{first} and {second}"
            assert screen.shown_hex != screen.shown_hex2  # both colours on the card
            if name == "Ola":
                ui.shots("secret-two-held")
            touch.touch_up()
            ui.step(2)
            ui.tap(screen.ids.next)
        assert ui.app.root.current == "wyscig"  # Jan's "Start the race": the table
    finally:
        ui.close()


def tie_at_the_top(ui: Harness) -> int:
    """A finished Wyścig game: B and C score 2 each, B's balloon is closer."""
    from companion import files

    cards = {"A": ["blue"], "B": ["pink"], "C": ["red"]}
    actions: list[dict[str, object]] = [
        {"type": "order", "players": ["A", "B", "C"]},
        {"type": "end_turn"},
        {"type": "mail"},
        {"type": "penalty", "count": 1},
        {"type": "end_turn"},
        {"type": "mail"},
        {"type": "landed"},
        {"type": "end_turn"},
        {"type": "score", "distances": {"blue": 2, "pink": 0, "red": 1}},
    ]
    data = {
        "format": 1,
        "game": "wyscig-balonow",
        "seed": 5,
        "players": ["A", "B", "C"],
        "options": {"order_cards": "table", "balloon_cards": cards},
        "actions": actions,
    }
    return int(ui.store.import_session(files.replay(data, "tie.json")))


def test_the_results_say_why_a_tie_went_one_way_and_show_the_balloons(ui: Harness) -> None:
    ui.app.games.open_session(tie_at_the_top(ui))
    ui.step(3)
    results = ui.screen
    assert ui.app.root.current == "results"
    assert results.explain == "B ahead of C on equal score: closest balloon at distance 0 against 1"
    assert results.ids.explain.text == results.explain
    rows = {r.name: r for r in results.ids.rows.children}
    assert (rows["A"].detail, rows["B"].detail, rows["C"].detail) == ("blue", "pink", "red")
    ui.shots("results-tie")
    ui.app.set_language("de")
    ui.step(2)
    assert results.explain.startswith("B vor C bei gleicher Punktzahl")
    assert rows["B"].detail == "rosa" or rows["B"].detail != "pink"
    ui.app.set_language("en")
    ui.step(2)


def test_the_step_line_stays_when_the_storm_and_the_upkeep_fill_the_strip(ui: Harness) -> None:
    ui.app.games.start_game(
        "balmy-balloonists",
        ["Anna", "Bram", "Cas", "Dirk"],
        {"storm": True, "fair_weather": True},
        reveal=False,
    )
    for view in [w for w in Window.children if w is not ui.app.root]:
        view.dismiss()  # the advantage cards can wait
    model = ui.app.model
    for player in ("Anna", "Bram", "Cas", "Dirk"):
        model.act("advantage", player=player, cards=["repair", "repair"])
    assert model.act("play_own")
    ui.advance(1)
    ui.key("space")  # end of the red balloon's turn: the upkeep is news now
    screen = ui.screen
    lines = screen.message_text.splitlines()
    assert lines[0].startswith("Upkeep · red balloon") and len(lines) == 2
    assert lines[1].startswith("Storm: the first time a balloon passes")
    assert screen.step_text == "Bram: play a local wind card for the yellow balloon"
    strip = screen.ids.message
    assert ui.find(screen.step_text, strip).opacity == 1
    ui.shots("balmy-step-line")
