"""Two `companion run` on one data folder: the second, started while the first shows its
window, refuses with one sentence and opens none; `companion export` and `stats` work
beside the running app; once it is killed, the app starts again."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run_companion
from tests.e2e.test_run_resume import App, app_env, display, pytestmark  # noqa: F401


def test_a_second_app_refuses_and_the_first_keeps_the_folder(
    display: str,  # noqa: F811 (the fixture imported above)
    tmp_path: Path,
) -> None:
    env, data = app_env(tmp_path)
    first = App(display, env, "--new", "wyscig-balonow", "--players", "A,B")
    try:
        second = run_companion("run", "--simulate", env={**env, "DISPLAY": display})
        assert second.returncode == 2
        assert second.stderr == (
            f"error: The companion is already running on this data folder ({data}, process "
            f"{first.process.pid}): use that one, or close it first\n"
        )
        exported = run_companion("export", env={"COMPANION_DATA_DIR": str(data)})
        assert exported.returncode == 0, exported.stderr
        assert run_companion("stats", env={"COMPANION_DATA_DIR": str(data)}).returncode == 0
    finally:
        first.kill()
    again = App(display, env)  # the kill released the lock
    assert again.screen == "wyscig"
    again.kill()
