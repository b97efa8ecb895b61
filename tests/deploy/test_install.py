"""deploy/install.sh on a fake Raspberry Pi OS root: the steps, idempotence, --dry-run,
--uninstall, --desktop and the refusals. See fakeroot.py for what is real and what is a
stand-in."""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path

import pytest

from tests.deploy.fakeroot import CONFIG_TXT, REPO, FakePi
from tests.deploy.udev_rules import parse

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0, reason="useradd --prefix and chown in the fake root need root"
)

FIRST_RUN = ["packages", "groups", "user", "membership", "dirs", "files", "venv", "udev",
             "unit", "polkit", "service"]  # fmt: skip
SPI_STRIP = 'language = "pl"\n[strip]\ntype = "apa102"\nled_count = 30\n' \
    '[dice]\nvendor_id = "2341"\nproduct_id = "0043"\n'  # fmt: skip


def step_ids(steps: list[str]) -> list[str]:
    return list(dict.fromkeys(steps))


def test_dry_run_lists_every_step_and_changes_nothing(pi: FakePi) -> None:
    before = pi.snapshot()
    run = pi.install("--dry-run")
    assert run.code == 0, run.err
    assert step_ids(run.steps("would")) == FIRST_RUN
    assert run.steps("doing") == []
    assert "$ apt-get update" in run.out
    assert "--only-binary kivy" in run.out
    assert "would groups: add the group gpio" in run.out
    assert "would groups: add the group spi" in run.out
    assert "would groups: add the group touchscreen" in run.out
    assert "dry run: 18 step(s) would be taken; nothing was changed" in run.out
    assert pi.snapshot() == before
    assert pi.commands() == []


def test_install_then_a_second_run_changes_nothing(pi: FakePi) -> None:
    first = pi.install()
    assert first.code == 0, first.err
    assert step_ids(first.steps("doing")) == FIRST_RUN
    after_first = pi.snapshot()

    second = pi.install()
    assert second.code == 0, second.err
    assert second.steps("doing") == []
    assert "nothing to do: the companion is already installed as configured" in second.out
    dry = pi.install("--dry-run")
    assert dry.steps("would") == []
    assert pi.snapshot() == after_first


def test_install_writes_the_system_a_pi_needs(pi: FakePi) -> None:
    assert pi.install().code == 0
    passwd = pi.path("/etc/passwd").read_text()
    assert re.search(r"^companion:x:\d+:\d+:[^:]*:/var/lib/companion:/usr/sbin/nologin$",
                     passwd, re.M)  # fmt: skip
    groups = {line.split(":")[0]: line.split(":")[3].split(",")
              for line in pi.path("/etc/group").read_text().splitlines()}  # fmt: skip
    for group in ("video", "render", "touchscreen", "gpio", "spi", "dialout", "audio"):
        assert "companion" in groups[group], group
    assert "companion" not in groups["input"]  # every input device, a keyboard too
    config = pi.path("/etc/companion/config.toml")
    assert config.read_text() == (REPO / "deploy/config.example.toml").read_text()
    assert stat.S_IMODE(pi.path("/etc/companion").stat().st_mode) == 0o2775
    unit = pi.path("/etc/systemd/system/companion.service")
    assert unit.read_text() == (REPO / "deploy/companion.service").read_text()
    wants = pi.path("/etc/systemd/system/multi-user.target.wants/companion.service")
    assert wants.is_symlink()
    assert pi.path("/var/lib/companion/kivy/config.ini").is_file()
    env = pi.path("/etc/default/companion")  # read by systemd as root: root's alone
    assert env.read_text() == (REPO / "deploy/companion.env").read_text()
    assert owner_and_mode(env) == (0, 0, 0o644)
    assert pi.path("/boot/firmware/config.txt").read_text() == CONFIG_TXT
    log = pi.path("/var/log/companion-install.log").read_text()
    assert "service: enable companion.service" in log
    commands = pi.commands()
    assert any(c.startswith("apt-get install") and "python3-lgpio" in c for c in commands)
    assert any(c.startswith("python3 -m venv --system-site-packages") for c in commands)
    pip = [c for c in commands if c.startswith("pip install")]
    assert "--only-binary kivy" in pip[0]
    assert pip[0].endswith("/opt/companion/src")


