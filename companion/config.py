"""Settings from a TOML file, validated by pydantic, with defaults that run on a desktop.

The file lives in the platform config directory (`default_path()`; the environment
variable COMPANION_CONFIG_DIR moves it, `--config` names another file), and a missing
file means "all defaults" (but a file that `--config` names must exist). A bad value is
refused with a `ConfigError` whose sentence names the key and what is allowed, e.g.
`strip.type: "neon" is not one of none, gpio-bar, apa102, ws2812`.

`save()` writes the settings back into the same file (the settings screen uses it),
keeping its comments and order (tomlkit), atomically, so a power cut mid-write leaves
either the old file or the new one.
"""

from __future__ import annotations

import math
import os
import tomllib
import types
import typing
from collections.abc import Mapping, MutableMapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import platformdirs
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from pydantic_core import ErrorDetails

from companion import safefile
from companion.core.errors import ConfigError
from companion.core.messages import ECHO_LIMIT, Catalog, Message, shown

if TYPE_CHECKING:
    from tomlkit import TOMLDocument

APP_NAME = "companion"  # the same folder name as the store's data directory
CONFIG_FILE = "config.toml"
GPIO_PINS = range(0, 28)  # BCM numbers on the 40-pin header
SPI_PINS = {"MOSI": 10, "SCLK": 11}  # SPI0's, by BCM number: the strip's data and clock
MAX_BYTES = safefile.MIB  # a settings file is a few hundred bytes; 1 MiB is plenty

StripType = Literal["none", "gpio-bar", "apa102", "ws2812"]
ColourOrder = Literal["rgb", "rbg", "grb", "gbr", "brg", "bgr"]
Language = Literal["en", "pl", "de", "sv", "nl"]
Rotation = Literal[0, 90, 180, 270]
LogLevel = Literal["debug", "info", "warning", "error"]


def _check_pin(value: int) -> int:
    if value not in GPIO_PINS:
        raise ValueError("gpio pin")
    return value


Pin = Annotated[int, AfterValidator(_check_pin)]

M = Catalog("config")


class _Section(BaseModel):
    # Unknown keys are refused: a typo like `hold_tme` would otherwise be silently ignored.
    # Strict: TOML has real types, so `true` is not a pin and "0.5" is not a brightness.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ButtonsConfig(_Section):
    go: Pin = 17
    undo: Pin = 27
    pause: Pin = 22
    # One button per seat, in seat order (the first player's first); none by default.
    seats: tuple[Pin, ...] = Field(default=(), max_length=8)
    pull_up: bool = True
    hold_time: float = Field(default=1.0, gt=0, le=10)
    lockout_s: float = Field(default=0.3, ge=0, le=5)


class StripConfig(_Section):
    type: StripType = "none"
    pins: tuple[Pin, ...] = Field(
        default=(5, 6, 13, 19, 26, 12, 16, 20, 21, 24), min_length=1, max_length=26
    )
    led_count: int = Field(default=60, ge=1, le=1024)
    brightness: float = Field(default=0.4, ge=0, le=1)
    # Left out: the usual order of the strip type (apa102-pi's "rgb", WS2812's "grb").
    colour_order: ColourOrder | None = None
    # The strip laid round the table's edge: a stretch per player, in seat order from
    # LED 0, split evenly; or the LEDs each seat owns, in seat order (this also lays it
    # round the table, for at most 8 seats).
    around_table: bool = False
    seat_leds: tuple[Annotated[int, Field(ge=1, le=1024)], ...] = Field(default=(), max_length=8)

    @field_validator("seat_leds")
    @classmethod
    def _within_strip(cls, value: tuple[int, ...], info: ValidationInfo) -> tuple[int, ...]:
        data = info.data
        if "led_count" in data and "pins" in data and "type" in data:
            count = len(data["pins"]) if data["type"] == "gpio-bar" else data["led_count"]
            if sum(value) > count:
                raise ValueError(f"seat leds {sum(value)} {count}")
        return value

    @property
    def order(self) -> ColourOrder:
        if self.colour_order is not None:
            return self.colour_order
        return "grb" if self.type == "ws2812" else "rgb"

    @property
    def count(self) -> int:
        """How many LEDs a frame has: one per pin for discrete LEDs."""
        return len(self.pins) if self.type == "gpio-bar" else self.led_count


class BuzzerConfig(_Section):
    pin: Pin = 18
    mute: bool = False
    tonal: bool = False  # a passive piezo driven with PWM tones instead of an active buzzer


