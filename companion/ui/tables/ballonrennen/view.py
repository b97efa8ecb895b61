"""What the Ballonrennen table shows, as plain data from the rules' typed summary
and state: the move in words, the balloons' rows, the altitude ladder, the markers a
Favourable wind can turn. No Kivy; `tr` renders a message in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.core.messages import Message
from companion.core.summary import narrowed
from companion.games import ballonrennen as br
from companion.games.ballonrennen.summary import BallonrennenSummary, Row
from companion.ui.tables.ballonrennen.text import UB

Tr = Callable[[Message], str]
LADDER = (3, 2, 1, 0)  # top to bottom
MOVE_EVENTS = ("drop_mail", "forced_landing", "reach_goal")


def summary_of(found: object) -> BallonrennenSummary:
    """The session's summary (`Session.summary()`) as Ballonrennen's own."""
    return narrowed(found, BallonrennenSummary)


def player(summary: BallonrennenSummary, name: str | None) -> Row | None:
    return next((p for p in summary.players if p.name == name), None)


@dataclass(frozen=True)
class Move:
    direction: str  # "" when the balloon does not move: no arrow, a dot
    altitude: int  # the marker that moves the balloon, 0 for none
    text: str


def move(tr: Tr, state: br.State, summary: BallonrennenSummary) -> Move:
    """The turn's move as the balloon stands now; before the card, where the wind at
    the balloon's altitude would take it. Once the balloon has come down (a forced
    landing) or reached the goal, the card's move is over: no arrow, no spaces."""
    made = summary.table.move
    if made is None:
        found = player(summary, summary.current)
        altitude = found.altitude if found else 0
        direction = summary.table.winds.get(str(altitude)) if altitude else None
        if not direction:
            return Move("", altitude, tr(UB("preview_ground")))
        return Move(direction, altitude, tr(UB("preview", altitude=altitude, direction=direction)))
    balloon = state.current_player.state
    message = move_message(made, balloon)
    if made.direction and moves(made, balloon):
        return Move(made.direction, made.altitude, tr(message))
    return Move("", 0, tr(message))


def moves(made: br.Move, balloon: str) -> bool:
    """Does the turn's card still move the balloon (`balloon`: its state)?"""
    return balloon == "flying" and bool(made.direction) and made.spaces > 0


def move_message(made: br.Move, balloon: str) -> Message:
    if not made.direction or balloon == "landed":  # on the ground when the card came
        return UB("move_ground")
    if balloon == "finished":
        return UB("move_goal")
    if balloon == "waiting":  # it flew when the card came: a forced landing since
        return UB("move_forced")
    if made.spaces == 0:
        return UB("move_none")
    return UB("move_spaces", spaces=made.spaces, direction=made.direction)


def active_altitude(summary: BallonrennenSummary) -> int:
    """The altitude whose marker moves the current balloon (0: none)."""
    made = summary.table.move
    found = player(summary, summary.current)
    if made is not None:
        return made.altitude if found and moves(made, found.state) else 0
    return found.altitude if found else 0


@dataclass(frozen=True)
class Reach:
    """One altitude of the ladder: its cheapest release, or None out of reach."""

    altitude: int
    gas: int
    sandbags: int
    word: Message | None  # now, stay or land when it costs nothing
    current: bool  # where the balloon already is


def ladder(state: br.State) -> list[Reach | None]:
    """Altitudes 3 to 0, each with its cheapest release (one tap) or None."""
    reach = dict(br.RULES.reachable_altitudes(state))
    balloon = state.current_player
    rungs: list[Reach | None] = []
    for altitude in LADDER:
        combos = reach.get(altitude)
        if not combos:
            rungs.append(None)
            continue
        gas, sandbags = combos[0]
        free = not (gas or sandbags)
        # no tokens and not a landing: where the balloon already is
        current = free and not (altitude == 0 and balloon.altitude)
        word = _word(balloon.state, altitude) if free else None
        rungs.append(Reach(altitude, gas, sandbags, word, current))
    return rungs


def _word(balloon_state: str, altitude: int) -> Message:
    if altitude == 0 and balloon_state == "flying":
        return UB("land")
    return UB("stay") if altitude == 0 else UB("now")


def markers(state: br.State) -> list[tuple[int, str, list[tuple[str, str]]]]:
    """A Favourable wind: each altitude's marker and the two ways it may turn,
    (altitude, direction now, [(way, direction after)])."""
    winds = br.RULES.winds(state)
    return [
        (a, winds[str(a)], [(w, br.rotate(winds[str(a)], s)) for w, s in (("ccw", -1), ("cw", 1))])
        for a in (1, 2, 3)
    ]


def events(state: br.State) -> list[tuple[str, bool]]:
    """The events of the move, each with whether the rules allow it now."""
    legal = br.RULES.legal_actions(state)
    return [(kind, kind in legal) for kind in MOVE_EVENTS]


@dataclass(frozen=True)
class Balloon:
    name: str
    colour: str
    detail: Message  # at the start, flying, landed, back at the start (forced), place 2
    current: bool
    gas: int
    sandbags: int
    mail_sack: int
    altitude: int
    flying: bool  # only a flying balloon's unbalanced canisters lift it


def balloons(summary: BallonrennenSummary, state: br.State | None = None) -> list[Balloon]:
    """Each balloon's row; `state` tells a balloon forced down from one at the start."""
    forced = {p.name for p in state.players if p.forced} if state is not None else set()
    return [
        Balloon(
            name=p.name,
            colour=p.colour,
            detail=_detail(p, p.name in forced),
            current=p.name == summary.current,
            gas=p.tokens["gas"],
            sandbags=p.tokens["sandbags"],
            mail_sack=p.tokens["mail_sack"],
            altitude=p.altitude,
            flying=p.state == "flying",
        )
        for p in summary.players
    ]


def _detail(balloon: Row, forced: bool) -> Message:
    if balloon.state == "waiting" and forced:  # off the board: the players move it
        return UB("s_forced")
    return UB(f"s_{balloon.state}", place=balloon.place)
