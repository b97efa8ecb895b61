"""What the Balmy Balloonists table shows, as plain data read from the rules' state,
summary and helpers: what the upkeep took, the message strip's lines, the altitude
ladder, which balloons an event or a luck card may name, the badges of a balloon and
the points of the wind rose. No Kivy; `tr` renders a message in the player's
language and `colour` names a colour in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, get_args

from companion.core.messages import Message
from companion.core.session import Session
from companion.games import balmy_balloonists as bb
from companion.ui.tables.balmy.text import T, balloon_hex

Tr = Callable[[Message], str]
Namer = Callable[[str], str]  # a colour id -> its name in the player's language

TABS = ("altitude", "cards", "luck", "board", "steps", "balloons")
LADDER = ("high", "medium", "low", "landed")  # top to bottom, as the blocks stack
LUCK_CARDS: tuple[str, ...] = get_args(bb.LuckCard)
# What the luck dialog asks for each card (the rules check the fields again).
LUCK_ASKS: dict[str, tuple[str, ...]] = {
    "busy_airspace": ("over_mountains",),
    "burner_problems": ("over_mountains",),
    "permission_revoked": ("permission",),
    "bad_weather": ("levels", "backward"),
}
PERMISSIONS = ("permission_iraq", "permission_libya", "permission_china", "permission_sakhalin")
ZONES = ("libya", "iraq", "sakhalin", "china", "area51")
WEATHER_LEVELS = (-2, -1, 0, 1, 2)


@dataclass(frozen=True)
class Upkeep:
    """What the app's upkeep (steps 4 to 6) took from the balloon whose turn ended."""

    colour: str
    fuel: int  # fuel paid
    sank_to: str | None  # the altitude it sank to, if it sank
    drew: bool  # drew a local wind card


def last_upkeep(session: Session) -> Upkeep | None:
    """The upkeep of the last `end_turn`, read by comparing that balloon before and
    after it; None when the last action was something else."""
    log = session.log
    if not log or log[-1].type != "end_turn":  # type: ignore[attr-defined]
        return None
    before: bb.State = session.state_at(len(log) - 1)
    old = before.active
    new = session.state.balloon(old.colour)
    sank = new.altitude if new.level < old.level else None
    return Upkeep(old.colour, old.fuel - new.fuel, sank, new.hand > old.hand)


def event_targets(state: bb.State) -> list[str]:
    """The balloons a zone or mountain may name now: the current one, and the one this
    turn's card from in front moved (the rules refuse any other)."""
    if state.over:
        return []
    found = [state.active.colour]
    turn = state.turn
    if turn.card == "other" and turn.card_target and turn.card_target not in found:
        found.append(turn.card_target)
    return found


def luck_target(state: bb.State) -> str | None:
    """The balloon this turn's card was played on (a "?" hits it), if any."""
    if state.over or state.turn.card is None or state.turn.card == "storm":
        return None
    return state.turn.card_target


def holds_repair(state: bb.State, colour: str) -> bool:
    return "repair" in state.player(state.balloon(colour).owner).advantage


def unrecorded(state: bb.State) -> list[str]:
    """Players whose two dealt advantage cards are not recorded yet, in seat order."""
    return [p.name for p in state.players if not p.advantage_recorded]


def badges(balloon: Mapping[str, Any], markers: Sequence[str]) -> list[Message]:
    """Short badges of one balloon of the summary: finished/out, marker, restrictions."""
    found: list[Message] = []
    if balloon["finished"]:
        found.append(T("finished"))
    if balloon["out"]:
        found.append(T("out"))
    if balloon["colour"] in markers:
        found.append(T("marker"))
    if balloon["skip_turns"]:
        found.append(T("b_skip", count=balloon["skip_turns"]))
    if balloon["no_own_card_turns"]:
        found.append(T("b_no_own", count=balloon["no_own_card_turns"]))
    if balloon["no_rise_next_turn"]:
        found.append(T("b_no_rise"))
    if balloon["no_forward_next_turn"]:
        found.append(T("b_no_forward"))
    return found


def upkeep_text(tr: Tr, upkeep: Upkeep | None) -> str:
    """ "Upkeep of the red balloon: -1 fuel, drew a card" ("" when no turn just ended)."""
    if upkeep is None:
        return ""
    took = []
    if upkeep.fuel:
        took.append(tr(T("took_fuel", count=upkeep.fuel)))
    if upkeep.sank_to:
        took.append(tr(T("took_sank", altitude=upkeep.sank_to)))
    if upkeep.drew:
        took.append(tr(T("took_card")))
    if not took:
        return tr(T("upkeep_nothing", colour=upkeep.colour))
    return tr(T("upkeep", colour=upkeep.colour, took=", ".join(took)))


def unmarked(message: Message) -> Message:
    """A checklist step without its text mark: the screen draws the status itself."""
    if "mark" not in message.params:
        return message
    return Message(message.key, {**message.params, "mark": ""})


def news(state: bb.State, prompts: Sequence[Message]) -> tuple[list[Message], Message | None]:
    """The prompts that are not on a tab already (skipped turns, advantage cards,
    the variants' reminders), and the step the table is at."""
    steps = bb.RULES.checklist(state)
    shown = [*bb.RULES.restrictions(state), *(s.message for s in steps)]
    fresh = [m for m in prompts if m not in shown and not m.key.endswith(".p_turn")]
    current = next((s for s in steps if s.status == "current"), None)
    return fresh, (unmarked(current.message) if current is not None else None)


def message_lines(upkeep: str, others: Sequence[str]) -> list[str]:
    """The lines under the step line: after an end of turn the upkeep first, then
    the news (the step has a line of its own; the strip shows what fits whole)."""
    return [line.strip() for line in (upkeep, *others) if line]


@dataclass(frozen=True)
class Rung:
    """One altitude of the ladder and what choosing it costs."""

    altitude: str
    cost: str  # "now", "1 ballast", "not now"
    token: str  # "ballast" or "gas", "" when it costs none
    current: bool
    allowed: bool


def ladder(tr: Tr, state: bb.State) -> list[Rung]:
    balloon = state.active
    choices = {c.altitude: c for c in bb.RULES.altitude_choices(state)}
    rungs = []
    for altitude in LADDER:
        choice = choices.get(altitude)
        if altitude == balloon.altitude:
            cost = tr(T("now"))
        elif choice is not None:
            cost = tr(T("cost", cost=choice.cost, token=choice.token))
        else:
            cost = tr(T("not_now"))
        token = choice.token if choice is not None else ""
        rungs.append(Rung(altitude, cost, token, altitude == balloon.altitude, choice is not None))
    return rungs


@dataclass(frozen=True)
class RosePoint:
    """One point of the rose: a palette colour, its name, and whether a balloon of
    that colour is in the race (and still racing)."""

    colour: str
    hex: str
    name: str
    in_game: bool
    racing: bool


def rose_points(state: bb.State, colour: Namer) -> list[RosePoint]:
    """The six points in rose order, every palette colour whether it flies or not."""
    flying = {b.colour: b for b in state.balloons}
    points = []
    for name in bb.PALETTE:
        balloon = flying.get(name)
        racing = balloon is not None and balloon.racing
        points.append(RosePoint(name, balloon_hex(name), colour(name), balloon is not None, racing))
    return points
