"""`python -m bench`: run every benchmark module, print one table, write bench/results.json.

To add figures, add a module with a `run() -> dict` (see bench/__init__.py) to BENCHES.
"""

from __future__ import annotations

import compileall
import importlib
import json
import math
import os
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Any

BENCHES = (
    "bench.engine_bench",
    "bench.hardware_bench",
    "bench.app_bench",
    "bench.long_games_bench",
    "bench.strip_bench",
)
RESULTS = Path(__file__).resolve().parent / "results.json"
ROOT = Path(__file__).resolve().parent.parent


def compile_sources() -> None:
    """Write our modules' bytecode, as pip does when it installs the app on the Pi and
    as Kivy's wheel was: without it (an editable install run with
    PYTHONDONTWRITEBYTECODE, as CI sets it) every start compiles 50 modules again,
    70 ms of `cold_start_s` that a bare Kivy window never pays."""
    for package in ("companion", "hardware", "bench"):
        compileall.compile_dir(ROOT / package, quiet=1)


def met(figure: dict[str, Any]) -> bool | None:
    """Whether the figure is under its target (None when it has no target)."""
    target = figure.get("target")
    if target is None:
        return None
    if figure.get("better") == "higher":  # a rate: at least the target
        return bool(figure["value"] >= target)
    return bool(figure["value"] <= target)


def measured(figure: dict[str, Any]) -> bool:
    """Whether the figure measured something: a finite value, and samples where it
    counts them (a probe that timed nothing reports `inf`, -1 or no samples)."""
    value = figure.get("value")
    if not isinstance(value, int | float) or not math.isfinite(value):
        return False
    return figure.get("samples", 1) > 0


def unmeasured(figures: dict[str, dict[str, Any]]) -> list[str]:
    return [name for name, figure in figures.items() if not measured(figure)]


def row(name: str, figure: dict[str, Any]) -> str:
    target = figure.get("target")
    verdict = {True: "ok", False: "OVER", None: ""}[met(figure)]
    if not measured(figure):
        verdict = "MEASURED NOTHING"
    target_text = "-" if target is None else f"{target:g}"
    return f"  {name:30} {figure['value']:>10} {figure['unit']:4} {target_text:>8}  {verdict}"


def machine() -> str:
    """Where the figures were measured: they only compare within one run."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            names = [
                line.split(":", 1)[1].strip() for line in info if line.startswith("model name")
            ]
        if names:
            cpu = names[0]
    except OSError:
        pass
    system = f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores"
    return f"{system}, {cpu}, Python {platform.python_version()}"


def main(benches: tuple[str, ...] = BENCHES, results_path: Path = RESULTS) -> int:
    """Every module's figures; 1 when a module failed or a figure measured nothing."""
    compile_sources()
    results: dict[str, Any] = {"figures": {}, "modules": {}, "machine": machine()}
    failed = False
    print(f"  {'figure':30} {'value':>10} {'unit':4} {'target':>8}")
    for module_name in benches:
        started = time.perf_counter()
        try:
            figures = importlib.import_module(module_name).run()
        except Exception:  # one broken benchmark must not hide the others' figures
            failed = True
            print(f"{module_name}: failed", file=sys.stderr)
            traceback.print_exc()
            continue
        seconds = round(time.perf_counter() - started, 2)
        print(f"{module_name} ({seconds} s)")
        for name, figure in figures.items():
            print(row(name, figure), flush=True)
            results["figures"][name] = {**figure, "met": met(figure)}
        results["modules"][module_name] = {"seconds": seconds, "figures": list(figures)}
        if empty := unmeasured(figures):
            failed = True
            print(f"{module_name}: measured nothing: {', '.join(empty)}", file=sys.stderr)
    results_path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"figures written to {results_path}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
