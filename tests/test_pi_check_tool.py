"""`sudo make pi-check` in a clone a user owns leaves nothing there that the user
cannot remove: tools/pi-check.sh run as root in such a clone, with stand-ins for
debootstrap, qemu and pip (the real ones take minutes and the network); the root's
"Python under qemu" is this machine's Python."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.waiting import limit

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0, reason="needs root: pi-check runs as root (debootstrap)"
)

STANDINS = {
    # The arm64 root: an "aarch64 program" (e_machine 0xb7 at byte 18) as its Python.
    "debootstrap": """#!/bin/sh
root=$(echo "$@" | awk '{ print $(NF - 1) }')  # ... bookworm ROOT MIRROR
mkdir -p "$root/usr/bin" "$root/var/cache/apt/archives" "$root/dev"
{python} -c 'import sys; open(sys.argv[1], "wb").write(bytes(18) + b"\\xb7\\x00")' \\
  "$root/usr/bin/python3.11"
touch "$root/var/cache/apt/archives/python3.deb" "$root/dev/null"
""",
    "dpkg-deb": "#!/bin/sh\nexit 0\n",
    # qemu-aarch64-static -L ROOT -0 WRAP PY ARGS: this machine's Python runs ARGS.
    "qemu-aarch64-static": '#!/bin/sh\nshift 5\nexec {python} "$@"\n',
    # pip: the app's "wheel", nothing to download, and its "install" a link to the app.
    "host-python": """#!/bin/sh
case "$3" in
  wheel) for a; do [ "$prev" = --wheel-dir ] && dir=$a; prev=$a; done
         touch "$dir/balloon_companion-0.1.0-py3-none-any.whl" ;;
  install) for a; do [ "$prev" = --target ] && target=$a; prev=$a; done
           mkdir -p "$target"
           ln -s {app}/companion {app}/hardware "$target/" ;;
esac
""",
}


JUNK = (".git", ".venv", "build", "*.egg-info", "__pycache__", "out", ".*_cache")


@pytest.fixture
def users_clone() -> Iterator[Path]:
    """A copy of the checkout that a user without root owns, in a folder all may enter."""
    folder = Path(tempfile.mkdtemp(prefix="companion-clone-"))
    folder.chmod(0o755)
    clone = folder / "clone"
    shutil.copytree(ROOT, clone, ignore=shutil.ignore_patterns(*JUNK))
    subprocess.run(["git", "init", "-q"], cwd=clone, check=True)
    subprocess.run(["git", "add", "-A"], cwd=clone, check=True)
    nobody = pwd.getpwnam("nobody")
    for path in [clone, *clone.rglob("*")]:
        os.lchown(path, nobody.pw_uid, nobody.pw_gid)
    yield clone
    shutil.rmtree(folder)


def test_pi_check_in_a_users_clone_leaves_nothing_root_owns(
    users_clone: Path, tmp_path: Path
) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in STANDINS.items():
        path = bin_dir / name
        path.write_text(text.replace("{python}", sys.executable).replace("{app}", str(ROOT)))
        path.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    env.update(
        PATH=f"{bin_dir}:{env['PATH']}",
        HOST_PY=str(bin_dir / "host-python"),
        PI_TESTS="test_a_held_lock_is_waited_for",
        PI_SLOWNESS="1",
    )
    done = subprocess.run(
        ["bash", "tools/pi-check.sh"],
        cwd=users_clone, capture_output=True, text=True, env=env, timeout=limit(300),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "pi-check: $ companion replay wyscig-rulebook-example.json" in done.stdout
    assert "1 passed" in done.stdout
    assert (users_clone / "build" / "pi-check-pytest.log").is_file()
    roots = [p for p in [users_clone, *users_clone.rglob("*")] if p.lstat().st_uid == 0]
    assert roots == []
    assert not list(users_clone.glob("*.egg-info")) and not (users_clone / ".venv").exists()
