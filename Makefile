# make run | make test | make lint | make bench
# lint runs mypy twice: the whole project, then --strict on the rules (core, games).
# On Debian or Raspberry Pi OS with only python3 and make, each target installs what it
# needs first: the Debian packages (python3-venv, what Kivy's window needs; for the
# tests also Xvfb, xdotool, shellcheck, systemd's and udev's tools) as root, or through
# sudo, else it prints the one apt-get command to run as root and stops; then .venv.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
RUN_PACKAGES := python3-venv libegl1 libgl1-mesa-dri libmtdev1 libgl1 libsdl2-2.0-0
TEST_PACKAGES := xclip xvfb xdotool xauth shellcheck systemd udev
export KIVY_NO_ARGS := 1
export KIVY_NO_FILELOG := 1
# Processes that import Kivy without companion.ui.boot (bench modules, some tests) stay
# quiet; `companion run` logs through its own handler whatever this says.
export KIVY_NO_CONSOLELOG := 1

.PHONY: run test test-core test-ui lint bench deb deb-test clean screenshots

$(STAMP): pyproject.toml
	@$(MAKE) --no-print-directory deb
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --only-binary kivy -e '.[dev]'
	@touch $(STAMP)

# deb-install PACKAGES: the missing ones from apt, as root or through sudo; without
# either, the command to run and a stop. Nothing to do where there is no apt (a Mac).
define deb-install
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	missing=$$(echo $$missing); \
	if [ -z "$$missing" ] || ! command -v apt-get >/dev/null; then exit 0; fi; \
	install="apt-get install -y -q --no-install-recommends $$missing"; \
	if [ "$$(id -u)" = 0 ]; then as=""; \
	elif command -v sudo >/dev/null; then as="sudo"; \
	else \
	  echo "make: these Debian packages are missing: $$missing" >&2; \
	  echo "make: as root, run: apt-get update && $$install" >&2; \
	  exit 1; \
	fi; \
	echo "installing Debian packages: $$missing"; \
	$$as apt-get update -q >/dev/null && \
	$$as env DEBIAN_FRONTEND=noninteractive $$install >/dev/null
endef

deb:
	$(call deb-install,$(RUN_PACKAGES))

deb-test:
	$(call deb-install,$(TEST_PACKAGES))

run: $(STAMP)
	$(BIN)/companion run --simulate

# UI tests open a real Kivy window; if none can be made Kivy ends the whole process,
# so they run in a pytest invocation of their own.
test: $(STAMP) deb-test
	$(BIN)/python -m pytest --ignore=tests/ui -p no:cacheprovider
	$(BIN)/python -m pytest tests/ui -p no:cacheprovider

test-core: $(STAMP) deb-test
	$(BIN)/python -m pytest --ignore=tests/ui -p no:cacheprovider

test-ui: $(STAMP)
	$(BIN)/python -m pytest tests/ui -p no:cacheprovider

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
