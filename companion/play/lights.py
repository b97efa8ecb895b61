"""The LED strip's pictures for the game in play.

`frame()` is a pure function: from the hourglass view, the current player's colour
and the winners' colours, at the instant `now` (the injected monotonic time; the
blinking and the winners' wave depend on it and on nothing else), to a tuple of
`(r, g, b)` colours, LED 0 (the bottom of the glass) first. The screen, the strip
and the tests draw the same picture.

`StripController` listens to the session for whose turn it is and who won, and
writes the next frame to the strip whenever it is asked to draw; the strip backends
in `hardware.strip` only write frames.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from companion.core.hourglass import HourglassView, Phase
from companion.core.session import Change, Session
from companion.play.follow import Follower
from hardware.strip import AMBER, GREEN, LEVELS, OFF, RED, RGB, Frame, Strip

PAUSED_LEVEL = 0.25  # a paused glass keeps its picture, dimmed
BLINK_PERIOD_S = 1.0  # time is up: red half a second, dark half a second
# Colour steps through the warning band (and LEVELS, the partly lit LED's brightness
# steps): each visible change redraws the screen too, so a few steps a second keep
# the Pi cool while the sand still drains smoothly to the eye.
COLOUR_STEPS = 40
WINNER_PERIOD_S = 2.0  # one wave crest runs the length of the strip in this time
SCREEN_LEDS = 10  # LEDs drawn on screen when no strip says otherwise
# A seat button pressed out of turn: its seat's stretch goes dark at once, then shows
# the seat's colour, twice (dark first: seats may share a colour, the secret balloons'
# table gives every seat the same), so the press is answered and nothing is recorded.
SEAT_FLASH_S = 0.1
SEAT_BLINK_S = 4 * SEAT_FLASH_S


# --- colours -------------------------------------------------------------------------


def hex_to_rgb(text: str) -> RGB:
    """`"#0072B2"` -> `(0, 114, 178)`; the seat and balloon colours are written so."""
    digits = text.strip().removeprefix("#")
    if len(digits) != 6:
        raise ValueError(f"{text!r} is not a colour like #0072B2")
    value = int(digits, 16)
    return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF


def scale(colour: RGB, level: float) -> RGB:
    level = max(0.0, min(1.0, level))
    r, g, b = colour
    return round(r * level), round(g * level), round(b * level)


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """`a` at t=0, `b` at t=1."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def sand_colour(view: HourglassView) -> RGB:
    """Green until the warning band, then through amber to red as the sand runs out."""
    band = view.warning_band
    if band <= 0 or view.seconds_left >= band:
        return GREEN
    t = max(0.0, view.seconds_left / band)  # 1 at the band's start, 0 when time is up
    t = round(t * COLOUR_STEPS) / COLOUR_STEPS
    if t >= 0.5:
        return blend(AMBER, GREEN, (t - 0.5) * 2)
    return blend(RED, AMBER, t * 2)


# --- frames --------------------------------------------------------------------------


def frame(
    count: int,
    now: float,
    *,
    view: HourglassView | None = None,
    player: RGB | None = None,
    winners: Sequence[RGB] = (),
    blink: bool = True,
) -> Frame:
    """What the strip shows at `now`: the winners' animation once the game is over,
    the hourglass while one runs, otherwise the current player's colour (or dark).
    Time up blinks red (`blink`), or stays red (the screen's picture)."""
    if winners:
        return winner_frame(count, now, winners)
    if view is None or view.phase is Phase.IDLE:
        return player_frame(count, player)
    return hourglass_frame(count, now, view, blink=blink)


def hourglass_frame(count: int, now: float, view: HourglassView, *, blink: bool = True) -> Frame:
    if view.phase is Phase.EXPIRED or (view.phase is Phase.RUNNING and view.seconds_left <= 0):
        on = not blink or (now % BLINK_PERIOD_S) < BLINK_PERIOD_S / 2
        return (RED if on else OFF,) * count
    sand = sand_frame(count, view.fraction_left, sand_colour(view))
    if view.phase is Phase.PAUSED:
        return tuple(scale(colour, PAUSED_LEVEL) for colour in sand)
    return sand


def sand_frame(count: int, fraction: float, colour: RGB) -> Frame:
    """LED 0 is the bottom of the glass: the far end goes dark first, and the last lit
    LED glows in proportion to the sand left in it (like `LEDBarGraph(pwm=True)`)."""
    lit = max(0.0, min(1.0, fraction)) * count
    out = []
    for index in range(count):
        level = max(0.0, min(1.0, lit - index))
        out.append(scale(colour, math.ceil(level * LEVELS) / LEVELS))
    return tuple(out)


def player_frame(count: int, colour: RGB | None) -> Frame:
    return ((colour or OFF),) * count


