#!/usr/bin/env bash
# make test | test-core | test-ui: each group of tests in a pytest run of its own (the
# UI tests open a real Kivy window, and Kivy ends the whole process when it cannot),
# every group named runs whatever the one before gave, then one line per group, and
# the exit status fails if any group failed.
#   core: the rules, the store, the commands, the hardware, end to end (all but tests/ui)
#   ui:   the screens in a real window (tests/ui)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
PYTEST=${PYTEST:-.venv/bin/python -m pytest}
# Each group on every core (TEST_JOBS workers, pytest-xdist; TEST_JOBS=0: one process).
# A test waits for its own events, never for another test's. The UI tests spend about
# half their time waiting (for a frame, a hold, a glass), so their group runs twice as
# many workers (TEST_UI_JOBS; 4 against 2: 411 s against 502 s on an idle 2-core PC),
# and so does its run again at 1280x720 (tests/ui/test_sizes.py reads it).
# worksteal (UI): a worker that has run its share takes half of what another still
# has queued (the UI group's longest test runs first and holds its worker for
# minutes). The core group's tests are short: xdist's default order there (190 s
# against 205 s with worksteal).
JOBS=${TEST_JOBS:-2}
export TEST_UI_JOBS=${TEST_UI_JOBS:-$((JOBS * 2))}
declare -A ARGS=([core]="--ignore=tests/ui -n $JOBS"
  [ui]="tests/ui -n $TEST_UI_JOBS --dist worksteal")
# The CPU seconds this shell's children have used (pytest and what it starts): on an
# idle machine about the group's time, and a measure that load does not change.
# `times` is run by this shell itself (in a $(...) it would count a subshell's children).
tf=$(mktemp)
trap 'rm -f "$tf"' EXIT
cpu() {
  tail -n 1 "$tf" | awk '{ for (i = 1; i <= 2; i++) {
      split($i, t, "m"); sub("s", "", t[2]); s += t[1] * 60 + t[2] } }
    END { printf "%d", s }'
}

summary=()
failed=0
for group in "$@"; do
  times >"$tf"
  cpu_before=$(cpu)
  [ -n "${ARGS[$group]:-}" ] || { echo "test-groups: no group $group" >&2; exit 2; }
  log=$(mktemp)
  started=$SECONDS
  # shellcheck disable=SC2086  # PYTEST is a command with its arguments
  $PYTEST ${ARGS[$group]} -p no:cacheprovider 2>&1 | tee "$log"
  code=${PIPESTATUS[0]}
  last=$(grep -E '[0-9]+ (passed|failed|error)|no tests ran' "$log" | tail -n 1 | tr -d '=' \
    | sed 's/^ *//; s/ *$//')
  rm -f "$log"
  verdict=passed
  if [ "$code" != 0 ]; then
    verdict="FAILED (exit $code)"
    failed=1
  fi
  times >"$tf"
  used=$(($(cpu) - cpu_before))
  summary+=("make test: $group: $verdict in $((SECONDS - started)) s (CPU $used s):\
 ${last:-pytest said nothing}")
done
printf '%s\n' "${summary[@]}"
exit "$failed"
