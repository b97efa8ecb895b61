"""The LED strip's pictures: the pure frame function, phase by phase, and the
controller that follows the session and writes only changed frames."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import games
from companion.core.hourglass import FakeClock, Hourglass, HourglassView, Phase
from companion.play import lights
from companion.play.lights import StripController, frame, hex_to_rgb
from companion.ui.tables import tables
from hardware.strip import AMBER, GREEN, OFF, RED, WHITE, RecordingStrip
from tests.tables.helpers import act, session

BLUE = hex_to_rgb("#0072B2")
PINK = hex_to_rgb("#CC79A7")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def glass(clock: FakeClock) -> Hourglass:
    return Hourglass(60, clock, warnings=(10, 5))


def lit(picture: tuple[tuple[int, int, int], ...]) -> int:
    return sum(1 for colour in picture if colour != OFF)


# --- the pure frame function, phase by phase --------------------------------------------


def test_idle_shows_the_current_players_colour(glass: Hourglass, clock: FakeClock) -> None:
    assert frame(10, clock(), view=glass.view(), player=BLUE) == (BLUE,) * 10
    assert frame(10, clock(), view=glass.view()) == (OFF,) * 10  # nobody's turn: dark
    assert frame(10, clock(), player=PINK) == (PINK,) * 10  # no hourglass at all


def test_a_fresh_glass_is_full_and_green(glass: Hourglass, clock: FakeClock) -> None:
    glass.start()
    assert frame(10, clock(), view=glass.view(), player=BLUE) == (GREEN,) * 10


def test_the_sand_drains_from_the_far_end(glass: Hourglass, clock: FakeClock) -> None:
    glass.start()
    counts = []
    for _ in range(12):
        clock.advance(4.5)
        picture = frame(10, clock(), view=glass.view())
        counts.append(lit(picture))
        if lit(picture):
            assert picture[0] != OFF  # LED 0 is the bottom: it empties last
            assert all(c == OFF for c in picture[lit(picture) :])  # dark from the top down
    assert counts == sorted(counts, reverse=True)
    assert counts[0] == 10 and counts[-1] == 1  # 6 s of 60 left: one LED


def test_the_last_lit_led_shows_the_sand_left_in_it(clock: FakeClock) -> None:
    view = HourglassView(Phase.RUNNING, 50.0, 25.0, 0.0)  # half the sand, no warnings
    assert frame(5, clock(), view=view) == (GREEN, GREEN, (0, 128, 0), OFF, OFF)


def test_the_colour_runs_green_amber_red_through_the_warning_band(
    glass: Hourglass, clock: FakeClock
) -> None:
    glass.start()
    clock.advance(49)  # 11 s left: before the band
    assert frame(60, clock(), view=glass.view())[0] == GREEN
    clock.advance(6)  # 5 s left: the middle of the 10 s band
    assert frame(60, clock(), view=glass.view())[0] == AMBER
    clock.advance(4.9)  # 0.1 s left: the last grain, nearly pure red
    red, green, blue = lights.sand_colour(glass.view())
    assert red == 255 and green < 10 and blue == 0


def test_the_colour_changes_smoothly(clock: FakeClock) -> None:
    greens = [
        lights.sand_colour(HourglassView(Phase.RUNNING, 60, left / 10, 10))[1]
        for left in range(100, -1, -1)
    ]
    assert greens == sorted(greens, reverse=True)  # green fades steadily to none
    assert max(a - b for a, b in itertools.pairwise(greens)) <= 8


def test_paused_is_the_same_picture_dimmed(glass: Hourglass, clock: FakeClock) -> None:
    glass.start()
    clock.advance(30)
    running = frame(10, clock(), view=glass.view())
    glass.pause()
    clock.advance(100)  # a paused glass does not drain
    paused = frame(10, clock(), view=glass.view())
    assert paused == tuple(lights.scale(c, lights.PAUSED_LEVEL) for c in running)
    assert lit(paused) == lit(running) == 5


ALTERNATE = (WHITE, OFF) * 4  # every other LED white, from LED 0
SWAPPED = (OFF, WHITE) * 4


def test_time_up_flashes_white_and_dark_on_the_injected_clock(glass: Hourglass) -> None:
    clock = FakeClock(0.0)
    glass = Hourglass(60, clock)
    glass.start()
    clock.advance(61)  # 61.0: the first quarter of a second
    assert glass.phase is Phase.EXPIRED
    assert frame(8, clock(), view=glass.view()) == ALTERNATE
    clock.advance(0.25)
    assert frame(8, clock(), view=glass.view()) == SWAPPED
    clock.advance(0.25)
    assert frame(8, clock(), view=glass.view()) == ALTERNATE
    assert frame(8, clock(), view=glass.view(), blink=False) == ALTERNATE
    clock.advance(0.25)
    assert frame(8, clock(), view=glass.view(), blink=False) == ALTERNATE  # it stands


def every_players_colour() -> dict[str, tuple[int, int, int]]:
    """Each colour any game gives a player (or a balloon), at its most players."""
    found = {}
    for game_id, table in tables().items():
        names = [f"P{n}" for n in range(games.get(game_id).max_players)]
        for name, colour in table.seat_colours(names):
            found[f"{game_id} {name}"] = hex_to_rgb(colour)
    return found


@pytest.mark.parametrize("count", [2, 3, 10, 30, 60])
def test_no_players_colour_looks_like_time_up(count: int) -> None:
    """Time up is a pattern, not a shade (issue 31.8): a player's strip is one colour
    on every LED (a red seat's #D62828 was red time up on a real strip); time up
    leaves every other LED dark and swaps them, so it is no player's strip at any
    instant, on the LEDs or on screen, whatever the player's colour (a white seat too)."""
    colours = every_players_colour()
    assert len(colours) >= 20
    expired = HourglassView(Phase.EXPIRED, 60, 0, 10)
    time_up = {frame(count, t / 8, view=expired, blink=b) for t in range(16) for b in (1, 0)}
    for who, colour in colours.items():
        assert colour != OFF, who
        strip = frame(count, 0.0, view=None, player=colour)
        assert strip not in time_up, f"{who}'s strip is time up's at {count} LEDs"
    for picture in time_up:  # dark between lit: no one colour lights it
        assert picture[:2] in ((WHITE, OFF), (OFF, WHITE)), picture
    assert RED not in {c for picture in time_up for c in picture}


def test_the_winner_animation_moves_in_the_winners_colours(clock: FakeClock) -> None:
    one = frame(20, clock(), winners=[BLUE])
    clock.advance(0.5)
    later = frame(20, clock(), winners=[BLUE])
    assert one != later  # it moves
    assert frame(20, clock(), winners=[BLUE]) == later  # and depends only on the time
    for colour in one:  # every LED is blue at some brightness
        assert colour != OFF and colour[0] == 0 and colour[2] >= colour[1]


def test_a_tie_shows_every_winner(clock: FakeClock) -> None:
    picture = frame(20, clock(), winners=[BLUE, PINK], view=None, player=RED)
    reds = {colour[0] > 0 for colour in picture}  # pink has red in it, blue has none
    assert reds == {True, False}


views = st.builds(
    HourglassView,
    phase=st.sampled_from(list(Phase)),
    duration=st.floats(0, 3600),
    seconds_left=st.floats(-10, 4000),
    warning_band=st.floats(0, 60),
)


@given(view=views, count=st.integers(0, 120), now=st.floats(0, 1e7), winners=st.booleans())
def test_every_frame_has_one_valid_colour_per_led(
    view: HourglassView, count: int, now: float, winners: bool
) -> None:
    picture = frame(count, now, view=view, player=BLUE, winners=[PINK] if winners else [])
    assert len(picture) == count
    for colour in picture:
        assert len(colour) == 3 and all(isinstance(v, int) and 0 <= v <= 255 for v in colour)


def test_hex_colours() -> None:
    assert hex_to_rgb("#0072B2") == (0, 114, 178)
    with pytest.raises(ValueError, match="is not a colour"):
        hex_to_rgb("blue")


# --- the controller ---------------------------------------------------------------------


def test_only_changed_frames_are_written(glass: Hourglass, clock: FakeClock) -> None:
    recording = RecordingStrip(10)
    controller = StripController(recording, {})
    glass.start()
    controller.draw(clock(), glass.view())
    controller.draw(clock(), glass.view())  # nothing changed
    clock.advance(0.01)  # less sand, but not enough to change a LED
    controller.draw(clock(), glass.view())
    assert recording.writes == 1
    clock.advance(30)
    assert controller.draw(clock(), glass.view()) == recording.latest
    assert recording.writes == len(recording.frames) == 2
    assert recording.latest == recording.last_frame


def test_the_controller_follows_whose_turn_it_is(clock: FakeClock) -> None:
    game = session("wyscig-balonow", ["Ola", "Jan"])
    recording = RecordingStrip(4)
    controller = StripController(recording, {"Ola": "#0072B2", "Jan": "#CC79A7"})
    controller.follow(game)
    assert game.summary().data["current"] == "Jan"
    assert controller.draw(clock(), None) == (PINK,) * 4
    act(game, "start_timer")
    act(game, "dice", values=[1, 2, 3, 4, 5])
    act(game, "end_turn")
    assert controller.draw(clock(), None) == (BLUE,) * 4  # Ola's turn: her colour
    controller.leave(game)
    game.undo()  # Jan's turn again, but the controller no longer listens
    assert controller.draw(clock(), None) == (BLUE,) * 4
    assert recording.latest == (BLUE,) * 4
