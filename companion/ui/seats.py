"""The seat buttons at the game's table: one button per seat, in seat order (issue 33.2).

A tap at the seat whose turn it is does what GO does now (the same `GoButton`, so the
same lock-out, the same questions); held, any seat's button pauses or resumes the
glass, as PAUSE does (a player needs a break whoever's turn it is); a tap out of turn
records nothing: that seat's stretch of the strip blinks and a line says whose turn
it is. No Kivy here: it works on the view-model it is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.ui.strings import UI

if TYPE_CHECKING:
    from companion.ui.viewmodel import GameModel


def seat_press(model: GameModel[Any], index: int, *, held: bool) -> str:
    """Seat `index`'s button (0 first). Returns what it did: GO's word (`Go.name`,
    "ignored" within the lock-out), "pause", "out_of_turn", or "no_seat" for a
    button where nobody sits."""
    if not 0 <= index < len(model.names):
        return "no_seat"
    if held:
        model.toggle_pause()
        return "pause"
    turn = model.play.seat_of_turn()
    if turn == index:
        return model.go()
    model.play.blink_seat(index, model.clock())
    seat = model.names[index]
    if turn is None:
        model.notice = UI("seat_no_turn", seat=seat)
    else:
        model.notice = UI("seat_not_turn", seat=seat, player=model.names[turn])
    model.tick()  # the blink on the screen's strip from this frame
    return "out_of_turn"
