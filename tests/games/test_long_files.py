"""A game file as long as the limits allow (100,000 actions) replays quickly (issue
23.9): the log is validated in one go and the rules copy little per action."""

from __future__ import annotations

import json
import time
from pathlib import Path

from companion import files
from tests.waiting import slowness

ACTIONS = 100_000


def test_a_100000_action_file_replays_in_under_two_seconds(tmp_path: Path) -> None:
    # Balmy's end of turn is its most frequent action and among its dearest: the
    # upkeep, the restrictions, the next racing balloon.
    path = tmp_path / "long.json"
    game = {"format": 1, "game": "balmy-balloonists", "seed": 1, "players": ["Ola", "Jan"]}
    path.write_text(json.dumps({**game, "actions": [{"type": "end_turn"}] * ACTIONS}, indent=2))
    # The best of up to three tries: CPU time too grows when other processes share the
    # cores and their caches (2.04 s once with two CPU hogs beside the suite).
    tries = []
    while len(tries) < 3 and (not tries or min(tries) >= 2.0 * slowness()):
        started = time.process_time()
        session = files.replay_path(path)
        summary = session.summary().data
        tries.append(time.process_time() - started)
        assert len(session) == ACTIONS and not summary["over"]
    assert min(tries) < 2.0 * slowness(), f"{tries} s CPU to replay {ACTIONS} actions"


def test_the_long_games_benchmark_runs() -> None:
    from bench import long_games_bench
    from companion import games

    figures = long_games_bench.run(count=300, app=False)
    assert set(figures) == {
        "replay_1_action_cpu_s",
        *(f"replay_100k_{game}_cpu_s" for game in games.game_ids()),
        "resume_100k_store_cpu_s",
    }
    assert all(figure["value"] > 0 for figure in figures.values())
