"""The Raspberry Pi checks of `companion doctor`: what deploy/install.sh set up, still right?

Each check is a function of a root folder ("/" on the Pi, a temporary folder in tests)
and, where it must ask the system, an injected command runner or disk probe. Each returns
a frozen `Check` with a sentence for the person at the table and, when something is
wrong, the command that fixes it. `run_all()` runs them all.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion import config as settings
from companion.core.errors import ConfigError

APP_USER = "companion"
APP_GROUPS = ("video", "render", "touchscreen", "gpio", "spi", "dialout", "audio")
# Every input device, a keyboard too: the service needs the touchscreens alone (the group
# touchscreen, deploy/99-companion.rules); an older install put it in input.
WIDE_GROUP = "input"
SERVICE = "companion.service"
CONFIG_PATH = "/etc/companion/config.toml"
AUTOSTART = "/etc/xdg/autostart/companion.desktop"
DATA_DIR = "/var/lib/companion/data"
KIVY_INI = "/var/lib/companion/kivy/config.ini"  # the service's KIVY_HOME
POLKIT_RULE = "/etc/polkit-1/rules.d/50-companion.rules"
CONFIG_TXT = ("/boot/firmware/config.txt", "/boot/config.txt")
MIN_FREE_BYTES = 50 * 1024 * 1024
REINSTALL = "sudo deploy/install.sh (from the clone)"

Runner = Callable[[Sequence[str]], "subprocess.CompletedProcess[str]"]
DiskUsage = Callable[[Path], int]


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""


def run_command(args: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """Run a command; a missing program is a failed command, not an exception."""
    try:
        return subprocess.run(list(args), capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return subprocess.CompletedProcess(list(args), 127, "", str(error))


def free_bytes(path: Path) -> int:
    return shutil.disk_usage(path).free


def under(root: Path, absolute: str) -> Path:
    return root / absolute.lstrip("/")


# --- the service ------------------------------------------------------------------------


def check_service(root: Path, run: Runner = run_command) -> Check:
    if under(root, AUTOSTART).exists():
        return Check("service", True, "the desktop starts the companion (autostart entry)")
    live = root == Path("/")
    systemctl = ["systemctl"] if live else ["systemctl", f"--root={root}"]
    enabled = run([*systemctl, "is-enabled", SERVICE]).stdout.strip()
    if enabled != "enabled":
        state = enabled or "not installed"
        return Check(
            "service", False, f"{SERVICE} is {state}, so nothing starts at boot", REINSTALL
        )
    if not live:
        return Check("service", True, f"{SERVICE} is enabled")
    active = run(["systemctl", "is-active", SERVICE]).stdout.strip()
    if active in ("active", "activating"):
        return Check("service", True, f"{SERVICE} is enabled and {active}")
    return Check(
        "service",
        False,
        f"{SERVICE} is enabled but {active or 'not running'}",
        "see why: journalctl -u companion -b; then: sudo systemctl reset-failed companion; "
        "sudo systemctl restart companion",
    )


# --- groups -----------------------------------------------------------------------------


def read_groups(root: Path) -> dict[str, set[str]]:
    """Group name -> its members, from the root's /etc/group."""
    groups: dict[str, set[str]] = {}
    try:
        text = under(root, "/etc/group").read_text()
    except OSError:
        return groups
    for line in text.splitlines():
        parts = line.split(":")
        if len(parts) >= 4:
            groups[parts[0]] = {member for member in parts[3].split(",") if member}
    return groups


def check_groups(root: Path, user: str = APP_USER) -> Check:
    groups = read_groups(root)
    missing = [group for group in APP_GROUPS if user not in groups.get(group, set())]
    if not missing and user in groups.get(WIDE_GROUP, set()):
        return Check(
            "groups",
            False,
            f"{user} is in the group {WIDE_GROUP}, which lets it read every input device, a "
            "keyboard too: it needs only the touchscreens (the group touchscreen)",
            f"sudo gpasswd --delete {user} {WIDE_GROUP}; sudo systemctl restart companion",
        )
    if not missing:
        return Check("groups", True, f"{user} is in the groups {' '.join(APP_GROUPS)}")
    return Check(
        "groups",
        False,
        f"{user} is not in the group(s) {' '.join(missing)}: the screen, touch, buttons, "
        "strip or dice reader may be refused",
        f"sudo usermod --append --groups {','.join(missing)} {user}; "
        "sudo systemctl restart companion",
    )


# --- SPI --------------------------------------------------------------------------------


def spi_in_config_txt(root: Path) -> bool | None:
    """Whether config.txt switches SPI on; None when there is no config.txt (not a Pi)."""
    for name in CONFIG_TXT:
        path = under(root, name)
        if path.is_file():
            return re.search(r"^\s*dtparam=spi=on\s*$", path.read_text(), re.M) is not None
    return None


