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
    play = model.play
    seat = play.player_at(index)
    if seat is None:
        return "no_seat"
    if held:
        model.toggle_pause()
        return "pause"
    turn = play.seat_of_turn()
    if turn == index:
        return model.go()
    play.blink_seat(index, model.clock())
    player = play.player_at(turn) if turn is not None else None
    if player is None:
        model.notice = UI("seat_no_turn", seat=seat)
    else:
        model.notice = UI("seat_not_turn", seat=seat, player=player)
    model.tick()  # the blink on the screen's strip from this frame
    return "out_of_turn"
