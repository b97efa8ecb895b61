"""Properties of Wyścig balonów over random tables of taps."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError
from companion.core.model import GameSetup, PlayerSpec
from companion.core.session import Session
from companion.games.wyscig_balonow import RULES

NAMES = ["Ola", "Jan", "Ewa", "Bo"]

action = st.one_of(
    st.just({"type": "end_turn"}),
    st.just({"type": "start_timer"}),
    st.just({"type": "place_obstacle"}),
    st.just({"type": "mail"}),
    st.just({"type": "landed"}),
    st.builds(lambda n: {"type": "timer_expired", "unplaced": n}, st.integers(0, 5)),
    st.builds(lambda n: {"type": "penalty", "count": n}, st.integers(1, 3)),
    st.builds(
        lambda v: {"type": "dice", "values": v}, st.lists(st.integers(1, 6), min_size=5, max_size=5)
    ),
    st.builds(
        lambda p, t, d: {"type": "adjust", "player": p, "token": t, "delta": d},
        st.sampled_from(NAMES),
        st.sampled_from(["mail", "penalty"]),
        st.sampled_from([-2, -1, 1, 2]),
    ),
    st.builds(
        lambda ds: {
            "type": "score",
            "distances": dict(zip(["blue", "pink", "yellow", "green", "red"], ds, strict=False)),
        },
        st.lists(st.integers(0, 9), min_size=5, max_size=5),
    ),
)

tables = st.tuples(
    st.integers(2, 4),
    st.integers(0, 2**31 - 1),
    st.lists(action, max_size=80),
    st.booleans(),
)


def play_accepted(
    count: int, seed: int, raws: list[dict], untimed_first: bool
) -> tuple[Session, list]:
    options = {"untimed": [NAMES[0]]} if untimed_first else {}
    setup = GameSetup(
        game=RULES.id,
        seed=seed,
        players=[PlayerSpec(name=n) for n in NAMES[:count]],
        options=options,
    )
    session = Session(RULES, setup)
    states = [session.state]
    for raw in raws:
        if raw["type"] == "score" and session.state.over:
            raw = {
                "type": "score",
                "distances": {c: raw["distances"].get(c, 0) for c in session.state.colours_held},
            }
        try:
            session.apply(RULES.parse_action(raw))
        except CompanionError:
            continue
        states.append(session.state)
    return session, states


@settings(max_examples=60, deadline=None)
@given(tables)
def test_undo_restores_each_previous_state(table):
    session, states = play_accepted(*table)
    for previous in reversed(states[:-1]):
        session.undo()
        assert session.state == previous


@settings(max_examples=60, deadline=None)
@given(tables, st.data())
def test_replaying_any_prefix_of_an_accepted_log_never_raises(table, data):
    session, _ = play_accepted(*table)
    cut = data.draw(st.integers(0, len(session.log)))
    replayed = Session(RULES, session.setup, session.log[:cut])
    assert replayed.state == session.state_at(cut)


@settings(max_examples=60, deadline=None)
@given(tables)
def test_tokens_never_negative_and_mail_never_above_nine(table):
    _, states = play_accepted(*table)
    for state in states:
        assert all(p.mail >= 0 and p.penalty >= 0 for p in state.players)
        assert state.mail_taken <= 9
        assert 4 <= state.obstacles <= 8


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**31 - 1))
def test_the_same_seed_gives_the_same_deal(count, seed):
    def deal():
        setup = GameSetup(
            game=RULES.id, seed=seed, players=[PlayerSpec(name=n) for n in NAMES[:count]]
        )
        return Session(RULES, setup).summary().data

    first, second = deal(), deal()
    assert first == second
    colours = [c for p in first["players"] for c in p["balloons"]]
    assert len(colours) == len(set(colours)) == (4 if count == 2 else count)