def check_spi(root: Path, strip_type: str) -> Check:
    if strip_type not in ("apa102", "ws2812"):
        return Check("spi", True, f"not needed (strip type {strip_type})")
    in_config = spi_in_config_txt(root)
    if in_config is False:
        return Check(
            "spi",
            False,
            f"the {strip_type} strip needs SPI, and config.txt does not switch it on",
            f"{REINSTALL} switches it on; then: sudo reboot",
        )
    if not under(root, "/dev/spidev0.0").exists():
        return Check(
            "spi",
            False,
            "SPI is not on yet: /dev/spidev0.0 is missing",
            "sudo reboot (config.txt changes count from the next boot)",
        )
    return Check("spi", True, "SPI is on (/dev/spidev0.0)")


# --- the display ------------------------------------------------------------------------


def connected_outputs(root: Path) -> list[tuple[int, str]]:
    """(card number, connector) of every connected display, e.g. (1, "DSI-1")."""
    found = []
    for status in sorted(under(root, "/sys/class/drm").glob("card*-*/status")):
        match = re.fullmatch(r"card(\d+)-(.+)", status.parent.name)
        try:
            connected = status.read_text().strip() == "connected"
        except OSError:
            continue
        if match and connected:
            found.append((int(match.group(1)), match.group(2)))
    return found


def check_display(root: Path) -> Check:
    outputs = connected_outputs(root)
    if not outputs:
        return Check(
            "display",
            False,
            "no connected display found in /sys/class/drm",
            "check the ribbon or HDMI cable and that config.txt has dtoverlay=vc4-kms-v3d; "
            "then: sudo reboot",
        )
    cards = sorted({card for card, _ in outputs})
    names = ", ".join(f"{name} on card{card}" for card, name in outputs)
    cards_total = len(list(under(root, "/dev/dri").glob("card*")))
    hint = ""
    if cards_total > 1:
        hint = f"; with several DRM cards set SDL_KMSDRM_DEVICE_INDEX={cards[0]}"
        hint += " in /etc/default/companion"
    return Check("display", True, f"display found: {names}{hint}")


# --- switching off -----------------------------------------------------------------------


def check_power_off(root: Path) -> Check:
    """The kiosk's "Shut down the Pi" needs the installer's polkit rule."""
    if under(root, AUTOSTART).exists():
        return Check("power-off", True, "the desktop session may switch the Pi off")
    try:
        present = under(root, POLKIT_RULE).is_file()
    except PermissionError:  # Debian keeps polkit's rules folder for root and polkitd
        folder = str(Path(POLKIT_RULE).parent)
        return Check(
            "power-off",
            True,
            f"only root may look into {folder}: `sudo companion doctor` checks the rule "
            "that lets the menu switch the Pi off",
        )
    if present:
        return Check("power-off", True, f"the menu can switch the Pi off ({POLKIT_RULE})")
    return Check(
        "power-off",
        False,
        f"{POLKIT_RULE} is missing, so the menu cannot switch the Pi off",
        REINSTALL,
    )


# --- the settings -----------------------------------------------------------------------


def config_file(root: Path, config_path: Path | str | None) -> Path:
    if config_path is not None:
        return Path(config_path)
    installed = under(root, CONFIG_PATH)
    return installed if installed.exists() or root != Path("/") else settings.default_path()


def check_config(path: Path) -> tuple[Check, settings.Config | None]:
    try:
        loaded = settings.load(path)
    except ConfigError as error:
        return Check("config", False, str(error), f"edit {path}, or reset it on the screen"), None
    where = str(path) if path.exists() else f"defaults ({path} does not exist)"
    return Check("config", True, f"settings valid: {where}"), loaded


# --- disk -------------------------------------------------------------------------------


def existing_parent(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def check_disk(
    data_dir: Path, free: DiskUsage = free_bytes, minimum: int = MIN_FREE_BYTES
) -> Check:
    folder = existing_parent(data_dir)
    try:
        left = free(folder)
    except OSError as error:
        return Check("disk", False, f"cannot see the free space at {folder}: {error.strerror}")
    megabytes = left // (1024 * 1024)
    if left < minimum:
        return Check(
            "disk",
            False,
            f"only {megabytes} MB free for the games database in {data_dir}",
            "free some space (sudo apt-get clean; sudo journalctl --vacuum-size=50M)",
        )
    return Check("disk", True, f"{megabytes} MB free for the games database in {data_dir}")


# --- all of them ------------------------------------------------------------------------


def installed(root: Path | str = "/") -> bool:
    """Whether deploy/install.sh has set this machine up (so the Pi checks apply)."""
    base = Path(root)
    return any(
        under(base, path).exists()
        for path in ("/etc/systemd/system/companion.service", AUTOSTART, "/opt/companion")
    )


def run_all(
    config_path: Path | str | None = None,
    root: Path | str = "/",
    run: Runner = run_command,
    free: DiskUsage = free_bytes,
) -> list[Check]:
    base = Path(root)
    config_check, loaded = check_config(config_file(base, config_path))
    strip_type = loaded.strip.type if loaded is not None else "none"
    return [
        check_service(base, run),
        check_groups(base),
        check_spi(base, strip_type),
        check_display(base),
        check_power_off(base),
        config_check,
        check_disk(under(base, DATA_DIR), free),
    ]
