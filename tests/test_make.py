"""The Makefile as a new user meets it: without root or sudo, one apt-get line with
every Debian package that `make run` and `make test` need, and one stop; `make test`
runs both groups of tests whatever the first gave, with a line for each."""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.waiting import limit

pytestmark = pytest.mark.skipif(not shutil.which("make"), reason="needs make")


def packages(name: str) -> list[str]:
    found = re.search(rf"^{name} := (.*)$", (ROOT / "Makefile").read_text(), re.M)
    assert found, name
    return found.group(1).split()


def tools(tmp_path: Path, *, installed: bool) -> Path:
    """A folder of stand-ins put first on PATH: `id` says a plain user, `dpkg` says
    every package is missing (or installed), `apt-get` must never run."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    scripts = {
        "id": "echo 1000\n",
        "dpkg": f"exit {0 if installed else 1}\n",
        "apt-get": f'echo "$@" >> "{tmp_path}/apt-get.calls"; exit 99\n',
    }
    for name, body in scripts.items():
        path = bin_dir / name
        path.write_text("#!/bin/sh\n" + body)
        path.chmod(0o755)
    return bin_dir


def make(tmp_path: Path, bin_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`make ARGS` in the project, as a user without root and without sudo. The stamp
    of an installed .venv is taken as is (-o): nothing is installed."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    env["PATH"] = f"{bin_dir}:{env['PATH']}"
    return subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), "-o", ".venv/.installed", "SUDO=", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=limit(120),
    )


def apt_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if "apt-get" in line]


@pytest.mark.parametrize("target", ["deb", "deb-test", "test"])
def test_without_root_one_apt_get_line_names_every_package_and_make_stops(
    tmp_path: Path, target: str
) -> None:
    done = make(tmp_path, tools(tmp_path, installed=False), target)
    assert done.returncode != 0
    [line] = apt_lines(done.stdout + done.stderr)
    assert line.startswith("make: as root, run: apt-get update && apt-get install ")
    named = set(line.split("--no-install-recommends", 1)[1].split())
    assert named == {*packages("RUN_PACKAGES"), *packages("TEST_PACKAGES")}
    assert not (tmp_path / "apt-get.calls").exists()
    assert "make test: " not in done.stdout  # stopped before any test ran


def test_a_failed_core_group_does_not_hide_the_ui_group(tmp_path: Path) -> None:
    calls = tmp_path / "pytest.calls"
    fake = tmp_path / "pytest"
    fake.write_text(
        "#!/bin/sh\n"
        f'echo "$@" >> "{calls}"\n'
        'case "$*" in *--ignore=tests/ui*) echo "1 failed, 3 passed in 0.5s"; exit 1;; esac\n'
        'echo "5 passed in 0.7s"\n'
    )
    fake.chmod(0o755)
    done = make(tmp_path, tools(tmp_path, installed=True), "test", f"PYTEST={fake}")
    assert done.returncode != 0, done.stdout + done.stderr
    assert calls.read_text().splitlines() == [
        # the core on both cores, the UI (half of it waiting) on twice as many workers;
        # a free worker takes tests queued behind the longest one
        "--ignore=tests/ui -n 2 -p no:cacheprovider",
        "tests/ui -n 4 --dist worksteal -p no:cacheprovider",
    ]
    summary = [line for line in done.stdout.splitlines() if line.startswith("make test: ")]
    assert len(summary) == 2, done.stdout
    assert re.fullmatch(
        r"make test: core: FAILED \(exit 1\) in \d+ s \(CPU \d+ s\): 1 failed, 3 passed in 0.5s",
        summary[0],
    )
    assert re.fullmatch(
        r"make test: ui: passed in \d+ s \(CPU \d+ s\): 5 passed in 0.7s", summary[1]
    )


def test_test_user_runs_the_suite_as_a_user_without_root() -> None:
    """As root, in a copy of the checkout a system user owns, with the venv moved there
    and working; as a user, `make test` itself. The copy is gone afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="companion-fake-pytest-"))
    folder.chmod(0o755)  # the test user runs the stand-in from here
    fake = folder / "pytest"
    fake.write_text(
        "#!/bin/sh\n"
        'echo "pytest $1 as uid $(id -u) in $PWD"\n'
        '.venv/bin/python -c "import companion, os; print(\\"imports\\", '
        'os.path.relpath(companion.__file__))"\n'
        'echo "2 passed in 0.1s"\n'
    )
    fake.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    try:
        done = subprocess.run(
            ["make", "--no-print-directory", "-C", str(ROOT), "test-user", f"PYTEST={fake}"],
            capture_output=True, text=True, env=env, timeout=limit(300),
        )  # fmt: skip
    finally:
        shutil.rmtree(folder)
    assert done.returncode == 0, done.stdout + done.stderr
    ran = re.findall(r"^pytest (\S+) as uid (\d+) in (\S+)$", done.stdout, re.M)
    assert [group for group, _, _ in ran] == ["--ignore=tests/ui", "tests/ui"], done.stdout
    uids = {int(uid) for _, uid, _ in ran}
    assert uids == {os.geteuid() or pwd.getpwnam("companion-test").pw_uid} and 0 not in uids
    where = {Path(cwd) for _, _, cwd in ran}
    assert where == ({ROOT} if os.geteuid() else where - {ROOT})
    assert done.stdout.count("imports companion/__init__.py") == 2, done.stdout
    if os.geteuid() == 0:
        assert not any(path.exists() for path in where)  # the copy is removed
    summary = [line for line in done.stdout.splitlines() if line.startswith("make test: ")]
    assert [line.split(":")[1] for line in summary] == [" core", " ui"]


