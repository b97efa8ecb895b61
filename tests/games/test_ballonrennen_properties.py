"""Hypothesis properties of Ballonrennen: any log of actions keeps the tokens and the
altitudes within the rules, the app deck deals each shuffle exactly once, a seed
always deals the same, and undo restores the state before."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.ballonrennen import CARDS, RULES, State
from tests.games.test_ballonrennen_helpers import new_game

NAMES = ["Anna", "Ben", "Cleo", "Dan", "Eva"]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def raw_actions(app_deck: bool) -> st.SearchStrategy[dict[str, Any]]:
    card = (
        st.just({"type": "wind_card"})
        if app_deck
        else st.builds(lambda c: {"type": "wind_card", "card": c}, st.sampled_from(CARDS))
    )
    return st.one_of(
        st.builds(
            lambda b, g: {"type": "release", "sandbags": b, "gas": g},
            st.integers(0, 3),
            st.integers(0, 4),
        ),
        card,
        card,
        st.builds(
            lambda a, r: {"type": "favourable", "altitude": a, "rotate": r},
            st.integers(1, 3),
            st.sampled_from(["cw", "ccw"]),
        ),
        st.sampled_from(
            [
                {"type": "land"},
                {"type": "drop_mail"},
                {"type": "forced_landing"},
                {"type": "reach_goal"},
                {"type": "end_turn"},
                {"type": "end_turn"},
            ]
        ),
        st.builds(
            lambda p, t, d: {"type": "adjust", "player": p, "token": t, "delta": d},
            st.sampled_from(NAMES[:2]),
            st.sampled_from(["gas", "sandbags", "mail_sack"]),
            st.sampled_from([-2, -1, 1, 2]),
        ),
    )


@st.composite
def games(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    app_deck = draw(st.booleans())
    setup: dict[str, Any] = {
        "players": NAMES[: draw(st.integers(2, 5))],
        "seed": draw(st.integers(0, 2**31 - 1)),
        "wind_deck": "app" if app_deck else "table",
        "play_on": draw(st.booleans()),
    }
    if app_deck and draw(st.booleans()):
        deck = {c: draw(st.integers(0, 2)) for c in ("calm", "favourable", "turn_1")}
        setup["deck"] = {**deck, "rising": 1}
    actions = draw(st.lists(raw_actions(app_deck), max_size=60))
    return setup, actions


def start(setup: dict[str, Any]) -> Any:
    options = {k: v for k, v in setup.items() if k not in ("players", "seed")}
    return new_game(setup["players"], seed=setup["seed"], **options)


def check_invariants(state: State) -> None:
    places = []
    for p in state.players:
        assert min(p.gas, p.sandbags, p.mail_sack) >= 0
        assert p.gas <= 4 and p.sandbags <= 3 and p.mail_sack <= 1
        assert 0 <= p.altitude <= 3
        if p.state == "flying":
            assert 1 <= p.gas - p.sandbags - p.mail_sack <= 3
        else:
            assert p.altitude == 0
        if p.mail_delivered:
            assert p.mail_sack == 0
        if p.place is not None:
            assert p.state == "finished"
            places.append(p.place)
    assert sorted(places) == list(range(1, len(places) + 1))
    racing = sum(1 for p in state.players if p.state != "finished")
    if state.play_on:
        assert state.over == (racing <= 1)
    else:
        assert state.over == bool(places)
    if state.app_deck:
        left = state.deck_left
        assert left is not None and 0 <= left <= len(state.deck)
    else:
        assert state.deck_left is None
    if not state.over and state.current_player.state == "finished":
        assert state.turn.card is not None  # only in the turn it reached the goal


def fold(session: Any, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Apply what the rules allow; return the actions that applied."""
    applied = []
    for raw in actions:
        try:
            session.apply(RULES.parse_action(raw))
        except RuleError:
            continue
        applied.append(raw)
        check_invariants(session.state)
    return applied


@FAST
@given(games())
def test_tokens_never_negative_and_altitude_always_0_to_3(game: Any) -> None:
    setup, actions = game
    session = start(setup)
    check_invariants(session.state)
    fold(session, actions)
    summary = session.summary().data
    for player in summary["players"]:
        assert all(v >= 0 for v in player["tokens"].values())
        assert 0 <= player["altitude"] <= 3


