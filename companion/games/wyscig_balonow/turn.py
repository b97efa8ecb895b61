"""A Wyścig balonów turn: the order of a round, the new obstacle, the hourglass and
the dice, penalty and mail tokens, the landing and `end_turn`; the score at the
end, and corrections (`adjust`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from companion.core.errors import RuleError
from companion.core.model import ActionBase, EndTurn
from companion.core.rules import by_type, corrected_count
from companion.core.terms import colours
from companion.games.wyscig_balonow import model as m
from companion.games.wyscig_balonow.messages import M
from companion.games.wyscig_balonow.setup import deal_round_order, valid_order


def order(state: m.State, action: m.Order) -> m.State:
    if state.order_by_app:
        raise RuleError(M("order_app"))
    if state.order:
        raise RuleError(M("order_given", round=state.round))
    names = [p.name for p in state.players]
    if not valid_order(action.players, names):
        raise RuleError(
            M("order_invalid", count=len(names), order=", ".join(action.players) or "-")
        )
    return state.model_copy(update={"order": tuple(action.players), "turn_index": 0})


def _place_obstacle(state: m.State, _: ActionBase) -> m.State:
    if state.round == 1:
        raise RuleError(M("obstacle_round_1"))
    if state.obstacle_this_round:
        raise RuleError(M("obstacle_placed", round=state.round))
    return state.model_copy(update={"obstacles": state.obstacles + 1, "obstacle_this_round": True})


def last_turn(state: m.State) -> bool:
    return state.turn_index == m.turns_per_round(len(state.players)) - 1


def _current_player(state: m.State) -> m.Player:
    assert state.current is not None
    return state.player(state.current)


def _start_timer(state: m.State, _: ActionBase) -> m.State:
    if state.turn.timer_started:
        raise RuleError(M("timer_twice"))
    return _with_turn(state, timer_started=True)


def _dice(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.Dice)
    return _with_turn(state, dice=tuple(action.values))


def _timer_expired(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.TimerExpired)
    player = _current_player(state)
    if not state.timed:
        raise RuleError(M("timer_off"))
    if player.untimed:
        raise RuleError(M("timer_untimed", player=player.name))
    if not state.turn.timer_started:
        raise RuleError(M("timer_not_started"))
    if state.turn.timer_expired:
        raise RuleError(M("expired_twice"))
    state = _with_turn(state, timer_expired=True, unplaced=action.unplaced)
    return _add_tokens(state, player.name, "penalty", action.unplaced)


def _penalty(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.Penalty)
    return _add_tokens(state, _current_player(state).name, "penalty", action.count)


def _mail(state: m.State, _: ActionBase) -> m.State:
    if state.mail_taken >= m.MAIL_IN_GAME:
        raise RuleError(M("mail_all"))
    return _add_tokens(state, _current_player(state).name, "mail", 1)


def _landed(state: m.State, _: ActionBase) -> m.State:
    return state.model_copy(update={"landed": True})


def _end_turn(state: m.State, _: ActionBase) -> m.State:
    if state.round >= 2 and not state.obstacle_this_round and state.turn_index == 0:
        raise RuleError(M("obstacle_missing", player=state.order[0]))
    state = state.model_copy(update={"turn": _NEW_TURN})
    if state.landed:
        return state.model_copy(update={"over": True})
    if not last_turn(state):
        return state.model_copy(update={"turn_index": state.turn_index + 1})
    if state.obstacles >= m.OBSTACLES:
        return state.model_copy(update={"over": True})
    next_round = state.model_copy(update={"round": state.round + 1, "obstacle_this_round": False})
    return deal_round_order(next_round)


_NEW_TURN = m.Turn()  # frozen: one for every turn that starts (speed)
Handler = Callable[[m.State, ActionBase], m.State]
PLAIN: dict[str, Handler] = {
    "place_obstacle": _place_obstacle,
    "start_timer": _start_timer,
    "mail": _mail,
    "landed": _landed,
}


TURN_ACTIONS: dict[type[ActionBase], Handler] = {
    EndTurn: _end_turn,
    m.Plain: by_type(PLAIN),
    m.Dice: _dice,
    m.TimerExpired: _timer_expired,
    m.Penalty: _penalty,
}


def play(state: m.State, action: ActionBase) -> m.State:
    """Any action but a correction: once the race is over only the score; before the
    round's order only the order."""
    if state.over:
        if isinstance(action, m.Score):
            return score(state, action)
        raise RuleError(M("over"))
    if isinstance(action, m.Score):
        raise RuleError(M("not_over"))
    if isinstance(action, m.Order):
        return order(state, action)
    if not state.order:
        raise RuleError(M("no_order", round=state.round))
    return TURN_ACTIONS[type(action)](state, action)


def score(state: m.State, action: m.Score) -> m.State:
    if state.distances is not None:
        raise RuleError(M("scored"))
    held = state.colours_held
    if sorted(action.distances) != sorted(held):
        raise RuleError(M("score_colours", colours=colours(held)))
    return state.model_copy(update={"distances": dict(action.distances)})


def adjust(state: m.State, action: m.Adjust) -> m.State:
    player_of = partial(state.player, action.player)
    corrected_count(M, m.TOKENS, action.token, player_of, action.delta, player=action.player)
    if action.token == "mail" and state.mail_taken + action.delta > m.MAIL_IN_GAME:
        raise RuleError(M("mail_limit"))
    return _add_tokens(state, action.player, action.token, action.delta)


def _add_tokens(state: m.State, name: str, token: str, delta: int) -> m.State:
    # Slices, not a generator over every player: most actions change one (speed).
    players = state.players
    for index, p in enumerate(players):
        if p.name == name:
            added = p.model_copy(update={token: getattr(p, token) + delta})
            changed = (*players[:index], added, *players[index + 1 :])
            return state.model_copy(update={"players": changed})
    return state


def _with_turn(state: m.State, **changes: Any) -> m.State:
    return state.model_copy(update={"turn": state.turn.model_copy(update=changes)})
