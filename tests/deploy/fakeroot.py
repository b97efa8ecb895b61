"""A fake Raspberry Pi OS root for deploy/install.sh, and stand-ins for the commands that
would change the running system (apt-get, pip) or tell what it is (uname, id).

The script is run for real with `COMPANION_ROOT` pointing at the fake root: it writes
files there, adds its user with `useradd --prefix`, and enables the unit with
`systemctl --root`. Only apt-get and the venv's pip are stand-ins, and they model their
effect (the dpkg status file, a venv folder) so a second run can see it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.waiting import limit

REPO = Path(__file__).resolve().parents[2]
# What install.sh copies into the venv; a snapshot, so others' edits in the work tree
# between two runs do not count as a change.
SOURCE_PATHS = ("pyproject.toml", "README.md", "companion", "hardware", "docs", "deploy")

OS_RELEASE = """PRETTY_NAME="Debian GNU/Linux {version} ({codename})"
NAME="Debian GNU/Linux"
VERSION_ID="{version}"
VERSION_CODENAME={codename}
ID=debian
"""
PASSWD = "root:x:0:0:root:/root:/bin/bash\npi:x:1000:1000:,,,:/home/pi:/bin/bash\n"
GROUP = (
    "root:x:0:\ndialout:x:20:pi\naudio:x:29:pi\nvideo:x:44:pi\nusers:x:100:\n"
    "input:x:105:pi\nrender:x:106:pi\npi:x:1000:\n"
)
SHADOW = "root:*:19000:0:99999:7:::\npi:*:19000:0:99999:7:::\n"
GSHADOW = (
    "root:*::\ndialout:*::pi\naudio:*::pi\nvideo:*::pi\nusers:*::\ninput:*::pi\n"
    "render:*::pi\npi:!::\n"
)
CONFIG_TXT = """# For more options and information see
# http://rptl.io/configtxt
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on
dtoverlay=vc4-kms-v3d
max_framebuffers=2

[cm5]
dtoverlay=dwc2,dr_mode=host

[all]
"""

APT_GET = """#!/usr/bin/env bash
echo "apt-get $*" >>"$FAKE_LOG"
case " $* " in *" install "*) ;; *) exit 0 ;; esac
for arg in "$@"; do
  case "$arg" in -* | install) ;; *)
    printf 'Package: %s\\nStatus: install ok installed\\nArchitecture: all\\nVersion: 1\\n\\n' \\
      "$arg" >>"$COMPANION_ROOT/var/lib/dpkg/status" ;;
  esac
done
"""
UNAME = """#!/usr/bin/env bash
if [[ "${1:-}" == -m ]]; then echo "${FAKE_ARCH:-aarch64}"; exit 0; fi
exec {real} "$@"
"""
ID = """#!/usr/bin/env bash
if [[ "${1:-}" == -u && -n "${FAKE_UID:-}" ]]; then echo "$FAKE_UID"; exit 0; fi
exec {real} "$@"
"""
PYTHON3 = """#!/usr/bin/env bash
if [[ "${1:-}" == -m && "${2:-}" == venv ]]; then
  echo "python3 $*" >>"$FAKE_LOG"
  venv="${!#}"
  mkdir -p "$venv/bin"
  cp "$FAKE_BIN/venv-python" "$venv/bin/python"
  exit 0
fi
if [[ -n "${FAKE_PY_VERSION:-}" && "${1:-}" == -c && "${2:-}" == *version_info* ]]; then
  echo "$FAKE_PY_VERSION"
  exit 0
fi
exec {python} "$@"
"""
VENV_PYTHON = """#!/usr/bin/env bash
if [[ "${1:-}" == -m && "${2:-}" == pip ]]; then echo "pip ${*:3}" >>"$FAKE_LOG"; exit 0; fi
PYTHONPATH={repo} exec {python} "$@"
"""


@dataclass
class Run:
    code: int
    out: str
    err: str

    def steps(self, verb: str) -> list[str]:
        """The ids of the steps a run took ("doing") or would take ("would")."""
        return [line.split()[1].rstrip(":") for line in self.lines(verb)]

    def lines(self, verb: str) -> list[str]:
        return [line for line in self.out.splitlines() if line.startswith(verb + " ")]


class FakePi:
    def __init__(self, base: Path, src: Path, codename: str = "bookworm") -> None:
        self.src = src
        self.root = base / "root"
        self.bin = base / "bin"
        self.log = base / "commands.log"
        self._seed(codename)
        self._stand_ins()

    def path(self, absolute: str) -> Path:
        return self.root / absolute.lstrip("/")

    def _seed(self, codename: str) -> None:
        version = {"bookworm": "12", "trixie": "13"}.get(codename, "10")
        files = {
            "etc/os-release": OS_RELEASE.format(version=version, codename=codename),
            "etc/passwd": PASSWD,
            "etc/group": GROUP,
            "etc/shadow": SHADOW,
            "etc/gshadow": GSHADOW,
            "var/lib/dpkg/status": "",
            "boot/firmware/config.txt": CONFIG_TXT,
            # Raspberry Pi OS's own mark: its os-release says Debian
            "etc/rpi-issue": "Raspberry Pi reference 2025-05-13\n",
        }
        for name, text in files.items():
            target = self.root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
        (self.root / "etc/systemd/system").mkdir(parents=True)
        self.log.touch()

    def _stand_ins(self) -> None:
        self.bin.mkdir()
        scripts = {
            "apt-get": APT_GET,
            "uname": UNAME.replace("{real}", _which("uname")),
            "id": ID.replace("{real}", _which("id")),
            "python3": PYTHON3.replace("{python}", sys.executable),
            "venv-python": VENV_PYTHON.replace("{python}", sys.executable).replace(
                "{repo}", str(self.src)
            ),
        }
        for name, text in scripts.items():
            script = self.bin / name
            script.write_text(text)
            script.chmod(0o755)

    def write_config(self, text: str) -> None:
        config = self.path("/etc/companion/config.toml")
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(text)

    def install(self, *args: str, cwd: Path | None = None, **env: str) -> Run:
        environ = {
            **os.environ,
            "PATH": f"{self.bin}:{os.environ.get('PATH', '/usr/bin:/bin')}",
            "COMPANION_ROOT": str(self.root),
            "FAKE_LOG": str(self.log),
            "FAKE_BIN": str(self.bin),
            **env,
        }
        environ.pop("SUDO_USER", None)
        done = subprocess.run(
            ["bash", str(self.src / "deploy/install.sh"), *args],
            capture_output=True,
            text=True,
            env=environ,
            cwd=cwd,
            timeout=limit(60),
            check=False,
        )
        return Run(done.returncode, done.stdout, done.stderr)

    def user_ids(self, user: str) -> tuple[int, int]:
        """uid and gid of a user of the fake root (its /etc/passwd)."""
        for line in self.path("/etc/passwd").read_text().splitlines():
            fields = line.split(":")
            if fields[0] == user:
                return int(fields[2]), int(fields[3])
        raise AssertionError(f"no user {user}")

    def commands(self) -> list[str]:
        return self.log.read_text().splitlines()

    def snapshot(self) -> dict[str, bytes]:
        return {
            str(p.relative_to(self.root)): (p.read_bytes() if p.is_file() else b"<dir>")
            for p in sorted(self.root.rglob("*"))
        }


def snapshot_source(target: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SOURCE_PATHS:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        elif source.exists():
            shutil.copy2(source, target / name)
    return target


def _which(name: str) -> str:
    found = shutil.which(name)
    assert found, f"{name} is not installed"
    return found
