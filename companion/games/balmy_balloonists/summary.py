"""What Balmy Balloonists shows: the summary of the game file contract, the
checklist of the six steps of a turn, what the restrictions mean, and the prompts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.core.messages import Message, Param
from companion.core.summary import Part, PlayerRow, Summary
from companion.games.balmy_balloonists.board import can_play_any
from companion.games.balmy_balloonists.messages import GAME_ID, M
from companion.games.balmy_balloonists.model import HIGH, STEPS, Balloon, State, Turn

Status = Literal["done", "current", "todo"]


@dataclass(frozen=True)
class ChecklistStep:
    """One of the six steps: `done` (it happened this turn), `current` (what the
    table does now) or `todo` (still open; steps 4 to 6 are done by the app at
    `end_turn`, and the optional altitude step stays open until used)."""

    number: int
    message: Message
    status: Status


def _rank(state: State, name: str) -> int | None:
    """The winner 1, everyone else 2; `null` for all until the game is over, and when
    it ended with no winner (every balloon out of the race)."""
    if not state.over or state.winner is None:
        return None
    return 1 if name == state.winner else 2


class Row(PlayerRow):
    balloons: tuple[str, ...]
    advantage: tuple[str, ...]


class BalloonRow(Part):
    colour: str
    owner: str
    altitude: str
    tokens: dict[str, int]
    hand: int
    in_front: int
    skip_turns: int
    no_own_card_turns: int
    no_rise_next_turn: bool
    no_forward_next_turn: bool
    finished: bool
    out: bool


class Table(Part):
    balloons: tuple[BalloonRow, ...]
    markers: tuple[str, ...]
    current_balloon: str | None


BalmySummary = Summary[Row, Table]


def summary(state: State) -> BalmySummary:
    players = tuple(
        Row(
            name=p.name,
            tokens={},
            score=None,
            rank=_rank(state, p.name),
            balloons=p.balloons,
            advantage=p.advantage,
        )
        for p in state.players
    )
    current = state.current_balloon
    return BalmySummary(
        game=GAME_ID,
        over=state.over,
        round=None,
        current=None if current is None else current.owner,
        players=players,
        winners=(state.winner,) if state.winner else (),
        table=Table(
            balloons=tuple(_balloon_summary(b) for b in state.balloons),
            markers=state.markers,
            current_balloon=None if current is None else current.colour,
        ),
    )


def _balloon_summary(balloon: Balloon) -> BalloonRow:
    return BalloonRow(
        colour=balloon.colour,
        owner=balloon.owner,
        altitude=balloon.altitude,
        tokens={"fuel": balloon.fuel, "gas": balloon.gas, "ballast": balloon.ballast},
        hand=balloon.hand,
        in_front=balloon.in_front,
        skip_turns=balloon.skip_turns,
        no_own_card_turns=balloon.no_own_card_turns,
        no_rise_next_turn=balloon.no_rise_next_turn,
        no_forward_next_turn=balloon.no_forward_next_turn,
        finished=balloon.finished,
        out=balloon.out,
    )


_MARKS = {"done": "✓", "current": "▶", "todo": "·"}


def current_step(state: State) -> int | None:
    """The step of the turn the table is at: 1 (the card), 2 (the altitude), 3 (the
    flight), 4 (the end of the turn, once the balloon landed in it: its flight is
    over); None once the race is over."""
    if state.over:
        return None
    turn = state.turn
    if landed_in_turn(state):
        return 4
    if turn.flown or turn.altitude:
        return 3
    if turn.card is not None or not can_play_any(state):
        return 2
    return 1


def landed_in_turn(state: State) -> bool:
    """The current balloon landed during its turn (a restricted zone, mountains, bad
    luck, the weather) and has not taken off again. Every landing makes a balloon skip
    its next turn, and a balloon's turn never starts with a turn still to skip: a turn
    to skip on the landed current balloon says it landed in this turn."""
    balloon = state.active
    return balloon.altitude == "landed" and balloon.skip_turns > 0


def checklist(state: State) -> list[ChecklistStep]:
    """The six steps of the turn; steps 4 to 6 are done by the app at `end_turn`."""
    current = current_step(state)
    if current is None:
        return []
    done = {1: state.turn.card is not None, 2: state.turn.altitude, 3: landed_in_turn(state)}
    steps = []
    for number, (key, params) in enumerate(_step_texts(state), start=1):
        status: Status = "current" if number == current else "done" if done.get(number) else "todo"
        steps.append(ChecklistStep(number, M(key, mark=_MARKS[status], **params), status))
    assert len(steps) == STEPS
    return steps


def _step_texts(state: State) -> list[tuple[str, dict[str, Param]]]:
    """Each step's message key and parameters; the upkeep ones as `end_turn` will
    do them."""
    balloon = state.active
    colour: dict[str, Param] = {"colour": balloon.colour}
    can_play = state.turn.card is not None or can_play_any(state)
    texts = [("p_step1" if can_play else "p_step1_none", colour), ("p_step2", {})]
    texts.append(("p_step3", colour))
    fuel = balloon.fuel
    if balloon.level == HIGH:
        texts.append(("p_step4_pay" if fuel else "p_step4_sink", colour))
        fuel = max(0, fuel - 1)
    else:
        texts.append(("p_step4_none", {}))
    if balloon.gas == 0:
        texts.append(("p_step5_pay" if fuel else "p_step5_sink", colour))
    else:
        texts.append(("p_step5_none", {}))
    if balloon.hand == 2:
        texts.append(("p_step6_draw", {}))
    else:
        texts.append(("p_step6_none", {"hand": balloon.hand}))
    return texts


def restriction_messages(state: State, balloon: Balloon) -> list[Message]:
    who = {"player": balloon.owner, "colour": balloon.colour}
    messages: list[Message] = []
    no_own_next = balloon.no_own_card_turns
    no_rise_next = balloon.no_rise_next_turn
    no_forward_next = balloon.no_forward_next_turn
    if not state.over and balloon.colour == state.active.colour:
        turn = state.turn
        if turn.covers_no_own:
            messages.append(M("r_no_own_now", **who))
            no_own_next -= 1
        if turn.covers_no_rise:
            messages.append(M("r_no_rise_now", colour=balloon.colour))
        if turn.covers_no_forward:
            messages.append(M("r_no_forward_now", colour=balloon.colour))
        no_rise_next, no_forward_next = turn.got_no_rise, turn.got_no_forward
    if not balloon.racing:
        return messages
    if balloon.skip_turns:
        messages.append(M("r_skip_next", count=balloon.skip_turns, **who))
    if no_own_next > 0:
        messages.append(M("r_no_own_next", count=no_own_next, **who))
    if no_rise_next:
        messages.append(M("r_no_rise_next", colour=balloon.colour))
    if no_forward_next:
        messages.append(M("r_no_forward_next", colour=balloon.colour))
    return messages


def prompts(state: State) -> list[Message]:
    if state.over:
        if state.winner:
            return [M("p_winner", player=state.winner)]
        return [M("p_no_winner")]
    balloon = state.active
    prompts: list[Message] = []
    for colour in state.turn.skipped:
        prompts.append(M("p_skipped", colour=colour, player=state.balloon(colour).owner))
    prompts.append(M("p_turn", player=balloon.owner, colour=balloon.colour))
    prompts.extend(
        M("p_advantage", player=p.name) for p in state.players if not p.advantage_recorded
    )
    if state.variants.fair_weather and state.turn.number == 1 and state.turn == Turn():
        prompts.append(M("p_fair_weather"))
    if state.variants.storm and state.storm is None:
        prompts.append(M("p_storm"))
    prompts.extend(restriction_messages(state, balloon))
    prompts.extend(step.message for step in checklist(state))
    return prompts
