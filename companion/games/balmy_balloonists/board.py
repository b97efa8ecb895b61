"""The moves every Balmy Balloonists action is made of: replacing a balloon or a
player, hanging restrictions, landing, moving a silver marker, a balloon leaving
the race, and passing the turn to the next racing balloon."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.errors import RuleError
from companion.games.balmy_balloonists.messages import M
from companion.games.balmy_balloonists.model import MAX_IN_FRONT, Balloon, Player, State, Turn


def replace(state: State, balloon: Balloon, turn: Mapping[str, Any] | None = None) -> State:
    """`balloon` in place of the one of its colour (and with `turn`, those changes of
    the turn: one copy of the state for both, which most actions make)."""
    changes: dict[str, Any] = {"balloons": replaced(state.balloons, balloon)}
    if turn:
        changes["turn"] = state.turn.model_copy(update=turn)
    return state.model_copy(update=changes)


def replaced(balloons: tuple[Balloon, ...], balloon: Balloon) -> tuple[Balloon, ...]:
    # Slices, not a generator over every balloon: most actions replace one (speed).
    for index, old in enumerate(balloons):
        if old.colour == balloon.colour:
            return (*balloons[:index], balloon, *balloons[index + 1 :])
    return balloons


def update(
    state: State, colour: str, turn: Mapping[str, Any] | None = None, /, **changes: Any
) -> State:
    return replace(state, state.balloon(colour).model_copy(update=changes), turn)


def with_turn(state: State, **changes: Any) -> State:
    return state.model_copy(update={"turn": state.turn.model_copy(update=changes)})


def with_player(state: State, player: Player) -> State:
    players = tuple(player if p.name == player.name else p for p in state.players)
    return state.model_copy(update={"players": players})


def racing(state: State, colour: str) -> Balloon:
    balloon = state.balloon(colour)
    if balloon.finished:
        raise RuleError(M("not_racing_finished", colour=colour))
    if balloon.out:
        raise RuleError(M("not_racing_out", colour=colour))
    return balloon


def discard_advantage(state: State, name: str, card: str) -> State:
    player = state.player(name)
    if card not in player.advantage:
        raise RuleError(M("not_held", player=name, card=card))
    held = list(player.advantage)
    held.remove(card)
    return with_player(state, player.model_copy(update={"advantage": tuple(held)}))


def restrict(
    state: State,
    colour: str,
    *,
    skip: int = 0,
    no_own: int = 0,
    no_rise: bool = False,
    no_forward: bool = False,
) -> State:
    """Hang restrictions on a balloon; they cover its next turn (if the balloon is
    the current one, not the rest of this turn)."""
    balloon = state.balloon(colour)
    state = update(
        state,
        colour,
        skip_turns=balloon.skip_turns + skip,
        no_own_card_turns=balloon.no_own_card_turns + no_own,
        no_rise_next_turn=balloon.no_rise_next_turn or no_rise,
        no_forward_next_turn=balloon.no_forward_next_turn or no_forward,
    )
    if not state.over and state.active.colour == colour:
        state = with_turn(
            state,
            got_no_rise=state.turn.got_no_rise or no_rise,
            got_no_forward=state.turn.got_no_forward or no_forward,
        )
    return state


def land(state: State, colour: str, pay_gas: bool) -> State:
    """Land and skip the next turn; with `pay_gas` one helium a level, as far as
    the helium reaches."""
    balloon = state.balloon(colour)
    gas = max(0, balloon.gas - balloon.level) if pay_gas else balloon.gas
    state = update(state, colour, altitude="landed", gas=gas)
    return restrict(state, colour, skip=1)


def move_marker(state: State, colour: str) -> State:
    """The marker on `colour` moves counterclockwise to the next point that holds
    no marker and whose balloon still races; it stays if there is none."""
    if colour not in state.markers:
        return state
    other = state.markers[1] if state.markers[0] == colour else state.markers[0]
    n = len(state.balloons)
    start = state.index(colour)
    for step in range(1, n + 1):
        candidate = state.balloons[(start - step) % n]
        if candidate.racing and candidate.colour != other:
            markers = in_rose_order(state.balloons, [other, candidate.colour])
            return state.model_copy(update={"markers": markers})
    return state


def retire(state: State, colour: str, *, finished: bool) -> State:
    """The balloon finished or is out of the race: its marker moves on, the game may
    end, and if it was the current balloon the next racing balloon's turn starts."""
    # Either way its cards in hand and in front are discarded.
    state = update(state, colour, finished=finished, out=not finished, hand=0, in_front=0)
    state = move_marker(state, colour)
    owner = state.player(state.balloon(colour).owner)
    if finished and all(state.balloon(c).finished for c in owner.balloons):
        return state.model_copy(update={"over": True, "winner": owner.name})
    if not any(b.racing for b in state.balloons):
        return state.model_copy(update={"over": True})
    if state.active.colour == colour:
        return next_turn(state)
    return state


