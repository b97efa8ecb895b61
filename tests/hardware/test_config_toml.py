from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import config
from companion.config import Config, ConfigError


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_missing_file_means_the_defaults(tmp_path: Path) -> None:
    assert config.load(tmp_path / "absent.toml") == Config()


def test_the_defaults_run_on_a_desktop() -> None:
    defaults = Config()
    assert defaults.strip.type == "none"
    assert defaults.language == "en"
    assert defaults.hourglass.warnings == (10.0, 5.0)
    assert defaults.buttons.go != defaults.buttons.undo != defaults.buttons.pause


def test_the_default_path_is_in_the_user_config_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COMPANION_CONFIG_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert config.default_path() == tmp_path / "companion" / "config.toml"
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "elsewhere"))
    assert config.default_path() == tmp_path / "elsewhere" / "config.toml"


def test_every_section_is_read(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
language = "pl"
[buttons]
go = 5
undo = 6
pause = 13
pull_up = false
hold_time = 1.5
lockout_s = 0.25
[strip]
type = "gpio-bar"
pins = [16, 20, 21]
brightness = 0.8
colour_order = "grb"
[buzzer]
pin = 12
mute = true
tonal = true
[serial]
port = "/dev/serial/by-id/usb-dice"
baudrate = 9600
[dice]
vendor_id = "2341"
product_id = "0043"
[hourglass]
warnings = [5, 15, 10]
[screen]
rotation = 180
""",
    )
    loaded = config.load(path)
    assert loaded.language == "pl"
    assert (loaded.buttons.go, loaded.buttons.pull_up, loaded.buttons.lockout_s) == (5, False, 0.25)
    assert loaded.strip.pins == (16, 20, 21) and loaded.strip.count == 3
    assert loaded.strip.order == "grb"
    assert loaded.buzzer.tonal and loaded.buzzer.mute
    assert loaded.serial.baudrate == 9600
    assert (loaded.dice.vendor_id, loaded.dice.product_id) == ("2341", "0043")
    assert loaded.hourglass.warnings == (15.0, 10.0, 5.0)  # largest first, like Hourglass
    assert loaded.screen.rotation == 180


@pytest.mark.parametrize(
    ("data", "sentence"),
    [
        (
            {"strip": {"type": "neon"}},
            'strip.type: "neon" is not one of none, gpio-bar, apa102, ws2812',
        ),
        (
            {"strip": {"colour_order": "rgbw"}},
            'strip.colour_order: "rgbw" is not one of rgb, rbg, grb, gbr, brg, bgr',
        ),
        ({"language": "fr"}, 'language: "fr" is not one of en, pl, de, sv, nl'),
        ({"screen": {"rotation": 45}}, "screen.rotation: 45 is not one of 0, 90, 180, 270"),
        ({"strip": {"brightness": 1.5}}, "strip.brightness: 1.5 is more than 1"),
        ({"strip": {"brightness": -0.1}}, "strip.brightness: -0.1 is less than 0"),
        ({"buttons": {"hold_time": 0}}, "buttons.hold_time: 0 must be more than 0"),
        (
            {"buttons": {"go": 40}},
            "buttons.go: 40 is not a GPIO number from 0 to 27 (BCM numbering)",
        ),
        ({"buttons": {"go": "seventeen"}}, 'buttons.go: "seventeen" is not a whole number'),
        ({"strip": {"led_count": True}}, "strip.led_count: true is not a whole number"),
        ({"buzzer": {"mute": "yes"}}, 'buzzer.mute: "yes" is not true or false'),
        ({"strip": {"pins": []}}, "strip.pins: the list must not be empty"),
        ({"strip": {"pins": [5, 99]}}, "strip.pins[1]: 99 is not a GPIO number from 0 to 27"),
        (
            {"hourglass": {"warnings": [10, -5]}},
            "hourglass.warnings: [10, -5] must all be positive numbers of seconds",
        ),
        ({"dice": {"vendor_id": "usb"}}, 'dice.vendor_id: "usb" is not a USB id'),
        ({"serial": {"port": 3}}, "serial.port: 3 is not text"),
        (
            {"strip": {"seat_leds": [30, 40]}},
            "strip.seat_leds: [30, 40] gives the seats 70 LEDs, more than the strip's 60",
        ),
        (
            {"strip": {"type": "gpio-bar", "seat_leds": [5, 6]}},
            "strip.seat_leds: [5, 6] gives the seats 11 LEDs, more than the strip's 10",
        ),
        ({"strip": {"seat_leds": [10, 0]}}, "strip.seat_leds[1]: 0 is less than 1"),
        ({"strip": {"seat_leds": [1] * 9}}, "strip.seat_leds: has more than 8 values"),
        ({"strip": {"around_table": "yes"}}, 'strip.around_table: "yes" is not true or false'),
        ({"strip": "apa102"}, 'strip: "apa102" is not a table of settings'),
        (
            {"strip": {"colour": "red"}},
            "strip.colour: there is no such setting; [strip] has type, pins, led_count",
        ),
        ({"langauge": "en"}, "langauge: there is no such setting; the top level has language"),
        ({"buttons": {"undo": 17}}, "buttons.undo: GPIO 17 is already used by buttons.go"),
        (
            {"strip": {"type": "gpio-bar", "pins": [5, 18]}},
            "strip.pins[1]: GPIO 18 is already used by buzzer.pin",
        ),
        (
            {"strip": {"type": "apa102"}, "buttons": {"go": 10}},
            "strip (SPI MOSI): GPIO 10 is already used by buttons.go",
        ),
    ],
)
def test_a_bad_value_is_refused_with_a_sentence(data: dict[str, object], sentence: str) -> None:
    with pytest.raises(ConfigError) as caught:
        config.from_dict(data)
    assert str(caught.value).startswith(sentence)
    assert "\n" not in str(caught.value) and "pydantic" not in str(caught.value)


def test_every_problem_is_kept_for_the_doctor() -> None:
    with pytest.raises(ConfigError) as caught:
        config.from_dict({"strip": {"type": "neon", "brightness": 2}, "language": "xx"})
    problems = [str(p) for p in caught.value.problems]  # type: ignore[attr-defined]
    assert len(problems) == 3
    assert str(caught.value) == problems[0]


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "[strip\ntype = 'none'\n")
    with pytest.raises(ConfigError, match=r"config.toml is not valid TOML: .*line 1"):
        config.load(path)


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b'language = "\xff"\n')
    with pytest.raises(ConfigError, match="is not valid TOML: it is not UTF-8 text"):
        config.load(path)


def test_a_directory_instead_of_a_file_is_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot be read"):
        config.load(tmp_path)


def test_save_then_load_gives_the_same_settings(tmp_path: Path) -> None:
    original = config.from_dict(
        {
            "language": "sv",
            "strip": {"type": "ws2812", "led_count": 30, "brightness": 0.25},
            "serial": {"port": '/dev/serial/by-id/usb-\\dice "one" port'},
            "dice": {"vendor_id": "1A86"},
            "hourglass": {"warnings": [20.5, 3]},
        }
    )
    path = config.save(original, tmp_path / "sub" / "config.toml")
    assert config.load(path) == original
    assert "product_id" not in path.read_text()  # unset optional keys are left out
    assert sorted(p.name for p in path.parent.iterdir()) == ["config.toml"]  # no temp file


def test_save_replaces_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    config.save(Config(), path)
    config.save(config.from_dict({"language": "de"}), path)
    assert config.load(path).language == "de"


def test_a_failed_save_is_a_sentence_and_leaves_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "config.toml"
    target.mkdir()  # os.replace cannot put a file over a directory
    with pytest.raises(ConfigError, match="cannot be written"):
        config.save(Config(), target)
    assert sorted(os.listdir(tmp_path)) == ["config.toml"]


@settings(max_examples=40, deadline=None)
@given(
    language=st.sampled_from(["en", "pl", "de", "sv", "nl"]),
    brightness=st.floats(0, 1),
    hold=st.floats(0.01, 10),
    warnings=st.lists(st.floats(0.1, 600), max_size=5),
    port=st.one_of(st.just(""), st.text(max_size=30).map("/dev/".__add__)).filter(
        lambda port: config.port_problem(port) is None
    ),
)
def test_any_valid_config_survives_a_round_trip(
    language: str, brightness: float, hold: float, warnings: list[float], port: str
) -> None:
    original = config.from_dict(
        {
            "language": language,
            "strip": {"brightness": brightness},
            "buttons": {"hold_time": hold},
            "hourglass": {"warnings": warnings},
            "serial": {"port": port},
        }
    )
    assert config.from_dict(tomllib.loads(config.dumps(original))) == original
