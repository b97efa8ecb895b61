# make run | make test | make test-core | make test-ui | make lint | make bench
# make test-loaded [RUNS=3] | make aarch64-wheels | make pi-check
# lint runs mypy twice: the whole project, then --strict on the rules (core, games).
# On Debian or Raspberry Pi OS with only python3 and make, each target installs what it
# needs first: the Debian packages (python3-venv, what Kivy's window needs; for the
# tests also Xvfb, xdotool, zbar-tools, shellcheck, systemd's and udev's tools) as root,
# or through sudo; else it prints one apt-get command with every package that `make run`
# and `make test` need, to run as root, and stops; then .venv.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
RUN_PACKAGES := python3-venv libegl1 libgl1-mesa-dri libmtdev1 libgl1 libsdl2-2.0-0 espeak-ng
TEST_PACKAGES := xclip xvfb xdotool xauth zbar-tools shellcheck systemd udev
# The tests' one slowness factor: every limit a test waits with is multiplied by it
# (tests/waiting.py). 1 here; a Pi 4 or a loaded machine passes with 1 too.
export COMPANION_TEST_SLOWNESS ?= 1
SUDO ?= sudo
export PYTEST ?= $(BIN)/python -m pytest
export RUNS ?= 1
export KIVY_NO_ARGS := 1
export KIVY_NO_FILELOG := 1
# Processes that import Kivy without companion.ui.boot (bench modules, some tests) stay
# quiet; `companion run` logs through its own handler whatever this says.
export KIVY_NO_CONSOLELOG := 1

.PHONY: run test test-core test-ui test-user test-loaded lint bench deb deb-test clean screenshots \
	aarch64-wheels pi-check

# One line per step, and nothing else unless a step fails: setuptools' box about an
# editable install says nothing a newcomer can act on (PYTHONWARNINGS reaches pip's
# build process too).
$(STAMP): pyproject.toml
	@$(MAKE) --no-print-directory deb
	@test -x $(BIN)/python || { echo "make: creating $(VENV)"; $(PY) -m venv $(VENV); }
	@echo "make: installing Python packages into $(VENV) (a few minutes on a Pi)"
	@export PYTHONWARNINGS="ignore:Editable installation"; \
	$(BIN)/python -m pip install --quiet --upgrade pip && \
	$(BIN)/python -m pip install --quiet --only-binary kivy -e '.[dev]'
	@touch $(STAMP)

# deb-install PACKAGES: the missing ones from apt, as root or through sudo (apt's own
# output only when it fails: "debconf: delaying package configuration" is no news).
# Without either, one command to run as root with every missing package that `make run` and
# `make test` need (not only this target's: one trip to root), and a stop. Nothing to
# do where there is no apt (a Mac).
define deb-install
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	missing=$$(echo $$missing); \
	if [ -z "$$missing" ] || ! command -v apt-get >/dev/null; then exit 0; fi; \
	install="apt-get install -y -q --no-install-recommends $$missing"; \
	if [ "$$(id -u)" = 0 ]; then as=""; \
	elif [ -n "$(SUDO)" ] && command -v $(SUDO) >/dev/null; then as="$(SUDO)"; \
	else \
	  all=$$(for p in $(RUN_PACKAGES) $(TEST_PACKAGES); do \
	    dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	  all=$$(echo $$all); \
	  echo "make: these Debian packages are missing: $$all" >&2; \
	  echo "make: as root, run: apt-get update && apt-get install -y -q --no-install-recommends $$all" >&2; \
	  exit 1; \
	fi; \
	echo "make: installing Debian packages: $$missing (apt-get, a minute or more)"; \
	log=$$(mktemp); \
	if ! { $$as apt-get update -q && \
	    $$as env DEBIAN_FRONTEND=noninteractive $$install; } >"$$log" 2>&1; then \
	  cat "$$log" >&2; rm -f "$$log"; exit 1; \
	fi; \
	rm -f "$$log"
endef

deb:
	$(call deb-install,$(RUN_PACKAGES))

deb-test:
	$(call deb-install,$(RUN_PACKAGES) $(TEST_PACKAGES))

run: $(STAMP)
	$(BIN)/companion run --simulate

# UI tests open a real Kivy window; if none can be made Kivy ends the whole process,
# so they run in a pytest invocation of their own. Both groups run whatever the first
# gave; one line each at the end, and the exit status fails if either failed.
test: deb-test $(STAMP)
	@bash tools/test-groups.sh core ui

test-core: deb-test $(STAMP)
	@bash tools/test-groups.sh core

test-ui: deb-test $(STAMP)
	@bash tools/test-groups.sh ui

# The whole suite as a user without root (tools/test-user.sh): as root, in a copy of
# this checkout owned by a system user (TEST_USER, companion-test) that it makes if
# missing; as a user, `make test`. A file's rights or a mount mean other things there.
test-user: deb-test $(STAMP)
	@bash tools/test-user.sh

# The whole suite with two CPU hogs beside it (started and ended by PID), RUNS times
# in a row, each in a fresh clone of HEAD (FRESH=0: in this folder); each run's time
# and result, and a failure if any run failed.
test-loaded: deb-test
	@bash tools/test-loaded.sh

# Every wheel `.[dev]` needs exists for 64-bit Raspberry Pi OS (aarch64) with Python
# 3.11 to 3.13: nothing to compile on a Pi.
aarch64-wheels: $(STAMP)
	@set -e; dest=$$(mktemp -d); trap 'rm -rf "$$dest"' EXIT; \
	for v in 3.11 3.12 3.13; do \
	  $(BIN)/python -m pip download --quiet --only-binary=:all: --dest "$$dest/$$v" \
	    --platform manylinux2014_aarch64 --python-version $$v '.[dev]' >/dev/null; \
	  echo "aarch64-wheels: Python $$v: $$(ls "$$dest/$$v" | wc -l) wheels, none to compile"; \
	done

# The Pi's path on arm64 code under qemu (tools/pi-check.sh; as root, a few minutes).
# Not .venv: as root in a user's clone, it would be root's. pip runs from build/pi-venv.
pi-check: deb
	@bash tools/pi-check.sh

lint: $(STAMP)
	$(BIN)/ruff check companion hardware tests bench
	$(BIN)/ruff format --check companion hardware tests bench
	$(BIN)/mypy
	$(BIN)/mypy --strict companion/core companion/games

bench: $(STAMP)
	$(BIN)/python -m bench

# The UI tests write every screen to tests/ui/out; this refreshes the committed ones.
# Every picture docs/screenshots holds or the README shows, from the UI tests' run.
screenshots: test-ui
	@for b in $$( (ls docs/screenshots; grep -o 'docs/screenshots/[A-Za-z0-9_.-]*\.png' README.md \
	    | xargs -n1 basename) | sort -u); do \
	  [ -f "tests/ui/out/$$b" ] && cp "tests/ui/out/$$b" "docs/screenshots/$$b"; \
	done; echo "docs/screenshots refreshed from tests/ui/out"

clean:
	rm -rf $(VENV) build *.egg-info
