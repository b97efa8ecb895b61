"""Wyścig balonów, rule by rule from rulebook 000 and the spec."""

import pytest

from companion.core.errors import CompanionError, RuleError
from companion.files import ReplayError
from companion.games.wyscig_balonow import RULES, M, valid_order

from .helpers import by_name, game, play, replay

GAME = "wyscig-balonow"
TURN = [{"type": "start_timer"}, {"type": "end_turn"}]


def table_game(players=("Ola", "Jan", "Ewa"), options=None, actions=()):
    opts = {"order_cards": "table", **(options or {})}
    return replay(game(GAME, players, opts, actions=actions))


def test_rulebook_example_two_mail_two_penalties_two_squares_is_two_points():
    cards = {"Monika": ["green"], "Dominika": ["blue"], "Kasia": ["red"]}
    session = table_game(
        ("Monika", "Dominika", "Kasia"),
        {"balloon_cards": cards},
        [
            {"type": "order", "players": ["Monika", "Dominika", "Kasia"]},
            {"type": "mail"},
            {"type": "mail"},
            {"type": "penalty", "count": 2},
            {"type": "landed"},
            {"type": "end_turn"},
            {"type": "score", "distances": {"green": 2, "blue": 5, "red": 7}},
        ],
    )
    monika = by_name(session.summary().data, "Monika")
    assert monika["score"] == 2
    assert monika["distance"] == 2
    assert monika["rank"] == 1
    assert session.summary().data["winners"] == ["Monika"]


@pytest.mark.parametrize("count", [1, 5])
def test_player_count_outside_two_to_four_is_refused(count):
    names = [f"P{i}" for i in range(count)]
    with pytest.raises(
        CompanionError, match=f"players: {count} given, Wyścig balonów needs 2 to 4"
    ):
        replay(game(GAME, names))


def test_three_players_leave_out_third_and_four_use_every_card():
    for names in (["A", "B", "C"], ["A", "B", "C", "D"]):
        for seed in range(20):
            order = replay(game(GAME, names, seed=seed)).summary().data["table"]["order"]
            assert sorted(order) == sorted(names)


def test_two_players_get_two_balloons_and_two_turns_a_round():
    for seed in range(20):
        summary = replay(game(GAME, ["Ola", "Jan"], seed=seed)).summary().data
        order = summary["table"]["order"]
        assert len(order) == 4
        assert sorted(order[:2]) == ["Jan", "Ola"] and sorted(order[2:]) == ["Jan", "Ola"]
        balloons = [c for p in summary["players"] for c in p["balloons"]]
        assert len(balloons) == 4 and len(set(balloons)) == 4


def test_balloon_cards_dealt_by_app_are_distinct_and_seeded():
    a = replay(game(GAME, ["A", "B", "C", "D"], seed=11)).summary().data
    b = replay(game(GAME, ["A", "B", "C", "D"], seed=11)).summary().data
    assert [p["balloons"] for p in a["players"]] == [p["balloons"] for p in b["players"]]
    colours = [p["balloons"][0] for p in a["players"]]
    assert len(set(colours)) == 4
    assert set(colours) <= {"blue", "pink", "yellow", "green", "red"}


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ({"A": ["blue"], "C": ["red"]}, ": No balloon card is given for B$"),
        ({"A": ["blue"], "B": ["blue"], "C": ["red"]}, ": The blue balloon card is dealt twice$"),
        ({"A": ["blue"], "B": ["black"], "C": ["red"]}, ': "black" is not a balloon card'),
        ({"A": ["blue", "red"], "B": ["pink"], "C": ["green"]}, ": A must hold 1 balloon card"),
        (
            {"A": ["blue"], "B": ["red"], "C": ["green"], "Zed": ["pink"]},
            ': "Zed" has a balloon card but is not playing$',
        ),
    ],
)
def test_given_balloon_cards_are_checked(cards, message):
    with pytest.raises(CompanionError, match=message):
        replay(game(GAME, ["A", "B", "C"], {"balloon_cards": cards}))


def test_order_in_table_mode_comes_first_and_once_a_round():
    session = table_game()
    summary = session.summary().data
    assert summary["current"] is None and summary["table"]["order"] == []
    with pytest.raises(RuleError, match="no order yet"):
        play(session, {"type": "start_timer"})
    play(session, {"type": "adjust", "player": "Ola", "token": "mail", "delta": 1})
    play(session, {"type": "order", "players": ["Jan", "Ewa", "Ola"]})
    assert session.summary().data["current"] == "Jan"
    with pytest.raises(RuleError, match="already set"):
        play(session, {"type": "order", "players": ["Jan", "Ewa", "Ola"]})


