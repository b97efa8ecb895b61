"""A Balmy Balloonists turn: the advantage cards, the local wind card, the
altitude, what the flight met (a restricted zone, a mountain, the finish line), the
end of the turn with its upkeep; and corrections (`adjust`). Bad luck and the
variants' actions are in `luck` and `variants`."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from companion.core.errors import RuleError
from companion.core.model import ActionBase, EndTurn
from companion.core.rules import corrected_count, play_until_over
from companion.core.terms import colours
from companion.games.balmy_balloonists.board import (
    check_no_card,
    discard_advantage,
    event_target,
    land,
    mark_flown,
    move_marker,
    next_turn,
    racing,
    replace,
    retire,
    update,
    with_player,
    with_turn,
)
from companion.games.balmy_balloonists.luck import bad_luck
from companion.games.balmy_balloonists.messages import M
from companion.games.balmy_balloonists.model import (
    ALTITUDES,
    CARD_COUNTS,
    HIGH,
    LOCAL_WIND_CARDS,
    MAX_IN_FRONT,
    MEDIUM,
    TOKENS,
    TOKENS_IN_GAME,
    Adjust,
    AdvantageAction,
    AltitudeAction,
    BadLuck,
    Balloon,
    CrossFinish,
    FriendlyWinds,
    Mountain,
    PlayOther,
    PlayOwn,
    RestrictedZone,
    State,
    SwapAdvantage,
)
from companion.games.balmy_balloonists.variants import VARIANT_HANDLERS


def _advantage(state: State, action: ActionBase) -> State:
    assert isinstance(action, AdvantageAction)
    player = state.player(action.player)
    if player.advantage_recorded:
        raise RuleError(M("advantage_twice", player=player.name))
    updated = player.model_copy(
        update={"advantage": tuple(action.cards), "advantage_recorded": True}
    )
    return with_player(state, updated)


def _play_own(state: State, _: ActionBase) -> State:
    balloon = check_no_card(state)
    who = {"player": balloon.owner, "colour": balloon.colour}
    if state.turn.covers_no_own:
        raise RuleError(M("no_own_card", **who))
    if balloon.hand == 0:
        raise RuleError(M("hand_empty", **who))
    if balloon.in_front >= MAX_IN_FRONT:
        raise RuleError(M("three_in_front", **who))
    state = update(state, balloon.colour, hand=balloon.hand - 1, in_front=balloon.in_front + 1)
    return with_turn(state, card="own", card_target=balloon.colour)


def _play_other(state: State, action: ActionBase) -> State:
    assert isinstance(action, PlayOther)
    balloon = check_no_card(state)
    target = state.balloon(action.target)
    if balloon.in_front == 0:
        raise RuleError(M("nothing_in_front", player=balloon.owner, colour=balloon.colour))
    if target.owner == balloon.owner:
        raise RuleError(M("own_balloon", player=balloon.owner, colour=target.colour))
    racing(state, target.colour)
    if target.colour not in state.markers:
        raise RuleError(M("not_marked", colour=target.colour, markers=colours(state.markers)))
    state = update(state, balloon.colour, in_front=balloon.in_front - 1)
    state = move_marker(state, target.colour)
    return with_turn(state, card="other", card_target=target.colour)


def _swap_advantage(state: State, action: ActionBase) -> State:
    assert isinstance(action, SwapAdvantage)
    balloon = state.active
    if state.turn.card is None:
        raise RuleError(M("swap_no_card", player=balloon.owner))
    if state.turn.swapped:
        raise RuleError(M("swap_twice", player=balloon.owner))
    source = state.balloon(action.from_)
    state = discard_advantage(state, balloon.owner, action.card)
    if source.in_front == 0:
        raise RuleError(M("swap_empty", colour=source.colour))
    state = update(state, source.colour, in_front=source.in_front - 1)
    state = update(state, balloon.colour, hand=state.balloon(balloon.colour).hand + 1)
    return with_turn(state, swapped=True)


def _altitude(state: State, action: ActionBase) -> State:
    assert isinstance(action, AltitudeAction)
    balloon = state.active
    colour = balloon.colour
    if state.turn.altitude:
        raise RuleError(M("altitude_twice", colour=colour))
    if action.to == "landed":
        raise RuleError(M("altitude_landed"))
    level = ALTITUDES.index(action.to)
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
        state = update(state, colour, altitude=action.to, ballast=balloon.ballast - cost)
    else:
        cost = balloon.level - level
        if balloon.gas < cost:
            raise RuleError(
                M("no_gas", colour=colour, cost=cost, altitude=action.to, have=balloon.gas)
            )
        state = update(state, colour, altitude=action.to, gas=balloon.gas - cost)
    return with_turn(state, altitude=True)


def _flight_event(state: State, target: str | None) -> tuple[State, Balloon]:
    """The balloon a restricted zone or a mountain was met by (flying, and moved by
    this turn's card if not the current one), its flight noted."""
    balloon = event_target(state, target)
    if balloon.altitude == "landed":
        raise RuleError(M("landed_event", colour=balloon.colour))
    return mark_flown(state, balloon), balloon


def _restricted_zone(state: State, action: ActionBase) -> State:
    assert isinstance(action, RestrictedZone)
    state, balloon = _flight_event(state, action.target)
    held = state.player(balloon.owner).advantage
    if action.zone != "area51" and f"permission_{action.zone}" in held:
        return state
    return land(state, balloon.colour, pay_gas=True)


def _mountain(state: State, action: ActionBase) -> State:
    assert isinstance(action, Mountain)
    state, balloon = _flight_event(state, action.target)
    needed = MEDIUM if action.kind == "brown" else HIGH
    if balloon.level >= needed:
        return state
    return land(state, balloon.colour, pay_gas=False)


def _friendly_winds(state: State, _: ActionBase) -> State:
    return discard_advantage(state, state.active.owner, "friendly_winds")


def _cross_finish(state: State, _: ActionBase) -> State:
    balloon = state.active
    if balloon.altitude == "landed":
        raise RuleError(M("finish_landed", colour=balloon.colour))
    state = with_turn(state, flown=True)
    return retire(state, balloon.colour, finished=True)


def _end_turn(state: State, _: ActionBase) -> State:
    balloon = _upkeep(state.active)
    turn = state.turn
    balloon = balloon.model_copy(
        update={
            "no_own_card_turns": balloon.no_own_card_turns - (1 if turn.covers_no_own else 0),
            "no_rise_next_turn": turn.got_no_rise,
            "no_forward_next_turn": turn.got_no_forward,
        }
    )
    return next_turn(replace(state, balloon))


def _upkeep(balloon: Balloon) -> Balloon:
    """Steps 4 to 6: fuel at high (else down to medium); fuel without helium (else
    one level down); draw at exactly 2 cards in hand."""
    fuel, level, hand = balloon.fuel, balloon.level, balloon.hand
    if level == HIGH:
        if fuel > 0:
            fuel -= 1
        else:
            level = MEDIUM
    if balloon.gas == 0:
        if fuel > 0:
            fuel -= 1
        else:
            level = max(0, level - 1)
    if hand == 2:
        hand += 1
    return balloon.model_copy(update={"fuel": fuel, "altitude": ALTITUDES[level], "hand": hand})


def adjust(state: State, action: Adjust) -> State:
    balloon_of = partial(state.balloon, action.balloon)
    counts = (*TOKENS, *CARD_COUNTS)
    count = corrected_count(
        M, counts, action.token, balloon_of, action.delta, colour=action.balloon
    )
    balloon = balloon_of()
    if action.token == "in_front" and count > MAX_IN_FRONT:
        raise RuleError(M("in_front_limit", colour=balloon.colour))
    if action.token in CARD_COUNTS and balloon.finished:
        raise RuleError(M("finished_cards", colour=balloon.colour))
    if action.token in TOKENS:
        total = sum(getattr(b, action.token) for b in state.balloons) + action.delta
        if total > TOKENS_IN_GAME[action.token]:
            limit = TOKENS_IN_GAME[action.token]
            raise RuleError(M("token_limit", limit=limit, token=action.token))
    elif sum(b.hand + b.in_front for b in state.balloons) + action.delta > LOCAL_WIND_CARDS:
        raise RuleError(M("card_limit", limit=LOCAL_WIND_CARDS))
    return update(state, balloon.colour, **{action.token: count})


HANDLERS: dict[type[ActionBase], Callable[[State, ActionBase], State]] = {
    EndTurn: _end_turn,
    AdvantageAction: _advantage,
    PlayOwn: _play_own,
    PlayOther: _play_other,
    SwapAdvantage: _swap_advantage,
    AltitudeAction: _altitude,
    RestrictedZone: _restricted_zone,
    Mountain: _mountain,
    BadLuck: bad_luck,
    FriendlyWinds: _friendly_winds,
    CrossFinish: _cross_finish,
    **VARIANT_HANDLERS,
}


play = play_until_over(M, HANDLERS)
"""Any action but a correction: none once the game is over."""
