"""Every sentence the app shows has a translation in every language file, and reads
as if written in that language: no English word left inside it, numbers with the
language's decimal mark, every plural form the language needs, every form of a term
a sentence asks for.

The catalogs live in Kivy-free modules, so this runs in the normal (non-UI) test run.
"""

from __future__ import annotations

import datetime as dt
import importlib
import json
import re
import string
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from companion import files, games
from companion.core.errors import CompanionError
from companion.core.messages import (
    BASE,
    MOMENT_SPECS,
    Catalog,
    Entry,
    Message,
    Param,
    english_entries,
    is_number_spec,
    plural_categories,
    plural_count,
    render,
)
from companion.core.session import Session
from companion.core.terms import COLOURS, colours, listing, quoted
from companion.games.ballonrennen import messages as br_words
from companion.games.balmy_balloonists import messages as bb_words
from companion.games.wyscig_balonow import messages as wb_words
from companion.i18n import catalog, languages, translator
from tests.english_words import english_words
from tests.waiting import limit

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "companion" / "i18n"
GOLDEN = ROOT / "tests" / "games" / "files"
LANGUAGES = ("pl", "de", "sv", "nl")


def catalog_modules() -> tuple[str, ...]:
    """Every module that registers a `Catalog` (read from the source, so a new game's
    catalogs are checked as soon as its packages exist); none of them may import Kivy."""
    defining = set()
    for folder in ("companion", "hardware"):
        for path in (ROOT / folder).rglob("*.py"):
            if re.search(r"\bCatalog\(", path.read_text(encoding="utf-8")):
                parts = path.relative_to(ROOT).with_suffix("").parts
                defining.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    defining.discard("companion.core.messages")
    return tuple(sorted(defining))


CATALOG_MODULES = catalog_modules()

_FORMATTER = string.Formatter()


def _registered() -> dict[str, Entry]:
    """The English entry of every key in the listed modules' catalogs.

    Taken from the modules' own `Catalog` objects, not the whole registry, so a
    catalog another test registers does not count.
    """
    keys: set[str] = set()
    for name in list(CATALOG_MODULES):
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, Catalog):
                keys.update(f"{value.namespace}.{key}" for key in value.keys)
    english = english_entries()
    return {key: english[key] for key in sorted(keys)}


def _fields(template: str) -> list[tuple[str, str]]:
    """(name, spec) of every placeholder."""
    return [(name, spec or "") for _, name, spec, _ in _FORMATTER.parse(template) if name]


def _texts(entry: Entry) -> dict[str, str]:
    return {"": entry} if isinstance(entry, str) else dict(entry)