def guided_action(data: st.DataObject, state: State) -> dict[str, Any]:
    """A legal action, as the screen would offer it (legal_actions, reachable_altitudes)."""
    kinds = RULES.legal_actions(state)
    weights = [k for k in kinds if k != "adjust"] * 3 + ["adjust"]
    kind = data.draw(st.sampled_from(weights))
    if kind == "adjust":
        return {
            "type": "adjust",
            "player": data.draw(st.sampled_from([p.name for p in state.players])),
            "token": data.draw(st.sampled_from(["gas", "sandbags", "mail_sack"])),
            "delta": data.draw(st.sampled_from([-1, 1])),
        }
    if kind == "release":
        choices = [
            (g, b) for _, combos in RULES.reachable_altitudes(state) for g, b in combos if g or b
        ]
        gas, sandbags = data.draw(st.sampled_from(choices))
        return {"type": "release", "gas": gas, "sandbags": sandbags}
    if kind == "wind_card":
        if state.app_deck:
            return {"type": "wind_card"}
        return {"type": "wind_card", "card": data.draw(st.sampled_from(CARDS))}
    if kind == "favourable":
        return {
            "type": "favourable",
            "altitude": data.draw(st.integers(1, 3)),
            "rotate": data.draw(st.sampled_from(["cw", "ccw"])),
        }
    return {"type": kind}


@FAST
@given(games(), st.data())
def test_guided_games_keep_the_invariants(game: Any, data: st.DataObject) -> None:
    """Whole games as the screen offers them: the helpers only offer legal actions."""
    setup, _ = game
    session = start(setup)
    for _ in range(data.draw(st.integers(0, 150))):
        raw = guided_action(data, session.state)
        try:
            session.apply(RULES.parse_action(raw))
        except RuleError as error:
            assert raw["type"] == "adjust", (raw, str(error))
            continue
        check_invariants(session.state)
        if session.state.over:
            break


@FAST
@given(games(), st.data())
def test_undo_restores_the_previous_state(game: Any, data: st.DataObject) -> None:
    setup, noise = game
    session = start(setup)
    for step in range(data.draw(st.integers(0, 80))):
        before = session.state
        raw = noise[step] if step < len(noise) and step % 3 == 0 else None
        raw = raw or guided_action(data, before)
        try:
            after = session.apply(RULES.parse_action(raw))
        except RuleError:
            assert session.state == before
            continue
        session.undo()
        assert session.state == before
        session.redo()
        assert session.state == after
        if after.over:
            break


@FAST
@given(games(), st.data())
def test_a_log_replays_to_the_same_state(game: Any, data: st.DataObject) -> None:
    setup, _ = game
    first = start(setup)
    for _ in range(data.draw(st.integers(0, 80))):
        if first.state.over:
            break
        try:
            first.apply(RULES.parse_action(guided_action(data, first.state)))
        except RuleError:
            continue
    second = start(setup)
    for action in first.log:
        second.apply(action)
    assert second.state == first.state
    assert second.summary().data == first.summary().data
    for length in range(len(first.log) + 1):
        check_invariants(first.state_at(length))


compositions = st.dictionaries(st.sampled_from(CARDS), st.integers(0, 4), min_size=1).filter(
    lambda d: sum(d.values()) > 0
)


def deal(seed: int, composition: dict[str, int] | None, draws: int) -> tuple[list[str], list[int]]:
    """Draw `draws` cards from the app deck, one a turn; the cards and deck_left."""
    options: dict[str, Any] = {"wind_deck": "app"}
    if composition is not None:
        options["deck"] = composition
    session = new_game(seed=seed, **options)
    cards, lefts = [], []
    for _ in range(draws):
        session.apply(RULES.parse_action({"type": "wind_card"}))
        cards.append(session.state.turn.card)
        lefts.append(session.summary().data["table"]["deck_left"])
        if session.state.turn.favourable_pending:
            raw = {"type": "favourable", "altitude": 1, "rotate": "cw"}
            session.apply(RULES.parse_action(raw))
        session.apply(RULES.parse_action({"type": "end_turn"}))
    return cards, lefts


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1), compositions, st.integers(1, 3))
def test_app_deck_deals_every_card_once_before_reshuffling(
    seed: int, composition: dict[str, int], rounds: int
) -> None:
    size = sum(composition.values())
    draws = size * rounds + 1
    cards, lefts = deal(seed, composition, draws)
    expected = Counter({c: n for c, n in composition.items() if n})
    for k in range(rounds):
        assert Counter(cards[k * size : (k + 1) * size]) == expected
    assert lefts == [size - 1 - (i % size) for i in range(draws)]
    assert min(lefts) >= 0


# The default app deck as the game-file contract writes it, read from its own words so
# that the test does not copy the code's table.
SPEC_DECK = Counter(
    {
        card: int(count)
        for card, count in re.findall(
            r"(\w+) x(\d+)",
            "turn_1 x8, turn_2 x8, turn_3 x8, turn_all x4, favourable x6, calm x6, "
            "weak x5, rising x5, updraught x5, downdraught x5",
        )
    }
)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_default_deck_is_60_cards_a_shuffle(seed: int) -> None:
    cards, lefts = deal(seed, None, 61)
    assert Counter(cards[:60]) == SPEC_DECK
    assert lefts[59] == 0 and lefts[60] == 59


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**31 - 1), st.one_of(st.none(), compositions))
def test_a_seed_always_deals_the_same(seed: int, composition: dict[str, int] | None) -> None:
    assert deal(seed, composition, 15) == deal(seed, composition, 15)