class SerialConfig(_Section):
    port: str = "/dev/dice"  # "" = no dice reader; deploy/ adds the udev symlink
    baudrate: int = Field(default=115200, gt=0, le=4_000_000)

    @field_validator("port")
    @classmethod
    def _device_path(cls, value: str) -> str:
        # The settings are the service user's to write, and the admin runs `companion
        # doctor` on them: a pyserial URL (`spy://...?file=`, `socket://`) would make
        # that program open a file or a socket. A device path opens a device, or fails.
        problem = port_problem(value)
        if problem is not None:
            raise ValueError(problem)
        return value


def port_problem(port: str) -> str | None:
    """Why `port` is not a serial port's device path ("port url", "device path"), or
    None: empty (no dice reader), or an absolute path (a tty, /dev/serial/by-id/...,
    a link to a pseudo-terminal) with nothing in it that pyserial reads as a URL."""
    if port == "":
        return None
    if "://" in port:
        return "port url"
    if not port.startswith("/") or not port.isprintable():
        return "device path"
    return None


def port_refusal(setting: str, port: str) -> Message | None:
    """The sentence that refuses `port` as the serial port `setting` names (a
    command's argument too), or None when it is a device path; empty is refused."""
    reason = port_problem(port) if port else "device path"
    if reason is None:
        return None
    key = "port_url" if reason == "port url" else "not_device_path"
    return M(key, setting=setting, value=_show(port))


class DiceConfig(_Section):
    """USB ids of the dice reader, used by deployment to write the udev rule."""

    vendor_id: str | None = None
    product_id: str | None = None

    @field_validator("vendor_id", "product_id")
    @classmethod
    def _usb_id(cls, value: str | None) -> str | None:
        if value is None or value == "":
            return None
        text = value.lower()
        if len(text) != 4 or any(c not in "0123456789abcdef" for c in text):
            raise ValueError("usb id")
        return text


class HourglassConfig(_Section):
    warnings: tuple[float, ...] = Field(default=(10.0, 5.0), max_length=5)

    @field_validator("warnings")
    @classmethod
    def _positive(cls, value: tuple[float, ...]) -> tuple[float, ...]:
        for seconds in value:
            if not math.isfinite(seconds) or seconds <= 0:
                raise ValueError("warning seconds")
        return tuple(sorted(set(value), reverse=True))


class SpeechConfig(_Section):
    # Spoken calls ("Ola's turn", "10 seconds left") through espeak-ng: off by default.
    calls: bool = False


class ScreenConfig(_Section):
    rotation: Rotation = 0


class LogConfig(_Section):
    # What `companion run` writes to stderr (the journal); COMPANION_LOG_LEVEL overrides.
    level: LogLevel = "info"


class Config(_Section):
    language: Language = "en"
    buttons: ButtonsConfig = ButtonsConfig()
    strip: StripConfig = StripConfig()
    buzzer: BuzzerConfig = BuzzerConfig()
    serial: SerialConfig = SerialConfig()
    dice: DiceConfig = DiceConfig()
    hourglass: HourglassConfig = HourglassConfig()
    speech: SpeechConfig = SpeechConfig()
    screen: ScreenConfig = ScreenConfig()
    log: LogConfig = LogConfig()

    def pins_claimed(self) -> list[tuple[str, int]]:
        """Each GPIO pin these settings use, with the setting that names it."""
        buttons, strip = self.buttons, self.strip
        claims = [(f"buttons.{name}", getattr(buttons, name)) for name in ("go", "undo", "pause")]
        claims += [(f"buttons.seats[{i}]", pin) for i, pin in enumerate(buttons.seats)]
        claims.append(("buzzer.pin", self.buzzer.pin))
        if strip.type == "gpio-bar":
            claims += [(f"strip.pins[{i}]", pin) for i, pin in enumerate(strip.pins)]
        spi = {"apa102": ("MOSI", "SCLK"), "ws2812": ("MOSI",)}.get(strip.type, ())
        claims += [(f"strip (SPI {line})", SPI_PINS[line]) for line in spi]
        return claims


# --- reading -------------------------------------------------------------------------


def default_path() -> Path:
    """`$COMPANION_CONFIG_DIR/config.toml`, else the platform's user config directory."""
    folder = os.environ.get("COMPANION_CONFIG_DIR") or platformdirs.user_config_dir(APP_NAME)
    return Path(folder) / CONFIG_FILE


def load(path: Path | str | None = None, *, required: bool = False) -> Config:
    """The settings at `path` (default: the platform config file); defaults if absent,
    unless `required` (a file named on the command line: a typo must not mean "all
    defaults"). Only a regular file of at most 1 MiB is read (a FIFO or a device is
    refused)."""
    file = Path(path) if path is not None else default_path()
    try:
        raw = safefile.read_limited(file, MAX_BYTES)
    except FileNotFoundError:
        if required:
            raise ConfigError(M("missing_file", path=str(file))) from None
        return Config()
    except OSError as error:
        raise ConfigError(M("unreadable", path=str(file), detail=error.strerror)) from None
    except safefile.NotARegularFile as error:
        raise ConfigError(M("unreadable", path=str(file), detail=str(error.problem))) from None
    except safefile.TooLarge as error:
        limit = safefile.size_text(error.limit)
        raise ConfigError(M("file_too_big", path=str(file), limit=limit)) from None
    return from_dict(_parse(file, raw))