def _load(lang: str) -> dict[str, Any]:
    raw = (I18N / f"{lang}.json").read_bytes()
    data = json.loads(raw.decode("utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def english() -> Mapping[str, Entry]:
    found = _registered()
    assert len(found) > 100
    return found


# --- the files and their keys --------------------------------------------------------


def test_every_catalog_module_is_checked() -> None:
    """The source scan finds the shared catalogs and every game's: its rules' and its
    table's (each registered in `companion.games.GAMES`)."""
    assert {"companion.core.errors", "companion.ui.strings", "companion.ui.screens.text"} <= set(
        CATALOG_MODULES
    )

    def within(package: str) -> bool:  # the package itself (one module) or a module of it
        return any(m == package or m.startswith(f"{package}.") for m in CATALOG_MODULES)

    for game in games.GAMES:
        assert within(game.rules_module), game.id
        assert within(game.table_package), game.id


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
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=limit(60)
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def _catalogs() -> list[Catalog]:
    return [
        value
        for name in CATALOG_MODULES
        for value in vars(importlib.import_module(name)).values()
        if isinstance(value, Catalog)
    ]


def test_every_english_entry_belongs_to_a_catalog() -> None:
    """en.json holds the English of the catalogs' namespaces and nothing else: a key
    of a namespace no module names would be a sentence nobody can show."""
    english = _load("en")
    registered = _registered()
    assert sorted(set(english) - set(registered)) == []
    assert sorted(key for key in english if key.partition(".")[0] == "dice") == []


def test_a_term_a_namer_can_reach_is_a_term_not_a_sentence() -> None:
    """A catalog's terms and sentences share its namespace (en.json keeps both):
    `namer("token")` turns any id into `token_<id>`, so a sentence whose key began
    with `token_` would be shown for an unknown token "limit". A term has no
    parameters; a sentence under a namer's prefix would."""
    reached = {
        f"{catalog_.namespace}.{key}": key
        for catalog_ in _catalogs()
        for prefix in catalog_.named
        for key in catalog_.keys
        if key.startswith(f"{prefix}_")
    }
    assert reached, "no catalog has a namer: nothing was checked"
    english = english_entries()
    sentences = {
        full: text for full in reached for text in _texts(english[full]).values() if _fields(text)
    }
    assert sentences == {}


def test_only_the_languages_json_files_are_catalogs() -> None:
    """A catalog in another format (a stray .po, a copy) would be silently ignored."""
    found = sorted(p.name for p in I18N.iterdir() if p.suffix in (".json", ".po", ".mo"))
    assert found == sorted(f"{lang}.json" for lang in ("en", *LANGUAGES))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_file_is_utf8_json_with_text_values(lang: str) -> None:
    for key, value in _load(lang).items():
        texts = value if isinstance(value, dict) else {"": value}
        assert texts, f"{lang}.json: {key} is an empty object"
        for form, text in texts.items():
            assert isinstance(form, str) and isinstance(text, str), key
            assert text.strip(), f"{lang}.json: {key} {form} is empty"
            assert text == text.strip(), f"{lang}.json: {key} {form} has spaces around it"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_is_translated(lang: str, english: Mapping[str, Entry]) -> None:
    missing = sorted(set(english) - set(_load(lang)))
    assert not missing, f"{lang}.json lacks {len(missing)} keys: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_that_no_longer_exists(lang: str, english: Mapping[str, Entry]) -> None:
    stale = sorted(set(_load(lang)) - set(english))
    assert not stale, f"{lang}.json has keys no catalog registers: {stale}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_plural_key_has_every_form_its_language_needs(
    lang: str, english: Mapping[str, Entry]
) -> None:
    """pl: one, few, many, other; de, sv, nl: one, other (CLDR, through Babel)."""
    needed = plural_categories(lang)
    wrong = {}
    for key, value in _load(lang).items():
        if plural_count(key) is None:
            continue
        given = set(value) if isinstance(value, dict) else set()
        if given != needed:
            wrong[key] = f"has {sorted(given)}, {lang} needs {sorted(needed)}"
    assert not wrong, f"{lang}.json: {wrong}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_forms_of_a_term_have_a_base(lang: str) -> None:
    """An object that is not a plural key lists the forms of a term: "base" is the
    one a sentence gets when it names no form."""
    wrong = [
        key
        for key, value in _load(lang).items()
        if isinstance(value, dict) and plural_count(key) is None and BASE not in value
    ]
    assert not wrong, f"{lang}.json: forms without a base: {wrong}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match_english(lang: str, english: Mapping[str, Entry]) -> None:
    """The same parameters as English (a plural's "one" may write the 1 itself), and
    the same number formats: a number shown with two decimals in English is in
    every language."""
    wrong = {}
    for key, value in _load(lang).items():
        if key not in english:
            continue
        ours = {n: s for text in _texts(english[key]).values() for n, s in _fields(text)}
        for form, text in _texts(value).items():
            try:
                theirs = dict(_fields(text))
            except ValueError as error:
                wrong[f"{key} {form}"] = f"not a valid template: {error}"
                continue
            must = set(ours) if form in ("", BASE, "other") else set()
            if not must <= set(theirs) <= set(ours):
                wrong[f"{key} {form}"] = f"{sorted(theirs)} != English {sorted(ours)}"
            for name, spec in theirs.items():
                number = is_number_spec(ours.get(name, "")) or is_number_spec(spec)
                moment = ours.get(name) in MOMENT_SPECS or spec in MOMENT_SPECS
                if (number or moment) and spec != ours.get(name):
                    wrong[f"{key} {form}"] = f"{{{name}:{spec}}} != English {{{name}:{ours[name]}}}"
    assert not wrong, f"{lang}.json: {wrong}"


def test_no_english_style_plural_in_brackets(english: Mapping[str, Entry]) -> None:
    """ "card(s)", "Karte(n)": a plural key says it properly instead."""
    found = {}
    for lang in ("en", *LANGUAGES):
        entries = english if lang == "en" else _load(lang)
        for key, value in entries.items():
            for text in _texts(value).values():
                if re.search(r"\w\((s|es|en|n|er|nen|y|e)\)", text):
                    found[f"{lang} {key}"] = text
    assert not found, found


def test_every_language_is_offered() -> None:
    assert languages()[0] == "en"
    assert set(LANGUAGES) <= set(languages())


# --- rendering every message with every term -------------------------------------------

PLAYER = "Ala"
COUNTS = (0, 1, 2, 3, 4, 5, 12, 22, 25, 1234)
# A parameter that may carry a fraction: rendered with 0.5 and 1234.5 as well.
FRACTIONS = {"seconds", "value", "chi", "p", "limit", "average"}


def _all(catalog_: Catalog, prefix: str) -> list[Param]:
    return [catalog_(key) for key in sorted(catalog_.keys) if key.startswith(prefix)]


@cache
def _terms() -> dict[str, dict[str, list[Param]]]:
    """Every value a term parameter takes, per namespace ("" for any other)."""
    balmy_tokens = _all(bb_words.TERMS, "token_")
    balmy_cards = _all(bb_words.TERMS, "card_")
    all_colours: list[Param] = [COLOURS(c) for c in sorted(COLOURS.keys)]
    balmy = {
        "altitude": _all(bb_words.TERMS, "alt_"),
        "token": balmy_tokens,
        "card": balmy_cards,
        "cards": [listing(balmy_cards[:2]), listing(balmy_cards[:3])],
        "variant": _all(bb_words.TERMS, "variant_"),
        "zone": _all(bb_words.TERMS, "zone_"),
        "markers": [colours(["red", "blue"]), colours(["red", "blue", "white"])],
    }
    return {
        "balmy-balloonists": balmy,
        "ui_balmy": balmy,
        "ballonrennen": {
            "direction": _all(br_words.TERMS, "dir_"),
            "token": _all(br_words.TERMS, "token_"),
            "altitude": [0, 1, 3],
        },
        "ui_ballonrennen": {"direction": _all(br_words.TERMS, "dir_"), "altitude": [1, 3]},
        "wyscig-balonow": {"token": _all(wb_words.TERMS, "token_")},
        "ui_screens": {
            "token": [
                *balmy_tokens,
                *_all(br_words.TERMS, "token_"),
                *_all(wb_words.TERMS, "token_"),
            ],
        },
        "": {
            "colour": all_colours,
            "played": all_colours,
            "colours": [
                colours(["red"]),
                colours(["red", "blue"]),
                colours(["blue", "pink", "red"]),
            ],
            "a": all_colours[:2],
            "b": all_colours[:2],
            "altitude": [1, 3],
        },
    }


def _samples(key: str, name: str) -> list[Param]:
    """What the code passes for parameter `name` of message `key`."""
    namespace = key.split(".", 1)[0]
    if name in ("colours", "typed") and key.endswith(("colour_unknown", "balloon_cards_colour")):
        return [quoted(["red", "blue"])] if name == "colours" else ["magenta"]
    if name == "token" and key.endswith("unknown_token"):
        return ["coins"]
    if name == "card" and key == "ballonrennen.card_app":
        return ["turn_1"]
    if name == "when":  # a moment: the language writes the day and the time
        return [MOMENT]
    if name == "p" and key.startswith("ui_screens.looks_"):
        return [
            Message("ui_screens.p_equals", {"p": 0.5}),
            Message("ui_screens.p_below", {"p": 1e-4}),
        ]
    for scope in (namespace, ""):
        found = _terms().get(scope, {}).get(name)
        if found is not None:
            return found
    if plural_count(key) == name or name in ("count", "limit", "score", "spaces", "dice"):
        return list(COUNTS)
    if name in FRACTIONS:
        return [3, 0.5, 1234.5]
    return [PLAYER if name in ("player", "name", "names") else "x"]


def _renderings(key: str, template: str) -> Iterator[tuple[dict[str, Param], str]]:
    """Params for `key`: each sample of one parameter while the others keep their first."""
    names = sorted({name for name, _ in _fields(template)})
    first = {name: _samples(key, name)[0] for name in names}
    yield first, ""
    for name in names:
        for value in _samples(key, name)[1:]:
            yield {**first, name: value}, name


def _english_template(entry: Entry) -> str:
    texts = _texts(entry)
    return " ".join(texts.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_renders_in_the_language_with_every_term(
    lang: str, english: Mapping[str, Entry]
) -> None:
    """Each message, with every colour, card, altitude, direction, token and count
    it may be given: no form missing, no English word in it."""
    translate = translator(lang, strict=True)
    problems: dict[str, str] = {}
    for key, entry in english.items():
        for params, _ in _renderings(key, _english_template(entry)):
            try:
                text = translate(Message(key, params))
            except ValueError as error:
                problems[key] = f"{params}: {error}"
                break
            leaked = english_words(lang, text)
            if leaked:
                problems[key] = f"{leaked} in {text!r}"
                break
    assert not problems, f"{lang}: {len(problems)} messages: " + json.dumps(
        problems, ensure_ascii=False, indent=1
    )


MOMENT = dt.datetime(2025, 3, 14, 21, 30, 5)

_MOMENTS = {
    "en": ("Mar 14, 2025, 9:30 PM", "9:30:05 PM"),
    "pl": ("14 mar 2025, 21:30", "21:30:05"),
    "de": ("14.03.2025, 21:30", "21:30:05"),
    "sv": ("14 mars 2025 21:30", "21:30:05"),
    "nl": ("14 mrt 2025, 21:30", "21:30:05"),
}


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_dates_and_times_are_written_the_languages_way(lang: str) -> None:
    """History, home and the hardware test say when in the language's own form
    (CLDR, through Babel), never ISO 8601: "14.03.2025, 21:30", "Mar 14, 2025, 9:30 PM"."""
    translate = translator(lang, strict=True)
    day, clock = _MOMENTS[lang]
    when = Message("ui_screens.when", {"when": MOMENT})
    assert _spaced(translate(when)) == day
    assert _spaced(translate(Message("ui_screens.clock", {"when": MOMENT}))) == clock
    title = translate(Message("ui_screens.game_title", {"game": "Ballonrennen", "date": when}))
    assert _spaced(title) == f"Ballonrennen, {day}" and "2025-03-14" not in title


_DECIMAL = {
    "pl": ("0,5", "1 234,5"),
    "de": ("0,5", "1.234,5"),
    "sv": ("0,5", "1 234,5"),
    "nl": ("0,5", "1.234,5"),
}


def _spaced(text: str) -> str:
    return text.replace("\xa0", " ").replace("\u202f", " ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_have_the_languages_decimal_mark(lang: str, english: Mapping[str, Entry]) -> None:
    """0.5 and 1234.5 wherever a sentence may show a fraction: "0,5", "1.234,5" (de,
    nl) or "1 234,5" (pl, sv), never "0.5" or "1,234.5"."""
    translate = translator(lang, strict=True)
    half, thousands = _DECIMAL[lang]
    wrong = {}
    checked = 0
    for key, entry in english.items():
        fields = _fields(_english_template(entry))
        for name, spec in fields:
            if spec == "%" or (name not in FRACTIONS and not is_number_spec(spec)):
                continue
            base = {n: _samples(key, n)[0] for n, _ in fields}
            for value, expected in ((0.5, half), (1234.5, thousands)):
                text = _spaced(translate(Message(key, {**base, name: value})))
                checked += 1
                if expected not in text or re.search(r"0\.5|1,?234\.5", text):
                    wrong[f"{key} {name}={value}"] = text
    assert checked > 20
    assert not wrong, f"{lang}: {wrong}"


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "50%"), ("pl", "50%"), ("de", "50 %"), ("sv", "50 %"), ("nl", "50%")],
)
def test_a_percentage_is_written_the_languages_way(lang: str, shown: str) -> None:
    for key in ("ui_screens.percent", "ui_screens.value_percent"):
        assert _spaced(translator(lang, strict=True)(Message(key, {"value": 0.5}))) == shown


