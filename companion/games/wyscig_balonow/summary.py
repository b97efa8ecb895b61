"""What Wyścig balonów shows: the score and the ranks, the summary of the game file
contract, and the prompts that tell the table what to do now."""

from __future__ import annotations

from itertools import pairwise

from companion.core.messages import Message
from companion.core.ranking import competition_ranks
from companion.core.summary import Part, PlayerRow, Summary
from companion.games.wyscig_balonow.messages import GAME_ID, M
from companion.games.wyscig_balonow.model import OBSTACLES, Player, State, Turn
from companion.games.wyscig_balonow.screen import needs_obstacle, turn_prompts


def player_distance(state: State, player: Player) -> int | None:
    if state.distances is None:
        return None
    return sum(state.distances[c] for c in player.balloons)


MAIL_POINTS = 3  # each mail token delivered


def score_parts(mail: int, penalty: int, distance: int | None) -> tuple[int, int, int]:
    """The score's three parts: the mail tokens' points, and the penalty tokens and
    the squares from the balloons to the landing zone, each taken away."""
    return MAIL_POINTS * mail, -penalty, -(distance or 0)


def player_score(state: State, player: Player) -> int:
    return sum(score_parts(player.mail, player.penalty, player_distance(state, player)))


def ranks(state: State) -> list[int] | None:
    """Score, higher first; then the closest balloon, nearer first; else shared."""
    if state.distances is None:
        return None
    distances = state.distances

    def key(player: Player) -> tuple[int, int]:
        return (-player_score(state, player), min(distances[c] for c in player.balloons))

    return competition_ranks(state.players, key)


def closest(state: State, player: Player) -> int:
    assert state.distances is not None
    return min(state.distances[c] for c in player.balloons)


def tie_breaks(state: State) -> list[Message]:
    """Neighbours in the ranking with equal scores: ranked apart by the closer
    balloon, or sharing a place when their closest balloons are as near."""
    if state.distances is None:
        return []
    ordered = sorted(state.players, key=lambda p: (-player_score(state, p), closest(state, p)))
    found = []
    for ahead, behind in pairwise(ordered):
        if player_score(state, ahead) != player_score(state, behind):
            continue
        near, far = closest(state, ahead), closest(state, behind)
        if near < far:
            found.append(M("tie_break", ahead=ahead.name, behind=behind.name, near=near, far=far))
        else:
            found.append(M("tie_shared", first=ahead.name, second=behind.name, near=near))
    return found


class Row(PlayerRow):
    balloons: tuple[str, ...]
    distance: int | None


class Table(Part):
    order: tuple[str, ...]
    obstacles: int
    landed: bool


WyscigSummary = Summary[Row, Table]


def summary(state: State) -> WyscigSummary:
    player_ranks = ranks(state)
    players = tuple(
        Row(
            name=p.name,
            tokens={"mail": p.mail, "penalty": p.penalty},
            score=player_score(state, p),
            rank=player_ranks[i] if player_ranks else None,
            balloons=p.balloons,
            distance=player_distance(state, p),
        )
        for i, p in enumerate(state.players)
    )
    return WyscigSummary(
        game=GAME_ID,
        over=state.over,
        round=state.round,
        current=state.current,
        players=players,
        winners=tuple(p.name for p in players if p.rank == 1),
        table=Table(order=state.order, obstacles=state.obstacles, landed=state.landed),
    )


def prompts(state: State) -> list[Message]:
    if state.over:
        if state.distances is None:
            return [M("p_score")]
        winners = summary(state).winners
        return [M("p_winners", names=", ".join(winners), count=len(winners))]
    if not state.order:
        return [M("p_deal_order", round=state.round)]
    prompts: list[Message] = []
    current = state.current
    assert current is not None
    if state.round == 1 and state.turn_index == 0 and state.turn == Turn():
        prompts.append(M("p_setup_obstacles", player=state.order[-1]))
    if needs_obstacle(state):
        prompts.append(M("p_place_obstacle", player=state.order[0]))
    if state.obstacles >= OBSTACLES:
        prompts.append(M("p_last_round"))
    prompts.extend(turn_prompts(state, current))
    if state.landed:
        prompts.append(M("p_landed"))
    return prompts