# A stand-in for `python3 -m venv DIR`: DIR/bin/python, whose `-m pip install` notes
# its arguments and warns as setuptools' editable install does, from a real Python
# (which honours PYTHONWARNINGS, as pip's build process does).
FAKE_PY = """#!/bin/sh
[ "$1 $2" = "-m venv" ] || exit 90
mkdir -p "$3/bin"
cat > "$3/bin/python" <<'INNER'
#!/bin/sh
echo "$*" >> "$(dirname "$0")/../pip.calls"
exec {python} -c 'import warnings; warnings.warn(
    "Editable installation.\\n!!\\n" + "*" * 80 + "\\nPlease be careful with folders", UserWarning)'
INNER
chmod +x "$3/bin/python"
"""


def test_the_first_make_says_each_step_and_nothing_else(tmp_path: Path) -> None:
    """`make` installs with one line per step; setuptools' editable-install box stays out;
    a second `make` has nothing to do."""
    fake_py = tmp_path / "python3"
    fake_py.write_text(FAKE_PY.replace("{python}", sys.executable))
    fake_py.chmod(0o755)
    venv = tmp_path / "venv"
    bin_dir = tools(tmp_path, installed=True)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    env["PATH"] = f"{bin_dir}:{env['PATH']}"
    env.pop("PYTHONWARNINGS", None)
    args = ["make", "--no-print-directory", "-C", str(ROOT), f"VENV={venv}", f"PY={fake_py}"]
    first = subprocess.run([*args, f"{venv}/.installed"], capture_output=True, text=True, env=env)
    assert first.returncode == 0, first.stdout + first.stderr
    assert first.stderr == ""
    assert first.stdout.splitlines() == [
        f"make: creating {venv}",
        f"make: installing Python packages into {venv} (a few minutes on a Pi)",
    ]
    assert [line.split()[:3] for line in (venv / "pip.calls").read_text().splitlines()] == [
        ["-m", "pip", "install"],
        ["-m", "pip", "install"],
    ]
    again = subprocess.run([*args, f"{venv}/.installed"], capture_output=True, text=True, env=env)
    assert (again.returncode, again.stderr) == (0, "")
    assert again.stdout == f"make: '{venv}/.installed' is up to date.\n"  # make's own word
    assert len((venv / "pip.calls").read_text().splitlines()) == 2


