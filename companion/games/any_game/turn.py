"""An any-game turn: the clock (an hourglass per turn or a time bank per player), the
end of a turn, the direction of play, the turn passed to a named player, a player
put out of the game; and corrections (`adjust`) of the counters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.errors import RuleError
from companion.core.messages import Param
from companion.core.model import ActionBase
from companion.core.rules import by_type
from companion.core.terms import quoted
from companion.games.any_game import model as m
from companion.games.any_game.messages import M

Handler = Callable[[m.State, ActionBase], m.State]


def _start_timer(state: m.State, _: ActionBase) -> m.State:
    if state.options.clock == "none":
        raise RuleError(M("no_clock"))
    if state.turn.timer_started:
        raise RuleError(M("timer_twice"))
    return _with_turn(state, timer_started=True)


def _timer_expired(state: m.State, _: ActionBase) -> m.State:
    """The hourglass ran out, or the player's bank reached 0: the bank is then 0 and
    the player out of time. The turn goes on."""
    if state.options.clock == "none":
        raise RuleError(M("no_clock"))
    if not state.turn.timer_started:
        raise RuleError(M("timer_not_started"))
    if state.turn.timer_expired:
        raise RuleError(M("expired_twice"))
    state = _with_turn(state, timer_expired=True)
    if state.options.clock == "bank":
        state = _with_player(
            state, state.active.model_copy(update={"bank": 0, "out_of_time": True})
        )
    return state


def _reverse(state: m.State, _: ActionBase) -> m.State:
    flipped: m.Direction = "counterclockwise" if state.direction == "clockwise" else "clockwise"
    return state.model_copy(update={"direction": flipped})


def _end_turn(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.EndTurn)
    state = _turn_ended(state, action.seconds)
    return _to_player(state, next_playing(state, state.current))


def _pass_to(state: m.State, action: ActionBase) -> m.State:
    """The turn ends (as `end_turn`) and the named player takes the next one."""
    assert isinstance(action, m.PassTo)
    chosen = state.player(action.player)
    if not chosen.playing:
        raise RuleError(M("player_out", player=chosen.name))
    if chosen.name == state.active.name:
        raise RuleError(M("pass_current", player=chosen.name))
    state = _turn_ended(state, action.seconds)
    return _to_player(state, state.index(chosen.name))


def _eliminate(state: m.State, action: ActionBase) -> m.State:
    """Out of the game; if it was their turn, the next player takes it, and that
    turn is not counted as one ended (its clock may start again)."""
    assert isinstance(action, m.Eliminate)
    player = state.player(action.player)
    if not player.playing:
        raise RuleError(M("out_already", player=player.name))
    if sum(1 for p in state.players if p.playing) == 1:
        raise RuleError(M("last_in", player=player.name))
    gone = {"out": state.gone_out + 1, "out_turn": 1 + state.turns_ended}
    state = _with_player(state, player.model_copy(update=gone))
    if state.active.name != player.name:
        return state
    return _to_player(state, next_playing(state, state.current))


def _turn_ended(state: m.State, seconds: int | None) -> m.State:
    """The seconds of a turn off the current player's bank (a bank brought to 0 is
    out of time); one more turn ended."""
    player = state.active
    if state.options.clock != "bank":
        if seconds is not None:
            raise RuleError(M("seconds_no_bank"))
    elif seconds is None:
        raise RuleError(M("seconds_missing", player=player.name))
    elif not 0 <= seconds <= m.TURN_SECONDS_MOST:
        raise RuleError(M("seconds_range", seconds=seconds))
    else:
        assert player.bank is not None
        bank = bank_after(state.options, player.bank, seconds)
        changes = {"bank": bank, "out_of_time": player.out_of_time or bank == 0}
        state = _with_player(state, player.model_copy(update=changes))
    return state.model_copy(update={"turns_ended": state.turns_ended + 1})


def bank_after(options: m.Options, bank: int, seconds: int) -> int:
    """A bank after a turn of `seconds` ended: the delay's first seconds are free, the
    rest comes off (down to 0 at most); then the increment is added, unless the bank
    is 0 (a player out of time stays at 0), and never past `BANK_MOST`."""
    left = max(0, bank - max(0, seconds - options.delay))
    return min(m.BANK_MOST, left + options.increment) if left > 0 else 0


def next_playing(state: m.State, index: int) -> int:
    """The next player from seat `index` in the direction of play who is not out (the
    same seat when it is the only one left)."""
    step = 1 if state.direction == "clockwise" else -1
    count = len(state.players)
    for distance in range(1, count + 1):
        candidate = (index + step * distance) % count
        if state.players[candidate].playing:
            return candidate
    raise AssertionError("nobody is left in the game")  # eliminate keeps one in


def _to_player(state: m.State, index: int) -> m.State:
    return state.model_copy(update={"current": index, "turn": m.Turn()})


def adjust(state: m.State, action: m.Adjust) -> m.State:
    """A counter of a player corrected, within its minimum and maximum; allowed at
    any time, for a player out of the game too, and after the end."""
    counters = state.options.counters
    if not counters:
        raise RuleError(M("no_counters"))
    counter = state.options.counter(action.token)
    if counter is None:
        ids = quoted([c.id for c in counters])
        raise RuleError(M("unknown_token", token=action.token, ids=ids))
    player = state.player(action.player)
    count = player.tokens[counter.id] + action.delta
    who: dict[str, Param] = {"player": player.name, "count": count, "counter": counter.name}
    if counter.min is not None and count < counter.min:
        raise RuleError(M("below_min", least=counter.min, **who))
    if counter.max is not None and count > counter.max:
        raise RuleError(M("above_max", most=counter.max, **who))
    tokens = {**player.tokens, counter.id: count}
    return _with_player(state, player.model_copy(update={"tokens": tokens}))


def _with_player(state: m.State, player: m.Player) -> m.State:
    players = tuple(player if p.name == player.name else p for p in state.players)
    return state.model_copy(update={"players": players})


def _with_turn(state: m.State, **changes: Any) -> m.State:
    return state.model_copy(update={"turn": state.turn.model_copy(update=changes)})


PLAIN: dict[str, Handler] = {
    "start_timer": _start_timer,
    "timer_expired": _timer_expired,
    "reverse": _reverse,
}

TURN_ACTIONS: dict[type[ActionBase], Handler] = {
    m.Plain: by_type(PLAIN),
    m.EndTurn: _end_turn,
    m.PassTo: _pass_to,
    m.Eliminate: _eliminate,
}
