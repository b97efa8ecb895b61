import json
import random
from pathlib import Path

import pytest

from companion import files
from companion.stats import (
    chi2_sf,
    dice_fairness,
    fairness,
    fewest_win,
    player_stats,
    turn_times,
)
from companion.store import Store
from tests.conftest import run_companion


def finished_game(seed: int, mail_for_second: int) -> dict:
    actions = [{"type": "order", "players": ["Ola", "Jan", "Jan", "Ola"]}]
    t = 0

    def stamp() -> str:
        nonlocal t
        t += 10
        return f"2026-11-30T20:{t // 60:02d}:{t % 60:02d}.000Z"

    actions += [{"type": "start_timer", "at": stamp()}, {"type": "end_turn", "at": stamp()}]
    actions += [{"type": "mail", "at": stamp()} for _ in range(mail_for_second)]
    actions += [{"type": "end_turn", "at": stamp()}, {"type": "end_turn", "at": stamp()}]
    actions += [{"type": "landed", "at": stamp()}, {"type": "end_turn", "at": stamp()}]
    actions += [{"type": "score", "distances": {"red": 1, "pink": 2, "blue": 3, "green": 0}}]
    return {
        "format": 1,
        "game": "wyscig-balonow",
        "seed": seed,
        "players": ["Ola", "Jan"],
        "options": {
            "order_cards": "table",
            "balloon_cards": {"Ola": ["red", "pink"], "Jan": ["blue", "green"]},
        },
        "actions": actions,
    }


def test_plays_wins_scores_and_turn_times_per_player():
    store = Store()
    for seed, mail in ((1, 2), (2, 0)):
        store.import_session(files.replay(finished_game(seed, mail)))
    by_player = {s.player: s for s in player_stats(store)}
    jan, ola = by_player["Jan"], by_player["Ola"]
    assert (jan.plays, ola.plays) == (2, 2)
    # Ola -3 both times; Jan 6-3=3 then -3 (tie with Ola, Jan's closest 0 beats 1)
    assert sorted(jan.scores) == [-3, 3] and ola.scores == [-3, -3]
    assert (jan.wins, ola.wins) == (2, 0) and jan.win_rate == 1.0
    assert jan.best_score == 3 and jan.average_score == 0
    times = turn_times(store, store.sessions()[-1].id)
    assert times["Ola"][0] == pytest.approx(10.0)  # from the first action to her end_turn


def test_chi_square_matches_the_tables():
    assert chi2_sf(11.070, 5) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(15.086, 5) == pytest.approx(0.01, abs=1e-4)
    assert chi2_sf(0.0, 5) == 1.0


def test_fairness_accepts_fair_dice_and_catches_a_known_bias():
    fair_rng = random.Random(1)
    fair = [[fair_rng.randint(1, 6) for _ in range(5)] for _ in range(600)]
    assert fairness("fair", fair).looks_fair
    biased_rng = random.Random(2)
    weights = [1, 1, 1, 1, 1, 1.6]  # a six that comes up 60% more often
    biased = [biased_rng.choices(range(1, 7), weights, k=5) for _ in range(600)]
    result = fairness("loaded", biased)
    assert not result.looks_fair and result.p_value < 0.001
    assert result.counts[6] > max(result.counts[f] for f in range(1, 6))


def test_unreadable_dice_are_counted_apart():
    result = fairness("r", [[1, None, 6], [None, 2, 3]])
    assert result.unreadable == 2 and result.rolled == 4


def test_rolls_are_kept_per_reader_and_reported():
    store = Store()
    store.rolls.record("cube-1", [1, 2, 3, 4, 5], None)
    store.rolls.record("cube-1", [6, 6, None, 1, 2], None)
    store.rolls.record("cube-2", [3], None)
    readers = {f.reader: f for f in dice_fairness(store)}
    assert readers["cube-1"].rolled == 9 and readers["cube-1"].unreadable == 1
    assert readers["cube-2"].counts[3] == 1
    store.close()
    out = run_companion("stats", "--json")
    assert out.returncode == 0
    assert [d["reader"] for d in json.loads(out.stdout)["dice"]] == ["cube-1", "cube-2"]


def test_too_few_dice_get_no_verdict_from_the_command_or_the_rule() -> None:
    store = Store()
    store.rolls.record("cube-1", [6, 6], None)
    store.rolls.record("cube-1", [6, 6], None)
    [reader] = dice_fairness(store)
    store.close()
    assert reader.p_value < 0.01  # the test alone would call it biased
    assert reader.verdict == "too_few"
    text = run_companion("stats")
    assert "cube-1: 1:0 2:0 3:0 4:0 5:0 6:4; too few dice to judge (4; at least 30)" in text.stdout
    assert "biased" not in text.stdout
    data = json.loads(run_companion("stats", "--json").stdout)
    assert data["dice"][0]["verdict"] == "too_few"


