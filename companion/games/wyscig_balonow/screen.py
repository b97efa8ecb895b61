"""What Wyścig balonów's table screen asks the rules, as pure functions of the state:
the round's new obstacle due, whether the hourglass runs this turn, the turn's own
prompts and the one step the table does now (its step line). The rules' `prompts`
are built from the same functions, so the step line and the reminders never disagree
(a mixin of the rules class, so the screen asks `RULES.step(state)`)."""

from __future__ import annotations

from companion.core.messages import Message
from companion.games.wyscig_balonow.messages import M
from companion.games.wyscig_balonow.model import State
from companion.games.wyscig_balonow.turn import last_turn


def needs_obstacle(state: State) -> bool:
    """Each round from the second begins with a new obstacle, by its first player."""
    return not state.over and state.round >= 2 and not state.obstacle_this_round


def timed_now(state: State) -> bool:
    """Does the hourglass apply to the current turn?"""
    current = state.current
    return current is not None and state.timed and not state.player(current).untimed


def turn_prompts(state: State, current: str) -> list[Message]:
    """The current turn's steps from here: the roll; then placing the dice (after the
    sand ran out, only the unplaced ones) and moving the balloons; then the obstacles,
    unless a balloon has landed (the race ends with this turn: no obstacle matters)."""
    turn = state.turn
    if not turn.timer_started:
        return [M("p_roll_timed" if timed_now(state) else "p_roll_untimed", player=current)]
    if state.landed:
        return [M("p_landed_end", player=current)]
    if turn.timer_expired and turn.unplaced:
        doing = M("p_unplaced", player=current, count=turn.unplaced)
    elif turn.timer_expired:
        doing = M("p_move_balloons", player=current)
    else:
        doing = M("p_place_dice", player=current)
    return [doing, M("p_move_all" if last_turn(state) else "p_move_two", player=current)]


def step(state: State) -> Message | None:
    """The one thing the table does now: the score once the race is over (nothing
    once it is counted), the round's order cards, the round's new obstacle, else the
    turn's next step."""
    if state.over:
        return M("p_score") if state.distances is None else None
    current = state.current
    if current is None:
        return M("p_deal_order", round=state.round)
    if needs_obstacle(state):
        return M("p_place_obstacle", player=state.order[0])
    return turn_prompts(state, current)[0]


class TableHelpers:
    """The screen's questions, asked of the rules (`RULES.step(state)`)."""

    def needs_obstacle(self, state: State) -> bool:
        return needs_obstacle(state)

    def timed_now(self, state: State) -> bool:
        return timed_now(state)

    def step(self, state: State) -> Message | None:
        return step(state)