POLKIT_RULE = "/etc/polkit-1/rules.d/50-companion.rules"


def test_the_kiosk_user_may_switch_the_pi_off_and_nothing_more(pi: FakePi) -> None:
    assert pi.install().code == 0
    rule = pi.path(POLKIT_RULE)
    assert rule.read_text() == (REPO / "deploy/50-companion.rules").read_text()
    info = rule.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (0, 0, 0o644)
    text = rule.read_text()
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    assert set(re.findall(r'"(org\.freedesktop\.[\w.-]+)"', code)) == {
        "org.freedesktop.login1.power-off",
        "org.freedesktop.login1.power-off-multiple-sessions",
    }
    assert re.findall(r'subject\.user === "(\w+)"', code) == ["companion"]
    assert code.count("polkit.Result.YES") == 1
    assert any(c.startswith("apt-get install") and "polkitd" in c for c in pi.commands())
    rule.write_text("polkit.addRule(function () { return polkit.Result.YES; });\n")
    again = pi.install()  # a rule changed by hand is put back
    assert step_ids(again.steps("doing")) == ["polkit"]
    assert rule.read_text() == (REPO / "deploy/50-companion.rules").read_text()


def test_an_existing_config_is_kept_and_an_spi_strip_switches_spi_on(pi: FakePi) -> None:
    pi.write_config(SPI_STRIP)
    run = pi.install()
    assert run.code == 0, run.err
    assert "spi" in run.steps("doing")
    assert "reboot now" in run.out
    assert pi.path("/etc/companion/config.toml").read_text() == SPI_STRIP
    config_txt = pi.path("/boot/firmware/config.txt").read_text()
    assert re.search(r"^\[all\]\ndtparam=spi=on$", config_txt, re.M)
    pip = [c for c in pi.commands() if c.startswith("pip install")]
    assert pip[0].endswith("/opt/companion/src[apa102]")
    assert any("python3-spidev" in c for c in pi.commands() if c.startswith("apt-get"))
    rules = pi.path("/etc/udev/rules.d/99-companion.rules").read_text()
    dice = [r for r in parse(rules) if any(t.value == "dice" for t in r)]
    assert len(dice) == 1
    assert {(t.key, t.attribute, t.value) for t in dice[0]} >= {
        ("ATTRS", "idVendor", "2341"), ("ATTRS", "idProduct", "0043")}  # fmt: skip
    assert pi.install().steps("doing") == []


def test_ws2812_also_steadies_the_core_clock_on_a_pi_4(pi: FakePi) -> None:
    pi.write_config('[strip]\ntype = "ws2812"\n')
    assert pi.install().code == 0
    config_txt = pi.path("/boot/firmware/config.txt").read_text()
    assert "[pi4]\ncore_freq_min=500\n[all]\n" in config_txt
    assert any("[ws2812]" in c for c in pi.commands())
    assert pi.install().steps("doing") == []


def test_an_older_install_s_group_input_is_taken_away(pi: FakePi) -> None:
    """An install from before put companion in input (every input device, a keyboard too):
    the next run takes it out, and leaves the group's other members and itself alone."""
    assert pi.install().code == 0
    group = pi.path("/etc/group")
    group.write_text(group.read_text().replace("input:x:105:pi", "input:x:105:pi,companion"))
    run = pi.install()
    assert run.code == 0, run.err
    assert step_ids(run.steps("doing")) == ["membership"]
    assert "doing membership: take companion out of the group input" in run.out
    members = {line.split(":")[0]: line.split(":")[3]
               for line in group.read_text().splitlines()}  # fmt: skip
    assert members["input"] == "pi"
    assert "companion" in members["touchscreen"].split(",")
    assert pi.install().steps("doing") == []


def test_a_changed_setting_is_picked_up_by_the_next_run(pi: FakePi) -> None:
    assert pi.install().code == 0
    pi.write_config(SPI_STRIP)
    run = pi.install()
    assert step_ids(run.steps("doing")) == ["packages", "venv", "spi", "udev"]


def test_an_invalid_config_is_refused_with_its_sentence(pi: FakePi) -> None:
    pi.write_config('[strip]\ntype = "neon"\n')
    run = pi.install()
    assert run.code != 0
    assert "strip.type" in run.err
    assert "fix /etc/companion/config.toml" in run.err


