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
declare -A ARGS=([core]="--ignore=tests/ui" [ui]="tests/ui")
summary=()
failed=0
for group in "$@"; do
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
  summary+=("make test: $group: $verdict in $((SECONDS - started)) s: ${last:-pytest said nothing}")
done
printf '%s\n' "${summary[@]}"
exit "$failed"
