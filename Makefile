# make run | make test | make lint | make bench
# lint runs mypy twice: the whole project, then --strict on the rules (core, games).
# Each target creates .venv on first use and installs what it needs; as root it also
# installs the Debian packages Kivy needs for an (offscreen) window.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEB_PACKAGES := libegl1 libgl1-mesa-dri libmtdev1 libgl1 libsdl2-2.0-0 xclip xvfb xdotool xauth shellcheck systemd udev
export DEBIAN_FRONTEND := noninteractive
export KIVY_NO_ARGS := 1
export KIVY_NO_FILELOG := 1
export KIVY_NO_CONSOLELOG := 1

.PHONY: run test test-core test-ui lint bench deb clean screenshots

$(STAMP): pyproject.toml
	@$(MAKE) --no-print-directory deb
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --only-binary kivy -e '.[dev]'
	@touch $(STAMP)

deb:
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  missing=$$(for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	  if [ -n "$$missing" ]; then \
	    echo "installing Debian packages: $$missing"; \
	    apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	  fi; \
	fi

run: $(STAMP)
	$(BIN)/companion run --simulate

# UI tests open a real Kivy window; if none can be made Kivy ends the whole process,
# so they run in a pytest invocation of their own.
test: $(STAMP)
	$(BIN)/python -m pytest --ignore=tests/ui -p no:cacheprovider
	$(BIN)/python -m pytest tests/ui -p no:cacheprovider

test-core: $(STAMP)
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
screenshots: test-ui
	@for f in docs/screenshots/*.png; do \
	  b=$$(basename "$$f"); [ -f "tests/ui/out/$$b" ] && cp "tests/ui/out/$$b" "$$f"; \
	done; echo "docs/screenshots refreshed from tests/ui/out"

clean:
	rm -rf $(VENV) build *.egg-info
