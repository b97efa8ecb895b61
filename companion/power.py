"""Switching the Pi off from the menu, through systemd, with only the right it needs.

The kiosk service runs as the unprivileged user `companion`; `deploy/install.sh`
installs a polkit rule (`deploy/50-companion.rules`) that lets that user, and no other
right, ask logind to power off (`org.freedesktop.login1.power-off`). A desktop user in
a local session has that right from the system's own policy. The app never runs as
root: it asks `systemctl poweroff`, and systemd stops every service (the companion
too, which saves the game as on Quit) before the power goes.

The menu offers the item only where it can work: in kiosk mode (`--fullscreen`) on a
Linux with systemd, where the rule is installed or the app runs in a logind session.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from companion.core.errors import CompanionError
from companion.core.messages import Catalog
from companion.pi_checks import POLKIT_RULE as RULE_PATH

log = logging.getLogger(__name__)

COMMAND = ("systemctl", "poweroff")
POLKIT_RULE = Path(RULE_PATH)

Runner = Callable[[Sequence[str]], "subprocess.CompletedProcess[str]"]

M = Catalog("power")


class PowerOffError(CompanionError):
    """systemd refused or could not be asked."""


def run_command(args: Sequence[str]) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(list(args), capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return subprocess.CompletedProcess(list(args), 127, "", str(error))


def available(
    *,
    kiosk: bool,
    rule: Path = POLKIT_RULE,
    environ: Mapping[str, str] | None = None,
    which: Callable[[str], str | None] = shutil.which,
) -> bool:
    """Whether "Shut down the Pi" can work here (see the module's notes)."""
    env = os.environ if environ is None else environ
    if not kiosk or which(COMMAND[0]) is None:
        return False
    return rule.is_file() or bool(env.get("XDG_SESSION_ID"))


def power_off(run: Runner = run_command) -> None:
    """Ask systemd to switch the Pi off; `PowerOffError` with systemd's own words."""
    done = run(COMMAND)
    if done.returncode != 0:
        reason = (done.stderr or done.stdout).strip().splitlines()
        raise PowerOffError(
            M("refused", reason=reason[-1] if reason else f"exit {done.returncode}")
        )
    log.info("shutting the Pi down")
