"""The settings screen without Kivy: which settings each tab shows and how, and a
draft of the settings file as plain data.

The draft is what `config.dumps` would write, as nested dicts; it is checked by
`config.from_dict`, the same path the file takes, so a bad value gets the file's
sentence ("strip.led_count: 0 is less than 1").
"""

from __future__ import annotations

import copy
import glob
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from companion import config as config_module
from companion.config import Config
from companion.core.messages import Message
from companion.i18n import languages
from companion.ui.screens.text import S
from hardware.pins import SEAT_PINS

Path_ = tuple[str, ...]
Kind = Literal["choice", "step", "multi"]
# One value of the settings file: what a choice button stands for, or any value of
# the draft (the settings' lists come as tuples, a changed one as a list; a section
# is a table of values).
Choice: TypeAlias = str | int | float | bool | None
Value: TypeAlias = Choice | Sequence["Value"] | dict[str, "Value"]
Draft: TypeAlias = dict[str, Value]

TABS = ("general", "sound", "strip", "buttons", "seats", "dice_reader")
WARNING_CHOICES = (30.0, 20.0, 15.0, 10.0, 5.0, 3.0)
BAUD_CHOICES = (9600, 38400, 57600, 115200, 230400)
PORT_PATTERNS = ("/dev/serial/by-id/*", "/dev/ttyACM*", "/dev/ttyUSB*")
MAX_PORTS = 4  # choices in one row; the current port is always among them

# Each language by its own name: whoever reads the screen finds theirs.
LANGUAGE_NAMES = {
    "en": "English",
    "pl": "Polski",
    "de": "Deutsch",
    "sv": "Svenska",
    "nl": "Nederlands",
}
# Settings that the running app takes over at once; the rest wait for a restart.
LIVE = {("language",), ("buzzer", "mute"), ("hourglass", "warnings")}


@dataclass(frozen=True)
class Setting:
    """One row: `choice` (one of `choices`), `multi` (any subset of `choices`) or
    `step` (a number moved by `step`, shown with `unit`). With `index` the setting is
    one value of the list at `path` (a seat button's pin), labelled seat `index + 1`."""

    path: Path_
    label: str
    kind: Kind
    choices: tuple[tuple[Choice, Message], ...] = ()
    step: float = 1
    unit: str = "int"
    index: int | None = None

    @property
    def key(self) -> str:
        joined = ".".join(self.path)
        return joined if self.index is None else f"{joined}[{self.index}]"

    @property
    def message(self) -> Message:
        return S(self.label) if self.index is None else S(self.label, seat=self.index + 1)


def _plain(values: Sequence[Choice]) -> tuple[tuple[Choice, Message], ...]:
    return tuple((v, S("plain", text=str(v))) for v in values)


def serial_ports(current: str) -> list[str]:
    """The configured port, /dev/dice (the udev name) and ports that exist now."""
    found = ["", current, "/dev/dice"]
    for pattern in PORT_PATTERNS:
        found.extend(sorted(glob.glob(pattern)))
    return list(dict.fromkeys(found))[:MAX_PORTS]  # the current port is second, always in


def settings_for(tab: str, draft: Draft) -> list[Setting]:
    """The rows of one tab (the serial ports depend on the draft and the machine)."""
    return _TABS[tab](draft)


def _general(draft: Draft) -> list[Setting]:
    names = tuple((lang, S("plain", text=LANGUAGE_NAMES.get(lang, lang))) for lang in languages())
    return [
        Setting(("language",), "set_language", "choice", names),
        Setting(
            ("screen", "rotation"),
            "set_rotation",
            "choice",
            tuple((v, S("degrees", value=v)) for v in (0, 90, 180, 270)),
        ),
        Setting(
            ("hourglass", "warnings"),
            "set_warnings",
            "multi",
            tuple((v, S("value_seconds", value=int(v))) for v in WARNING_CHOICES),
        ),
    ]


