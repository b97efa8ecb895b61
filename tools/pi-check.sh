#!/usr/bin/env bash
# make pi-check: the Pi's path on arm64 code, without a Pi. An arm64 Debian 12 root
# (debootstrap --foreign), the aarch64 wheels of the app and its dependencies, then the
# commands a player uses and the non-UI tests of tests/games and tests/store, each run
# by Debian's qemu-aarch64-static -L ROOT. No binfmt handler is registered: every
# aarch64 program is started through qemu by name (the root's Python through a small
# wrapper, so that a test that starts `sys.executable` starts qemu again).
#
# debootstrap's second stage runs the root's own programs (dpkg, maintainer scripts),
# which the kernel cannot start without a binfmt handler; the packages it would
# configure are unpacked with dpkg-deb instead. Python needs no configuring.
#
# Needs root (debootstrap), debootstrap and qemu-user-static (it installs them with apt
# where it can). The root is kept in build/pi-root and made again by `make clean`.
# In a clone a user owns (`sudo make pi-check`), everything it made there (build/) is
# given to that user at the end, as root never leaves a file the user cannot remove:
# the wheel is built from a copy of the checkout, and pip runs from a venv of its own
# (build/pi-venv), not from the user's .venv.
set -euo pipefail
cd "$(dirname "$0")/.."

