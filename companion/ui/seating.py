"""Where the players sit round the table (issues 33.3, 33.4): the seat of the first
player a game lists (who starts: kept beside the game, so seat buttons and the strip's
stretches keep their chairs), the strip laid round the table from the settings, and
"Who starts?" answered: the seats turned so that player is listed first.

The game's rules and the game file know only the order; the chairs are the app's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.config import Config
from companion.core.errors import CompanionError
from companion.core.model import PlayerSpec
from companion.play.lights import AroundTable, around_table
from companion.play.whostarts import seated, starting_at
from companion.store.sessions import SessionRow

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp

FIRST_SEAT = "first_seat"  # the session's extra: the seat of the first player listed


def first_seat(row: SessionRow) -> int:
    """The seat of the game's first listed player (0 until who starts is chosen)."""
    first: Any = row.extra.get(FIRST_SEAT, 0)
    return first if isinstance(first, int) and not isinstance(first, bool) else 0


def around(settings: Config, players: int, first: int) -> AroundTable | None:
    """The strip round the table for a game of `players` (None: one glass); the
    first player listed sits at seat `first`. A button per seat lays it round the
    table too: each seat then sees its own stretch."""
    strip = settings.strip
    even = strip.around_table or bool(settings.buttons.seats)
    return around_table(strip.seat_leds, even, players, first)


def _pinned(player: PlayerSpec, colour: str) -> PlayerSpec:
    return player.model_copy(update={"colour": colour})


def start_from(app: CompanionApp, seat: int) -> None:
    """Before the first turn: the player at `seat` starts. The seats turn so that they
    are listed first (the game file lists them so), and the table opens again on them;
    the chairs stay where they are. A refusal (the game has begun) is said on the
    table."""
    from companion.core.session import Session

    model = app.model
    if model is None:
        return
    session_id, setup = model.play.session_id, model.session.setup
    specs = {p.name: p for p in setup.players}
    if model.adapter.colour_in_setup:  # the rules would colour them by the new order
        specs = {n: p if p.colour else _pinned(p, model.seats[n][0]) for n, p in specs.items()}
    by_seat = seated(setup.names, first_seat(app.store.session_row(session_id)))
    turned = setup.model_copy(
        update={"players": tuple(specs[n] for n in starting_at(by_seat, seat))}
    )
    try:
        Session(model.session.rules, turned)  # the rules check it before it is stored
        app.store.reseat(session_id, turned, **{FIRST_SEAT: seat})
    except CompanionError as error:
        model.error = error.message
        return
    app.games.open_session(session_id)
