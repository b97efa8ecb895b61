"""What Ballonrennen shows: the summary of the game file contract, the ranks, and the
prompts that tell the table what to do now."""

from __future__ import annotations

from companion.core.messages import Message
from companion.core.ranking import competition_ranks
from companion.core.summary import Part, PlayerRow, Summary
from companion.games.ballonrennen.messages import GAME_ID, M
from companion.games.ballonrennen.model import Move, Player, State
from companion.games.ballonrennen.setup import default_deck


def ranks(state: State) -> list[int] | None:
    """Finishers by place; everyone else shares the rank after the last finisher."""
    if not state.over:
        return None
    unplaced = len(state.players) + 1
    return competition_ranks(state.players, lambda p: p.place if p.place is not None else unplaced)


class Row(PlayerRow):
    colour: str
    altitude: int
    state: str
    mail_delivered: bool
    place: int | None


class Table(Part):
    winds: dict[str, str]
    move: Move | None
    deck_left: int | None


BallonrennenSummary = Summary[Row, Table]


def summary(state: State) -> BallonrennenSummary:
    player_ranks = ranks(state)
    players = tuple(
        Row(
            name=p.name,
            tokens={"gas": p.gas, "sandbags": p.sandbags, "mail_sack": p.mail_sack},
            score=None,
            rank=player_ranks[i] if player_ranks else None,
            colour=p.colour,
            altitude=p.altitude,
            state=p.state,
            mail_delivered=p.mail_delivered,
            place=p.place,
        )
        for i, p in enumerate(state.players)
    )
    return BallonrennenSummary(
        game=GAME_ID,
        over=state.over,
        round=None,
        current=state.current,
        players=players,
        winners=tuple(p.name for p in players if p.rank == 1),
        table=Table(
            winds={str(a): state.wind(a) for a in (1, 2, 3)},
            move=state.turn.move,
            deck_left=state.deck_left,
        ),
    )


def prompts(state: State) -> list[Message]:
    if state.over:
        winners = summary(state).winners
        return [M("p_over", names=", ".join(winners))]
    player = state.current_player
    name = player.name
    prompts: list[Message] = []
    if state.app_deck and state.shuffle == 0 and state.dealt == 0 and default_deck(state):
        prompts.append(M("p_deck_ours"))
    if state.turn.replenished:
        key = "p_replenish" if player.mail_delivered else "p_replenish_mail"
        prompts.append(M(key, player=name, gas=player.gas, sandbags=player.sandbags))
    if state.turn.card is None:
        if player.state == "flying":
            prompts.append(M("p_altitude_air", player=name, altitude=player.altitude))
        elif state.turn.landed:
            prompts.append(M("p_landed_now", player=name))
        else:
            prompts.append(M("p_altitude_ground", player=name))
        prompts.append(M("p_card_app" if state.app_deck else "p_card_table", player=name))
        return prompts
    if state.turn.favourable_pending:
        return [*prompts, M("p_favourable", player=name)]
    return prompts + _move_prompts(state, player)


def _move_prompts(state: State, player: Player) -> list[Message]:
    name = player.name
    move = state.turn.move
    prompts: list[Message] = []
    if player.state == "finished":
        prompts.append(M("p_finished", player=name, place=player.place))
    elif move is None or move.direction is None:
        prompts.append(M("p_ground", player=name))
    elif player.state == "flying" and move.spaces == 0:
        prompts.append(M("p_stay", player=name))
    elif player.state == "flying":
        prompts.append(
            M(
                "p_move",
                player=name,
                spaces=move.spaces,
                direction=move.direction,
                altitude=move.altitude,
            )
        )
    if player.state == "flying":
        if not player.mail_delivered:
            prompts.append(M("p_mail", player=name))
        else:
            prompts.append(M("p_goal", player=name))
        prompts.append(M("p_hazards", player=name))
    elif player.state == "landed" and state.turn.landed and not player.mail_delivered:
        prompts.append(M("p_mail", player=name))
    prompts.append(M("p_end", player=name))
    return prompts
