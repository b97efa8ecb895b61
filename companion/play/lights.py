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

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.hourglass import HourglassView, Phase
from companion.core.session import Change, Session
from companion.play.follow import Follower
from companion.play.paint import blend, hex_to_rgb, sand_frame, scale
from companion.play.stretches import (
    SEAT_BLINK_PERIOD_S,
    SEAT_BLINK_S,
    SeatLight,
    seats_frame,
    stretches,
    until_pulse_step,
)
from hardware.strip import AMBER, GREEN, LEVELS, OFF, RED, RGB, WHITE, Frame, Strip

PAUSED_LEVEL = 0.25  # a paused glass keeps its picture, dimmed
# Time is up: every other LED white, the others dark, the two sets swapping every
# TIME_UP_SWAP_S. A pattern, not a shade: a player's colour lights the whole strip
# in one colour (a red seat's #D62828 and a red "time up" were the same on a real
# strip), and even a white seat never leaves LEDs dark between lit ones.
TIME_UP_SWAP_S = 0.25
# Colour steps through the warning band (and LEVELS, the partly lit LED's brightness
# steps): each visible change redraws the screen too, so a few steps a second keep
# the Pi cool while the sand still drains smoothly to the eye.
COLOUR_STEPS = 40
WINNER_PERIOD_S = 2.0  # one wave crest runs the length of the strip in this time
SCREEN_LEDS = 10  # LEDs drawn on screen when no strip says otherwise
SCREEN_SEAT_LEDS = 5  # ... per seat, when the strip is laid round the table
# A bank's delay runs down in a colour of its own (no seat's, not the sand's green).
DELAY: RGB = (140, 140, 255)


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
    bank: BankClock | None = None,
) -> Frame:
    """What the strip shows at `now`: the winners' animation once the game is over,
    the hourglass while one runs (a bank's turn: `turn_frame`), otherwise the current
    player's colour (or dark). Time up is every other LED white, swapping (`blink`),
    or standing (the screen's
    picture)."""
    if winners:
        return winner_frame(count, now, winners)
    if view is None or view.phase is Phase.IDLE:
        return player_frame(count, player)
    return turn_frame(count, now, view, bank, blink=blink)


def hourglass_frame(count: int, now: float, view: HourglassView, *, blink: bool = True) -> Frame:
    if time_up(view):
        return time_up_frame(count, now, blink=blink)
    sand = sand_frame(count, view.fraction_left, sand_colour(view))
    if view.phase is Phase.PAUSED:
        return dimmed(sand)
    return sand


def time_up(view: HourglassView) -> bool:
    return view.phase is Phase.EXPIRED or (view.phase is Phase.RUNNING and view.seconds_left <= 0)


