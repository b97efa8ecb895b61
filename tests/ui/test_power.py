"""The menu's "Shut down the Pi": offered only where it can work, behind a hold, and
done by asking systemd (here a stand-in that notes the command), never as root."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from companion import power
from hardware.events import HardwareEvent, Kind, Source
from tests.ui.harness import Harness

pytestmark = pytest.mark.one_size


class Systemd:
    """Answers as `systemctl` would: yes, or polkit's refusal."""

    def __init__(self, refuse: str = "") -> None:
        self.asked: list[list[str]] = []
        self.refuse = refuse

    def __call__(self, args: Sequence[str]) -> subprocess.CompletedProcess[str]:
        self.asked.append(list(args))
        code = 1 if self.refuse else 0
        return subprocess.CompletedProcess(list(args), code, "", self.refuse)


@pytest.fixture
def ui(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()


def open_menu(ui: Harness) -> object:
    ui.devices.events.put(HardwareEvent(Source.GO, Kind.HELD))  # a long press of GO
    ui.step(2)
    return ui.app.menu


def test_the_item_is_there_only_where_it_can_work(ui: Harness) -> None:
    assert ui.app.can_power_off is False  # a desktop window: not offered
    menu = open_menu(ui)
    item = menu.ids.power_off
    assert item.opacity == 0 and item.disabled and item.height == 0
    ui.app.can_power_off = True  # as on the kiosk with the polkit rule
    ui.step(2)
    assert ui.find("Hold to shut down the Pi", menu) == item
    assert item.opacity == 1 and not item.disabled and item.height > 40


def test_a_hold_asks_systemd_and_a_tap_does_not(ui: Harness) -> None:
    systemd = Systemd()
    ui.app.power_runner = systemd
    ui.app.can_power_off = True
    menu = open_menu(ui)
    item = ui.find("Hold to shut down the Pi", menu)
    ui.tap(item)  # a tap is not a hold
    assert systemd.asked == []
    assert item.hold_s == 2.0
    item.dispatch("on_hold")  # what two seconds of holding end in
    assert systemd.asked == [["systemctl", "poweroff"]]
    assert ui.app.power_problem is None


def test_a_refusal_is_said_in_the_menu(ui: Harness) -> None:
    ui.app.power_runner = Systemd(refuse="Failed to power off system via logind: Access denied")
    ui.app.can_power_off = True
    menu = open_menu(ui)
    ui.find("Hold to shut down the Pi", menu).dispatch("on_hold")
    ui.step(2)
    ui.find("The Pi did not shut down: Failed to power off system via logind: Access denied")
    ui.shot("menu-power-refused")


def test_available_needs_the_kiosk_systemctl_and_the_rule_or_a_session(tmp_path: Path) -> None:
    rule = tmp_path / "50-companion.rules"
    found = {"which": lambda name: f"/usr/bin/{name}"}
    assert not power.available(kiosk=True, rule=rule, environ={}, **found)
    assert power.available(kiosk=True, rule=rule, environ={"XDG_SESSION_ID": "3"}, **found)
    rule.write_text("// the installer's rule\n")
    assert power.available(kiosk=True, rule=rule, environ={}, **found)
    assert not power.available(kiosk=False, rule=rule, environ={}, **found)
    assert not power.available(kiosk=True, rule=rule, environ={}, which=lambda name: None)