def test_table_order_must_be_a_valid_deal():
    session = table_game()
    with pytest.raises(RuleError, match="not a deal"):
        play(session, {"type": "order", "players": ["Jan", "Jan", "Ola"]})
    assert valid_order(["A", "B", "B", "A"], ["A", "B"])
    assert not valid_order(["A", "A", "B", "B"], ["A", "B"])
    assert not valid_order(["A", "B", "C"], ["A", "B", "C", "D"])


def test_order_action_refused_when_app_deals():
    session = replay(game(GAME, ["A", "B", "C"]))
    with pytest.raises(RuleError, match="app deals"):
        play(session, {"type": "order", "players": ["A", "B", "C"]})


def test_turns_follow_the_order_and_the_round_goes_up_at_its_last_end_turn():
    session = table_game(actions=[{"type": "order", "players": ["Ewa", "Ola", "Jan"]}])
    seen = []
    for _ in range(3):
        seen.append(session.summary().data["current"])
        assert session.summary().data["round"] == 1
        play(session, {"type": "end_turn"})
    assert seen == ["Ewa", "Ola", "Jan"]
    summary = session.summary().data
    assert summary["round"] == 2 and summary["current"] is None and summary["table"]["order"] == []


def test_app_mode_deals_a_new_order_each_round():
    session = replay(game(GAME, ["A", "B", "C"], seed=5))
    orders = []
    for _ in range(3):
        orders.append(tuple(session.summary().data["table"]["order"]))
        for _ in range(3):
            if session.rules.needs_obstacle(session.state):
                play(session, {"type": "place_obstacle"})
            play(session, {"type": "end_turn"})
    assert all(sorted(o) == ["A", "B", "C"] for o in orders)


def test_obstacles_one_a_round_from_round_two_and_game_over_after_the_eighth():
    session = replay(game(GAME, ["A", "B", "C"], seed=1))
    assert session.summary().data["table"]["obstacles"] == 4
    with pytest.raises(RuleError, match="from round 2"):
        play(session, {"type": "place_obstacle"})
    for round_number in range(1, 6):
        assert session.summary().data["round"] == round_number
        if round_number >= 2:
            play(session, {"type": "place_obstacle"})
            with pytest.raises(RuleError, match="already on the board"):
                play(session, {"type": "place_obstacle"})
        for _ in range(3):
            play(session, {"type": "end_turn"})
    summary = session.summary().data
    assert summary["table"]["obstacles"] == 8
    assert summary["over"] and summary["round"] == 5 and summary["current"] is None


def test_new_obstacle_is_compulsory_before_the_first_turn_ends():
    session = replay(game(GAME, ["A", "B", "C"], seed=1))
    for _ in range(3):
        play(session, {"type": "end_turn"})
    first = session.summary().data["current"]
    with pytest.raises(RuleError, match=f"^{first}: place the new obstacle .* first, then end"):
        play(session, {"type": "end_turn"})
    play(session, {"type": "place_obstacle"}, {"type": "end_turn"})
    assert session.summary().data["table"]["obstacles"] == 5


def test_timer_once_a_turn_and_expiry_takes_penalties_for_unplaced_dice():
    session = table_game(actions=[{"type": "order", "players": ["Ola", "Jan", "Ewa"]}])
    with pytest.raises(RuleError, match="not been turned"):
        play(session, {"type": "timer_expired", "unplaced": 2})
    play(session, {"type": "start_timer"})
    with pytest.raises(RuleError, match="already turned"):
        play(session, {"type": "start_timer"})
    summary = play(session, {"type": "timer_expired", "unplaced": 3})
    assert by_name(summary, "Ola")["tokens"]["penalty"] == 3
    with pytest.raises(RuleError, match="already ran out"):
        play(session, {"type": "timer_expired", "unplaced": 1})
    play(session, {"type": "end_turn"}, {"type": "start_timer"})
    summary = play(session, {"type": "timer_expired", "unplaced": 0})
    assert by_name(summary, "Jan")["tokens"]["penalty"] == 0


def test_untimed_player_records_the_roll_but_never_expires():
    session = table_game(
        options={"untimed": ["Jan"]},
        actions=[{"type": "order", "players": ["Jan", "Ola", "Ewa"]}, {"type": "start_timer"}],
    )
    with pytest.raises(RuleError, match="Jan plays without the hourglass"):
        play(session, {"type": "timer_expired", "unplaced": 1})
    play(
        session,
        {"type": "end_turn"},
        {"type": "start_timer"},
        {"type": "timer_expired", "unplaced": 1},
    )
    assert by_name(session.summary().data, "Ola")["tokens"]["penalty"] == 1


