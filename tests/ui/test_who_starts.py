"""Who starts, in the real window (issue 33.4): before the first turn the table offers
"Who starts?"; a pick at random runs its light round the seats on the screen and on
the strip laid round the table, slowing to a stop on the app's seeded pick, which a
tap confirms; or a player is tapped. The seats turn so that player is listed first
(the game file lists them so), the chairs keep their stretches of the strip, and
once the first turn is played nothing is offered any more. Every table where GO ends
a turn: any game, Ballonrennen, Balmy Balloonists; not Wyścig (its order cards)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion import files
from companion.config import Config, from_dict
from companion.play import stretches as st
from companion.play.lights import hex_to_rgb
from companion.play.whostarts import spin_seconds
from companion.ui.seating import FIRST_SEAT, first_seat
from hardware.strip import OFF
from tests.ui.harness import Harness

NAMES = ("Ola", "Jan", "Ewa", "Bo")
AROUND: Config = from_dict({"strip": {"around_table": True}})


def harness(folder: Path, game: Any) -> Harness:
    return Harness(folder, new_game=game, settings=AROUND)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    made = harness(tmp_path, ("any-game", NAMES, {"title": "Go"}))
    yield made
    made.close()


def view() -> Any:
    return Window.children[0]


def names(ui: Harness) -> list[str]:
    return list(ui.app.model.session.setup.names)


def lit_seats(ui: Harness) -> tuple[int | None, int | None]:
    """The seat the dialog lights, and the one the strip lights (its only stretch)."""
    buttons = list(reversed(view().ids.seats.children))
    on_screen = [i for i, b in enumerate(buttons) if b.active]
    frame = ui.devices.sim.strip.frames[-1]  # type: ignore[union-attr]
    parts = st.stretches(len(frame), len(NAMES))
    strip = [i for i, p in enumerate(parts) if any(frame[j] != OFF for j in p)]
    return (on_screen[0] if on_screen else None), (strip[0] if len(strip) == 1 else None)


@pytest.mark.one_size
def test_a_pick_at_random_runs_round_the_seats_and_turns_them(ui: Harness) -> None:
    assert ui.app.root.current == "any_game" and ui.screen.can_choose_start
    ui.tap(ui.find("Who starts?"))
    ui.tap(ui.find("Pick at random", view()))
    seen: list[int] = []
    for _ in range(round(spin_seconds(4, 2) / 0.05) + 10):
        ui.advance(0.05)
        screen_seat, strip_seat = lit_seats(ui)
        assert screen_seat == strip_seat  # the strip shows what the screen shows
        if screen_seat is not None and (not seen or seen[-1] != screen_seat):
            seen.append(screen_seat)
    # Two rounds of the table and on to the pick (the seed's: Ewa), never skipping a seat.
    assert seen == [0, 1, 2, 3] * 2 + [0, 1, 2]
    assert view().title == "Ewa starts"
    ui.shots("who-starts")
    assert view().ids.confirm.text == "Ewa starts"
    ui.tap(view().ids.confirm)

    model = ui.app.model
    assert names(ui) == ["Ewa", "Bo", "Ola", "Jan"] and ui.screen.current_name == "Ewa"
    assert ui.app.store.session_row(model.play.session_id).extra[FIRST_SEAT] == 2
    # The seat buttons' chairs: seat 2 is Ewa's, whose turn it is; seat 0 still Ola's.
    assert model.play.seat_of_turn() == 2 and model.play.player_at(0) == "Ola"
    exported = files.to_json(model.session.setup, model.session.log)
    assert exported["players"] == ["Ewa", "Bo", "Ola", "Jan"]
    # Ewa's chair keeps its stretch of the strip: the third, hers now, bright.
    frame = ui.devices.sim.strip.frames[-1]  # type: ignore[union-attr]
    parts = st.stretches(len(frame), 4)
    ewa = hex_to_rgb(model.play.seats["Ewa"][1])
    assert all(frame[i] != OFF for i in parts[2])  # (pulsing)
    assert [tuple(ui.screen.frame[i]) for i in parts[2]] == [ewa] * len(parts[2])
    ui.shots("who-starts-chosen")

    # Play again: the same chairs, in seat order (not who started last time).
    ui.app.games.play_again()
    ui.step(3)
    assert names(ui) == list(NAMES) and ui.app.model.play.first_seat == 0
    assert ui.screen.can_choose_start

    # Changed minds: Jan, then Ola, tapped, starts; then the first turn, and nothing
    # more is offered.
    ui.tap(ui.find("Who starts?"))
    ui.tap(ui.find("Jan", view()))
    assert names(ui) == ["Jan", "Ewa", "Bo", "Ola"]
    ui.tap(ui.find("Who starts?"))
    ui.tap(ui.find("Ola", view()))
    assert (
        names(ui) == list(NAMES)
        and first_seat(ui.app.store.session_row(ui.app.model.play.session_id)) == 0
    )
    ui.clock.advance(1.0)
    ui.key("space")
    assert ui.screen.current_name == "Jan" and not ui.screen.can_choose_start
    assert "Who starts?" not in ui.texts()


@pytest.mark.one_size
def test_ballonrennen_offers_it_too(tmp_path: Path) -> None:
    ui = harness(tmp_path, ("ballonrennen", NAMES[:3]))
    try:
        assert ui.app.root.current == "ballonrennen" and ui.screen.can_choose_start
        ui.tap(ui.find("Who starts?"))
        ui.tap(ui.find("Jan", view()))
        assert names(ui) == ["Jan", "Ewa", "Ola"] and ui.app.model.summary["current"] == "Jan"
        ui.shot("who-starts-ballonrennen", every_language=False)
    finally:
        ui.close()


@pytest.mark.one_size
@pytest.mark.parametrize(("game", "screen"), [("balmy-balloonists", "balmy")])
def test_where_the_rules_say_who_starts_nothing_is_offered(
    tmp_path: Path, game: str, screen: str
) -> None:
    """Balmy's rulebook names the start player (the new-game screen's `start`)."""
    ui = harness(tmp_path, (game, NAMES[:3]))
    try:
        assert ui.app.root.current == screen and not ui.screen.can_choose_start
    finally:
        ui.close()


@pytest.mark.one_size
def test_wyscig_deals_its_order(tmp_path: Path) -> None:
    ui = harness(tmp_path, ("wyscig-balonow", NAMES[:3]))
    try:
        ui.pass_secret()
        assert not ui.screen.can_choose_start
    finally:
        ui.close()


def colours_shown(ui: Harness) -> dict[str, tuple[float, ...]]:
    """Each player's swatch on the any-game table, as drawn."""
    rows = ui.screen._rows[: len(NAMES)]
    return {row.name: tuple(row.swatch) for row in rows}


