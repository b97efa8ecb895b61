"""Engine figures: one stored action with synchronous=FULL, and resuming 10,000 actions."""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.core.model import GameSetup, PlayerSpec
from companion.games import get
from companion.store import Store

RULES = get("wyscig-balonow")
SETUP = GameSetup(
    game=RULES.id, seed=1, players=[PlayerSpec(name=n) for n in ("Ola", "Jan", "Ewa")]
)


def _p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def store_append(folder: Path, count: int = 1000) -> dict[str, float]:
    """Apply + commit one action (the journal's transaction), `count` times."""
    store = Store(folder / "append.db")
    session = store.load_session(store.create_session(SETUP))
    penalty = RULES.parse_action({"type": "penalty", "count": 1})
    samples = []
    for _ in range(count):
        start = time.perf_counter()
        session.apply(penalty)
        samples.append((time.perf_counter() - start) * 1000)
    store.close()
    return {"p50": statistics.median(samples), "p99": _p99(samples)}


def resume(folder: Path, count: int = 10_000) -> float:
    """Seconds to rebuild a stored session of `count` actions (what a restart does)."""
    store = Store(folder / "resume.db")
    session_id = store.create_session(SETUP)
    store.conn.execute("BEGIN")
    for seq in range(1, count + 1):
        action = (
            {"type": "penalty", "count": 1}
            if seq % 2
            else {"type": "dice", "values": [1, 2, 3, 4, 6]}
        )
        store.conn.execute(
            "INSERT INTO actions(session_id, seq, action, at) VALUES (?, ?, ?, ?)",
            (session_id, seq, json.dumps(action), "2026-11-30T20:00:00.000Z"),
        )
    store.conn.execute("COMMIT")
    store.close()
    start = time.perf_counter()
    reopened = Store(folder / "resume.db")
    session = reopened.load_session(session_id)
    elapsed = time.perf_counter() - start
    assert len(session.log) == count
    reopened.close()
    return elapsed


def run() -> dict[str, dict[str, Any]]:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        append = store_append(folder)
        replay = resume(folder)
    return {
        "store_append_p50_ms": {"value": round(append["p50"], 3), "unit": "ms", "target": 10},
        "store_append_p99_ms": {"value": round(append["p99"], 3), "unit": "ms", "target": 10},
        "replay_10k_actions_s": {"value": round(replay, 3), "unit": "s", "target": 0.5},
    }


if __name__ == "__main__":
    for name, figure in run().items():
        print(f"{name:28} {figure['value']:>10} {figure['unit']:4} target {figure['target']}")
