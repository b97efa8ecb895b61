"""`make bench` measures something in every figure (issue 32.8): a probe that timed
nothing (`inf`, no samples) fails the run instead of printing a figure, and the glass
probes run a glass that ends within their time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from bench import __main__ as bench_main
from companion.core.hourglass import FakeClock, Hourglass
from tests.waiting import limit

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app_probe() -> Iterator[ModuleType]:
    """`bench.app_probe`, whose import sets Kivy's variables for its own process:
    this one gets its own back."""
    saved = dict(os.environ)
    from bench import app_probe

    yield app_probe
    os.environ.clear()
    os.environ.update(saved)


def test_a_figure_measures_something() -> None:
    assert bench_main.measured({"value": 1.7, "unit": "ms", "target": 5, "samples": 20})
    assert bench_main.measured({"value": 0.0, "unit": "taps", "target": 0})
    assert not bench_main.measured({"value": float("inf"), "unit": "ms", "target": 5})
    assert not bench_main.measured({"value": float("nan"), "unit": "ms", "target": 5})
    assert not bench_main.measured({"value": -1.0, "unit": "ms", "target": 5, "samples": 0})


def test_make_bench_fails_when_a_probe_measures_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bench_nothing.py").write_text(
        "def run():\n"
        "    return {\n"
        "        'tone_ms': {'value': float('inf'), 'unit': 'ms', 'target': 5, 'samples': 0},\n"
        "        'frame_ms': {'value': 12.0, 'unit': 'ms', 'target': 20, 'samples': 100},\n"
        "    }\n",
        encoding="utf-8",
    )
    (tmp_path / "bench_something.py").write_text(
        "def run():\n    return {'frame_ms': {'value': 12.0, 'unit': 'ms', 'target': 20}}\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(bench_main, "compile_sources", lambda: None)
    results = tmp_path / "results.json"
    assert bench_main.main(("bench_something",), results) == 0
    assert bench_main.main(("bench_nothing",), results) == 1
    out = capsys.readouterr()
    assert "measured nothing: tone_ms" in out.err
    assert "MEASURED NOTHING" in out.out


def test_the_glass_probes_glass_ends_in_their_time(app_probe: ModuleType) -> None:
    """The table's glass holds the sand of its turn (30 s): the probe's short glass
    must end when the probe waits for it, or no tone is ever timed."""
    clock = FakeClock()
    glass = Hourglass(30, clock, warnings=(10,))
    glass.start()
    clock.advance(2)
    glass.reset(glass.seconds_left())  # the sand kept from a turn before
    app_probe.short_glass(glass, 1.5)
    glass.start()
    assert glass.seconds_left() == pytest.approx(1.5)
    clock.advance(1.5)
    assert str(glass.phase) == "expired"


@pytest.mark.timeout(300)
def test_the_frame_probe_loses_no_tap() -> None:
    """A tap the probe counts lost is a tap the app did not take: the probe's first tap
    must wait until its dialog takes taps (a dialog swallows a touch that began in its
    first half second, `companion.ui.fresh`), or a figure stands on a tap no player
    would make."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.frame_probe", "touch"],
        cwd=ROOT,
        env={**os.environ, "FRAME_PRESSES": "4"},
        capture_output=True,
        text=True,
        timeout=limit(240),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert (found["n"], found["lost"]) == (4, 0), found


@pytest.mark.timeout(300)
def test_the_key_probe_counts_the_press_that_ends_the_game_apart() -> None:
    """GO's figure is the table's press to its redrawn table, beside the bare window's
    label; the press that ends the game builds the score screen, a new screen's first
    frame, and is counted on its own (the probe's game ends at its 30th press)."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.frame_probe", "key"],
        cwd=ROOT,
        env={**os.environ, "FRAME_PRESSES": "31"},
        capture_output=True,
        text=True,
        timeout=limit(240),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert (found["n"], found["switches"], found["lost"]) == (30, 1, 0), found
    assert found["switch_max_ms"] > 0
