#!/usr/bin/env bash
# make test-user: the whole suite (`make test`) as a user without root, as a developer
# on a Pi runs it: a file's rights, a mount or a chown mean something else there.
# As a user, that is `make test` itself. As root: the system user $TEST_USER (made if
# missing, with a home of its own) gets a copy of this checkout that it owns (the
# files git tracks or would add) with the .venv that `make` installed here as root (the
# user's Python of the same version where root's is out of its reach), and runs `make
# test` in it. The copy is removed at the end, also on a failure.
#   make test-user [TEST_USER=companion-test]
set -euo pipefail
cd "$(dirname "$0")/.." || exit 2
here=$PWD
if [ "$(id -u)" != 0 ]; then
  exec make --no-print-directory test
fi

user=${TEST_USER:-companion-test}
if ! id -u "$user" >/dev/null 2>&1; then
  echo "test-user: creating the system user $user (no password, no login shell)"
  useradd --system --user-group --create-home --home-dir "/var/lib/$user" \
    --shell /usr/sbin/nologin "$user"
fi
home=$(getent passwd "$user" | cut -d: -f6)
[ -d "$home" ] || { echo "test-user: $user has no home folder ($home)" >&2; exit 2; }

copy=$(mktemp -d -t companion-test-user-XXXX)
trap 'rm -rf "$copy"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
echo "test-user: copying the checkout to $copy for $user"
git ls-files -z --cached --others --exclude-standard \
  | while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done \
  | tar --null -T - -cf - | tar -C "$copy" -xf -
# The venv's interpreter must be one the user may run (root's may live in /root): the
# same Python version elsewhere will do, else the user's `make` installs a .venv anew.
version=$(.venv/bin/python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
python=""
for candidate in "$(readlink -f .venv/bin/python3)" "/usr/bin/python$version" \
    "/usr/local/bin/python$version"; do
  if [ -x "$candidate" ] && runuser -u "$user" -- "$candidate" -c '' 2>/dev/null; then
    python=$candidate
    break
  fi
done
chown -R "$user:" "$copy"
chmod 0755 "$copy"
if [ -n "$python" ]; then
  # Root's, and read-only to the user (nothing writes into a venv when it runs): hard
  # links where the file system allows, so the copy takes a moment.
  cp -al .venv "$copy/.venv" 2>/dev/null || { rm -rf "$copy/.venv"; cp -a .venv "$copy/.venv"; }
  .venv/bin/python3 tools/move_venv.py "$here" "$copy" "$python"
else
  echo "test-user: no Python $version that $user may run: its make installs a .venv anew"
fi

echo "test-user: make test as $user (uid $(id -u "$user")) in $copy"
# A clean environment but for what tells the tests how to run.
keep=()
for name in PATH LANG LC_ALL TERM CI COMPANION_TEST_SLOWNESS TEST_JOBS TEST_UI_JOBS PYTEST; do
  [ -n "${!name:-}" ] && keep+=("$name=${!name}")
done
runuser -u "$user" -- env -i "${keep[@]}" HOME="$home" USER="$user" LOGNAME="$user" \
  make --no-print-directory -C "$copy" test