def test_uninstall_removes_what_it_added_and_keeps_the_data(pi: FakePi) -> None:
    pi.write_config(SPI_STRIP)
    assert pi.install().code == 0
    games = pi.path("/var/lib/companion/data/companion.sqlite3")
    games.parent.mkdir()
    games.write_text("the games")
    run = pi.install("--uninstall")
    assert run.code == 0, run.err
    assert set(run.steps("doing")) == {"service", "files", "venv", "spi"}
    assert f"doing files: remove {POLKIT_RULE}" in run.out
    for gone in ("/etc/systemd/system/companion.service", "/opt/companion",
                 "/etc/udev/rules.d/99-companion.rules", POLKIT_RULE,
                 "/etc/systemd/system/multi-user.target.wants/companion.service"):  # fmt: skip
        assert not pi.path(gone).exists(), gone
    assert pi.path("/boot/firmware/config.txt").read_text() == CONFIG_TXT
    assert games.read_text() == "the games"
    assert pi.path("/etc/companion/config.toml").read_text() == SPI_STRIP
    again = pi.install("--uninstall")
    assert again.steps("doing") == []
    assert "nothing to do: the companion is not installed" in again.out


def test_desktop_path_autostarts_instead_of_the_service(pi: FakePi) -> None:
    assert pi.install().code == 0
    run = pi.install("--desktop-user", "pi")
    assert run.code == 0, run.err
    assert "service" in run.steps("doing")
    assert not pi.path("/etc/systemd/system/multi-user.target.wants/companion.service").exists()
    entry = pi.path("/etc/xdg/autostart/companion.desktop").read_text()
    assert "Exec=/opt/companion/bin/companion-desktop" in entry
    assert os.access(pi.path("/opt/companion/bin/companion-desktop"), os.X_OK)
    assert "pi" in next(line for line in pi.path("/etc/group").read_text().splitlines()
                        if line.startswith("companion:"))  # fmt: skip
    assert pi.install("--desktop-user", "pi").steps("doing") == []
    back = pi.install()
    assert step_ids(back.steps("doing")) == ["desktop", "service"]


@pytest.mark.parametrize(
    ("env", "sentence"),
    [
        ({"FAKE_ARCH": "armv7l"}, "this is a 32-bit system (armv7l); the companion needs 64-bit"),
        ({"FAKE_PY_VERSION": "3.14"}, "Python 3.14 is not supported: the companion needs Python"),
        ({"FAKE_PY_VERSION": "3.9"}, "Python 3.9 is not supported"),
        ({"FAKE_UID": "1000"}, "needs root: run it as sudo"),
    ],
)
def test_refusals_say_why_and_change_nothing(
    pi: FakePi, env: dict[str, str], sentence: str
) -> None:
    before = pi.snapshot()
    run = pi.install(**env)
    assert run.code == 1
    assert sentence in run.err
    assert run.err.startswith("install.sh: ")
    assert pi.snapshot() == before


def test_an_old_system_is_refused(tmp_path: Path, source: Path) -> None:
    run = FakePi(tmp_path, source, codename="buster").install()
    assert run.code == 1
    assert "supports Raspberry Pi OS Bookworm and Trixie" in run.err


@pytest.mark.parametrize("codename", ["bookworm", "trixie"])
@pytest.mark.parametrize("args", [(), ("--dry-run",), ("--uninstall",), ("--desktop-user", "pi")])
def test_a_debian_that_is_not_raspberry_pi_os_is_refused_unless_told(
    tmp_path: Path, source: Path, codename: str, args: tuple[str, ...]
) -> None:
    """64-bit Raspberry Pi OS says Debian in os-release; /etc/rpi-issue tells it apart.
    A plain Debian (a PC) is refused before any step, also for a dry run."""
    pi = FakePi(tmp_path, source, codename=codename)
    pi.path("/etc/rpi-issue").unlink()
    before = pi.snapshot()
    run = pi.install(*args)
    assert (run.code, run.out) == (1, ""), run.out
    version = {"bookworm": 12, "trixie": 13}[codename]
    assert run.err == (
        f"install.sh: this system is Debian GNU/Linux {version} ({codename}), not Raspberry "
        "Pi OS (no /etc/rpi-issue): install.sh is made for Raspberry Pi OS Bookworm or Trixie "
        "(64-bit) on a Pi; to install on this system anyway, add --any-debian\n"
    )
    assert pi.snapshot() == before
    told = pi.install("--any-debian", "--dry-run", *(a for a in args if a != "--dry-run"))
    assert told.code == 0, told.err
    assert "note: not Raspberry Pi OS (no /etc/rpi-issue): installing on Debian" in told.out