def root_tools(tmp_path: Path, apt_code: int) -> Path:
    """Stand-ins for root (`id` says 0) on a machine that lacks every package: apt-get
    notes each call, talks on stderr as apt does, and ends with `apt_code`."""
    bin_dir = tools(tmp_path, installed=False)
    (bin_dir / "id").write_text("#!/bin/sh\necho 0\n")
    (bin_dir / "apt-get").write_text(
        "#!/bin/sh\n"
        f'echo "$@" >> "{tmp_path}/apt-get.calls"\n'
        'echo "debconf: delaying package configuration, since apt-utils is not installed" >&2\n'
        '[ "$1" = update ] && exit 0\n'
        f'echo "E: Unable to locate package xdotool" >&2; exit {apt_code}\n'
    )
    return bin_dir


@pytest.mark.parametrize("target", ["deb", "deb-test"])
def test_as_root_make_says_it_installs_debian_packages_and_apt_stays_quiet(
    tmp_path: Path, target: str
) -> None:
    done = make(tmp_path, root_tools(tmp_path, apt_code=0), target)
    assert done.returncode == 0, done.stdout + done.stderr
    wanted = packages("RUN_PACKAGES") + (packages("TEST_PACKAGES") if target == "deb-test" else [])
    assert done.stdout.splitlines() == [
        f"make: installing Debian packages: {' '.join(wanted)} (apt-get, a minute or more)"
    ]
    assert done.stderr == ""
    calls = (tmp_path / "apt-get.calls").read_text().splitlines()
    assert calls == ["update -q", f"install -y -q --no-install-recommends {' '.join(wanted)}"]


def test_a_failed_apt_get_shows_what_apt_said_and_stops(tmp_path: Path) -> None:
    done = make(tmp_path, root_tools(tmp_path, apt_code=100), "deb")
    assert done.returncode != 0
    assert "E: Unable to locate package xdotool" in done.stderr


def test_the_readme_names_every_debian_package_make_installs() -> None:
    """A newcomer installing by hand (no root, no sudo) reads the list there."""
    readme = (ROOT / "README.md").read_text()
    named = set(re.findall(r"`([a-z0-9][a-z0-9.+-]+)`", readme))
    assert {*packages("RUN_PACKAGES"), *packages("TEST_PACKAGES")} <= named


@pytest.mark.parametrize(
    "name", ["Makefile", "README.md", ".ci/run", "docs/raspberry-pi.md", "hardware/WIRING.md",
             "tools/test-groups.sh", "tools/test-loaded.sh", "tools/test-user.sh",
             "tools/pi-check.sh"],
)  # fmt: skip
def test_every_project_file_a_comment_or_a_guide_names_exists(name: str) -> None:
    """tests/..., tools/..., deploy/... named in the Makefile, the scripts and the guides
    (the Makefile once named tests/slow.py, long after it became tests/waiting.py)."""
    text = (ROOT / name).read_text()
    named = set(re.findall(r"\b((?:tests|tools|deploy|docs|hardware|bench)/[\w./-]*\w)", text))
    outputs = [  # what a run makes (.gitignore's paths): bench/results.json, tests/ui/out
        line.strip().rstrip("/")
        for line in (ROOT / ".gitignore").read_text().splitlines()
        if "/" in line.strip().rstrip("/")
    ]
    missing = sorted(
        p
        for p in named
        if not (ROOT / p).exists() and not any(p == o or p.startswith(f"{o}/") for o in outputs)
    )
    assert missing == []


def test_the_suite_never_makes_kivy_s_folder_in_the_user_s_home(tmp_path: Path) -> None:
    """A newcomer's first `make test` has no `~/.kivy`: two workers importing Kivy at
    once both made it and one died (FileExistsError, "2 errors" and a red run). Each
    test process has its own Kivy home, so the user's is never made or touched."""
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KIVY_", "PYTEST_"))}
    env["HOME"] = str(home)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2", "--collect-only",
         "-q", "tests/reliability/test_buttons_flood.py"],
        cwd=ROOT, capture_output=True, text=True, env=env, timeout=limit(120),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "test_buttons_flood.py: 1" in done.stdout
    assert not (home / ".kivy").exists()
