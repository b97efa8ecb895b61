"""A game night in accelerated time: 8 hours, 5 games back to back with the
hourglass, undo and resume. Memory stays steady and nothing is logged as an error."""

from __future__ import annotations

import gc
import logging
import random
import tracemalloc
from pathlib import Path

import pytest

from companion.core.hourglass import FakeClock

from .table import data_store, new_game, open_model

NIGHT_S = 8 * 3600
GAMES = 5
FRAME_S = 1.0  # the frame clock, coarse: the glass only needs each second


def test_eight_hours_five_games_steady_memory_no_errors(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    clock = FakeClock()
    store = data_store(tmp_path)
    rng = random.Random(8)
    start = clock()
    tracemalloc.start()
    after_first = 0
    try:
        for number in range(GAMES):
            session_id = new_game(store, ["Ola", "Jan", "Ewa", "Bo"], seed=number)
            model = open_model(store, session_id, clock)
            budget = start + NIGHT_S * (number + 1) / GAMES
            model = play_one_game(store, session_id, model, clock, rng, budget)
            assert model.session.decided
            model.close()
            gc.collect()
            if number == 0:
                after_first = tracemalloc.get_traced_memory()[0]
        gc.collect()
        growth = tracemalloc.get_traced_memory()[0] - after_first
    finally:
        tracemalloc.stop()
    assert clock() - start >= NIGHT_S - 60
    assert len(store.sessions(finished=True)) == GAMES
    assert growth < 10 * 2**20, f"memory grew {growth / 2**20:.1f} MB after the first game"
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    store.close()


def play_one_game(store, session_id, model, clock, rng, budget):  # type: ignore[no-untyped-def]
    turns = 0
    while not model.state.over:
        if model.rules.needs_obstacle(model.state):
            assert model.act("place_obstacle")
        clock.advance(0.5)  # a new press, past the GO lock-out
        assert model.go() == "start_timer"
        run_frames(model, clock, rng.choice([5, 12, 25, 31]))  # 31: the sand runs out
        if model.question == "unplaced":
            assert model.act("timer_expired", unplaced=rng.randint(0, 3))
        if rng.random() < 0.3:
            model.act("mail")
        if rng.random() < 0.2:
            assert model.act("penalty", count=1)
            assert model.undo()  # a mis-tap, taken back
        if rng.random() < 0.15:
            model.toggle_pause()
            run_frames(model, clock, 30)
            model.toggle_pause()
        clock.advance(0.5)
        assert model.go() == "end_turn", model.error
        turns += 1
        if turns % 5 == 0:  # the Pi is switched off and on again
            model.close()
            model = open_model(store, session_id, clock)
        idle = max(0.0, (budget - clock()) / max(1, 18 - turns))
        run_frames(model, clock, idle)
    held = model.state.colours_held
    assert model.act("score", distances={c: rng.randint(0, 6) for c in held})
    return model


def run_frames(model, clock, seconds: float) -> None:  # type: ignore[no-untyped-def]
    elapsed = 0.0
    while elapsed < seconds:
        step = min(FRAME_S, seconds - elapsed)
        clock.advance(step)
        elapsed += step
        model.tick()
