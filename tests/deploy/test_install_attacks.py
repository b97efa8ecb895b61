"""deploy/install.sh runs as root and acts in folders the service user `companion` owns:
each test plants an attack as that user in a fake root (issue 23, points 1 and 2) and
shows that install.sh refuses it, or stays safe, and that nothing outside is touched.

The attacks that race install.sh run as the service user's own uid (setpriv), in
tests/deploy/attacker.py: an inotify watcher that acts the moment install.sh does.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.deploy.fakeroot import FakePi
from tests.deploy.udev_rules import parse
from tests.waiting import limit

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0, reason="useradd --prefix, chown and setpriv in the fake root need root"
)

ATTACKER = Path(__file__).with_name("attacker.py")
# The attacker runs as the service user: a python that user may run (not one in /root).
ATTACKER_PYTHON = shutil.which("python3", path="/usr/local/bin:/usr/bin:/bin")
RULES = "/etc/udev/rules.d/99-companion.rules"
GOOD = '[dice]\nvendor_id = "2341"\nproduct_id = "0043"\n'
# What the probe of issue 23 wrote: through `sed "s/@VENDOR@/$DICE_VENDOR/"` the \n is a
# new line and \/ a slash, so the rules file gained a line that runs a program as root.
SED_PAYLOAD = r'0000"\nKERNEL=="tty*",RUN+="\/var\/lib\/companion\/pwn'
EVIL = f"[dice]\nvendor_id = '{SED_PAYLOAD}'\nproduct_id = \"0043\"\n"
WAIT_S = limit(60)  # one generous limit for the attacker to start and to report


@pytest.fixture
def open_pi(source: Path) -> Iterator[FakePi]:
    """A fake Pi in a folder the service user can reach (pytest's own is root's only)."""
    base = Path(tempfile.mkdtemp(prefix="companion-attack-"))
    base.chmod(0o755)
    try:
        yield FakePi(base, source)
    finally:
        shutil.rmtree(base)


def secrets(pi: FakePi) -> tuple[Path, Path]:
    """A folder and a file of root's that the service user must never get."""
    folder, file = pi.path("/srv/secret"), pi.path("/srv/secret.txt")
    folder.mkdir(mode=0o700, parents=True)
    file.write_text("root's secret\n")
    file.chmod(0o600)
    return folder, file


def untouched(folder: Path, file: Path) -> None:
    for path, mode in ((folder, 0o700), (file, 0o600)):
        info = path.lstat()
        assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (0, 0, mode), path
    assert list(folder.iterdir()) == []
    assert file.read_text() == "root's secret\n"