def winner_frame(count: int, now: float, winners: Sequence[RGB]) -> Frame:
    """Stripes of the winners' colours (several on a tie) with a bright wave running
    along them, so the table sees who won from across the room."""
    stripe = max(1, count // (2 * len(winners)))
    phase = (now % WINNER_PERIOD_S) / WINNER_PERIOD_S
    out = []
    for index in range(count):
        colour = winners[(index // stripe) % len(winners)]
        wave = 0.5 + 0.5 * math.cos(2 * math.pi * (index / max(count, 1) - phase))
        out.append(scale(colour, 0.25 + 0.75 * wave))
    return tuple(out)


def seat_stretch(count: int, seats: int, index: int) -> range:
    """The LEDs of seat `index` when `seats` seats share a strip of `count` LEDs in
    seat order: an even split (each seat at least one LED while there are enough)."""
    if seats <= 0 or not 0 <= index < seats:
        return range(0)
    start = count * index // seats
    return range(start, max(count * (index + 1) // seats, min(start + 1, count)))


def seat_blink(picture: Frame, stretch: range, colour: RGB, since: float) -> Frame:
    """`picture` with the seat's `stretch` flashing `colour`, `since` seconds into its
    blink (`SEAT_BLINK_S`); the picture itself once the blink is over."""
    if not 0 <= since < SEAT_BLINK_S:
        return picture
    lit = OFF if int(since / SEAT_FLASH_S) % 2 == 0 else colour
    return tuple(lit if index in stretch else led for index, led in enumerate(picture))


# --- when the picture changes -------------------------------------------------------

STEP_MARGIN_S = 0.002  # look just after a step, never just before it


def until_step(value: float, step: float, offset: float = 0.0) -> float:
    """Seconds until `value`, falling by one a second, next crosses `offset` plus a
    multiple of `step` (a whole `step` when it sits on one now)."""
    if step <= 0:
        return math.inf
    rest = (value - offset) % step
    return (rest if rest > 1e-6 else step) + STEP_MARGIN_S


def changes_in(count: int, now: float, view: HourglassView | None) -> float | None:
    """Seconds until the hourglass's picture (`hourglass_frame`) changes by itself: the
    next brightness step of the partly lit LED, the next colour step in the warning
    band, the next blink; None while it stands still (no glass, idle or paused)."""
    if view is None or view.phase in (Phase.IDLE, Phase.PAUSED):
        return None
    left = view.seconds_left
    if view.phase is Phase.EXPIRED or left <= 0:
        return until_step(-now, BLINK_PERIOD_S / 2)
    delays = [until_step(left, view.duration / (max(count, 1) * LEVELS))]
    band = view.warning_band
    if band > 0:  # `sand_colour` rounds to the nearest step: they fall on halves
        step = band / COLOUR_STEPS
        first = band - step / 2
        delays.append(
            left - first + STEP_MARGIN_S if left > first else until_step(left, step, step / 2)
        )
    delays.append(left + STEP_MARGIN_S)  # the end: the blinking starts
    return min(delays)


# --- the game's strip ----------------------------------------------------------------


class StripController(Follower):
    """The strip of the game in play. As a session listener it follows whose turn it
    is and who won (colours from `seats`, name -> "#RRGGBB"); `draw()` writes the
    frame for now and the hourglass view, and returns it for the screen.

    A strip writes a frame only when it differs from the last one, so drawing at
    every tick costs a comparison, not a write."""

    def __init__(self, strip: Strip | None, seats: Mapping[str, str]) -> None:
        self.strip = strip
        self.leds = strip.count if strip is not None and strip.count > 0 else SCREEN_LEDS
        self._seats = {name: hex_to_rgb(colour) for name, colour in seats.items()}
        self._order = list(self._seats.values())  # the seats' colours, in seat order
        self._player: RGB | None = None
        self._winners: list[RGB] = []
        self._blink: tuple[int, float] | None = None  # a seat's blink: (seat, since when)

    def changed(self, session: Session, _change: Change) -> None:
        summary = session.summary()
        current = summary.get("current")
        self._player = self._seats.get(current) if isinstance(current, str) else None
        winners = summary.get("winners", []) if session.decided else []
        self._winners = [self._seats[n] for n in winners if n in self._seats]

    @property
    def moving(self) -> bool:
        """The picture changes by itself (the winners' wave)."""
        return bool(self._winners)

    def blink_seat(self, index: int, now: float) -> None:
        """Seat `index` pressed its button out of turn: its stretch blinks from `now`."""
        if 0 <= index < len(self._order):
            self._blink = (index, now)

    def blinking(self, now: float) -> bool:
        """A seat's blink is under way at `now`."""
        return self._blink is not None and 0 <= now - self._blink[1] < SEAT_BLINK_S

    def picture(self, now: float, view: HourglassView | None, *, blink: bool = True) -> Frame:
        """The frame for `now` and `view`, not written to the strip."""
        picture = frame(
            self.leds, now, view=view, player=self._player, winners=self._winners, blink=blink
        )
        seat = self._blink  # read once: the main thread may start another meanwhile
        if seat is None:
            return picture
        index, since = seat
        stretch = seat_stretch(self.leds, len(self._order), index)
        return seat_blink(picture, stretch, self._order[index], now - since)

    def draw(self, now: float, view: HourglassView | None) -> Frame:
        picture = self.picture(now, view)
        if self.strip is not None:
            self.strip.show(picture)
        return picture
