"""companion.pi_checks on fake roots: each check over files, with commands and the disk
probe injected."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pytest

from companion import pi_checks
from companion.pi_checks import Check
from tests.store.conftest import without_rights

GOOD_GROUPS = "video:x:44:companion\nrender:x:106:companion\ninput:x:105:pi\n" \
    "touchscreen:x:996:companion\n" \
    "gpio:x:997:companion\nspi:x:999:pi,companion\ndialout:x:20:companion\n" \
    "audio:x:29:pi,companion\n"  # fmt: skip


def answers(**replies: str):  # type: ignore[no-untyped-def]
    """A command runner that answers `systemctl ... is-enabled/is-active` from a table."""

    def run(args: Sequence[str]) -> subprocess.CompletedProcess[str]:
        verb = next(a for a in args if a.startswith("is-"))
        return subprocess.CompletedProcess(list(args), 0, replies.get(verb, "") + "\n", "")

    return run


def write(root: Path, path: str, text: str) -> Path:
    target = root / path.lstrip("/")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    return target


def pi_root(tmp_path: Path, strip: str = "none") -> Path:
    root = tmp_path / "root"
    write(root, "/etc/group", GOOD_GROUPS)
    write(root, "/etc/companion/config.toml", f'[strip]\ntype = "{strip}"\n')
    write(root, "/boot/firmware/config.txt", "dtoverlay=vc4-kms-v3d\ndtparam=spi=on\n")
    write(root, "/sys/class/drm/card1-DSI-1/status", "connected\n")
    write(root, "/sys/class/drm/card1-HDMI-A-1/status", "disconnected\n")
    write(root, "/dev/dri/card0", "")
    write(root, "/dev/dri/card1", "")
    write(root, "/dev/spidev0.0", "")
    write(root, pi_checks.POLKIT_RULE, "polkit.addRule(...);\n")
    (root / "var/lib/companion/data").mkdir(parents=True)
    return root


def test_a_good_pi_passes_every_check(tmp_path: Path) -> None:
    root = pi_root(tmp_path, strip="apa102")
    checks = pi_checks.run_all(root=root, run=answers(**{"is-enabled": "enabled"}),
                               free=lambda _: 10**9)  # fmt: skip
    assert [c.name for c in checks] == [
        "service", "groups", "spi", "display", "power-off", "config", "disk"
    ]  # fmt: skip
    assert all(c.ok and c.fix == "" for c in checks), checks
    display = next(c for c in checks if c.name == "display")
    assert "DSI-1 on card1" in display.detail
    assert "SDL_KMSDRM_DEVICE_INDEX=1" in display.detail


def test_without_the_polkit_rule_the_menu_cannot_switch_off(tmp_path: Path) -> None:
    check = pi_checks.check_power_off(tmp_path)
    assert not check.ok and check.fix == pi_checks.REINSTALL
    assert "cannot switch the Pi off" in check.detail
    write(tmp_path, pi_checks.POLKIT_RULE, "polkit.addRule(...);\n")
    assert pi_checks.check_power_off(tmp_path).ok


def test_a_rules_folder_only_root_may_read_is_a_sentence_not_a_crash() -> None:
    """Debian keeps /etc/polkit-1/rules.d for root and polkitd: `companion doctor` as
    the Pi's user cannot look in, and says so (as root: in a child that gives up root)."""
    root = Path(tempfile.mkdtemp(prefix="companion-polkit-"))
    root.chmod(0o755)
    rules = write(root, pi_checks.POLKIT_RULE, "polkit.addRule(...);\n").parent
    rules.chmod(0o000)

    def check() -> None:
        found = pi_checks.check_power_off(root)
        assert found.ok and found.fix == "", found
        assert found.detail.startswith("only root may look into /etc/polkit-1/rules.d: `sudo")

    try:
        assert without_rights(check) == "ok"
    finally:
        rules.chmod(0o755)
        shutil.rmtree(root)


def test_a_disabled_service_says_how_to_fix_it(tmp_path: Path) -> None:
    check = pi_checks.check_service(tmp_path, answers(**{"is-enabled": "disabled"}))
    assert check == Check(
        "service", False, "companion.service is disabled, so nothing starts at boot",
        pi_checks.REINSTALL,
    )  # fmt: skip