def test_untimed_must_name_players():
    with pytest.raises(CompanionError, match=': "Zed" is not playing, so cannot play without'):
        replay(game(GAME, ["A", "B"], {"untimed": ["Zed"]}))


def test_timer_off_for_everyone():
    session = replay(
        game(GAME, ["A", "B"], {"timer_seconds": 0}, actions=[{"type": "start_timer"}])
    )
    with pytest.raises(RuleError, match="without the hourglass"):
        play(session, {"type": "timer_expired", "unplaced": 1})


def test_unplaced_is_zero_to_five_and_dice_are_five_faces():
    session = replay(game(GAME, ["A", "B"], actions=[{"type": "start_timer"}]))
    for bad in (
        {"type": "timer_expired", "unplaced": 6},
        {"type": "dice", "values": [1, 2, 3, 4]},
        {"type": "dice", "values": [1, 2, 3, 4, 7]},
        {"type": "penalty", "count": 0},
    ):
        with pytest.raises(CompanionError):
            play(session, bad)
    play(session, {"type": "dice", "values": [6, 5, 4, 3, 1]})
    assert session.state.turn.dice == (6, 5, 4, 3, 1)


def test_mail_runs_out_at_nine():
    session = replay(game(GAME, ["A", "B"]))
    for _ in range(9):
        play(session, {"type": "mail"})
    with pytest.raises(RuleError, match="All 9 mail tokens"):
        play(session, {"type": "mail"})
    with pytest.raises(RuleError, match="only 9 mail"):
        play(session, {"type": "adjust", "player": "A", "token": "mail", "delta": 1})


def test_adjust_any_time_never_negative_and_only_known_tokens():
    session = replay(game(GAME, ["A", "B"]))
    with pytest.raises(RuleError, match="A would have -1 penalty tokens"):
        play(session, {"type": "adjust", "player": "A", "token": "penalty", "delta": -1})
    with pytest.raises(RuleError, match="not a token"):
        play(session, {"type": "adjust", "player": "A", "token": "gas", "delta": 1})
    with pytest.raises(RuleError, match='"Zed" is not playing'):
        play(session, {"type": "adjust", "player": "Zed", "token": "mail", "delta": 1})
    with pytest.raises(CompanionError, match="must not be 0"):
        play(session, {"type": "adjust", "player": "A", "token": "mail", "delta": 0})


def test_landing_on_the_pad_ends_the_game_at_the_end_of_that_turn():
    session = table_game(actions=[{"type": "order", "players": ["Ola", "Jan", "Ewa"]}])
    play(session, {"type": "landed"})
    assert not session.summary().data["over"]
    play(session, {"type": "penalty", "count": 1})
    summary = play(session, {"type": "end_turn"})
    assert summary["over"] and summary["current"] is None and summary["round"] == 1
    assert summary["table"]["landed"]
    with pytest.raises(RuleError, match="race is over"):
        play(session, {"type": "mail"})
    play(session, {"type": "adjust", "player": "Ola", "token": "mail", "delta": 1})


def test_score_only_once_over_once_and_for_exactly_the_held_colours():
    cards = {"A": ["blue", "red"], "B": ["pink", "green"]}
    session = replay(game(GAME, ["A", "B"], {"balloon_cards": cards}, actions=[{"type": "landed"}]))
    with pytest.raises(RuleError, match="when the race is over"):
        play(session, {"type": "score", "distances": {"blue": 1, "red": 1, "pink": 1, "green": 1}})
    play(session, {"type": "end_turn"})
    assert all(p["rank"] is None for p in session.summary().data["players"])
    with pytest.raises(RuleError, match="exactly these balloons"):
        play(session, {"type": "score", "distances": {"blue": 1, "red": 1, "pink": 1}})
    with pytest.raises(CompanionError, match="0 or more"):
        play(session, {"type": "score", "distances": {"blue": -1, "red": 1, "pink": 1, "green": 1}})
    summary = play(
        session, {"type": "score", "distances": {"blue": 1, "red": 4, "pink": 2, "green": 0}}
    )
    assert by_name(summary, "A")["distance"] == 5 and by_name(summary, "A")["score"] == -5
    assert by_name(summary, "B")["score"] == -2 and summary["winners"] == ["B"]
    with pytest.raises(RuleError, match="already been counted"):
        play(session, {"type": "score", "distances": {"blue": 1, "red": 4, "pink": 2, "green": 0}})