def time_up_frame(count: int, now: float, *, blink: bool = True) -> Frame:
    """Every other LED white, the others dark; with `blink` the two sets swap every
    `TIME_UP_SWAP_S` of `now`, so the strip (or the seat's stretch) flashes along its
    length."""
    shift = int(now // TIME_UP_SWAP_S) % 2 if blink else 0
    return tuple(WHITE if (index + shift) % 2 == 0 else OFF for index in range(count))


def dimmed(picture: Frame) -> Frame:
    """A paused glass keeps its picture, dimmed."""
    return tuple(scale(colour, PAUSED_LEVEL) for colour in picture)


# --- a bank with a delay ---------------------------------------------------------------


@dataclass(frozen=True)
class BankClock:
    """A time bank's turn on the glass: the glass holds the turn's `delay` and then
    the player's `bank` (seconds, as the rules keep it during the turn); `full` is a
    whole bank (a bank grown larger by increments fills the strip)."""

    bank: float
    delay: float
    full: float

    def delay_left(self, view: HourglassView) -> float:
        """What is left of the turn's free seconds (0 once the bank runs)."""
        return max(0.0, min(self.delay, view.seconds_left - self.bank))

    def bank_view(self, view: HourglassView) -> HourglassView:
        """The glass as the bank alone: it stands still while the delay runs down."""
        left = min(self.bank, view.seconds_left)
        band = min(view.warning_band, self.full)
        return dataclasses.replace(view, duration=self.full, seconds_left=left, warning_band=band)


def turn_frame(
    count: int, now: float, view: HourglassView, clock: BankClock | None, *, blink: bool = True
) -> Frame:
    """The turn's glass: with a bank, its delay running down first (in the delay's own
    colour), then the bank; else the hourglass."""
    if clock is None or time_up(view):
        return hourglass_frame(count, now, view, blink=blink)
    delay = clock.delay_left(view)
    if delay > 0:
        sand = sand_frame(count, delay / clock.delay, DELAY)
        return dimmed(sand) if view.phase is Phase.PAUSED else sand
    return hourglass_frame(count, now, clock.bank_view(view), blink=blink)


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


# --- when the picture changes -------------------------------------------------------

STEP_MARGIN_S = 0.002  # look just after a step, never just before it


def until_step(value: float, step: float, offset: float = 0.0) -> float:
    """Seconds until `value`, falling by one a second, next crosses `offset` plus a
    multiple of `step` (a whole `step` when it sits on one now)."""
    if step <= 0:
        return math.inf
    rest = (value - offset) % step
    return (rest if rest > 1e-6 else step) + STEP_MARGIN_S


def changes_in(
    count: int, now: float, view: HourglassView | None, bank: BankClock | None = None
) -> float | None:
    """Seconds until the glass's picture (`turn_frame`) changes by itself: the next
    brightness step of the partly lit LED, the next colour step in the warning band,
    the end of a bank's delay, the next swap of time up's LEDs; None while it stands
    still (no glass, idle or paused)."""
    if view is None or view.phase in (Phase.IDLE, Phase.PAUSED):
        return None
    if view.phase is Phase.EXPIRED or view.seconds_left <= 0:
        return until_step(-now, TIME_UP_SWAP_S)
    if bank is not None:
        delay = bank.delay_left(view)
        if delay > 0:
            step = until_step(delay, bank.delay / (max(count, 1) * LEVELS))
            return min(step, delay + STEP_MARGIN_S)
        view = bank.bank_view(view)
    left = view.seconds_left
    delays = [until_step(left, view.duration / (max(count, 1) * LEVELS))]
    band = view.warning_band
    if band > 0:  # `sand_colour` rounds to the nearest step: they fall on halves
        step = band / COLOUR_STEPS
        first = band - step / 2
        delays.append(
            left - first + STEP_MARGIN_S if left > first else until_step(left, step, step / 2)
        )
    delays.append(left + STEP_MARGIN_S)  # the end: time up's flashing starts
    return min(delays)


# --- the game's strip ----------------------------------------------------------------


@dataclass(frozen=True)
class AroundTable:
    """The strip laid round the table: `seats` stretches in seat order, `leds` each
    (from the settings; empty: the strip split evenly), and `first`, the seat of the
    first player the game lists (who starts; the others follow in seat order)."""

    seats: int
    leds: tuple[int, ...] = ()
    first: int = 0

    def seat_of(self, player: int, players: int) -> int:
        """The seat of the game's `player`-th player (of `players`)."""
        return (self.first + player) % max(players, 1)

    def player_at(self, seat: int, players: int) -> int | None:
        """The index of the player at `seat`, None for an empty seat."""
        if not 0 <= seat < players:
            return None
        return (seat - self.first) % players


def around_table(
    seat_leds: Sequence[int], even: bool, players: int, first: int = 0
) -> AroundTable | None:
    """How the strip lies for a game of `players`: round the table when the settings
    give the seats' LEDs (`seat_leds`) or say so (`even`: split evenly among the
    players), else None (one glass). The first player listed sits at seat `first`;
    more players than the settings' seats share the strip evenly."""
    if not (seat_leds or even) or players < 1:
        return None
    return AroundTable(max(len(seat_leds), players), tuple(seat_leds), first % players)


class StripController(Follower):
    """The strip of the game in play. As a session listener it follows whose turn it
    is, who won and (round the table) every seat's bank and state (colours from
    `seats`, name -> "#RRGGBB"); `draw()` writes the frame for now and the hourglass
    view, and returns it for the screen.

    A strip writes a frame only when it differs from the last one, so drawing at
    every tick costs a comparison, not a write."""

    def __init__(
        self,
        strip: Strip | None,
        seats: Mapping[str, str],
        *,
        around: AroundTable | None = None,
        delay: float = 0.0,
        full_bank: float = 0.0,
    ) -> None:
        self.strip = strip
        self.around = around
        self.leds = self._count(strip, around)
        self._names = list(seats)
        self._seats = {name: hex_to_rgb(colour) for name, colour in seats.items()}
        self._player: RGB | None = None
        self._winners: list[RGB] = []
        self._delay = float(delay)
        self._full = float(full_bank)
        self._bank: float | None = None  # the current player's, as the rules keep it
        self._lights: list[SeatLight] = []  # by seat, round the table
        self._current_seat: int | None = None
        self._parts = stretches(self.leds, around.seats, around.leds) if around else ()
        self._blinking: dict[int, float] = {}  # seat -> blinking until
        self._spot: int | None = None  # "Who starts?": the seat the running light is on

    @staticmethod
    def _count(strip: Strip | None, around: AroundTable | None) -> int:
        if strip is not None and strip.count > 0:
            return strip.count
        if around is not None:  # the screen's strip: a few LEDs per seat
            return max(SCREEN_LEDS, sum(around.leds) or SCREEN_SEAT_LEDS * around.seats)
        return SCREEN_LEDS

    def changed(self, session: Session, _change: Change) -> None:
        summary = session.summary()
        current = summary.current
        self._player = self._seats.get(current) if current is not None else None
        winners = summary.winners if session.decided else ()
        self._winners = [self._seats[n] for n in winners if n in self._seats]
        players = summary.data["players"]  # each game's row: a bank, out, out of time
        mine = [p for p in players if p.get("name") == current]
        bank = mine[0].get("bank") if mine else None
        self._bank = float(bank) if isinstance(bank, int | float) else None
        if self.around is not None:
            self._follow_seats(players, current)

    def _follow_seats(self, players: Sequence[Mapping[str, Any]], current: Any) -> None:
        around = self.around
        assert around is not None
        count = len(players)
        lights = [SeatLight(OFF, out=True)] * around.seats
        self._current_seat = None
        for index, player in enumerate(players):
            seat = around.seat_of(index, count)
            if seat >= around.seats:
                continue
            name = player.get("name")
            bank = player.get("bank")
            fill = bank / self._full if isinstance(bank, int) and self._full > 0 else 1.0
            is_current = name == current and current is not None
            lights[seat] = SeatLight(
                self._seats.get(name, OFF) if isinstance(name, str) else OFF,
                fill=fill,
                current=is_current,
                out=bool(player.get("out")),
                late=bool(player.get("out_of_time")),
            )
            if is_current:
                self._current_seat = seat
        self._lights = lights

    # -- a seat's press out of turn ---------------------------------------------------
    def blink_seat(self, seat: int, now: float) -> None:
        """A press at `seat` (0 = the first seat round the table) that records nothing
        (not their turn): that seat's stretch blinks for a moment (SEAT_BLINK_S).
        Without the strip laid round the table there is no stretch: nothing shows."""
        if self.around is not None and 0 <= seat < self.around.seats:
            self._blinking[seat] = now + SEAT_BLINK_S

    # -- who starts -------------------------------------------------------------------
    def spotlight(self, seat: int | None) -> None:
        """ "Who starts?": the running light is on `seat` (round the table: its stretch
        alone, in its player's colour; one glass: the whole strip in that colour);
        None: the game's picture again."""
        self._spot = seat

    def _spot_picture(self, seat: int) -> Frame:
        count = len(self._names)
        first = self.around.first if self.around is not None else 0
        colour = self._seats[self._names[(seat - first) % count]]
        if self.around is None:
            return (colour,) * self.leds
        out = [OFF] * self.leds
        part = self._parts[seat] if seat < len(self._parts) else range(0)
        out[part.start : part.stop] = [colour] * len(part)
        return tuple(out)

    # -- drawing ----------------------------------------------------------------------
    def _bank_clock(self) -> BankClock | None:
        if self._bank is None or self._full <= 0:
            return None
        return BankClock(self._bank, self._delay, self._full)

    @property
    def moving(self) -> bool:
        """The picture changes by itself (the winners' wave)."""
        return bool(self._winners)

    def changes_in(self, now: float, view: HourglassView | None) -> float | None:
        """Seconds until the strip's picture changes by itself (the winners' wave
        aside: `moving`)."""
        if self.around is None:
            return changes_in(self.leds, now, view, self._bank_clock())
        delays = [d for d in self._seat_changes(now, view) if d is not None]
        return min(delays) if delays else None

    def _seat_changes(self, now: float, view: HourglassView | None) -> list[float | None]:
        shortest = min((len(p) for p in self._parts), default=1)
        found = [changes_in(max(shortest, 1), now, view, self._bank_clock())]
        paused = view is not None and view.phase is Phase.PAUSED
        if self._current_seat is not None and not paused:
            found.append(until_pulse_step(now))
        live = [until for until in self._blinking.values() if until > now]
        if live:
            found.append(min(SEAT_BLINK_PERIOD_S / 2, min(live) - now + STEP_MARGIN_S))
        return found

    def picture(self, now: float, view: HourglassView | None, *, blink: bool = True) -> Frame:
        """The frame for `now` and `view`, not written to the strip. `blink`: the
        strip's own picture (time up blinks, the current seat pulses), else the
        screen's (they stand still)."""
        if self._spot is not None and self._names:
            return self._spot_picture(self._spot)
        if self.around is None or self._winners:
            return frame(
                self.leds,
                now,
                view=view,
                player=self._player,
                winners=self._winners,
                blink=blink,
                bank=self._bank_clock(),
            )
        return self._seats_picture(now, view, blink=blink)

    def _seats_picture(self, now: float, view: HourglassView | None, *, blink: bool) -> Frame:
        self._blinking = {s: t for s, t in self._blinking.items() if t > now}
        current = None
        seat = self._current_seat
        if seat is not None and view is not None and view.phase is not Phase.IDLE:
            size = len(self._parts[seat])
            current = self._seat_turn(size, now, view, self._lights[seat].colour, blink=blink)
        until = max(self._blinking.values(), default=0.0)
        still = view is not None and (view.phase is Phase.PAUSED or time_up(view))
        return seats_frame(
            self.leds,
            now,
            self._parts,
            self._lights,
            current,
            pulse=blink and not still,
            blinking=() if not blink else tuple(self._blinking),
            blink_until=until,
        )

    def _seat_turn(
        self, size: int, now: float, view: HourglassView, colour: RGB, *, blink: bool
    ) -> Frame:
        """The current seat's glass in its stretch: the delay, then the bank (or the
        hourglass) as sand in the player's colour; time up as on the single strip."""
        if time_up(view):
            return time_up_frame(size, now, blink=blink)
        bank = self._bank_clock()
        delay = bank.delay_left(view) if bank is not None else 0.0
        if bank is not None and delay > 0:
            sand = sand_frame(size, delay / bank.delay, DELAY)
        else:
            shown = bank.bank_view(view) if bank is not None else view
            sand = sand_frame(size, shown.fraction_left, colour)
        return dimmed(sand) if view.phase is Phase.PAUSED else sand

    def draw(self, now: float, view: HourglassView | None) -> Frame:
        picture = self.picture(now, view)
        if self.strip is not None:
            self.strip.show(picture)
        return picture