def _parse(file: Path, raw: bytes) -> dict[str, Any]:
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        detail = "it is not UTF-8 text"
    except tomllib.TOMLDecodeError as error:
        detail = str(error)
    except RecursionError:
        detail = "it is nested too deeply"
    except ValueError:  # an integer longer than Python converts (4300 digits)
        detail = "it holds a number with too many digits"
    raise ConfigError(M("not_toml", path=str(file), detail=detail)) from None


def from_dict(data: Mapping[str, Any]) -> Config:
    """Validate plain data (a parsed TOML document) into a `Config`."""
    try:
        config = Config.model_validate(_tuples(data))
    except ValidationError as error:
        problems = [_problem(detail) for detail in error.errors()]
        raise _config_error(problems) from None
    clash = _pin_clash(config)
    if clash is not None:
        raise _config_error([clash])
    return config


def _tuples(data: object) -> Any:
    # TOML arrays arrive as lists; the frozen settings hold tuples (strict mode wants them).
    if isinstance(data, Mapping):
        return {key: _tuples(value) for key, value in data.items()}
    if isinstance(data, list):
        return tuple(_tuples(value) for value in data)
    return data


def in_file(file: Path, error: ConfigError) -> ConfigError:
    """The error with the file named: a bad value's sentence names only the setting."""
    if not hasattr(error, "problems"):  # the file itself: its sentence names it
        return error
    return ConfigError(M("in_file", path=str(file), problem=error.message))


def _config_error(problems: list[Message]) -> ConfigError:
    error = ConfigError(problems[0])
    error.problems = problems  # type: ignore[attr-defined]  # every problem, for the doctor
    return error


def _pin_clash(config: Config) -> Message | None:
    seen: dict[int, str] = {}
    for key, pin in config.pins_claimed():
        if pin in seen:
            return M("pin_twice", setting=key, value=pin, other=seen[pin])
        seen[pin] = key
    return None


# --- turning pydantic's errors into sentences ----------------------------------------


def _problem(detail: ErrorDetails) -> Message:
    loc = detail["loc"]
    key = _dotted(loc)
    value = _show(detail.get("input"))
    kind = detail["type"]
    ctx = detail.get("ctx") or {}
    if kind == "extra_forbidden":
        where, allowed = _siblings(loc)
        return M("unknown_key", setting=key, where=where, allowed=allowed)
    if kind in ("literal_error", "enum"):
        return M("not_one_of", setting=key, value=value, allowed=_allowed(loc))
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return M(simple, setting=key, value=value)
    limit = ctx.get("ge", ctx.get("gt", ctx.get("le", ctx.get("lt"))))
    limited = _LIMITED.get(kind)
    if limited is not None:
        return M(limited, setting=key, value=value, limit=_show_limit(limit))
    if kind == "too_short":
        return M("empty", setting=key)
    if kind == "too_long":
        return M("too_many", setting=key, limit=ctx.get("max_length"))
    if kind == "value_error":
        return _value_problem(key, value, str(ctx.get("error", "")))
    return M("bad_value", setting=key, value=value, detail=detail["msg"])


_SIMPLE = {
    "int_type": "not_int",
    "int_parsing": "not_int",
    "int_from_float": "not_int",
    "float_type": "not_number",
    "float_parsing": "not_number",
    "finite_number": "not_number",
    "bool_type": "not_bool",
    "bool_parsing": "not_bool",
    "string_type": "not_text",
    "tuple_type": "not_list",
    "list_type": "not_list",
    "model_type": "not_table",
    "model_attributes_type": "not_table",
    "dict_type": "not_table",
}
_LIMITED = {
    "greater_than_equal": "too_small",
    "greater_than": "not_above",
    "less_than_equal": "too_big",
    "less_than": "not_below",
}


def _value_problem(key: str, value: str, reason: str) -> Message:
    if "gpio pin" in reason:
        return M("not_pin", setting=key, value=value)
    if "usb id" in reason:
        return M("not_usb_id", setting=key, value=value)
    if "warning seconds" in reason:
        return M("not_seconds", setting=key, value=value)
    if "seat leds" in reason:
        total, count = reason.split("seat leds ", 1)[1].split()[:2]
        return M("seat_leds", setting=key, value=value, total=total, count=count)
    if "port url" in reason:
        return M("port_url", setting=key, value=value)
    if "device path" in reason:
        return M("not_device_path", setting=key, value=value)
    return M("bad_value", setting=key, value=value, detail=reason)


