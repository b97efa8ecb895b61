"""Bad luck: the "?" of the local wind card just played, instead of its move, and
the bad-weather effect that the storm variant uses too."""

from __future__ import annotations

from typing import Any

from companion.core.errors import RuleError
from companion.core.model import ActionBase
from companion.core.terms import listing
from companion.games.balmy_balloonists.board import (
    discard_advantage,
    land,
    racing,
    restrict,
    retire,
    update,
    with_turn,
)
from companion.games.balmy_balloonists.messages import M
from companion.games.balmy_balloonists.messages import card as card_term
from companion.games.balmy_balloonists.model import (
    ALTITUDES,
    HIGH,
    LOW,
    REPAIRABLE,
    BadLuck,
    Balloon,
    LuckCard,
    State,
)

LUCK_FIELDS: dict[str, tuple[LuckCard, ...]] = {
    "over_mountains": ("busy_airspace", "burner_problems"),
    "permission": ("permission_revoked",),
    "levels": ("bad_weather",),
    "backward": ("bad_weather",),
}


def bad_luck(state: State, action: ActionBase) -> State:
    assert isinstance(action, BadLuck)
    turn = state.turn
    if turn.card is None:
        raise RuleError(M("luck_no_card"))
    if turn.card == "storm":
        raise RuleError(M("luck_storm"))
    if turn.bad_luck:
        raise RuleError(M("luck_twice"))
    if turn.critical:
        raise RuleError(M("luck_combined"))
    target = racing(state, action.target)  # out or finished: no luck on it
    if target.colour != turn.card_target:
        raise RuleError(M("luck_target", played=turn.card_target, colour=target.colour))
    _check_luck_fields(action)
    state = with_turn(state, bad_luck=True)
    if action.repaired:
        if action.card not in REPAIRABLE:
            raise RuleError(M("not_repairable"))
        if "repair" not in state.player(target.owner).advantage:
            raise RuleError(M("no_repair", player=target.owner))
        return discard_advantage(state, target.owner, "repair")
    return _luck_effect(state, target, action)


def _check_luck_fields(action: BadLuck) -> None:
    defaults: dict[str, Any] = {
        "over_mountains": False,
        "permission": None,
        "levels": 0,
        "backward": False,
    }
    for name, cards in LUCK_FIELDS.items():
        if action.card not in cards and getattr(action, name) != defaults[name]:
            raise RuleError(
                M(
                    "luck_field",
                    field=name,
                    cards=listing([card_term(c) for c in cards]),
                    card=action.card,
                )
            )
    if action.card == "permission_revoked" and action.permission is None:
        raise RuleError(M("permission_missing"))


def _luck_effect(state: State, target: Balloon, action: BadLuck) -> State:
    colour = target.colour
    card = action.card
    if card == "envelope_torn":
        return update(state, colour, gas=max(0, target.gas - 3))
    if card == "solar_panels_lost":
        return update(state, colour, fuel=max(0, target.fuel - 2))
    if card == "comm_problems" or (card == "fire" and target.altitude != "landed"):
        return restrict(state, colour, no_own=1)
    if card == "busy_airspace" and not action.over_mountains:
        return _down_to_low(state, target)
    if card == "burner_problems":
        if action.over_mountains:
            state = land(state, colour, pay_gas=True)
            return restrict(state, colour, no_rise=True)
        return _down_to_low(state, target)
    if card == "permission_revoked":
        assert action.permission is not None
        return discard_advantage(state, target.owner, action.permission)
    if card == "bad_weather":
        return weather(state, colour, action.levels, action.backward)
    return state  # fire on a landed balloon, busy airspace over mountains


def _down_to_low(state: State, balloon: Balloon) -> State:
    """Down to low paying one helium a level as far as it reaches; no rise next turn."""
    if balloon.level > LOW:
        gas = max(0, balloon.gas - (balloon.level - LOW))
        state = update(state, balloon.colour, altitude="low", gas=gas)
    return restrict(state, balloon.colour, no_rise=True)


def weather(state: State, colour: str, levels: int, backward: bool) -> State:
    balloon = state.balloon(colour)
    if balloon.altitude == "landed":
        return state
    level = balloon.level + levels
    if level > HIGH:
        cost = 2 * (level - HIGH)
        if balloon.gas + balloon.fuel < cost:
            return retire(state, colour, finished=False)
        gas_paid = min(balloon.gas, cost)
        state = update(
            state,
            colour,
            altitude="high",
            gas=balloon.gas - gas_paid,
            fuel=balloon.fuel - (cost - gas_paid),
        )
    elif level < LOW:
        cost = 2 * (LOW - level)
        if balloon.ballast >= cost:
            state = update(state, colour, altitude="low", ballast=balloon.ballast - cost)
        else:
            state = update(state, colour, altitude="landed")
            state = restrict(state, colour, skip=1)
    else:
        state = update(state, colour, altitude=ALTITUDES[level])
    if backward:
        state = restrict(state, colour, no_forward=True)
    return state