def next_turn(state: State, balloons_now: Sequence[Balloon] | None = None) -> State:
    """Pass the turn clockwise to the next racing balloon; a balloon with
    `skip_turns` is passed over (count - 1), and that skipped turn uses up its
    other restrictions. `balloons_now`: the balloons as the turn left them, if they
    changed (one copy of the state for both)."""
    balloons = list(state.balloons if balloons_now is None else balloons_now)
    n = len(balloons)
    index = state.current
    skipped: list[str] = []
    while True:
        index = (index + 1) % n
        balloon = balloons[index]
        if not balloon.racing:
            continue
        if balloon.skip_turns == 0:
            break
        balloons[index] = balloon.model_copy(
            update={
                "skip_turns": balloon.skip_turns - 1,
                "no_own_card_turns": max(0, balloon.no_own_card_turns - 1),
                "no_rise_next_turn": False,
                "no_forward_next_turn": False,
            }
        )
        skipped.append(balloon.colour)
    balloon = balloons[index]
    # A copy of a fresh turn: a third of the instructions of building one (speed).
    turn = _FRESH_TURN.model_copy(
        update={
            "number": state.turn.number + 1,
            "covers_no_own": balloon.no_own_card_turns > 0,
            "covers_no_rise": balloon.no_rise_next_turn,
            "covers_no_forward": balloon.no_forward_next_turn,
            "skipped": tuple(skipped),
        }
    )
    return state.model_copy(update={"balloons": tuple(balloons), "current": index, "turn": turn})


_FRESH_TURN = Turn()


def event_target(state: State, target: str | None) -> Balloon:
    current = state.active
    if target is None or target == current.colour:
        return current
    balloon = racing(state, target)
    if state.turn.card != "other" or state.turn.card_target != target:
        raise RuleError(M("target_not_moved", colour=target))
    return balloon


def mark_flown(state: State, balloon: Balloon) -> State:
    if balloon.colour == state.active.colour:
        return with_turn(state, flown=True)
    return state


def can_swap(state: State) -> bool:
    return state.turn.card is not None and not state.turn.swapped


def can_play_any(state: State) -> bool:
    balloon = state.active
    own = not state.turn.covers_no_own and balloon.hand > 0 and balloon.in_front < MAX_IN_FRONT
    other = balloon.in_front > 0 and any(
        state.balloon(c).racing and state.balloon(c).owner != balloon.owner for c in state.markers
    )
    storm = state.storm is not None and balloon.in_front > 0
    return own or other or storm


def check_no_card(state: State) -> Balloon:
    balloon = state.active
    if state.turn.card is not None:
        raise RuleError(M("already_played", player=balloon.owner))
    return balloon


def in_rose_order(state_balloons: Sequence[Balloon], colours: Sequence[str]) -> tuple[str, str]:
    order = [b.colour for b in state_balloons]
    first, second = sorted(colours, key=order.index)
    return (first, second)
