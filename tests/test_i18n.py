"""Every sentence the app shows has a translation in every language file.

The catalogs live in Kivy-free modules, so this runs in the normal (non-UI) test run.
"""

from __future__ import annotations

import importlib
import json
import re
import string
from collections.abc import Mapping
from pathlib import Path

import pytest

from companion.core.messages import Catalog, Message, english_templates
from companion.i18n import catalog, languages, translator

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "companion" / "i18n"
LANGUAGES = ("pl", "de", "sv", "nl")

# Modules that register a `Catalog`; none of them may import Kivy.
CATALOG_MODULES = (
    "companion.core.errors",
    "companion.core.rules",
    "companion.config",
    "companion.files",
    "companion.safefile",
    "companion.store.messages",
    "companion.games",
    "companion.games.wyscig_balonow.messages",
    "companion.games.ballonrennen.messages",
    "companion.games.balmy_balloonists.messages",
    "companion.ui.strings",
    "companion.ui.screens.text",
    "companion.ui.tables.wyscig.text",
    "companion.ui.tables.ballonrennen.text",
    "companion.ui.tables.balmy.text",
    "companion.ui.status",
    "companion.power",
)

_FORMATTER = string.Formatter()


def _registered() -> dict[str, str]:
    """The English template of every key in the listed modules' catalogs.

    Taken from the modules' own `Catalog` objects, not the whole registry, so a
    catalog another test registers does not count.
    """
    keys: set[str] = set()
    for name in list(CATALOG_MODULES):
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, Catalog):
                keys.update(f"{value.namespace}.{key}" for key in value.keys)
    english = english_templates()
    return {key: english[key] for key in sorted(keys)}


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in _FORMATTER.parse(template) if name is not None}


def _load(lang: str) -> dict[str, str]:
    raw = (I18N / f"{lang}.json").read_bytes()
    data = json.loads(raw.decode("utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def english() -> Mapping[str, str]:
    found = _registered()
    assert len(found) > 100
    return found


def test_every_catalog_module_is_checked() -> None:
    """A module that defines a catalog must be in the lists above (and Kivy-free)."""
    defining = set()
    for folder in ("companion", "hardware"):
        for path in (ROOT / folder).rglob("*.py"):
            if re.search(r"\bCatalog\(", path.read_text(encoding="utf-8")):
                parts = path.relative_to(ROOT).with_suffix("").parts
                defining.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    defining.discard("companion.core.messages")
    missing = sorted(defining - set(CATALOG_MODULES))
    assert not missing, f"add these catalog modules to tests/test_i18n.py: {missing}"


def test_catalog_modules_do_not_import_kivy() -> None:
    import subprocess
    import sys

    code = (
        "import importlib, sys\n"
        f"for name in {list(CATALOG_MODULES)!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m == 'kivy' or m.startswith('kivy.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_file_is_utf8_json_with_text_values(lang: str) -> None:
    data = _load(lang)
    for key, value in data.items():
        assert isinstance(key, str) and isinstance(value, str), key
        assert value.strip(), f"{lang}.json: {key} is empty"
        assert value == value.strip(), f"{lang}.json: {key} has spaces around it"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_is_translated(lang: str, english: Mapping[str, str]) -> None:
    missing = sorted(set(english) - set(_load(lang)))
    assert not missing, f"{lang}.json lacks {len(missing)} keys: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_that_no_longer_exists(lang: str, english: Mapping[str, str]) -> None:
    stale = sorted(set(_load(lang)) - set(english))
    assert not stale, f"{lang}.json has keys no catalog registers: {stale}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match_english(lang: str, english: Mapping[str, str]) -> None:
    wrong = {}
    for key, template in _load(lang).items():
        if key not in english:
            continue
        try:
            theirs = _placeholders(template)
        except ValueError as error:
            wrong[key] = f"not a valid template: {error}"
            continue
        ours = _placeholders(english[key])
        if theirs != ours:
            wrong[key] = f"{sorted(theirs)} != English {sorted(ours)}"
    assert not wrong, f"{lang}.json: {wrong}"


def test_every_language_is_offered() -> None:
    assert languages()[0] == "en"
    assert set(LANGUAGES) <= set(languages())


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("pl", "Wznów: Wyścig balonów, runda 3, tura gracza Ala"),
        ("de", "Fortsetzen: Wyścig balonów, Runde 3, Ala ist am Zug"),
        ("sv", "Fortsätt: Wyścig balonów, runda 3, Ala är i tur"),
        ("nl", "Hervatten: Wyścig balonów, ronde 3, Ala is aan de beurt"),
    ],
)
def test_translator_renders_a_message(lang: str, expected: str, english: Mapping[str, str]) -> None:
    message = Message("ui.resume_round", {"game": "Wyścig balonów", "round": 3, "player": "Ala"})
    assert translator(lang)(message) == expected
    assert catalog(lang)["ui.resume_round"] != english["ui.resume_round"]
    assert translator("en")(message) == "Resume: Wyścig balonów, round 3, Ala's turn"
