"""Start-up: the home screen's first frame comes before the devices are opened (as
`companion run` makes them), and a game's table never comes before them."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from kivy.core.window import Window

from companion.ui.fresh import SETTLE_S
from tests.ui.harness import Harness

pytestmark = pytest.mark.one_size


def test_the_devices_open_after_the_home_screens_first_frame(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ui = Harness(tmp_path, open_devices=False, first_frames=0)
    try:
        assert ui.app.root.current == "home"
        assert not ui.devices.opened and ui.devices.sim is None
        assert ui.app.status == []  # nothing said about devices not looked at yet
        assert "ready" not in capsys.readouterr().out  # a key now would be lost
        drawn: list[bool] = []
        Window.bind(on_flip=lambda *_: drawn.append(ui.devices.opened))
        ui.step(3)
        assert drawn and drawn[0] is False  # the first frame did not wait for them
        assert ui.devices.opened and ui.devices.sim is not None
        assert ui.app.status  # the status line names them now
        # Ready once a tap would be taken: the home screen takes none in its first half
        # second (issue 31.1).
        said: list[str] = []
        ui.wait(lambda: said.append(capsys.readouterr().out) or "".join(said), "ready")
        assert time.time() >= ui.screen.shown_at + SETTLE_S
        assert "".join(said) == "companion: ready on the home screen\n"
        ui.app.show("hwtest")
        ui.step(2)
        ui.key("space")  # the simulated GO button reaches the screen
        assert ui.screen.ids.go.text == "GO pressed"
    finally:
        ui.close()


def test_a_game_started_at_once_has_its_devices_before_its_table(tmp_path: Path) -> None:
    ui = Harness(
        tmp_path, new_game=("wyscig-balonow", ["Ola", "Jan"]), open_devices=False, first_frames=0
    )
    try:
        assert ui.devices.opened and ui.devices.sim is not None
        assert ui.app.model is not None
        # the glass drives the simulation's strip and buzzer, not the stand-ins
        assert ui.app.model.play.lights.strip is ui.devices.sim.strip
        assert ui.app.model.driver.buzzer is ui.devices.sim.buzzer
        ui.step(2)  # the first frames, before the app is closed
    finally:
        ui.close()