def test_enough_dice_get_the_chi_square_verdict() -> None:
    fair_rng = random.Random(1)
    fair = fairness("fair", [[fair_rng.randint(1, 6) for _ in range(5)] for _ in range(600)])
    loaded = fairness("loaded", [[6, 6, 6, 6, 1] for _ in range(6)])
    assert (fair.verdict, loaded.verdict) == ("fair", "biased")


def test_each_line_is_a_player_and_a_title_and_the_ranks_say_which_score_is_best():
    store = Store()
    store.import_session(files.replay(finished_game(1, 2)))
    lines = player_stats(store)
    assert {(s.game, s.title) for s in lines} == {("wyscig-balonow", "Wyścig balonów")}
    assert lines[0].to_json()["title"] == "Wyścig balonów"
    high = [{"score": 9, "rank": 1}, {"score": 4, "rank": 2}, {"score": None, "rank": 3}]
    low = [{"score": 9, "rank": 2}, {"score": 4, "rank": 1}]
    assert not fewest_win(high) and fewest_win(low)
    assert not fewest_win([{"score": 4, "rank": 1}, {"score": 4, "rank": 1}])


def any_game(title: str, points: dict[str, int], scoring: str = "high") -> dict:
    return {
        "format": 1,
        "game": "any-game",
        "seed": 3,
        "players": list(points),
        "options": {"title": title, "scoring": scoring},
        "actions": [
            {"type": "end_turn", "at": "2026-11-30T20:00:30.000Z"},
            {"type": "score", "points": points},
        ],
    }


def test_any_board_game_is_counted_per_title():
    store = Store()
    store.import_session(files.replay(any_game("Azul", {"Ola": 60, "Jan": 45})))
    store.import_session(files.replay(any_game("Azul", {"Ola": 50, "Jan": 70})))
    store.import_session(files.replay(any_game("Golf", {"Ola": 40, "Jan": 35}, "low")))
    lines = {(s.title, s.player): s for s in player_stats(store)}
    assert sorted(lines) == [("Azul", "Jan"), ("Azul", "Ola"), ("Golf", "Jan"), ("Golf", "Ola")]
    assert {s.game for s in lines.values()} == {"any-game"}
    azul_ola, golf_jan = lines[("Azul", "Ola")], lines[("Golf", "Jan")]
    assert (azul_ola.plays, azul_ola.wins, azul_ola.best_score) == (2, 1, 60)
    assert (golf_jan.plays, golf_jan.wins, golf_jan.best_score) == (1, 1, 35)  # fewest win
    assert lines[("Golf", "Ola")].best_score == 40
    store.close()
    out = run_companion("stats", "--json")
    titles = {(p["title"], p["player"]) for p in json.loads(out.stdout)["players"]}
    assert ("Golf", "Jan") in titles
    text = run_companion("stats").stdout
    assert "Golf: Jan: 1 played, 1 won" in text and "Any game" not in text


def test_a_score_sheet_gives_each_player_an_average_per_line_and_a_best_line(tmp_path) -> None:
    """Issue 34.4: per title, each player's average in each line of the sheet, under
    the group's own names (as the game named them), and their best line."""
    golden = Path(__file__).parent / "games" / "files" / "any-game-sheet.json"
    game = json.loads(golden.read_text(encoding="utf-8"))
    store = Store(tmp_path / "c.db")
    store.import_session(files.replay(game))
    second = json.loads(json.dumps(game))
    score = next(a for a in second["actions"] if a["type"] == "score")
    score["points"]["Ola"] = {"roads": 10, "cities": 2, "cloisters": 1, "farms": -1}
    store.import_session(files.replay(second))
    store.import_session(files.replay(any_game("Azul", {"Ola": 60, "Jan": 45})))
    found = {(s.title, s.player): s for s in player_stats(store)}
    ola = found["Carcassonne", "Ola"]
    assert ola.line_averages == {"Roads": 7.0, "Cities": 7.0, "Cloisters": 5.0, "Farms": -2.0}
    assert ola.best_line == "Roads"  # the first of equals, in the sheet's order
    assert found["Carcassonne", "Bo"].best_line == "Roads"  # out, last with 60: still high
    assert found["Carcassonne", "Ewa"].to_json()["lines"]["Cities"] == 20.0
    assert found["Azul", "Ola"].line_averages == {} and found["Azul", "Ola"].best_line is None
    store.close()