def test_trixie_is_supported(tmp_path: Path, source: Path) -> None:
    run = FakePi(tmp_path, source, codename="trixie").install("--dry-run")
    assert run.code == 0, run.err


MEMINFO = "MemTotal:       {kb} kB\nMemFree:          123456 kB\n"


@pytest.mark.parametrize(
    ("model", "kb", "warned"),
    [
        ("Raspberry Pi 3 Model B Plus Rev 1.3", 926_000, False),
        ("Raspberry Pi Zero 2 W Rev 1.0", 437_000, True),
        ("Raspberry Pi 3 Model A Plus Rev 1.0", 437_000, True),
        ("Raspberry Pi 4 Model B Rev 1.5", 3_884_000, False),
        ("Raspberry Pi 5 Model B Rev 1.0", 8_245_000, False),
    ],
)
def test_every_64_bit_pi_installs_and_below_1_gb_it_warns(
    pi: FakePi, model: str, kb: int, warned: bool
) -> None:
    pi.path("/proc/device-tree").mkdir(parents=True)
    pi.path("/proc/device-tree/model").write_text(model + "\0")
    pi.path("/proc/meminfo").write_text(MEMINFO.format(kb=kb))
    run = pi.install()
    assert run.code == 0, run.err
    assert f"board: {model}, {kb // 1024} MB of memory" in run.out
    assert ("warning: less than 1 GB of memory" in run.out) is warned
    assert pi.path("/etc/systemd/system/companion.service").exists()


def test_the_example_config_names_every_setting() -> None:
    from companion.config import Config, load

    path = REPO / "deploy/config.example.toml"
    load(path)  # raises ConfigError if the example is not valid
    text = path.read_text()
    tomllib.loads(text)
    for section, field in Config.model_fields.items():
        annotation = field.annotation
        if isinstance(annotation, type) and hasattr(annotation, "model_fields"):
            assert f"[{section}]" in text, section
            for key in annotation.model_fields:
                assert re.search(rf"^#? ?{key} =", text, re.M), f"{section}.{key}"
        else:
            assert re.search(rf"^{section} =", text, re.M), section


def owner_and_mode(path: Path) -> tuple[int, int, int]:
    info = path.lstat()
    return info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)


def test_a_link_the_service_user_planted_is_never_followed(pi: FakePi) -> None:
    assert pi.install().code == 0
    secret = pi.path("/srv/secret")  # a root-owned folder the app user must never get
    secret.mkdir(mode=0o700, parents=True)
    os.chown(secret, 0, 0)
    kivy = pi.path("/var/lib/companion/kivy")
    for entry in kivy.iterdir():
        entry.unlink()
    kivy.rmdir()
    kivy.symlink_to(secret)  # what the companion user can do in its own folder
    cron = pi.path("/etc/cron.d/companion")  # a dangling link: a write would create it
    pi.path("/etc/companion/config.toml").unlink()
    pi.path("/etc/companion/config.toml").symlink_to(cron)

    run = pi.install()
    assert run.code == 0, run.err
    assert owner_and_mode(secret) == (0, 0, 0o700)
    assert list(secret.iterdir()) == []
    assert not cron.exists() and not cron.parent.exists()
    assert "links" in run.steps("doing")
    assert kivy.is_dir() and not kivy.is_symlink()
    uid = pi.user_ids("companion")
    assert owner_and_mode(kivy)[:2] == uid and owner_and_mode(kivy)[2] == 0o750
    ini = pi.path("/var/lib/companion/kivy/config.ini")
    assert ini.is_file() and not ini.is_symlink()
    config = pi.path("/etc/companion/config.toml")
    assert config.is_file() and not config.is_symlink()
    assert pi.install().steps("doing") == []  # and it is settled
