#!/usr/bin/env bash
# make test-loaded [RUNS=3] [FRESH=0]: the whole suite (`make test`) with two CPU hogs
# running beside it, as a Pi 4 (three to four times slower) or a busy desktop would
# run it. The hogs are started and ended by their process ids, also when a run fails or
# the target is interrupted. Each run is made in a fresh clone of HEAD (its own .venv,
# as a new user's would be) unless FRESH=0; each run's time and result are printed,
# and the exit status fails if any run failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
RUNS=${RUNS:-1}
FRESH=${FRESH:-1}
HOGS=${HOGS:-2}
PY=${PY:-python3}

hogs=()
clones=()
stop() {
  for pid in "${hogs[@]}"; do
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  hogs=()
  for dir in "${clones[@]}"; do
    rm -rf "$dir"
  done
  clones=()
}
trap stop EXIT
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM

for _ in $(seq "$HOGS"); do
  "$PY" -c 'while True: pass' &
  hogs+=("$!")
done
echo "test-loaded: $HOGS CPU hogs running (pids ${hogs[*]}), $RUNS run(s)"

results=()
failed=0
for run in $(seq "$RUNS"); do
  where=.
  if [ "$FRESH" = 1 ]; then
    where=$(mktemp -d -t companion-loaded-XXXX)
    clones+=("$where")
    git clone --quiet . "$where" || exit 2
  fi
  log=$(mktemp)
  started=$SECONDS
  # The install (Debian packages, .venv) first, not counted in the suite's time.
  make --no-print-directory -C "$where" deb-test .venv/.installed 2>&1 | tee "$log"
  installed=$((SECONDS - started))
  started=$SECONDS
  make --no-print-directory -C "$where" test 2>&1 | tee "$log"
  code=${PIPESTATUS[0]}
  took=$((SECONDS - started))
  lines=$(grep -E '^make test: ' "$log" | sed 's/^/    /')
  rm -f "$log"
  verdict=passed
  [ "$code" = 0 ] || { verdict="FAILED (exit $code)"; failed=1; }
  results+=("test-loaded: run $run of $RUNS: $verdict in $((took / 60)) min $((took % 60)) s\
 (install before it: $installed s)" "$lines")
done
stop
printf '%s\n' "${results[@]}"
exit "$failed"
