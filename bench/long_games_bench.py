"""Long games within the limits (issue 23.9): a 100,000-action game file of each game
replayed by `companion replay`, and a stored 100,000-action game resumed.

- `replay_100k_<game>_cpu_s`: the CPU seconds (user + system) of `companion replay
  FILE` in a process of its own, as a user runs it; `replay_1_action_cpu_s` is the
  same command on a one-action file, the baseline of the command's own start.
- `resume_100k_store_cpu_s`: opening the store and resuming the game (the state before
  its last action too, which the table shows), the slowest of the registered games.
- `resume_100k_s`: the app started on that Balmy game, to the first frame of its table
  (`bench.app_probe resume`), beside the same for a 50-action Balmy game and the app's
  first frame of an empty home screen.

The games (every registered one) are made up by `bench.big_games` (random taps from
the rules' own `legal` choices).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import big_games
from companion import files, games
from companion.store import Store

ACTIONS = 100_000
ROOT = Path(__file__).resolve().parent.parent
Figures = dict[str, dict[str, Any]]


def _figure(value: float, target: float | None) -> dict[str, Any]:
    return {"value": round(value, 3), "unit": "s", "target": target}


def replay_cpu(path: Path) -> float:
    """CPU seconds of `companion replay path` in a process of its own."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(path)],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"companion replay {path.name} failed: {done.stderr[-400:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def resume_cpu(folder: Path, session: Any) -> float:
    """CPU seconds to open the store and resume the stored game as the table shows it."""
    path = folder / "companion.db"
    store = Store(path)
    session_id = store.import_session(session)
    store.close()
    started = time.process_time()
    store = Store(path)
    resumed = store.load_session(session_id)
    resumed.prompts()
    resumed.state_at(len(resumed) - 1)
    elapsed = time.process_time() - started
    store.close()
    return elapsed


def app_probe(mode: str, data: Path) -> dict[str, Any]:
    env = {**os.environ, "COMPANION_DATA_DIR": str(data)}
    done = subprocess.run(
        [sys.executable, "-m", "bench.app_probe", mode],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=300, check=False,
    )  # fmt: skip
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("{"):
            figures: dict[str, Any] = json.loads(line)
            return figures
    raise RuntimeError(f"app_probe {mode} printed no figure: {done.stderr[-800:]}")


def run(count: int = ACTIONS, *, app: bool = True) -> Figures:
    figures: Figures = {}
    with tempfile.TemporaryDirectory(prefix="long-games-") as name:
        folder = Path(name)
        one = folder / "one.json"
        one.write_text(json.dumps(big_games.game_file(games.game_ids()[0], 1)))
        figures["replay_1_action_cpu_s"] = _figure(replay_cpu(one), None)
        resumes = []
        for game in games.game_ids():
            path = folder / f"{game}.json"
            path.write_text(json.dumps(big_games.game_file(game, count)))
            figures[f"replay_100k_{game}_cpu_s"] = _figure(replay_cpu(path), 2.0)
            data = folder / game
            data.mkdir()
            resumes.append(resume_cpu(data, files.replay_path(path)))
        figures["resume_100k_store_cpu_s"] = _figure(max(resumes), 0.5)
        if app:
            probe = app_probe("resume", folder / "balmy-balloonists")
            if probe.get("actions") != count:
                raise RuntimeError(f"the app came up without the long game: {probe}")
            figures["resume_100k_s"] = _figure(probe["seconds"], 2.0)
            short = folder / "short"
            short.mkdir()
            resume_cpu(short, files.replay(big_games.game_file("balmy-balloonists", 50)))
            figures["resume_50_actions_s"] = _figure(app_probe("resume", short)["seconds"], None)
            empty = folder / "empty"
            empty.mkdir()
            figures["cold_start_home_s"] = _figure(app_probe("cold", empty)["seconds"], None)
    return figures


if __name__ == "__main__":
    for figure_name, figure in run().items():
        print(f"{figure_name:32} {figure['value']:>8} {figure['unit']}  target {figure['target']}")