def test_tie_broken_by_the_closest_balloon_then_shared():
    cards = {"A": ["blue"], "B": ["pink"], "C": ["red"], "D": ["green"]}
    actions = [
        {"type": "order", "players": ["A", "B", "C", "D"]},
        {"type": "mail"},
        {"type": "end_turn"},  # A: 3
        {"type": "mail"},
        {"type": "penalty", "count": 1},
        {"type": "end_turn"},  # B: 2
        {"type": "mail"},
        {"type": "end_turn"},  # C: 3
        {"type": "mail"},
        {"type": "landed"},
        {"type": "end_turn"},  # D: 3
        {"type": "score", "distances": {"blue": 2, "pink": 0, "red": 1, "green": 1}},
    ]
    session = table_game(("A", "B", "C", "D"), {"balloon_cards": cards}, actions)
    summary = session.summary().data
    # scores A 1, B 2, C 2, D 2; B is closest (0) -> 1; C and D tie at 1 square -> 2, 2
    assert [p["score"] for p in summary["players"]] == [1, 2, 2, 2]
    assert [p["rank"] for p in summary["players"]] == [4, 1, 2, 2]
    assert summary["winners"] == ["B"]
    # The results say why: B before C by the closer balloon, C and D share a place.
    assert RULES.tie_breaks(session.state) == [
        M("tie_break", ahead="B", behind="C", near=0, far=1),
        M("tie_shared", first="C", second="D", near=1),
    ]
    assert [str(m) for m in RULES.tie_breaks(session.state)] == [
        "B ahead of C on equal score: closest balloon at distance 0 against 1",
        "C and D share a place: equal score, and their closest balloons at the same distance (1)",
    ]


def test_shared_victory_when_score_and_distance_are_equal():
    cards = {"A": ["blue"], "B": ["pink"]}
    summary = (
        replay(
            game(
                GAME,
                ["A", "B"],
                {"balloon_cards": {"A": ["blue", "red"], "B": ["pink", "green"]}},
                actions=[
                    {"type": "landed"},
                    {"type": "end_turn"},
                    {"type": "score", "distances": {"blue": 1, "red": 3, "pink": 1, "green": 3}},
                ],
            )
        )
        .summary()
        .data
    )
    assert [p["rank"] for p in summary["players"]] == [1, 1]
    assert summary["winners"] == ["A", "B"]
    assert cards  # both balloons count in the two-player game
    assert [p["distance"] for p in summary["players"]] == [4, 4]


def test_two_player_tie_break_uses_the_closest_of_both_balloons():
    cards = {"A": ["blue", "red"], "B": ["pink", "green"]}
    summary = (
        replay(
            game(
                GAME,
                ["A", "B"],
                {"balloon_cards": cards},
                actions=[
                    {"type": "landed"},
                    {"type": "end_turn"},
                    {"type": "score", "distances": {"blue": 0, "red": 4, "pink": 2, "green": 2}},
                ],
            )
        )
        .summary()
        .data
    )
    assert [p["score"] for p in summary["players"]] == [-4, -4]
    assert summary["winners"] == ["A"]


def test_score_before_the_end_is_mail_minus_penalties():
    summary = (
        replay(
            game(
                GAME,
                ["A", "B"],
                actions=[{"type": "mail"}, {"type": "mail"}, {"type": "penalty", "count": 1}],
            )
        )
        .summary()
        .data
    )
    current = summary["current"]
    assert by_name(summary, current)["score"] == 5 and by_name(summary, current)["rank"] is None


def test_prompts_name_who_places_obstacles_and_who_moves_all():
    session = table_game(actions=[{"type": "order", "players": ["Ola", "Jan", "Ewa"]}])
    texts = [str(m) for m in session.prompts()]
    assert "Ewa: place 4 obstacles on the corner squares with the yellow frame" in texts
    assert "Ola: turn the hourglass and roll the dice" in texts
    play(session, {"type": "start_timer"})
    assert "Ola: move 2 obstacles, then end your turn" in [str(m) for m in session.prompts()]
    play(session, {"type": "end_turn"}, {"type": "end_turn"}, {"type": "start_timer"})
    assert "Ewa: move all obstacles, then end your turn" in [str(m) for m in session.prompts()]
    play(session, {"type": "end_turn"}, {"type": "order", "players": ["Jan", "Ola", "Ewa"]})
    assert "Jan: place a new obstacle next to the yellow frame" in [
        str(m) for m in session.prompts()
    ]


def test_replay_error_names_the_action_number_and_type():
    data = game(GAME, ["A", "B"], actions=[{"type": "start_timer"}, {"type": "start_timer"}])
    with pytest.raises(ReplayError) as caught:
        replay(data)
    assert str(caught.value) == "action 2 (start_timer): The hourglass was already turned this turn"
