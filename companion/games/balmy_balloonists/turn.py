"""A Balmy Balloonists turn: the advantage cards, the local wind card, the
altitude, what the flight met (a restricted zone, a mountain, the finish line), the
end of the turn with its upkeep; and corrections (`adjust`). Bad luck and the
variants' actions are in `luck` and `variants`."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from companion.core.errors import RuleError
from companion.core.model import ActionBase, EndTurn
from companion.core.rules import by_type, corrected_count, play_until_over
from companion.core.terms import colours
from companion.games.balmy_balloonists import model as m
from companion.games.balmy_balloonists.board import (
    check_no_card,
    discard_advantage,
    event_target,
    land,
    mark_flown,
    move_marker,
    next_turn,
    racing,
    replaced,
    retire,
    update,
    with_player,
    with_turn,
)
from companion.games.balmy_balloonists.luck import bad_luck
from companion.games.balmy_balloonists.messages import M
from companion.games.balmy_balloonists.variants import VARIANT_HANDLERS


def _advantage(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.AdvantageAction)
    player = state.player(action.player)
    if player.advantage_recorded:
        raise RuleError(M("advantage_twice", player=player.name))
    updated = player.model_copy(
        update={"advantage": tuple(action.cards), "advantage_recorded": True}
    )
    return with_player(state, updated)


def _play_own(state: m.State, _: ActionBase) -> m.State:
    balloon = check_no_card(state)
    who = {"player": balloon.owner, "colour": balloon.colour}
    if state.turn.covers_no_own:
        raise RuleError(M("no_own_card", **who))
    if balloon.hand == 0:
        raise RuleError(M("hand_empty", **who))
    if balloon.in_front >= m.MAX_IN_FRONT:
        raise RuleError(M("three_in_front", **who))
    turn = {"card": "own", "card_target": balloon.colour}
    return update(state, balloon.colour, turn, hand=balloon.hand - 1, in_front=balloon.in_front + 1)


def _play_other(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.PlayOther)
    balloon = check_no_card(state)
    target = state.balloon(action.target)
    if balloon.in_front == 0:
        raise RuleError(M("nothing_in_front", player=balloon.owner, colour=balloon.colour))
    if target.owner == balloon.owner:
        raise RuleError(M("own_balloon", player=balloon.owner, colour=target.colour))
    racing(state, target.colour)
    if target.colour not in state.markers:
        raise RuleError(M("not_marked", colour=target.colour, markers=colours(state.markers)))
    state = move_marker(state, target.colour)  # the markers: not the card's balloon
    turn = {"card": "other", "card_target": target.colour}
    return update(state, balloon.colour, turn, in_front=balloon.in_front - 1)


def _swap_advantage(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.SwapAdvantage)
    balloon = state.active
    if state.turn.card is None:
        raise RuleError(M("swap_no_card", player=balloon.owner))
    if state.turn.swapped:
        raise RuleError(M("swap_twice", player=balloon.owner))
    source = racing(state, action.from_)  # an out or finished balloon's cards are gone
    state = discard_advantage(state, balloon.owner, action.card)
    if source.in_front == 0:
        raise RuleError(M("swap_empty", colour=source.colour))
    state = update(state, source.colour, in_front=source.in_front - 1)
    state = update(state, balloon.colour, hand=state.balloon(balloon.colour).hand + 1)
    return with_turn(state, swapped=True)


def _altitude(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.AltitudeAction)
    balloon = state.active
    colour = balloon.colour
    if state.turn.altitude:
        raise RuleError(M("altitude_twice", colour=colour))
    if action.to == "landed":
        raise RuleError(M("altitude_landed"))
    level = m.ALTITUDES.index(action.to)
    if level == balloon.level:
        raise RuleError(M("altitude_same", colour=colour, altitude=action.to))
    if level > balloon.level:
        if state.turn.covers_no_rise:
            raise RuleError(M("no_rise", colour=colour))
        cost = level - balloon.level
        if balloon.ballast < cost:
            raise RuleError(
                M("no_ballast", colour=colour, cost=cost, altitude=action.to, have=balloon.ballast)
            )
        return update(
            state, colour, {"altitude": True}, altitude=action.to, ballast=balloon.ballast - cost
        )
    cost = balloon.level - level
    if balloon.gas < cost:
        raise RuleError(M("no_gas", colour=colour, cost=cost, altitude=action.to, have=balloon.gas))
    return update(state, colour, {"altitude": True}, altitude=action.to, gas=balloon.gas - cost)


def _flight_event(state: m.State, target: str | None) -> tuple[m.State, m.Balloon]:
    """The balloon a restricted zone or a mountain was met by (flying, and moved by
    this turn's card if not the current one), its flight noted."""
    balloon = event_target(state, target)
    if balloon.altitude == "landed":
        raise RuleError(M("landed_event", colour=balloon.colour))
    return mark_flown(state, balloon), balloon


def _restricted_zone(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.RestrictedZone)
    state, balloon = _flight_event(state, action.target)
    held = state.player(balloon.owner).advantage
    if action.zone != "area51" and f"permission_{action.zone}" in held:
        return state
    return land(state, balloon.colour, pay_gas=True)


def _mountain(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.Mountain)
    state, balloon = _flight_event(state, action.target)
    needed = m.MEDIUM if action.kind == "brown" else m.HIGH
    if balloon.level >= needed:
        return state
    return land(state, balloon.colour, pay_gas=False)


def _friendly_winds(state: m.State, _: ActionBase) -> m.State:
    return discard_advantage(state, state.active.owner, "friendly_winds")


def _cross_finish(state: m.State, _: ActionBase) -> m.State:
    balloon = state.active
    if balloon.altitude == "landed":
        raise RuleError(M("finish_landed", colour=balloon.colour))
    state = with_turn(state, flown=True)
    return retire(state, balloon.colour, finished=True)


def _end_turn(state: m.State, _: ActionBase) -> m.State:
    balloon = state.active
    box_full = cards_out(state) >= m.LOCAL_WIND_CARDS
    turn = state.turn
    balloon = balloon.model_copy(
        update={
            **_upkeep(balloon, box_full),
            "no_own_card_turns": balloon.no_own_card_turns - (1 if turn.covers_no_own else 0),
            "no_rise_next_turn": turn.got_no_rise,
            "no_forward_next_turn": turn.got_no_forward,
        }
    )
    return next_turn(state, replaced(state.balloons, balloon))


def _upkeep(balloon: m.Balloon, box_full: bool) -> dict[str, Any]:
    """Steps 4 to 6: fuel at high (else down to medium); fuel without helium (else
    one level down); draw at exactly 2 cards in hand, unless all 50 local wind cards
    are out of the box already (the draw then draws nothing). What changes, for one
    copy of the balloon with the turn's restrictions (speed)."""
    fuel, level, hand = balloon.fuel, balloon.level, balloon.hand
    if level == m.HIGH:
        if fuel > 0:
            fuel -= 1
        else:
            level = m.MEDIUM
    if balloon.gas == 0:
        if fuel > 0:
            fuel -= 1
        else:
            level = max(0, level - 1)
    if hand == 2 and not box_full:
        hand += 1
    return {"fuel": fuel, "altitude": m.ALTITUDES[level], "hand": hand}


def adjust(state: m.State, action: m.Adjust) -> m.State:
    balloon_of = partial(state.balloon, action.balloon)
    counts = (*m.TOKENS, *m.CARD_COUNTS)
    count = corrected_count(
        M, counts, action.token, balloon_of, action.delta, colour=action.balloon
    )
    balloon = balloon_of()
    if action.token in m.CARD_COUNTS:
        _check_cards(state, balloon, action.delta)
        if action.token == "in_front" and count > m.MAX_IN_FRONT:
            raise RuleError(M("in_front_limit", colour=balloon.colour))
    elif action.delta > 0:  # a count lowered never passes what the box holds
        total = sum(getattr(b, action.token) for b in state.balloons) + action.delta
        if total > m.TOKENS_IN_GAME[action.token]:
            limit = m.TOKENS_IN_GAME[action.token]
            raise RuleError(M("tokens_in_game", limit=limit, token=action.token))
    return update(state, balloon.colour, **{action.token: count})


def _check_cards(state: m.State, balloon: m.Balloon, delta: int) -> None:
    """A finished or out balloon's cards were discarded and stay 0; a correction up
    never passes the 50 local wind cards, one down is always allowed."""
    if balloon.finished:
        raise RuleError(M("finished_cards", colour=balloon.colour))
    if balloon.out:
        raise RuleError(M("out_cards", colour=balloon.colour))
    if delta > 0 and cards_out(state) + delta > m.LOCAL_WIND_CARDS:
        raise RuleError(M("cards_in_game", limit=m.LOCAL_WIND_CARDS))


def cards_out(state: m.State) -> int:
    """The local wind cards out of the box: in every hand and in front of every balloon."""
    return sum(b.hand + b.in_front for b in state.balloons)


PLAIN: dict[str, Callable[[m.State, ActionBase], m.State]] = {
    "play_own": _play_own,
    "friendly_winds": _friendly_winds,
    "cross_finish": _cross_finish,
}


HANDLERS: dict[type[ActionBase], Callable[[m.State, ActionBase], m.State]] = {
    EndTurn: _end_turn,
    m.Plain: by_type(PLAIN),
    m.AdvantageAction: _advantage,
    m.PlayOther: _play_other,
    m.SwapAdvantage: _swap_advantage,
    m.AltitudeAction: _altitude,
    m.RestrictedZone: _restricted_zone,
    m.Mountain: _mountain,
    m.BadLuck: bad_luck,
    **VARIANT_HANDLERS,
}


play = play_until_over(M, HANDLERS)
"""Any action but a correction: none once the game is over."""