def _sound(draft: Draft) -> list[Setting]:
    return [
        Setting(("buzzer", "mute"), "set_mute", "choice", ((False, S("on")), (True, S("muted")))),
        Setting(
            ("buzzer", "tonal"),
            "set_tonal",
            "choice",
            ((False, S("active_buzzer")), (True, S("tonal_buzzer"))),
        ),
        Setting(("buzzer", "pin"), "set_buzzer_pin", "step", unit="pin"),
        Setting(
            ("speech", "calls"),
            "set_calls",
            "choice",
            ((False, S("calls_off")), (True, S("calls_on"))),
        ),
    ]


def _strip(draft: Draft) -> list[Setting]:
    types = ("none", "gpio-bar", "apa102", "ws2812")
    orders = (None, "rgb", "rbg", "grb", "gbr", "brg", "bgr")
    return [
        Setting(
            ("strip", "type"),
            "set_strip_type",
            "choice",
            tuple((t, S("strip_none") if t == "none" else S("plain", text=t)) for t in types),
        ),
        Setting(("strip", "led_count"), "set_led_count", "step"),
        Setting(("strip", "brightness"), "set_brightness", "step", step=0.05, unit="percent"),
        Setting(
            ("strip", "colour_order"),
            "set_colour_order",
            "choice",
            tuple((o, S("auto") if o is None else S("plain", text=o)) for o in orders),
        ),
        Setting(
            ("strip", "around_table"),
            "set_around_table",
            "choice",
            ((False, S("one_glass")), (True, S("around_table"))),
        ),
    ]


def _buttons(draft: Draft) -> list[Setting]:
    return [
        Setting(("buttons", "go"), "set_go", "step", unit="pin"),
        Setting(("buttons", "undo"), "set_undo", "step", unit="pin"),
        Setting(("buttons", "pause"), "set_pause", "step", unit="pin"),
        Setting(
            ("buttons", "pull_up"),
            "set_pull_up",
            "choice",
            ((True, S("pull_up")), (False, S("pull_down"))),
        ),
        Setting(("buttons", "hold_time"), "set_hold_time", "step", step=0.1, unit="seconds"),
        Setting(("buttons", "lockout_s"), "set_lockout", "step", step=0.05, unit="seconds"),
    ]


def _seats(draft: Draft) -> list[Setting]:
    """How many seat buttons, then each one's pin in seat order."""
    seats = get(draft, ("buttons", "seats"))
    pins = [
        Setting(("buttons", "seats"), "set_seat_pin", "step", unit="pin", index=index)
        for index in range(len(items(seats)))
    ]
    return [Setting(("buttons", "seats"), "set_seats", "step", unit="seats"), *pins]


def _dice_reader(draft: Draft) -> list[Setting]:
    port = str(get(draft, ("serial", "port")))
    ports = tuple((p, S("no_port") if not p else S("plain", text=p)) for p in serial_ports(port))
    return [
        Setting(("serial", "port"), "set_port", "choice", ports),
        Setting(("serial", "baudrate"), "set_baudrate", "choice", _plain(BAUD_CHOICES)),
    ]


_TABS: dict[str, Callable[[Draft], list[Setting]]] = {
    "general": _general,
    "sound": _sound,
    "strip": _strip,
    "buttons": _buttons,
    "seats": _seats,
    "dice_reader": _dice_reader,
}


def shown(setting: Setting, value: Value) -> Message:
    """A stepped value as the screen shows it."""
    if setting.unit == "pin":
        return S("gpio", pin=pin(value))
    if setting.unit == "seats":
        return S("plain", text=str(len(items(value)))) if value else S("seats_off")
    if setting.unit == "percent":
        return S("value_percent", value=float(number(value)))
    if setting.unit == "seconds":
        return S("value_seconds", value=round(float(number(value)), 2))
    return S("plain", text=str(value))


# --- the draft ---------------------------------------------------------------------


def draft_of(settings: Config) -> Draft:
    data: Draft = settings.model_dump(mode="python")
    return data


