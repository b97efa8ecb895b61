"""What an action changed on the Balmy Balloonists table, in words: the line the
table shows after every action ("Envelope torn · red balloon: helium 6 (-3)"), read
by comparing the state before and after it, so it says what the rules did and
never more. Pure: no Kivy. The line of the last action is a function of the
session (after an undo it is the line of the action now last), not a notice kept
aside.

The line is the action's heading, then each balloon that changed with what changed
on it (a count and how it changed, a new altitude, the restrictions it received, out of the
race or finished), the silver markers that moved, and what the players' advantage
cards gained or lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.core.messages import Message, Param
from companion.core.model import ActionBase
from companion.core.session import Session
from companion.core.terms import colours, listing
from companion.games import balmy_balloonists as bb
from companion.games.balmy_balloonists import messages as bbm
from companion.ui.tables.balmy import view
from companion.ui.tables.balmy.text import T, card_name, zone_name
from companion.ui.tables.base.said import said

COUNTS = ("fuel", "gas", "ballast", "hand", "in_front")

Heading = Callable[[ActionBase, bb.State], Message]


def _zone(action: bb.RestrictedZone, _before: bb.State) -> Message:
    return T("h_zone", zone=zone_name(action.zone))


def _mountain(action: bb.Mountain, _before: bb.State) -> Message:
    return T(f"h_mountain_{action.kind}")


def _card(action: bb.BadLuck, _before: bb.State) -> Message:
    return card_name(action.card)


def _storm_placed(action: bb.PlaceStorm, _before: bb.State) -> Message:
    return T(f"h_storm_{action.where}")


def _play_other(action: bb.PlayOther, _before: bb.State) -> Message:
    return T("h_play_other", colour=action.target)


HEADINGS: dict[str, Heading] = {
    "advantage": lambda _a, _b: T("h_advantage"),
    "play_own": lambda _a, _b: T("h_play_own"),
    "play_other": said(bb.PlayOther, _play_other),
    "swap_advantage": lambda _a, _b: T("h_swap"),
    "altitude": lambda _a, _b: T("h_altitude"),
    "restricted_zone": said(bb.RestrictedZone, _zone),
    "mountain": said(bb.Mountain, _mountain),
    "bad_luck": said(bb.BadLuck, _card),
    "cross_finish": lambda _a, _b: T("h_finish"),
    "friendly_winds": lambda _a, _b: card_name("friendly_winds"),
    "critical_measures": lambda _a, _b: bbm.TERMS("variant_critical_measures"),
    "place_storm": said(bb.PlaceStorm, _storm_placed),
    "play_storm": lambda _a, _b: T("h_play_storm"),
    "storm_weather": lambda _a, _b: bbm.TERMS("variant_storm"),
    "end_turn": lambda _a, _b: T("h_upkeep"),
    "adjust": lambda _a, _b: T("h_correction"),
}


def last_effect(session: Session[bb.State]) -> Message | None:
    """The line of the last action of the log; None before the first."""
    log = session.log
    if not log:
        return None
    return effect(log[-1], session.state_at(len(log) - 1), session.state)


def effect(action: ActionBase, before: bb.State, after: bb.State) -> Message:
    """`action`, applied to `before`, made `after`: its heading and what changed."""
    kind = str(getattr(action, "type", ""))
    heading = HEADINGS.get(kind)
    parts: list[Message] = [heading(action, before) if heading else T("h_action")]
    changes = [*balloon_changes(before, after), *card_changes(before, after)]
    if before.markers != after.markers:
        changes.append(T("markers", markers=colours(after.markers)))
    if not changes and kind != "place_storm":  # the storm's heading says where it is
        changes.append(_unchanged(action, before))
    return joined([*parts, *changes])


def joined(parts: Sequence[Message]) -> Message:
    """ "a · b · c" (each language may write the separator its own way)."""
    line = parts[-1]
    for part in reversed(parts[:-1]):
        line = T("then", a=part, b=line)
    return line


def _unchanged(action: ActionBase, before: bb.State) -> Message:
    """Nothing changed: why, where the table needs to know (a permission, a mountain
    crossed high enough), else that nothing changed."""
    kind = getattr(action, "type", "")
    if kind == "end_turn":
        return T("upkeep_nothing", colour=before.active.colour)
    if kind in ("restricted_zone", "mountain"):
        colour = getattr(action, "target", None) or before.active.colour
        if isinstance(action, bb.RestrictedZone) and action.zone != "area51":
            owner = before.balloon(colour).owner
            card = f"permission_{action.zone}"
            return T("permission", player=owner, card=card_name(card), colour=colour)
        return T("flies_over", colour=colour)
    return T("nothing")


def balloon_changes(before: bb.State, after: bb.State) -> list[Message]:
    """Each balloon that changed, in rose order: "red balloon: helium 6 (-3)"."""
    found = []
    for old in before.balloons:
        new = after.balloon(old.colour)
        said = fragments(before, old, after, new)
        if said:
            found.append(T("group", colour=old.colour, changes=listing(said)))
    return found


def fragments(before: bb.State, old: bb.Balloon, after: bb.State, new: bb.Balloon) -> list[Param]:
    """What changed on one balloon. A balloon that left the race says only that: its
    cards went with it."""
    if new.finished and not old.finished:
        return [T("f_finished")]
    if new.out and not old.out:
        return [T("f_out")]
    said: list[Param] = []
    if new.altitude != old.altitude:
        said.append(T("f_altitude", altitude=new.altitude))
    for name in COUNTS:
        was, now = getattr(old, name), getattr(new, name)
        if was != now:
            said.append(T("f_count", token=name, count=now, delta=f"{now - was:+d}"))
    return said + _restricted(view.restricted_next(before, old), view.restricted_next(after, new))


def _restricted(was: view.Restricted, now: view.Restricted) -> list[Param]:
    """The restrictions a balloon received (one that ran out is no news)."""
    said: list[Param] = []
    if now[0] > was[0]:
        said.append(T("f_skip", count=now[0]))
    if now[1] > was[1]:
        said.append(T("f_no_own", count=now[1]))
    if now[2] and not was[2]:
        said.append(T("f_no_rise"))
    if now[3] and not was[3]:
        said.append(T("f_no_forward"))
    return said


def card_changes(before: bb.State, after: bb.State) -> list[Message]:
    """The advantage cards each player recorded, discarded or lost."""
    found = []
    for old in before.players:
        new = after.player(old.name)
        if new.advantage_recorded and not old.advantage_recorded:
            cards = listing([card_name(c) for c in new.advantage])
            found.append(T("holds", player=new.name, cards=cards))
            continue
        gone = list(old.advantage)
        for card in new.advantage:
            if card in gone:
                gone.remove(card)
        found.extend(T("discards", player=new.name, card=card_name(c)) for c in gone)
    return found


def last_upkeep(session: Session[bb.State]) -> Message | None:
    """The line of the last action when it ended a turn: the upkeep the app did."""
    log = session.log
    if not log or getattr(log[-1], "type", "") != "end_turn":
        return None
    return last_effect(session)
