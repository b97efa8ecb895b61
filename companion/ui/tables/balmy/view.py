"""What the Balmy Balloonists table shows, as plain data read from the rules' state,
summary and helpers: the message strip's news, the altitude ladder, which balloons an
event or a luck card may name and what the rules would refuse there now (a tap that
cannot work is greyed, and the line above says why), the advantage cards, the badges
of a balloon and the points of the wind rose. Each is a function of the state: no
Kivy, nothing remembered; `tr` renders a message in the player's language and
`colour` names a colour in it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import get_args

from companion.core.messages import Message
from companion.core.terms import listing
from companion.games import balmy_balloonists as bb
from companion.ui.tables.balmy.text import T, balloon_hex, card_name

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


Restricted = tuple[int, int, bool, bool]  # turns to skip, without own card, no rise, no forward


def restricted_next(state: bb.State, balloon: bb.Balloon) -> Restricted:
    """What restricts `balloon` from its next turn on: turns to skip, turns without a
    card from hand, no rise, no forward. The current balloon's counters also hold the
    turn it plays now (what covers this turn is said on the Altitude tab); those it
    received in this turn are for the next."""
    no_own = balloon.no_own_card_turns
    no_rise, no_forward = balloon.no_rise_next_turn, balloon.no_forward_next_turn
    if not state.over and state.active.colour == balloon.colour:
        turn = state.turn
        no_own -= 1 if turn.covers_no_own else 0
        no_rise, no_forward = turn.got_no_rise, turn.got_no_forward
    return balloon.skip_turns, no_own, no_rise, no_forward


def badges(state: bb.State, colour: str) -> list[Message]:
    """Short badges of one balloon: finished/out, marker, and what restricts its next
    turns (counted down as the rules count them). A balloon out of the race or
    finished keeps its restriction counters (the rules' reading), but they no longer
    matter: it shows none."""
    balloon = state.balloon(colour)
    found: list[Message] = []
    if balloon.finished:
        found.append(T("finished"))
    if balloon.out:
        found.append(T("out"))
    if colour in state.markers:
        found.append(T("marker"))
    if not balloon.racing:
        return found
    skip, no_own, no_rise, no_forward = restricted_next(state, balloon)
    if skip:
        found.append(T("b_skip", count=skip))
    if no_own > 0:
        found.append(T("b_no_own", count=no_own))
    if no_rise:
        found.append(T("b_no_rise"))
    if no_forward:
        found.append(T("b_no_forward"))
    return found


# -- what the rules would refuse now -------------------------------------------------
def luck_refusal(state: bb.State) -> Message | None:
    """Why the "?" of this turn's card brings no bad luck now (no card yet, the card
    went onto the storm, its "?" is used, it was combined), or None when it may."""
    if state.over:
        return None
    target = state.turn.card_target or state.active.colour
    return bb.RULES.refusal(state, bb.BadLuck(target=target, card="envelope_torn"))


def permissions_held(state: bb.State, colour: str) -> list[str]:
    """The permissions the owner of the `colour` balloon holds, which one revoked takes."""
    held = state.player(state.balloon(colour).owner).advantage
    return [p for p in PERMISSIONS if p in held]


def luck_offered(state: bb.State) -> dict[str, bool]:
    """Each luck card and whether the table offers it now: none while the rules
    refuse bad luck; "Permission revoked" only when the owner of the balloon it hits
    holds a permission to lose; "Bad weather" only on a balloon in the air (on a
    landed one it does nothing: no player would play it there)."""
    target = luck_target(state)
    free = target is not None and luck_refusal(state) is None
    flying = target is not None and state.balloon(target).altitude != "landed"
    return {
        card: free
        and (card != "permission_revoked" or bool(permissions_held(state, target or "")))
        and (card != "bad_weather" or flying)
        for card in LUCK_CARDS
    }


def event_refusal(state: bb.State, colour: str) -> Message | None:
    """Why the `colour` balloon can meet no restricted zone or mountains now (it is
    landed, or no card moved it), None when it can."""
    if state.over:
        return None
    target = None if colour == state.active.colour else colour
    return bb.RULES.refusal(state, bb.Mountain(kind="brown", target=target))


def finish_refusal(state: bb.State) -> Message | None:
    """Why the current balloon cannot cross the finish line now (it is landed)."""
    if state.over:
        return None
    return bb.RULES.refusal(state, bb.Plain(type="cross_finish"))


def no_targets(state: bb.State) -> Message:
    """Why no card from in front can go onto a marked balloon now."""
    balloon = state.active
    if state.turn.card is not None:
        return bb.M("already_played", player=balloon.owner)
    if balloon.in_front == 0:
        return bb.M("nothing_in_front", player=balloon.owner, colour=balloon.colour)
    return T("no_targets")


def advantage_line(state: bb.State) -> Message:
    """The advantage cards the current balloon's player holds."""
    player = state.player(state.active.owner)
    if not player.advantage:
        return T("advantage_none", player=player.name)
    cards = listing([card_name(c) for c in player.advantage])
    return T("advantage_held", player=player.name, cards=cards)


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