def test_english_numbers_keep_the_point() -> None:
    message = Message(
        "ui_screens.looks_biased",
        {"chi": 12.3456, "p": Message("ui_screens.p_equals", {"p": 0.004}), "limit": 0.01},
    )
    assert render(message) == "Looks biased: chi-square 12.35, p = 0.0040 (below 0.01)"
    assert translator("de")(message) == "Unfair: Chi-Quadrat 12,35, p = 0,0040 (unter 0,01)"


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        ("en", {1: "Log: 1 action", 2: "Log: 2 actions", 1234: "Log: 1,234 actions"}),
        (
            "pl",
            {
                1: "Dziennik: 1 akcja",
                3: "Dziennik: 3 akcje",
                5: "Dziennik: 5 akcji",
                22: "Dziennik: 22 akcje",
                1234: "Dziennik: 1\xa0234 akcje",
            },
        ),
        (
            "de",
            {
                1: "Protokoll: 1 Aktion",
                2: "Protokoll: 2 Aktionen",
                1234: "Protokoll: 1.234 Aktionen",
            },
        ),
        ("sv", {1: "Logg: 1 åtgärd", 2: "Logg: 2 åtgärder"}),
        ("nl", {1: "Logboek: 1 actie", 2: "Logboek: 2 acties"}),
    ],
)
def test_a_count_chooses_the_plural_form(lang: str, counts: dict[int, str]) -> None:
    translate = translator(lang, strict=True)
    for count, expected in counts.items():
        assert translate(Message("ui_screens.log_title", {"count": count})) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Fly the red balloon by the quadrant card"),
        ("sv", "Flyg den röda ballongen efter kvadrantkortet"),
        ("nl", "Vaar met de rode ballon volgens de kwadrantkaart"),
        ("pl", "Przesuń balon czerwony według karty kwadrantu"),
        ("de", "Fliege den roten Ballon nach der Quadrantenkarte"),
    ],
)
def test_a_colour_agrees_with_its_noun(lang: str, expected: str) -> None:
    message = bb_words.M("p_step3", mark="", colour="red")
    assert translator(lang, strict=True)(message).strip().removeprefix("3. ") == expected