ROOT=${PI_ROOT:-build/pi-root}
WHEELS=build/pi-wheels
SITE=opt/companion/site
MIRROR=${PI_MIRROR:-http://deb.debian.org/debian}
PYVER=3.11  # Debian 12's and Raspberry Pi OS Bookworm's Python
HOST_PY=${HOST_PY:-build/pi-venv/bin/python}

say() { printf 'pi-check: %s\n' "$*"; }
fail() { say "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "debootstrap needs root: run it as root (sudo make pi-check)"
missing=""
command -v debootstrap >/dev/null || missing="$missing debootstrap"
command -v qemu-aarch64-static >/dev/null || missing="$missing qemu-user-static"
if [ -n "$missing" ]; then
  say "installing$missing"
  log=$(mktemp)
  # shellcheck disable=SC2086  # the package names, one word each
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends $missing; } >"$log" 2>&1 \
    || { cat "$log" >&2; rm -f "$log"; fail "apt-get could not install$missing"; }
  rm -f "$log"  # apt's own words only when it fails ("debconf: delaying ..." is no news)
fi

started=$SECONDS
# The checkout's owner gets back what this made in it, also when it fails.
owner=$(stat -c %u:%g .)
WORK=$(mktemp -d)
# shellcheck disable=SC2317  # run by the EXIT trap
handback() {
  rm -rf "$WORK"
  if [ "$owner" != 0:0 ] && [ -d build ]; then
    chown -hR "$owner" build  # -h: a link itself, never what it points to
  fi
}
trap handback EXIT
mkdir -p build "$(dirname "$ROOT")"  # a fresh clone has no build folder yet
if [ ! -x "$HOST_PY" ]; then
  say "python3 -m venv build/pi-venv (pip, to fetch the aarch64 wheels)"
  python3 -m venv build/pi-venv
fi

# 1. The arm64 root: the first stage, then the rest of the packages unpacked.
if [ ! -e "$ROOT/.unpacked" ]; then
  rm -rf "$ROOT"
  say "debootstrap --arch=arm64 --foreign bookworm $ROOT"
  debootstrap --arch=arm64 --foreign --variant=minbase --include=python3 \
    bookworm "$ROOT" "$MIRROR" >build/pi-debootstrap.log 2>&1 \
    || fail "debootstrap failed: see build/pi-debootstrap.log"
  for deb in "$ROOT"/var/cache/apt/archives/*.deb; do
    dpkg-deb -x "$deb" "$ROOT"
  done
  # qemu -L looks a path up in the root first: the root's own device nodes (a pty
  # master that is not this system's /dev/pts) must not hide the host's /dev.
  rm -rf "${ROOT:?}"/dev/*
  touch "$ROOT/.unpacked"
fi
ROOT_ABS=$(cd "$ROOT" && pwd)
PY=$ROOT_ABS/usr/bin/python$PYVER
file_says=$(od -An -tx1 -j18 -N2 "$PY" | tr -d ' ')
[ "$file_says" = "b700" ] || fail "$PY is not an aarch64 program (e_machine $file_says)"

# The root's Python as a program the host can start: qemu, the root, the real binary.
# argv[0] is the wrapper, so the Python inside finds its library beside it and
# `sys.executable` (started by tests) is the wrapper again.
WRAP=$ROOT_ABS/usr/bin/python3-qemu
cat >"$WRAP" <<EOF
#!/bin/sh
exec qemu-aarch64-static -L "$ROOT_ABS" -0 "$WRAP" "$PY" "\$@"
EOF
chmod +x "$WRAP"

# 2. The app's wheel and every dependency's aarch64 wheel, downloaded on the host
# (nothing is compiled: --only-binary), installed into the root's site folder. The
# wheel is built from a copy: a build leaves build/ and *.egg-info where it runs.
rm -rf "$WHEELS" "${ROOT:?}/$SITE"
mkdir -p "$WHEELS" "$WORK/src"
# safe.directory: git refuses, as root, a clone that a user owns.
git -c safe.directory="$PWD" ls-files -z --cached --others --exclude-standard \
  | while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done \
  | tar --null -T - -cf - | tar -C "$WORK/src" -xf -
"$HOST_PY" -m pip wheel --quiet --no-deps --wheel-dir "$WHEELS" "$WORK/src" >/dev/null
platform=(--platform manylinux2014_aarch64 --python-version "$PYVER" --implementation cp
  --abi "cp${PYVER/./}" --only-binary=:all:)
"$HOST_PY" -m pip download --quiet "${platform[@]}" --dest "$WHEELS" \
  "$(ls "$WHEELS"/balloon_companion-*.whl)[dev]"
"$HOST_PY" -m pip install --quiet "${platform[@]}" --no-index --find-links "$WHEELS" \
  --target "$ROOT/$SITE" "balloon-companion[dev]"
say "$(find "$WHEELS" -name '*aarch64*.whl' | wc -l) aarch64 wheels, $(find "$WHEELS" -name '*.whl' | wc -l) in all"

# 3. The commands, run by the root's Python under qemu, from a folder of their own: the
# app comes from the installed wheel, not from this checkout.
RUN=$WORK/run
mkdir -p "$RUN"
cp -r tests bench pyproject.toml "$RUN/"  # bench: big_games, which a store test plays
rm -rf "$RUN/tests/ui"
export PYTHONPATH=$ROOT_ABS/$SITE:$RUN
export COMPANION_DATA_DIR=$RUN/data COMPANION_CONFIG_DIR=$RUN/config
export KIVY_NO_ARGS=1 KIVY_NO_FILELOG=1 KIVY_NO_CONSOLELOG=1 KIVY_HOME=$RUN/kivy
companion() { (cd "$RUN" && "$WRAP" -m companion "$@"); }
step() { say "\$ companion $*"; }

step "--version"
companion --version
say "$(cd "$RUN" && "$WRAP" -c 'import platform, sys; print(platform.machine(), sys.version.split()[0])')"
for game in wyscig-rulebook-example ballonrennen-race balmy-four-players-cards-and-markers; do
  step "replay $game.json"
  out=$(companion replay "tests/games/files/$game.json")
  printf '%s\n' "$out" | tail -n 3
done
step "replay ballonrennen-error-no-sandbags.json (an illegal action: exit 2, one error line)"
set +e
err=$(companion replay tests/games/files/ballonrennen-error-no-sandbags.json 2>&1 >/dev/null)
code=$?
set -e
printf '%s\n' "$err"
if [ "$code" != 2 ] || [ "$(printf '%s\n' "$err" | wc -l)" != 1 ] || [[ $err != error:* ]]; then
  fail "the illegal file gave exit $code and: $err"
fi
step "import wyscig-rulebook-example.json"
companion import tests/games/files/wyscig-rulebook-example.json
step "export"
out=$(companion export)
printf '%s...\n' "${out:0:160}"
step "stats"
out=$(companion stats)
printf '%s\n' "$out" | head -n 8
step "doctor --simulate --json"
code=0
out=$(companion doctor --simulate --json) || code=$?  # 1: it found a problem to report
printf '%s\n' "$out"
say "doctor: exit $code"
[ "$code" -le 1 ] || fail "doctor failed (exit $code)"

# 4. The rules' and the store's tests, under emulation.
say "\$ pytest tests/games tests/store (under qemu)"
tests_started=$SECONDS
# Emulation is 10-30 times slower than the host: every test's limit is stretched by
# PI_SLOWNESS (tests/waiting.py; not COMPANION_TEST_SLOWNESS, which make exports as 1 for
# the host's own tests), and the whole log is kept in build/pi-check-pytest.log.
LOG=$PWD/build/pi-check-pytest.log
set +e
(cd "$RUN" && COMPANION_TEST_SLOWNESS=${PI_SLOWNESS:-20} "$WRAP" -m pytest \
  tests/games tests/store -p no:cacheprovider ${PI_TESTS:+-k "$PI_TESTS"} \
  >"$LOG" 2>&1)
code=$?
set -e
tail -n 8 "$LOG"
say "tests: $((SECONDS - tests_started)) s (exit $code); everything: $((SECONDS - started)) s"
exit "$code"
