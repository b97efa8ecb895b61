"""A whole Wyścig balonów game played by touches and simulated button presses, from
the new-game screen to the results, at 800x480 and 1280x720, with the screen's texts
and the session's log checked at each step and a screenshot of every screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core.model import PlayerSpec
from companion.games.wyscig_balonow import RULES
from companion.ui.screens import bgstats
from tests.ui.harness import Harness


def seed_with_jan_second() -> int:
    """A seed whose first round is (timed, Jan, timed): every branch of the game
    below is then played (the glass runs out, untimed Jan, a pause)."""
    names = [PlayerSpec(name=n) for n in ("Kasia", "Ola", "Jan")]
    options = RULES.parse_options({}, names)
    return next(s for s in range(1000) if RULES.setup(names, options, s).order[1] == "Jan")


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path, seed=seed_with_jan_second())
    yield harness
    harness.close()


def test_home_then_new_game(ui: Harness) -> None:
    assert ui.app.root.current == "home"
    assert "New game" in ui.texts()
    assert any(t.startswith("Keys: space GO") for t in ui.texts())
    ui.shot("01-home")
    ui.tap(ui.find("New game"))
    assert ui.app.root.current == "newgame"
    for name in ("Kasia", "Ola", "Jan"):
        ui.type_name(name)
    assert ui.screen.seated_names == ["Kasia", "Ola", "Jan"]
    ui.tap(ui.find("+ New player"))
    ui.shot("02-keyboard")
    ui.tap(ui.find("Cancel"))
    # Jan plays without the hourglass (the youngest players' variant).
    options = ui.screen.ids.options
    ui.tap(ui.find("Jan", options))
    assert ui.screen.options["untimed"] == ("Jan",)
    ui.shot("03-new-game")
    ui.tap(ui.find("Start"))

    # Pass the Pi: each player holds to see their secret balloon.
    assert ui.app.root.current == "secret"
    model = ui.app.model
    assert ui.texts()[0] == "Kasia, tap and hold to see your balloon"
    hold = ui.screen.ids.hold
    touch = ui.press(hold)
    kasia_colour = model.state.players[0].balloons[0]
    assert hold.text == kasia_colour  # shown only while held
    ui.shot("04-secret-held")
    touch.touch_up()
    ui.step(2)
    assert hold.text == "Tap and hold here"
    ui.shot("05-secret")
    ui.tap(ui.screen.ids.next)
    assert ui.texts()[0] == "Ola, tap and hold to see your balloon"
    ui.tap(ui.screen.ids.next)  # not looked yet: nothing happens
    assert ui.screen.index == 1
    for _ in range(2):
        touch = ui.press(ui.screen.ids.hold)
        touch.touch_up()
        ui.step(2)
        last = ui.app.tr(ui.screen.next_label)
        ui.tap(ui.screen.ids.next)
    # The last player's button starts the race: no further screen, no further tap.
    assert last == "Start the race"
    assert ui.app.root.current == "wyscig"
    assert ui.log_types() == []

    play_wyscig(ui)


def play_wyscig(ui: Harness) -> None:
    screen = ui.screen
    model = ui.app.model
    order = model.summary["table"]["order"]
    first, second, third = order
    assert screen.current_name == first
    assert screen.round_text == "Round 1"
    assert screen.obstacles_text == "4/8"
    assert f"{order[-1]}: place 4 obstacles" in screen.message_text
    ui.shot("06-table")

    # First player: GO on the button starts the glass; the sand runs out.
    assert second == "Jan"
    ui.key("space")
    assert ui.log_types() == ["start_timer"]
    assert screen.phase == "running"
    assert screen.seconds_text == "30 s"
    ui.advance(12)
    assert screen.seconds_text == "17 s"  # 1 s went by after the key
    # The screen draws exactly the frame the strip was given.
    assert screen.frame == [tuple(c) for c in ui.devices.strip.latest]
    assert sum(1 for c in screen.frame if c != (0, 0, 0)) == 6  # 17 of 30 s on 10 LEDs
    ui.shot("07-table-running")
    ui.advance(19)
    assert model.question == "unplaced"
    ui.shot("08-time-up")
    ui.tap(ui.find("2"))
    assert ui.log_types()[-1] == "timer_expired"
    assert model.summary["players"][model.names.index(first)]["tokens"]["penalty"] == 2
    ui.tap(screen.ids.mail)
    assert ui.log_types()[-1] == "mail"
    ui.key("space")
    assert ui.log_types()[-1] == "end_turn"
    assert screen.current_name == second

    # Second player (Jan, no hourglass): GO on the screen, dice from the reader,
    # +1 penalty undone with the UNDO button.
    ui.advance(1)
    assert screen.go_text == "Dice rolled"
    assert screen.phase_text == "no hourglass"
    ui.tap(screen.ids.go)
    assert ui.log_types()[-1] == "start_timer"
    device = ui.devices.sim.dice_device
    ui.wait(lambda: ui.devices.dice.status().connected)
    device.send("ROLLING")
    device.send("ROLL 41 3,4,5,6,1")
    ui.wait(lambda: ui.log_types()[-1] == "dice")
    assert model.dice == [3, 4, 5, 6, 1]
    assert [d.value for d in screen.ids.dice.ids.faces.children][::-1] == [3, 4, 5, 6, 1]
    ui.tap(screen.ids.penalty)
    assert ui.log_types()[-1] == "penalty"
    ui.shot("09-table-dice")
    ui.key("u")
    assert ui.log_types()[-1] == "dice"
    assert screen.message_text == "Undone: Jan's penalty tokens (+1)"
    assert screen.can_redo and ui.find("Redo").opacity == 1
    ui.advance(1)
    ui.key("space")
    assert screen.current_name == third

    # Third player: pause with the PAUSE button; GO resumes, GO ends the turn.
    ui.pause_and_go_on(screen, lambda: ui.shot("10-table-paused"))
    ui.tap(screen.ids.dice.ids.open)  # the Dice button: tap the five dice in
    dice_view = ui.app.root.get_root_window().children[0]
    ui.shot("11-dice-entry")
    for value in (6, 6, 2, 1, 5):
        ui.tap(dice_view.ids.faces.children[6 - value])
    assert model.dice == [6, 6, 2, 1, 5]
    ui.key("space")
    assert ui.app.model.summary["round"] == 2

    # Round 2: ending the turn before the new obstacle is refused with a sentence.
    starter = model.summary["current"]
    ui.key("space")
    ui.key("space")
    assert ui.log_types()[-1] == "start_timer"
    assert screen.message_is_error
    assert (
        screen.message_text
        == f"{starter}: place the new obstacle next to the yellow frame first, then end the turn"
    )
    ui.tap(screen.ids.obstacle)
    assert screen.obstacles_text == "5/8"
    ui.tap(screen.ids.landed)
    ui.shot("12-table-landed")
    ui.advance(1)
    ui.tap(screen.ids.go)
    assert model.summary["over"]
    assert ui.app.root.current == "score"
    score_game(ui)


def score_game(ui: Harness) -> None:
    model = ui.app.model
    screen = ui.screen
    held = [(p.name, c) for p in model.state.players for c in p.balloons]
    distances = {held[0][1]: 2, held[1][1]: 12, held[2][1]: 0}
    ui.tap(ui.find("Show the results"))
    assert screen.error is not None and ui.app.root.current == "score"
    pad = screen.ids.pad
    for name, colour in held:
        row = next(r for r in screen.ids.balloons.children if r.text == f"{name}: {colour}")
        ui.tap(row)
        for digit in str(distances[colour]):
            ui.tap(ui.find(digit, pad))
    ui.shot("13-score")
    rows = [c.text for c in screen.ids.table.children][::-1]
    assert rows[:5] == ["Player", "mail", "pen.", "dist.", "score"]
    # the mail as tokens times their worth under its word, not points (issue 31.10)
    assert rows[5:10] == ["Kasia", "1×3", "-2", "-2", "-1"], rows
    ui.tap(ui.find("Show the results"))
    assert ui.log_types()[-1] == "score"
    assert model.session.decided
    assert ui.app.root.current == "results"
    results = ui.screen
    winners = model.summary["winners"]
    assert ui.app.tr(results.headline).endswith(", ".join(winners))
    ui.shot("14-results")
    check_bgstats(ui, results.link)
    assert ui.store.unfinished() is None
    assert ui.store.results(model.session_id)[0]["rank"] is not None
    assert all(a.at and a.at.endswith("Z") for a in model.session.log)

    ui.tap(ui.find("Play again, same players"))
    assert ui.app.root.current == "secret"
    assert ui.app.model.names == model.names
    assert ui.app.model.session_id != model.session_id


def check_bgstats(ui: Harness, link: str) -> None:
    summary = ui.app.model.summary
    play = bgstats.decode(link)
    assert set(play) == {"sourceName", "sourcePlayId", "playDate", "durationMin", "game", "players"}
    assert play["sourceName"] == "Balloons"
    assert play["game"] == {
        "name": "Wyścig balonów",
        "sourceGameId": "wb",
        "highestWins": True,
        "noPoints": False,
        "cooperative": False,
    }
    assert len(play["playDate"]) == 19 and play["playDate"][10] == " "
    assert isinstance(play["durationMin"], int)
    starts = [p for p in play["players"] if p.get("startPlayer")]
    assert len(starts) == 1
    for sent, player in zip(play["players"], summary["players"], strict=True):
        assert sent["name"] == player["name"]
        assert sent["score"] == player["score"]
        assert sent["winner"] is (player["name"] in summary["winners"])
        assert sent["rank"] == player["rank"] and isinstance(sent["startPlayer"], bool)