@contextmanager
def attacker(pi: FakePi, spec: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The attacker, as the service user, watching while the block runs; its report
    (what it did) is filled in when the block ends."""
    if ATTACKER_PYTHON is None:
        pytest.skip("no system python3 for the service user to run")
    uid, gid = pi.user_ids("companion")
    # Its own copy of the script, where the service user may read it: a clone of the
    # project may sit in a folder only root can enter (CI's, mktemp -d's).
    here = Path(tempfile.mkdtemp(prefix="companion-attacker-"))
    here.chmod(0o755)
    script = here / ATTACKER.name
    shutil.copyfile(ATTACKER, script)
    script.chmod(0o644)
    command = ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups", "--",
               ATTACKER_PYTHON, "-I", str(script), json.dumps(spec)]  # fmt: skip
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    report: dict[str, Any] = {}
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], WAIT_S)
        assert ready and process.stdout.readline().strip() == "ready"
        yield report
        out, _ = process.communicate(timeout=WAIT_S)  # closes its stdin: it reports
        report.update(json.loads(out.strip().splitlines()[-1]))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        shutil.rmtree(here)


def first_install(pi: FakePi, config: str = "") -> None:
    if config:
        pi.write_config(config)
    run = pi.install()
    assert run.code == 0, run.err


# --- the settings file, read once -------------------------------------------------------


def test_a_settings_file_that_changes_on_each_read_cannot_reach_the_rules(open_pi: FakePi) -> None:
    pi = open_pi
    first_install(pi)
    pi.write_config(GOOD)
    spec = {"dir": str(pi.path("/etc/companion")), "mode": "alternate",
            "name": "config.toml", "texts": [GOOD, EVIL]}  # fmt: skip
    with attacker(pi, spec) as report:
        run = pi.install()
    assert run.code == 0, run.err
    rules = pi.path(RULES).read_text()
    assert "RUN" not in rules and "pwn" not in rules, rules
    assert report["opens"] == 1  # read once: what changes after cannot matter
    dice = [rule for rule in parse(rules) if any(t.value == "dice" for t in rule)]
    assert {(t.attribute, t.value) for t in dice[0] if t.key == "ATTRS"} == {
        ("idVendor", "2341"), ("idProduct", "0043")}  # fmt: skip
    assert "doing udev" in run.out


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("vendor_id", SED_PAYLOAD),
        ("vendor_id", '2341", RUN+="/bin/sh'),
        ("vendor_id", '2341"'),
        ("vendor_id", "23/1"),
        ("vendor_id", "23\n41"),
        ("vendor_id", "2341\n"),
        ("vendor_id", "&341"),
        ("vendor_id", "2341 0043"),
        ("vendor_id", "23411"),
        ("vendor_id", "0x23"),
        ("vendor_id", "２３４１"),  # full-width digits
        ("vendor_id", 2341),
        ("product_id", "0043/"),
        ("product_id", "x" * 100_000),
    ],
)
def test_dice_ids_other_than_four_hex_digits_are_refused_before_anything(
    pi: FakePi, key: str, value: object
) -> None:
    other = "product_id" if key == "vendor_id" else "vendor_id"
    pi.write_config(f'[dice]\n{key} = {json.dumps(value)}\n{other} = "0043"\n')
    before = pi.snapshot()
    run = pi.install()
    assert run.code == 1
    assert f"dice.{key}: " in run.err and "is not a USB id (four hex digits" in run.err
    assert "fix /etc/companion/config.toml and run install.sh again" in run.err
    assert all(len(line) < 200 for line in run.err.splitlines())  # the echo is cut
    assert run.steps("doing") == []
    assert pi.snapshot() == before  # no rules file, no user, no folder: nothing
    assert not pi.path(RULES).exists()


@pytest.mark.parametrize("kind", ["fifo", "folder", "huge"])
def test_a_settings_file_that_is_not_a_small_regular_file_is_refused(pi: FakePi, kind: str) -> None:
    config = pi.path("/etc/companion/config.toml")
    config.parent.mkdir(parents=True)
    if kind == "fifo":  # a reader would wait for a writer forever
        os.mkfifo(config)
    elif kind == "folder":
        config.mkdir()
    else:
        config.write_text("# a comment\n" * 200_000)  # 2.4 MB, more than 1 MiB
    before = pi.snapshot()
    run = pi.install()
    assert run.code == 1
    sentence = "is larger than 1024 KiB" if kind == "huge" else "is not a regular file"
    assert f"/etc/companion/config.toml {sentence}" in run.err
    assert pi.snapshot() == before


def test_modules_in_the_folder_it_is_started_from_are_never_imported(pi: FakePi) -> None:
    first_install(pi)
    home = pi.path("/var/lib/companion")  # the service user's home, where root may cd
    marker = home / "imported"
    payload = f"open({str(marker)!r}, 'a').write(__name__ + '\\n')\n"
    for module in ("tomllib.py", "json.py", "secrets.py", "companion/__init__.py"):
        (home / module).parent.mkdir(exist_ok=True)
        (home / module).write_text(payload)
    run = pi.install(cwd=home)
    assert run.code == 0, run.err
    assert not marker.exists(), marker.read_text()


# --- folders and files in the service user's folders -------------------------------------


def test_a_link_swapped_in_for_a_folder_it_makes_is_never_followed(open_pi: FakePi) -> None:
    pi = open_pi
    first_install(pi)
    folder, file = secrets(pi)
    shutil.rmtree(pi.path("/var/lib/companion/kivy"))  # the user's to remove
    # The moment the new folder gets its owner, before it gets its mode (`chmod` follows
    # a link, so that is when a swap would hand the secret folder that mode).
    spec = {"dir": str(pi.path("/var/lib/companion")), "mode": "link", "on": "attrib",
            "folder": str(folder), "file": str(file)}  # fmt: skip
    with attacker(pi, spec) as report:
        run = pi.install()
    assert report["acted"] == ["kivy"]  # the attack took place
    untouched(folder, file)
    assert run.code == 1
    assert "/var/lib/companion/kivy is " in run.err and "run install.sh again" in run.err


@pytest.mark.parametrize(
    ("where", "names"),
    [
        ("/etc/companion", ["config.toml"]),
        ("/var/lib/companion/kivy", ["config.ini"]),
    ],
)
def test_a_link_swapped_in_for_a_file_it_writes_is_never_followed(
    open_pi: FakePi, where: str, names: list[str]
) -> None:
    pi = open_pi
    first_install(pi)
    folder, file = secrets(pi)
    for name in names:
        pi.path(f"{where}/{name}").unlink()  # the user's to remove: install.sh writes them
    spec = {"dir": str(pi.path(where)), "mode": "link", "folder": str(folder), "file": str(file)}
    with attacker(pi, spec) as report:
        run = pi.install()
    assert report["acted"]  # the attack took place
    untouched(folder, file)
    assert run.code == 0, run.err
    for name in names:
        assert f"doing files: write {where}/{name}" in run.out


# --- the service's environment, which systemd reads as root ---------------------------------


def test_the_environment_file_is_root_s_and_an_old_one_moves_without_links(pi: FakePi) -> None:
    folder, file = secrets(pi)
    old = pi.path("/etc/companion/companion.env")
    old.parent.mkdir(parents=True)
    old.symlink_to(file)  # the service user's: systemd, or a copy, would read the secret
    run = pi.install()
    assert run.code == 0, run.err
    untouched(folder, file)
    env = pi.path("/etc/default/companion")
    assert env.read_text() == (pi.src / "deploy/companion.env").read_text()
    info = env.lstat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (0, 0, 0o644)
    assert stat.S_IMODE(env.parent.stat().st_mode) & 0o022 == 0  # only root writes there


def test_an_old_environment_file_s_settings_move_once(pi: FakePi) -> None:
    old = pi.path("/etc/companion/companion.env")
    old.parent.mkdir(parents=True)
    old.write_text("SDL_KMSDRM_DEVICE_INDEX=1\n")
    run = pi.install()
    assert run.code == 0, run.err
    assert "doing files: write /etc/default/companion from /etc/companion/companion.env" in run.out
    assert pi.path("/etc/default/companion").read_text() == "SDL_KMSDRM_DEVICE_INDEX=1\n"
    old.write_text("SDL_KMSDRM_DEVICE_INDEX=0\n")  # no longer read
    assert pi.install().steps("doing") == []
    assert pi.path("/etc/default/companion").read_text() == "SDL_KMSDRM_DEVICE_INDEX=1\n"
