"""Properties of the any-game rules over random tables and random taps: undo gives
back each state, every prefix of an accepted log replays, counters stay within their
bounds, the current player is always in, banks stay within 0 and the start (36000
with an increment), the ranks of a finished game are a competition ranking, and a
score sheet adds up to the score."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError
from companion.core.model import GameSetup, PlayerSpec
from companion.core.session import Session
from companion.games.any_game import RULES, State, is_ranking

NAMES = ["Ola", "Jan", "Ewa", "Bo", "Cy", "Di", "Ed", "Flo"]
CATEGORIES = [{"id": "roads", "name": "Roads"}, {"id": "cities", "name": "Cities"}]
COUNTERS = [
    {"id": "vp", "name": "VP"},
    {"id": "lives", "name": "Lives", "start": 3, "min": 0, "max": 5},
    {"id": "debt", "name": "Debt", "start": -2, "min": None, "max": 4},
]


@st.composite
def options(draw: Any) -> dict[str, Any]:
    chosen: dict[str, Any] = {"title": "Game"}
    chosen["clock"] = draw(st.sampled_from(["none", "turn", "bank"]))
    if chosen["clock"] == "bank":
        chosen["bank_seconds"] = draw(st.sampled_from([60, 300, 35990]))
        chosen["increment_seconds"] = draw(st.sampled_from([0, 5, 600]))
        chosen["delay_seconds"] = draw(st.sampled_from([0, 3, 600]))
    chosen["counters"] = COUNTERS[: draw(st.integers(0, 3))]
    chosen["scoring"] = draw(st.sampled_from(["high", "low", "places", "coop"]))
    if chosen["counters"] and chosen["scoring"] in ("high", "low") and draw(st.booleans()):
        chosen["score_from"] = draw(st.sampled_from([c["id"] for c in chosen["counters"]]))
    elif chosen["scoring"] in ("high", "low") and draw(st.booleans()):
        chosen["categories"] = CATEGORIES
    return chosen


name = st.sampled_from(NAMES)
during = st.one_of(
    st.sampled_from([{"type": t} for t in ("end_turn", "start_timer", "timer_expired", "reverse")]),
    st.builds(lambda s: {"type": "end_turn", "seconds": s}, st.integers(0, 400)),
    st.builds(lambda p: {"type": "pass_to", "player": p}, name),
    st.builds(
        lambda p, s: {"type": "pass_to", "player": p, "seconds": s}, name, st.integers(0, 99)
    ),
    st.builds(lambda p: {"type": "eliminate", "player": p}, name),
    st.builds(
        lambda p, t, d: {"type": "adjust", "player": p, "token": t, "delta": d},
        name,
        st.sampled_from(["vp", "lives", "debt"]),
        st.sampled_from([-3, -1, 1, 2, 7]),
    ),
)
ending = st.one_of(
    st.builds(
        lambda pts: {"type": "score", "points": dict(zip(NAMES, pts, strict=True))},
        st.lists(st.integers(-5, 9), min_size=8, max_size=8),
    ),
    st.builds(
        lambda pl: {"type": "places", "places": dict(zip(NAMES, pl, strict=True))},
        st.lists(st.integers(1, 3), min_size=8, max_size=8),
    ),
    st.builds(
        lambda pts: {
            "type": "score",
            "points": {n: {"roads": p, "cities": -p} for n, p in zip(NAMES, pts, strict=True)},
        },
        st.lists(st.integers(-5, 9), min_size=8, max_size=8),
    ),
    st.builds(lambda won: {"type": "finish", "won": won}, st.booleans()),
    st.just({"type": "finish"}),
)

# Mostly the play of turns: an ending comes about once in twenty actions.
action = st.one_of(*[during] * 19, ending)
tables = st.tuples(st.integers(1, 8), options(), st.lists(action, min_size=10, max_size=80))


def fitted(raw: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The action for the players seated: a player named among them, a score or a
    places map for them (the places made a ranking)."""
    if "player" in raw:
        return {**raw, "player": names[NAMES.index(raw["player"]) % len(names)]}
    if raw["type"] == "score":
        return {**raw, "points": {n: raw["points"][n] for n in names}}
    if raw["type"] == "places":
        given = [raw["places"][n] for n in names]
        places = [1 + sum(1 for g in given if g < mine) for mine in given]
        return {**raw, "places": dict(zip(names, places, strict=True))}
    return raw


def play_accepted(count: int, chosen: dict[str, Any], raws: list[dict]) -> tuple[Session, list]:
    names = NAMES[:count]
    setup = GameSetup(
        game=RULES.id, seed=1, players=tuple(PlayerSpec(name=n) for n in names), options=chosen
    )
    session = Session(RULES, setup)
    states = [session.state]
    for raw in raws:
        try:
            session.apply(RULES.parse_action(fitted(raw, names)))
        except CompanionError:
            continue
        states.append(session.state)
    return session, states


@settings(max_examples=80, deadline=None)
@given(tables)
def test_undo_restores_each_previous_state(table: Any) -> None:
    session, states = play_accepted(*table)
    for previous in reversed(states[:-1]):
        session.undo()
        assert session.state == previous


@settings(max_examples=80, deadline=None)
@given(tables, st.data())
def test_replaying_any_prefix_of_an_accepted_log_never_raises(table: Any, data: Any) -> None:
    session, _ = play_accepted(*table)
    cut = data.draw(st.integers(0, len(session.log)))
    replayed = Session(RULES, session.setup, session.log[:cut])
    assert replayed.state == session.state_at(cut)
    assert replayed.summary().data == RULES.summary(session.state_at(cut)).data


def check(state: State) -> None:
    for counter in state.options.counters:
        for player in state.players:
            value = player.tokens[counter.id]
            assert counter.min is None or value >= counter.min
            assert counter.max is None or value <= counter.max
    assert state.active.playing and any(p.playing for p in state.players)
    start = state.options.bank
    most = 36000 if state.options.increment else start
    for player in state.players:
        assert (player.bank is None) == (start is None)
        if player.bank is not None and most is not None:
            assert 0 <= player.bank <= most
            assert player.out_of_time == (player.bank == 0)


@settings(max_examples=150, deadline=None)
@given(tables)
def test_counters_banks_and_the_current_player_stay_valid(table: Any) -> None:
    _, states = play_accepted(*table)
    for state in states:
        check(state)
        summary = RULES.summary(state).data
        ranks = [p["rank"] for p in summary["players"]]
        for player in summary["players"]:
            if state.over and state.options.categories:
                assert list(player["sheet"]) == [c["id"] for c in CATEGORIES]
                assert player["score"] == sum(player["sheet"].values())
            else:
                assert player["sheet"] is None
        if not state.over:
            assert ranks == [None] * len(ranks) and summary["current"] is not None
        elif None not in ranks:
            assert is_ranking(ranks)
            assert summary["winners"] == [p["name"] for p in summary["players"] if p["rank"] == 1]