@pytest.mark.parametrize(
    ("lang", "rose"),
    [
        ("en", ["E", "SE", "SW", "W", "NW", "NE"]),
        ("pl", ["wsch.", "pd.-wsch.", "pd.-zach.", "zach.", "pn.-zach.", "pn.-wsch."]),
        ("de", ["O", "SO", "SW", "W", "NW", "NO"]),
        ("sv", ["O", "SO", "SV", "V", "NV", "NO"]),
        ("nl", ["O", "ZO", "ZW", "W", "NW", "NO"]),
    ],
)
def test_directions_are_abbreviated_the_languages_way(lang: str, rose: list[str]) -> None:
    shown = [
        translator(lang)(br_words.direction_abbr(d)) for d in ("E", "SE", "SW", "W", "NW", "NE")
    ]
    assert shown == rose


# --- the rules' own messages, from real games ----------------------------------------


def _golden_messages() -> Iterator[tuple[str, Message]]:
    """Every prompt, step and refusal the golden game files lead to, as the rules
    build them (the rules pass ids; their catalogs turn them into terms)."""
    for path in sorted(GOLDEN.glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        try:
            rules, setup, actions = files.parse(json.loads(path.read_text("utf-8")), path.name)
            session = Session(rules, setup)
        except CompanionError as error:
            yield path.name, error.message
            continue
        for raw in [*actions, None]:
            yield from ((path.name, m) for m in _shown(rules, session.state))
            if raw is None:
                break
            try:
                session.apply(rules.parse_action(raw))
            except CompanionError as error:
                yield path.name, error.message
                break


def _shown(rules: Any, state: Any) -> list[Message]:
    found = [*rules.prompts(state), *rules.missing_steps(state)]
    if hasattr(rules, "checklist"):
        found += [step.message for step in rules.checklist(state)]
        found += rules.restrictions(state)
    return found


FILE_FORMAT = ("rules.", "files.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_messages_of_real_games_read_in_the_language(lang: str) -> None:
    translate = translator(lang, strict=True)
    seen: set[str] = set()
    problems = {}
    for name, message in _golden_messages():
        if message.key.startswith(FILE_FORMAT):
            continue  # they name a game file's fields, which are English ids by contract
        fingerprint = json.dumps(message.to_json(), sort_keys=True)
        if fingerprint in seen:
            continue
        seen.add(fingerprint)
        text = translate(message)
        leaked = english_words(lang, text)
        if leaked:
            problems[f"{name}: {message.key}"] = f"{leaked} in {text!r}"
    assert len(seen) > 50
    assert not problems, problems


# --- examples ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("pl", "Wznów: Wyścig balonów, runda 3, teraz: Ala"),
        ("de", "Fortsetzen: Wyścig balonów, Runde 3, Ala ist am Zug"),
        ("sv", "Fortsätt: Wyścig balonów, runda 3, Ala är i tur"),
        ("nl", "Hervatten: Wyścig balonów, ronde 3, Ala is aan de beurt"),
    ],
)
def test_translator_renders_a_message(
    lang: str, expected: str, english: Mapping[str, Entry]
) -> None:
    message = Message("ui.resume_round", {"game": "Wyścig balonów", "round": 3, "player": "Ala"})
    assert translator(lang)(message) == expected
    assert catalog(lang)["ui.resume_round"] != english["ui.resume_round"]
    assert translator("en")(message) == "Resume: Wyścig balonów, round 3, Ala's turn"