def test_a_failed_service_points_at_the_journal() -> None:
    run = answers(**{"is-enabled": "enabled", "is-active": "failed"})
    check = pi_checks.check_service(Path("/"), run)
    assert not check.ok
    assert "journalctl -u companion" in check.fix


def test_the_desktop_path_needs_no_service(tmp_path: Path) -> None:
    write(tmp_path, pi_checks.AUTOSTART, "[Desktop Entry]\n")
    assert pi_checks.check_service(tmp_path, answers()).ok


def test_a_missing_group_is_named(tmp_path: Path) -> None:
    write(tmp_path, "/etc/group", GOOD_GROUPS.replace("spi:x:999:pi,companion", "spi:x:999:pi"))
    check = pi_checks.check_groups(tmp_path)
    assert not check.ok
    assert "group(s) spi" in check.detail
    assert check.fix.startswith("sudo usermod --append --groups spi companion")


@pytest.mark.parametrize("members", ["companion", "pi,companion", "companion,pi"])
def test_the_group_input_is_one_to_leave(tmp_path: Path, members: str) -> None:
    """input lets the service read every input device, a keyboard too (an older install
    put it there): the doctor asks for it to go; touchscreen alone is not enough."""
    write(tmp_path, "/etc/group", GOOD_GROUPS.replace("input:x:105:pi", f"input:x:105:{members}"))
    check = pi_checks.check_groups(tmp_path)
    assert not check.ok
    assert check.detail == (
        "companion is in the group input, which lets it read every input device, a keyboard "
        "too: it needs only the touchscreens (the group touchscreen)"
    )
    assert check.fix.startswith("sudo gpasswd --delete companion input;")
    write(tmp_path, "/etc/group", GOOD_GROUPS)
    assert pi_checks.check_groups(tmp_path).ok
    write(tmp_path, "/etc/group", GOOD_GROUPS.replace("touchscreen:x:996:companion", "x:1:"))
    assert "group(s) touchscreen" in pi_checks.check_groups(tmp_path).detail


def test_spi_off_or_not_yet_rebooted(tmp_path: Path) -> None:
    root = pi_root(tmp_path)
    assert pi_checks.check_spi(root, "none").ok
    (root / "dev/spidev0.0").unlink()
    assert "sudo reboot" in pi_checks.check_spi(root, "ws2812").fix
    write(root, "/boot/firmware/config.txt", "#dtparam=spi=on\n")
    check = pi_checks.check_spi(root, "apa102")
    assert not check.ok and "does not switch it on" in check.detail


def test_no_display(tmp_path: Path) -> None:
    check = pi_checks.check_display(tmp_path)
    assert not check.ok and "no connected display" in check.detail


def test_a_bad_config_gives_the_settings_sentence(tmp_path: Path) -> None:
    path = write(tmp_path, "/etc/companion/config.toml", '[strip]\ntype = "neon"\n')
    check, loaded = pi_checks.check_config(path)
    assert loaded is None and not check.ok
    assert check.detail.startswith('strip.type: "neon" is not one of')
    checks = pi_checks.run_all(root=tmp_path, run=answers(), free=lambda _: 10**9)
    assert next(c for c in checks if c.name == "config") == check


def test_little_free_disk(tmp_path: Path) -> None:
    check = pi_checks.check_disk(tmp_path / "var/lib/companion/data", lambda _: 10 * 1024**2)
    assert not check.ok
    assert "only 10 MB free" in check.detail
    assert pi_checks.check_disk(tmp_path / "missing", lambda _: 10**9).ok


def test_the_real_machine_can_be_asked() -> None:
    checks = pi_checks.run_all(config_path="/nonexistent/config.toml")
    assert len(checks) == 7
    assert all(isinstance(c.detail, str) and c.detail for c in checks)


def test_installed_means_install_sh_was_here(tmp_path: Path) -> None:
    assert not pi_checks.installed(tmp_path)
    write(tmp_path, "/etc/systemd/system/companion.service", "[Unit]\n")
    assert pi_checks.installed(tmp_path)