@pytest.mark.one_size
@pytest.mark.parametrize("game", ["any-game", "ballonrennen"])
def test_whoever_starts_each_player_keeps_their_colour(tmp_path: Path, game: str) -> None:
    """A colour is a chair's: the new-game screen showed Ola red, so Ola stays red (on
    the table, the strip and in the game file's balloon colours) whoever starts, and
    however often the players change their minds before the first turn."""
    options = {"title": "Go"} if game == "any-game" else {}
    ui = harness(tmp_path, (game, NAMES, options))
    try:
        before = dict(ui.app.model.play.seats)
        drawn = colours_shown(ui) if game == "any-game" else {}
        for starter in ("Ewa", "Jan", "Bo", "Ola", "Bo"):
            ui.tap(ui.find("Who starts?"))
            ui.tap(ui.find(starter, view()))
            model = ui.app.model
            assert names(ui)[0] == starter and model.play.seats == before
            if game == "any-game":
                assert colours_shown(ui) == drawn
                continue
            # The rules' balloons: each player's colour named in the setup, as before.
            kept = {n: colour for n, (colour, _) in before.items()}
            assert {p.name: p.colour for p in model.session.setup.players} == kept
            assert {p["name"]: p["colour"] for p in model.summary["players"]} == kept
            assert ui.screen.current_hex == before[starter][1]
    finally:
        ui.close()