# A name after a noun in an oblique case ("tura gracza Ola"), or a noun with a gender
# before it ("Zwycięzca: Ola", "Sieger: Ola"): a name is never declined, and Ola is
# not a man. The shared screens say "Teraz: Jan", "Wygrywa: Ola", "Gewonnen hat: Ola".
_NAME_WITH_CASE_OR_GENDER = {
    "pl": re.compile(
        r"(?i)\b(gracz(a|owi|em|u)|zwycięzc\w*|wygrał|przegrał)\b\s*:?\s*\{(player|name|names)\}"
    ),
    "de": re.compile(r"\b(Sieger|Gewinner|Verlierer)\w*\s*:?\s*\{(player|name|names)\}"),
}


@pytest.mark.parametrize("lang", sorted(_NAME_WITH_CASE_OR_GENDER))
def test_the_shared_screens_name_players_with_no_case_or_gender(lang: str) -> None:
    found = {}
    for key, entry in _load(lang).items():
        # The secret balloons' words are Wyścig's table's to phrase (issue 24.5/24.10).
        if not key.startswith(("ui.", "ui_screens.")) or key.startswith("ui.secret_"):
            continue
        for text in _texts(entry).values():
            if _NAME_WITH_CASE_OR_GENDER[lang].search(text):
                found[key] = text
    assert not found, found


@pytest.mark.parametrize(
    ("count", "expected"),
    [(1, "It stays on the home screen"), (2, "They stay on the home screen")],
)
def test_the_unfinished_games_are_counted(count: int, expected: str) -> None:
    said = translator("en")(Message("ui.unfinished_warning", {"games": "x", "count": count}))
    assert expected in said
