"""The rulebook's variants that add actions: critical measures (a balloon hit by a
card answers with one from in front of it) and the storm (placed once, moved by
the turn's local wind card, bringing bad weather to the balloons it meets)."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.errors import RuleError
from companion.core.model import ActionBase
from companion.games.balmy_balloonists.board import check_no_card, racing, update, with_turn
from companion.games.balmy_balloonists.luck import weather
from companion.games.balmy_balloonists.messages import M
from companion.games.balmy_balloonists.model import (
    CriticalMeasure,
    CriticalMeasures,
    PlaceStorm,
    PlayStorm,
    State,
    Storm,
    StormMove,
    StormWeather,
)


def _critical_measures(state: State, action: ActionBase) -> State:
    assert isinstance(action, CriticalMeasures)
    if not state.variants.critical_measures:
        raise RuleError(M("without_variant", variant="critical_measures"))
    balloon = racing(state, action.balloon)
    turn = state.turn
    if turn.card != "other" or turn.card_target != balloon.colour:
        raise RuleError(M("critical_no_card", colour=balloon.colour))
    if turn.critical:
        raise RuleError(M("critical_twice"))
    if turn.bad_luck:
        raise RuleError(M("critical_luck"))
    if balloon.in_front == 0:
        raise RuleError(M("nothing_in_front", player=balloon.owner, colour=balloon.colour))
    state = update(state, balloon.colour, in_front=balloon.in_front - 1)
    record = CriticalMeasure(turn=turn.number, balloon=balloon.colour, against=state.active.colour)
    state = state.model_copy(update={"critical_log": (*state.critical_log, record)})
    return with_turn(state, critical=True)


def _place_storm(state: State, action: ActionBase) -> State:
    assert isinstance(action, PlaceStorm)
    if not state.variants.storm:
        raise RuleError(M("without_variant", variant="storm"))
    if state.storm is not None:
        raise RuleError(M("storm_placed"))
    balloon = racing(state, action.balloon)
    storm = Storm(placed_by=balloon.colour, where=action.where, turn=state.turn.number)
    return state.model_copy(update={"storm": storm})


def _play_storm(state: State, _: ActionBase) -> State:
    if not state.variants.storm:
        raise RuleError(M("without_variant", variant="storm"))
    if state.storm is None:
        raise RuleError(M("storm_missing"))
    balloon = check_no_card(state)
    if balloon.in_front == 0:
        raise RuleError(M("nothing_in_front", player=balloon.owner, colour=balloon.colour))
    state = update(state, balloon.colour, in_front=balloon.in_front - 1)
    move = StormMove(turn=state.turn.number, balloon=balloon.colour)
    storm = state.storm
    assert storm is not None
    state = state.model_copy(
        update={"storm": storm.model_copy(update={"moves": (*storm.moves, move)})}
    )
    return with_turn(state, card="storm", card_target=None)


def _storm_weather(state: State, action: ActionBase) -> State:
    assert isinstance(action, StormWeather)
    if not state.variants.storm:
        raise RuleError(M("without_variant", variant="storm"))
    if state.storm is None:
        raise RuleError(M("storm_missing"))
    balloon = racing(state, action.target)
    return weather(state, balloon.colour, action.levels, action.backward)


VARIANT_HANDLERS: dict[type[ActionBase], Callable[[State, ActionBase], State]] = {
    CriticalMeasures: _critical_measures,
    PlaceStorm: _place_storm,
    PlayStorm: _play_storm,
    StormWeather: _storm_weather,
}
