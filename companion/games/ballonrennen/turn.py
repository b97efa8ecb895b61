"""A Ballonrennen turn: the altitude step (`release`, `land`), the wind card (and
a Favourable wind), the move (`drop_mail`, `forced_landing`, `reach_goal`) and
`end_turn` with the next player's replenishing; and corrections (`adjust`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from companion.core import rng
from companion.core.errors import RuleError
from companion.core.messages import Message
from companion.core.model import ActionBase, EndTurn
from companion.core.rules import by_type, corrected_count, play_until_over
from companion.games.ballonrennen import model as m
from companion.games.ballonrennen.messages import M

# -- the altitude step -----------------------------------------------------------


def release_problem(
    player: m.Player, sandbags: int, gas: int, check_counts: bool = True
) -> Message | None:
    name = player.name
    if check_counts:
        if sandbags > player.sandbags:
            if player.sandbags == 0:
                return M("no_sandbags", player=name)
            return M("few_sandbags", player=name, wanted=sandbags, count=player.sandbags)
        if gas > player.gas:
            if player.gas == 0:
                return M("no_gas", player=name)
            return M("few_gas", player=name, wanted=gas, count=player.gas)
    if player.mail_sack > 0 and gas > 0 and player.gas - gas < player.mail_sack:
        return M("paired_canister", player=name)
    lift = player.lift - gas + sandbags
    if lift > m.MAX_ALTITUDE:
        return M("above_3", player=name, altitude=lift)
    if lift < 0:
        return M("below_0", player=name, altitude=lift)
    return None


def after_release(player: m.Player, sandbags: int, gas: int) -> m.Player:
    released = player.model_copy(
        update={"sandbags": player.sandbags - sandbags, "gas": player.gas - gas}
    )
    if released.lift >= 1:
        return released.model_copy(update={"state": "flying", "forced": False})
    if player.state == "flying":
        return released.model_copy(update={"state": "landed"})
    return released


def _before_card(state: m.State, key: str) -> m.Player:
    player = state.current_player
    if state.turn.card is not None:
        raise RuleError(M(key, player=player.name))
    return player


def _release(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.Release)
    player = _before_card(state, "release_after_card")
    if action.sandbags == 0 and action.gas == 0:
        raise RuleError(M("release_nothing", player=player.name))
    if player.state == "landed" and state.turn.landed:
        raise RuleError(M("landed_this_turn", player=player.name))
    problem = release_problem(player, action.sandbags, action.gas)
    if problem is not None:
        raise RuleError(problem)
    released = after_release(player, action.sandbags, action.gas)
    state = _replace_player(state, released)
    if player.state == "flying" and released.state == "landed":
        state = _with_turn(state, landed=True)
    return state


def _land(state: m.State, _: ActionBase) -> m.State:
    player = _before_card(state, "land_after_card")
    if player.state != "flying":
        raise RuleError(M("land_grounded", player=player.name))
    state = _replace_player(state, player.model_copy(update={"state": "landed"}))
    return _with_turn(state, landed=True)


# -- the wind card ---------------------------------------------------------------


def _wind_card(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.WindCard)
    player = state.current_player
    if state.turn.card is not None:
        raise RuleError(M("card_twice", player=player.name))
    if state.app_deck:
        if action.card is not None:
            raise RuleError(M("card_app", card=action.card))
        state, card = _draw(state)
    else:
        if action.card is None:
            raise RuleError(M("card_missing", player=player.name))
        card = action.card
    if card == "favourable":
        return _with_turn(state, card=card, favourable_pending=True)
    if card in ("turn_1", "turn_2", "turn_3"):
        state = _turn_marker(state, int(card[-1]), 1)
    elif card == "turn_all":
        for altitude in (1, 2, 3):
            state = _turn_marker(state, altitude, 1)
    # The card and the move it gives in one copy of the turn (speed).
    return _with_turn(state, card=card, move=move_for(state, state.current_player, card))


def _draw(state: m.State) -> tuple[m.State, str]:
    """The top card of the app deck; the discard pile is reshuffled when it is empty."""
    if state.dealt >= len(state.deck):
        state = state.model_copy(update={"shuffle": state.shuffle + 1, "dealt": 0})
    cards = rng.shuffled(state.seed, state.deck, "wind_deck", state.shuffle)
    return state.model_copy(update={"dealt": state.dealt + 1}), cards[state.dealt]


def _turn_marker(state: m.State, altitude: int, steps: int) -> m.State:
    winds = list(state.winds)
    winds[altitude - 1] = m.rotate(winds[altitude - 1], steps)
    return state.model_copy(update={"winds": (winds[0], winds[1], winds[2])})


def _favourable(state: m.State, action: ActionBase) -> m.State:
    assert isinstance(action, m.Favourable)
    player = state.current_player
    if not state.turn.favourable_pending:
        raise RuleError(M("favourable_no_card", player=player.name))
    state = _turn_marker(state, action.altitude, 1 if action.rotate == "cw" else -1)
    return _fix_move(_with_turn(state, favourable_pending=False))


def move_for(state: m.State, player: m.Player, card: str | None) -> m.Move:
    """The move a card gives a player at their altitude, with the winds as they are."""
    # Built without validation: the values are the rules' own (a third of the cost).
    if player.state != "flying":
        return m.Move.model_construct(player=player.name, altitude=0, direction=None, spaces=0)
    altitude = player.altitude
    if card == "updraught":
        altitude = min(altitude + 1, m.MAX_ALTITUDE)
    elif card == "downdraught":
        altitude = max(altitude - 1, 1)
    spaces = altitude
    if card == "calm":
        spaces = 0
    elif card == "weak":
        spaces = altitude - 1
    elif card == "rising":
        spaces = altitude + 1
    return m.Move.model_construct(
        player=player.name, altitude=altitude, direction=state.wind(altitude), spaces=spaces
    )


def _fix_move(state: m.State) -> m.State:
    return _with_turn(state, move=move_for(state, state.current_player, state.turn.card))


# -- the move --------------------------------------------------------------------


def _after_card(state: m.State) -> m.Player:
    player = state.current_player
    if state.turn.card is None:
        raise RuleError(M("no_card_yet", player=player.name))
    if state.turn.favourable_pending:
        raise RuleError(M("favourable_pending", player=player.name))
    return player


def _drop_mail(state: m.State, _: ActionBase) -> m.State:
    player = _after_card(state)
    landed_here = player.state == "landed" and state.turn.landed
    if player.state != "flying" and not landed_here:
        raise RuleError(M("not_flying", player=player.name))
    if player.mail_delivered:
        raise RuleError(M("mail_delivered", player=player.name))
    dropped = player.model_copy(update={"mail_sack": 0, "mail_delivered": True})
    if dropped.state == "flying" and dropped.lift > m.MAX_ALTITUDE:
        dropped = dropped.model_copy(update={"gas": dropped.gas - (dropped.lift - m.MAX_ALTITUDE)})
    return _replace_player(state, dropped)


def _forced_landing(state: m.State, _: ActionBase) -> m.State:
    player = _after_card(state)
    if player.state != "flying":
        raise RuleError(M("not_flying", player=player.name))
    return _replace_player(state, player.model_copy(update={"state": "waiting", "forced": True}))


def _reach_goal(state: m.State, _: ActionBase) -> m.State:
    player = _after_card(state)
    if player.state != "flying":
        raise RuleError(M("not_flying", player=player.name))
    if not player.mail_delivered:
        raise RuleError(M("goal_no_mail", player=player.name))
    place = 1 + sum(1 for p in state.players if p.place is not None)
    state = _replace_player(state, player.model_copy(update={"state": "finished", "place": place}))
    racing = sum(1 for p in state.players if p.state != "finished")
    if not state.play_on or racing <= 1:
        return state.model_copy(update={"over": True})
    return state


def _end_turn(state: m.State, _: ActionBase) -> m.State:
    player = state.current_player
    if state.turn.card is None:
        raise RuleError(M("end_no_card", player=player.name))
    if state.turn.favourable_pending:
        raise RuleError(M("favourable_pending", player=player.name))
    count = len(state.players)
    index = state.current_index
    for _step in range(count):
        index = (index + 1) % count
        if state.players[index].state != "finished":
            break
    state = state.model_copy(update={"current_index": index, "turn": _NEW_TURN})
    return _start_turn(state)


_NEW_TURN = m.Turn()  # frozen: one for every turn that starts (speed)


def _start_turn(state: m.State) -> m.State:
    """Replenishing: 3 + 3, plus the mail sack and its canister while undelivered."""
    player = state.current_player
    if player.state == "landed" or (player.state == "waiting" and player.forced):
        mail = 0 if player.mail_delivered else 1
        refill = player.model_copy(
            update={"gas": m.REPLENISH + mail, "sandbags": m.REPLENISH, "mail_sack": mail}
        )
        state = _with_turn(_replace_player(state, refill), replenished=True)
    return state


PLAIN: dict[str, Callable[[m.State, ActionBase], m.State]] = {
    "land": _land,
    "drop_mail": _drop_mail,
    "forced_landing": _forced_landing,
    "reach_goal": _reach_goal,
}


TURN_ACTIONS: dict[type[ActionBase], Callable[[m.State, ActionBase], m.State]] = {
    EndTurn: _end_turn,
    m.Plain: by_type(PLAIN),
    m.Release: _release,
    m.WindCard: _wind_card,
    m.Favourable: _favourable,
}


play = play_until_over(M, TURN_ACTIONS)
"""Any action but a correction: none once the race is over."""


# -- corrections -----------------------------------------------------------------


def adjust(state: m.State, action: m.Adjust) -> m.State:
    player_of = partial(state.player, action.player)
    count = corrected_count(
        M, m.TOKENS, action.token, player_of, action.delta, player=action.player
    )
    player = player_of()
    limit = m.TOKEN_LIMITS[action.token]
    if action.token == "mail_sack" and player.mail_delivered:
        limit = 0
    if count > limit:
        raise RuleError(M("hold_limit", player=player.name, limit=limit, token=action.token))
    adjusted = player.model_copy(update={action.token: count})
    if adjusted.state == "flying" and not 1 <= adjusted.lift <= m.MAX_ALTITUDE:
        raise RuleError(M("adjust_altitude", player=player.name, altitude=adjusted.lift))
    return _replace_player(state, adjusted)


def _replace_player(state: m.State, player: m.Player) -> m.State:
    # Slices, not a generator over every player: most actions replace one (speed).
    players = state.players
    for index, old in enumerate(players):
        if old.name == player.name:
            changed = (*players[:index], player, *players[index + 1 :])
            return state.model_copy(update={"players": changed})
    return state


def _with_turn(state: m.State, **changes: Any) -> m.State:
    return state.model_copy(update={"turn": state.turn.model_copy(update=changes)})
