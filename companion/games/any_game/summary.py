"""What an any-game shows: the points and the ranks, the summary of the game file
contract, and the prompts."""

from __future__ import annotations

from companion.core.messages import Message
from companion.core.ranking import competition_ranks
from companion.core.summary import Part, PlayerRow, Summary
from companion.core.terms import listing
from companion.games.any_game.messages import GAME_ID, M
from companion.games.any_game.model import Player, State


def points(state: State, player: Player) -> int | None:
    """The player's points: a `score_from` counter's value at any time, else the
    points `score` gave (None before, and in a game of places or cooperation)."""
    counter = state.options.score_from
    if counter is not None:
        return player.tokens[counter]
    if state.points is not None:
        return state.points[player.name]
    return None


def sheet(state: State, player: Player) -> dict[str, int] | None:
    """The player's points in each category of the score sheet (category id ->
    points, in the categories' order) once the game is over; None before, and in a
    game without categories."""
    if not state.over or state.sheets is None:
        return None
    return dict(state.sheets[player.name])


def ranks(state: State) -> list[int | None]:
    """None until the game is over. Then `high`/`low` by points, ties shared, with
    the players out of the game below those still in (the later out the higher);
    `places` as given; `coop` every player 1 if won, else None."""
    count = len(state.players)
    scoring = state.options.scoring
    if not state.over or (scoring == "coop" and not state.won):
        return [None] * count
    if scoring == "coop":
        return [1] * count
    if scoring == "places":
        assert state.places is not None
        return [state.places[p.name] for p in state.players]
    sign = -1 if scoring == "high" else 1

    def key(player: Player) -> tuple[int, int]:
        if player.out is not None:
            return (1, -player.out)
        value = points(state, player)
        assert value is not None
        return (0, sign * value)

    found: list[int | None] = list(competition_ranks(state.players, key))
    return found


class Row(PlayerRow):
    bank: int | None
    out_of_time: bool
    out: bool
    sheet: dict[str, int] | None


class Table(Part):
    title: str
    direction: str
    turn: int


AnyGameSummary = Summary[Row, Table]


def summary(state: State) -> AnyGameSummary:
    player_ranks = ranks(state)
    shown_points = state.over or state.options.score_from is not None
    players = tuple(
        Row(
            name=p.name,
            tokens=dict(p.tokens),
            score=points(state, p) if shown_points else None,
            rank=rank,
            bank=p.bank,
            out_of_time=p.out_of_time,
            out=not p.playing,
            sheet=sheet(state, p),
        )
        for p, rank in zip(state.players, player_ranks, strict=True)
    )
    return AnyGameSummary(
        game=GAME_ID,
        over=state.over,
        round=None,
        current=None if state.over else state.active.name,
        players=players,
        winners=tuple(p.name for p in players if p.rank == 1),
        table=Table(
            title=state.options.title, direction=state.direction, turn=1 + state.turns_ended
        ),
    )


def prompts(state: State) -> list[Message]:
    if state.over:
        return [_result(state)]
    player = state.active
    found = [M("p_turn", turn=1 + state.turns_ended, player=player.name)]
    if state.direction == "counterclockwise":
        found.append(M("p_counterclockwise"))
    if player.out_of_time:
        found.append(M("p_out_of_time", player=player.name))
    elif state.turn.timer_expired:
        found.append(M("p_time_up", player=player.name))
    return found


def _result(state: State) -> Message:
    if state.options.scoring == "coop":
        return M("p_won" if state.won else "p_lost")
    winners = [p.name for p, rank in zip(state.players, ranks(state), strict=True) if rank == 1]
    return M("p_winners", count=len(winners), names=listing(winners))


def tie_breaks(state: State) -> list[Message]:
    """Once over: each player out of the game, in the order they went out, and (where
    points rank) that it put them after everyone still in."""
    if not state.over:
        return []
    below = state.options.scoring in ("high", "low")
    gone = sorted((p for p in state.players if not p.playing), key=lambda p: p.out or 0)
    key = "ranked_out" if below else "went_out"
    return [M(key, player=p.name, turn=p.out_turn or 1) for p in gone]
