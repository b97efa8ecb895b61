"""Balmy Balloonists: properties over random tables and random taps."""

from __future__ import annotations

from typing import Any, get_args

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.core.model import GameSetup, PlayerSpec
from companion.core.session import Session
from companion.games import balmy_balloonists as bb

RULES = bb.RULES
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
LUCK: tuple[str, ...] = get_args(bb.LuckCard)
KINDS = (
    ["end_turn"] * 6
    + ["play_own"] * 3
    + ["play_other"] * 8
    + ["altitude"] * 3
    + ["bad_luck"] * 4
    + [
        "restricted_zone",
        "mountain",
        "swap_advantage",
        "friendly_winds",
        "cross_finish",
        "advantage",
        "adjust",
        "drain",
        "drain",
        "critical_measures",
        "place_storm",
        "play_storm",
        "storm_weather",
    ]
)


@st.composite
def tables(draw: st.DrawFn) -> Session:
    count = draw(st.integers(2, 6))
    options: dict[str, Any] = {"critical_measures": True, "storm": True}
    if count <= 3 and draw(st.booleans()):
        options["balloons_per_player"] = 1
    options["start"] = NAMES[draw(st.integers(0, count - 1))]
    players = tuple(PlayerSpec(name=n) for n in NAMES[:count])
    return Session(RULES, GameSetup(game=bb.GAME_ID, seed=1, players=players, options=options))


def some_actions(draw: st.DrawFn, state: bb.State) -> list[dict[str, Any]]:
    """Usually one tap; sometimes a "wreck": the current balloon rises, loses its
    helium and fuel and meets the storm, which puts it out of the race."""
    if draw(st.integers(0, 15)) > 0:
        return [an_action(draw, state)]
    target = state.balloons[state.current]
    wreck: list[dict[str, Any]] = [{"type": "altitude", "to": "medium"}]
    wreck += [
        {"type": "adjust", "balloon": target.colour, "token": token, "delta": -count}
        for token, count in (("gas", target.gas), ("fuel", target.fuel))
        if count
    ]
    if state.storm is None:
        wreck.append({"type": "place_storm", "balloon": target.colour, "where": "on"})
    return [*wreck, {"type": "storm_weather", "target": target.colour, "levels": 3}]


def an_action(draw: st.DrawFn, state: bb.State) -> dict[str, Any]:
    kind = draw(st.sampled_from(KINDS))
    colours = [b.colour for b in state.balloons]
    colour = st.sampled_from(colours)
    card = st.sampled_from(bb.ADVANTAGE_CARDS)
    if kind == "play_other":
        return {"type": kind, "target": draw(st.sampled_from(state.markers))}
    if kind == "altitude":
        return {"type": kind, "to": draw(st.sampled_from(bb.ALTITUDES))}
    if kind in ("restricted_zone", "mountain"):
        field = "zone" if kind == "restricted_zone" else "kind"
        values = ("libya", "iraq", "sakhalin", "china", "area51")
        value = draw(st.sampled_from(values if kind == "restricted_zone" else ("brown", "white")))
        action = {"type": kind, field: value}
        if state.turn.card_target and draw(st.booleans()):
            action["target"] = state.turn.card_target
        return action
    if kind == "bad_luck":
        return _bad_luck(draw, state, colours)
    if kind == "swap_advantage":
        return {"type": kind, "card": draw(card), "from": draw(colour)}
    if kind == "advantage":
        name = draw(st.sampled_from([p.name for p in state.players]))
        return {"type": kind, "player": name, "cards": [draw(card), draw(card)]}
    if kind == "adjust":
        token = draw(st.sampled_from(("fuel", "gas", "ballast", "hand", "in_front")))
        delta = draw(st.integers(-12, 12).filter(bool))
        return {"type": kind, "balloon": draw(colour), "token": token, "delta": delta}
    if kind == "drain":  # an adjust that empties a token of the current balloon
        target = state.balloons[state.current]
        token = draw(st.sampled_from(("fuel", "gas", "ballast")))
        delta = -getattr(target, token) or 1
        return {"type": "adjust", "balloon": target.colour, "token": token, "delta": delta}
    if kind == "critical_measures":
        return {"type": kind, "balloon": state.turn.card_target or draw(colour)}
    if kind == "place_storm":
        where = draw(st.sampled_from(("above", "on", "below")))
        return {"type": kind, "balloon": draw(colour), "where": where}
    if kind == "storm_weather":
        levels = draw(st.integers(-3, 6))
        return {"type": kind, "target": draw(colour), "levels": levels}
    return {"type": kind}


def _bad_luck(draw: st.DrawFn, state: bb.State, colours: list[str]) -> dict[str, Any]:
    name = draw(st.sampled_from(LUCK))
    target = state.turn.card_target or draw(st.sampled_from(colours))
    action: dict[str, Any] = {"type": "bad_luck", "target": target, "card": name}
    if draw(st.integers(0, 4)) == 0:
        action["repaired"] = True
    if name in ("busy_airspace", "burner_problems"):
        action["over_mountains"] = draw(st.booleans())
    if name == "permission_revoked":
        action["permission"] = draw(st.sampled_from(bb.ADVANTAGE_CARDS[1:5]))
    if name == "bad_weather":
        action["levels"] = draw(st.integers(-3, 6))
        action["backward"] = draw(st.booleans())
    return action


def check_invariants(state: bb.State) -> None:
    for balloon in state.balloons:
        counts = (balloon.fuel, balloon.gas, balloon.ballast, balloon.hand, balloon.in_front)
        assert min(counts) >= 0, balloon
        assert balloon.in_front <= bb.MAX_IN_FRONT
        assert balloon.skip_turns >= 0 and balloon.no_own_card_turns >= 0
    for token, limit in bb.TOKENS_IN_GAME.items():
        assert sum(getattr(b, token) for b in state.balloons) <= limit
    racing = [b.colour for b in state.balloons if b.racing]
    if len(racing) >= 2:
        assert len(set(state.markers)) == 2
        assert set(state.markers) <= set(racing)
    if state.over:
        assert state.winner is not None or not racing
    else:
        assert state.active.racing


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_taps_keep_the_invariants_and_undo_restores(data: st.DataObject) -> None:
    session = data.draw(tables())
    check_invariants(session.state)
    for _ in range(data.draw(st.integers(10, 80))):
        for raw in some_actions(data.draw, session.state):
            before = session.summary().data
            try:
                session.apply(RULES.parse_action(raw))
            except RuleError:
                assert session.summary().data == before
                continue
            check_invariants(session.state)
            summary = session.summary().data
            session.undo()
            assert session.summary().data == before
            session.redo()
            assert session.summary().data == summary
    replayed = Session(RULES, session.setup, session.log)
    assert replayed.summary().data == session.summary().data
    for length in range(0, len(session.log) + 1, 7):
        check_invariants(session.state_at(length))


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.integers(0, 5), st.integers(1, 40))
def test_end_turns_alone_go_round_the_rose_clockwise(count: int, start: int, turns: int) -> None:
    start %= count
    players = tuple(PlayerSpec(name=n) for n in NAMES[:count])
    options = {"start": NAMES[start]}
    session = Session(RULES, GameSetup(game=bb.GAME_ID, seed=1, players=players, options=options))
    n = len(session.state.balloons)
    first = session.state.current
    for turn in range(turns):
        assert session.state.current == (first + turn) % n
        session.apply(RULES.parse_action({"type": "end_turn"}))
    assert all(b.hand == 3 and b.fuel == 11 for b in session.state.balloons)