def _dotted(loc: Sequence[int | str]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + part
    return text or "(the whole file)"


def _show(value: object) -> str:
    """A value as the user wrote it in TOML: strings quoted, the rest plain; a long
    string cut inside its quotes (a 900 KB `language` is one readable line)."""
    if isinstance(value, str):
        text = value[:ECHO_LIMIT].replace("\\", "\\\\").replace('"', '\\"')
        return '"' + shown(text, ECHO_LIMIT - 2) + '"'  # the quotes fit in ECHO_LIMIT
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "a table"
    return str(value)


def _show_limit(limit: object) -> str:
    # pydantic reports `le=1` on a float field as 1.0; people wrote 1.
    if isinstance(limit, float) and limit.is_integer():
        return str(int(limit))
    return str(limit)


def _model_at(loc: Sequence[int | str]) -> tuple[type[BaseModel], str | None]:
    """The model that holds the field at `loc`, and the field's name."""
    model: type[BaseModel] = Config
    names = [part for part in loc if isinstance(part, str)]
    for name in names[:-1]:
        field = model.model_fields.get(name)
        if field is None or not _is_model(field.annotation):
            break
        model = field.annotation  # type: ignore[assignment]
    return model, (names[-1] if names else None)


def _is_model(annotation: object) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _allowed(loc: Sequence[int | str]) -> str:
    model, name = _model_at(loc)
    field = model.model_fields.get(name or "")
    if field is None:
        return "the documented values"
    return ", ".join(str(choice) for choice in _literal_choices(field.annotation))


def _literal_choices(annotation: object) -> list[object]:
    if typing.get_origin(annotation) is Literal:
        return list(typing.get_args(annotation))
    choices: list[object] = []
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        for arm in typing.get_args(annotation):
            choices.extend(_literal_choices(arm))
    return choices


def _siblings(loc: Sequence[int | str]) -> tuple[str, str]:
    model, _ = _model_at(loc)
    parent = [part for part in loc if isinstance(part, str)][:-1]
    where = f"[{'.'.join(parent)}]" if parent else "the top level"
    return where, ", ".join(model.model_fields)


# --- writing -------------------------------------------------------------------------


def dumps(config: Config, previous: str = "") -> str:
    """The settings as TOML, written into `previous` (the file as it was) so that its
    comments, order and layout stay: a value that changed is replaced where it stands
    (its comment kept), a setting the file does not name is added only when it differs
    from the default (or when there was no file), and a setting now unset is removed.
    """
    import tomlkit  # only when the settings are saved: it costs start-up 17 ms

    doc = _document(previous)
    fresh = not previous.strip()
    data = config.model_dump(mode="python")
    defaults = Config().model_dump(mode="python")
    for key, value in data.items():
        if isinstance(value, dict):
            table = doc.get(key)
            new = not isinstance(table, MutableMapping)
            if new:
                table = tomlkit.table()
            for name, item in value.items():
                _put(table, name, item, defaults[key][name], fresh=fresh)
            if new and (table or fresh):  # a section the file lacked, with something to say
                doc[key] = table
        else:
            _put(doc, key, value, defaults[key], fresh=fresh)
    return tomlkit.dumps(doc)


def _document(previous: str) -> TOMLDocument:
    import tomlkit
    import tomlkit.exceptions

    try:
        return tomlkit.parse(previous)
    except tomlkit.exceptions.TOMLKitError:  # edited by hand since it was read: start anew
        return tomlkit.document()


def _put(table: Any, key: str, value: Any, default: Any, *, fresh: bool) -> None:
    plain = list(value) if isinstance(value, tuple) else value
    if value is None:
        if key in table:
            del table[key]
    elif key in table:
        if _value(table[key]) != plain:
            table[key] = plain
    elif fresh or value != default:
        table[key] = plain


def _value(item: Any) -> Any:
    unwrapped = item.unwrap() if hasattr(item, "unwrap") else item
    return list(unwrapped) if isinstance(unwrapped, tuple) else unwrapped


def save(config: Config, path: Path | str | None = None) -> Path:
    """Write the settings into the file as it is (its comments and order kept),
    atomically: a temp file beside the target, fsync, rename."""
    file = Path(path) if path is not None else default_path()
    try:
        previous = safefile.read_limited(file, MAX_BYTES).decode("utf-8")
    except (OSError, UnicodeDecodeError, safefile.NotARegularFile, safefile.TooLarge):
        previous = ""  # missing or unreadable: a new file with every setting
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        safefile.write_atomically(file, dumps(config, previous).encode("utf-8"))
    except OSError as error:
        raise ConfigError(M("unwritable", path=str(file), detail=error.strerror)) from None
    return file
