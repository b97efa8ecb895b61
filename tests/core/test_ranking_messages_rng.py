from companion.core import rng
from companion.core.messages import Catalog, Message, fill, render
from companion.core.ranking import competition_ranks


def test_competition_ranking_shares_places_and_skips():
    scores = [10, 7, 10, 3, 7]
    assert competition_ranks(scores, lambda s: -s) == [1, 3, 1, 5, 3]


def test_tie_breakers_go_into_the_key():
    players = [("A", 5, 2), ("B", 5, 1), ("C", 5, 1)]
    assert competition_ranks(players, lambda p: (-p[1], p[2])) == [3, 1, 1]


def test_messages_render_english_and_a_translation_with_fallback():
    m = Catalog("test_ns", {"sandbags": "{player} has no sandbags left"})
    message = m("sandbags", player="Anna")
    assert str(message) == "Anna has no sandbags left"
    polish = {"test_ns.sandbags": "{player} nie ma już worków"}
    assert render(message, polish) == "Anna nie ma już worków"
    assert render(Message("unknown.key")) == "unknown.key"
    assert fill("{a} and {b}", {"a": 1}) == "1 and {b}"


def test_derived_randomness_is_stable_and_labelled():
    assert rng.shuffled(7, range(10), "deck", 1) == rng.shuffled(7, range(10), "deck", 1)
    assert rng.shuffled(7, range(10), "deck", 1) != rng.shuffled(7, range(10), "deck", 2)
    assert rng.derive(1, "x").random() == rng.derive(1, "x").random()