# The draft's shape is the settings' own (`Config`): a value of the wrong kind at a
# path is a mistake in this module, not a player's, so it raises.
def table(value: Value) -> dict[str, Value]:
    """A section of the draft."""
    if isinstance(value, dict):
        return value
    raise TypeError(f"not a table of settings: {value!r}")


def items(value: Value) -> Sequence[Value]:
    """The values of a list setting (a tuple as the settings hold it, or a list)."""
    if isinstance(value, (list, tuple)):
        return value
    raise TypeError(f"not a list: {value!r}")


def number(value: Value) -> float:
    if isinstance(value, (int, float)):
        return value
    raise TypeError(f"not a number: {value!r}")


def pin(value: Value) -> int:
    if isinstance(value, int):
        return value
    raise TypeError(f"not a pin: {value!r}")


def get(draft: Draft, path: Path_) -> Value:
    value: Value = draft
    for part in path:
        value = table(value)[part]
    return value


def value_of(draft: Draft, setting: Setting) -> Value:
    """The value of `setting` in `draft` (one pin of a list for a seat's button)."""
    value = get(draft, setting.path)
    return value if setting.index is None else items(value)[setting.index]


def with_setting(draft: Draft, setting: Setting, value: Value) -> Draft:
    if setting.index is None:
        return with_value(draft, setting.path, value)
    values = list(items(get(draft, setting.path)))
    values[setting.index] = value
    return with_value(draft, setting.path, values)


def with_value(draft: Draft, path: Path_, value: Value) -> Draft:
    changed = copy.deepcopy(draft)
    target = changed
    for part in path[:-1]:
        target = table(target[part])
    target[path[-1]] = value
    return changed


def stepped(setting: Setting, value: Value, direction: int, taken: Sequence[int] = ()) -> Value:
    """The next value; no limits here, so the file's own check names them (a seat
    button more: the first free pin of `SEAT_PINS`; one fewer: the last goes)."""
    if setting.unit == "seats":
        pins = [pin(p) for p in items(value)]
        return [*pins, _free_pin([*taken, *pins])] if direction > 0 else pins[:-1]
    if setting.unit in ("percent", "seconds"):
        # Rounded: 0.4 + 0.05 must be 0.45, not 0.45000000000000007 in the file.
        return round(float(number(value)) + direction * setting.step, 2)
    return int(number(value)) + direction * int(setting.step)


def chosen(setting: Setting, value: Value, choice: Choice) -> Value:
    """What a tap on `choice` makes of `value`: the choice itself, or for a `multi`
    setting the values with `choice` added or taken out."""
    if setting.kind != "multi":
        return choice
    return toggled([number(v) for v in items(value)], number(choice))


def _free_pin(taken: Sequence[int]) -> int:
    """The first of `SEAT_PINS` not `taken` (the file's check names a clash, if any)."""
    return next((pin for pin in SEAT_PINS if pin not in taken), SEAT_PINS[0])


def pins_in_use(draft: Draft) -> list[int]:
    """The pins the draft's settings use, when it is settings the file would take."""
    try:
        return [pin for _, pin in check(draft).pins_claimed()]
    except config_module.ConfigError:
        return [pin(get(draft, ("buttons", key))) for key in ("go", "undo", "pause")]


def toggled(values: Sequence[float], choice: float) -> list[float]:
    chosen = [v for v in values if v != choice] if choice in values else [*values, choice]
    return sorted(chosen, reverse=True)


def check(draft: Draft) -> Config:
    """The draft as settings, or the `ConfigError` the file would give."""
    return config_module.from_dict(draft)


def needs_restart(before: Config, after: Config) -> bool:
    old, new = draft_of(before), draft_of(after)
    for section, values in new.items():
        if isinstance(values, dict):
            for key, value in values.items():
                if (section, key) not in LIVE and get(old, (section, key)) != value:
                    return True
        elif (section,) not in LIVE and old[section] != values:
            return True
    return False
