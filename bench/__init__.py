"""Benchmarks that print figures (`make bench` runs `python -m bench`).

Each module in `bench.__main__.BENCHES` exposes `run() -> dict` mapping a figure's name
to `{"value": number, "unit": str, "target": number | None}`; a target is an upper
bound the figure should stay under. A figure may add `"samples"`: how many measurements
it stands on; one with none, or a value that is not a finite number (a probe that timed
nothing reports `inf`), fails `make bench`.
"""
