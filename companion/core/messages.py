"""Player-facing sentences as a message id plus parameters.

Rules never format text for a language: they return or raise a `Message`. Every
language's templates live in `companion/i18n/<lang>.json`; English's file (`en.json`)
is the source the others translate, and ships in the package, so `companion replay`
prints English wherever the app is installed. A module names its namespace
(`Catalog("ui")`) and the catalog takes that namespace's English from the file.

What a template can ask of its parameters (docs/translating.md has the long form):

- A parameter may itself be a `Message` (a term such as a colour or a card name),
  rendered in the same language. `{colour:ballongen}` picks the form "ballongen" of
  that term where the language file gives one, `{colour:Ballongen}` the same with
  a capital letter (a sentence that opens with it).
- Numbers are written the language's way: `{p:.4f}` four decimals, `{rolls:n}` with
  a thousands separator, `{rate:%}` a percentage; a bare `{x}` writes a whole number
  as it is and a fraction with the language's decimal mark.
- A moment (a `datetime`, already in the table's own time zone) is written the
  language's way too (Babel, CLDR): `{when:datetime}` the day and the time of day,
  `{when:date}` the day, `{when:time}` the time of day with its seconds.
- A key registered as `Plural` has one template per CLDR plural category ("one",
  "few", "many", "other"); the count parameter chooses among them.

A text parameter is shown escaped (`printable`) and never at any length: a value quoted
back from input (an action type, a name, a setting's value) is cut to `ECHO_LIMIT`
characters with "…", so a 32 MB action type is one readable line and a name a player
typed shows whole; a parameter the program composes (a list of the known types, a
path, a nested sentence: the names in `COMPOSED`) shows whole up to `TEXT_LIMIT`.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Union

from babel import Locale
from babel.dates import format_date, format_time, get_datetime_format
from babel.numbers import format_decimal, format_percent

Param = Union[str, int, float, None, dt.datetime, "Message"]
Entry = str | Mapping[str, str]  # a language file's value: a template, or forms / plural forms

BASE = "base"  # the form a term takes when a template names none
ENGLISH = "en"
ENGLISH_FILE = "en.json"  # in companion/i18n, beside the other languages' files

_ENGLISH: dict[str, Entry] = {}
_COUNTS: dict[str, str] = {}  # plural key -> the parameter that chooses the form
_FORMATTER = string.Formatter()
_NUMBER_SPEC = re.compile(r"(?:\.(?P<decimals>\d)f|(?P<kind>[n%]))?")
MOMENT_SPECS = ("datetime", "date", "time")
ECHO_LIMIT = 60  # characters of a value quoted back from input, "…" included
TEXT_LIMIT = 500  # characters of a composed parameter: only a backstop
# Parameters that hold what the program composed, not what it was given: lists (of the
# known action types, settings, colours, names), paths, a nested sentence or detail. A
# catalog adds its own (`Catalog(..., composed=...)`): the core names no game's.
COMPOSED = frozenset(
    {"text", "known", "allowed", "where", "detail", "problem", "reason", "path", "moved",
     "file", "folder", "names", "players", "colours", "missing", "values", "what", "when"}
)  # fmt: skip
_COMPOSED: dict[str, frozenset[str]] = {}  # message key -> its catalog's own composed

Translator = Callable[["Message"], str]


class TemplateError(ValueError):
    """A template or entry that cannot be rendered (raised only when rendering strictly)."""


@dataclass(frozen=True)
class Message:
    """A sentence for the players: `key` names the template, `params` fill it."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __str__(self) -> str:
        return render(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "params": {name: _json(value) for name, value in self.params.items()},
        }


def _json(value: Param) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, dt.datetime):
        return value.isoformat()
    return value


@dataclass(frozen=True)
class Plural:
    """An English template whose words depend on a number: the parameter `count`
    names it, `one` and `other` are the English forms (other languages give the
    forms their plural rules have, see docs/translating.md)."""

    count: str
    one: str
    other: str

    def forms(self) -> dict[str, str]:
        return {"one": self.one, "other": self.other}


class Forms:
    """An English term with more than one form: `base` where a template names no
    form, the others by name (`{altitude:at}`)."""

    def __init__(self, base: str, **forms: str) -> None:
        self.entry: dict[str, str] = {BASE: base, **forms}

    def forms(self) -> dict[str, str]:
        return dict(self.entry)


Term = Callable[[Any], Param]  # an id the rules use -> the term that names it


class Catalog:
    """The English templates of one namespace; calling it builds a `Message`.

    `terms` names the parameters that hold an id of something a player reads about
    (a colour, a card): the call turns the id into its term, so the rules pass
    plain ids and every language names them in its own words."""

    def __init__(
        self,
        namespace: str,
        templates: Mapping[str, str | Plural | Forms] | None = None,
        terms: Mapping[str, Term] | None = None,
        composed: Iterable[str] = (),
    ) -> None:
        self.namespace = namespace
        self.terms = dict(terms or {})
        if templates is None:
            templates = english_file(namespace)
        own = COMPOSED | frozenset(composed)
        for key, template in templates.items():
            full = f"{namespace}.{key}"
            # Two catalogs of one namespace (a game's terms and its sentences) share
            # its keys: each keeps what the other composes too.
            _COMPOSED[full] = own | _COMPOSED.get(full, frozenset())
            entry: Entry = template if isinstance(template, str) else template.forms()
            if full in _ENGLISH and _ENGLISH[full] != entry:
                raise ValueError(f"message {full} registered twice with different text")
            _ENGLISH[full] = entry
            if isinstance(template, Plural):
                _COUNTS[full] = template.count
        self.keys = frozenset(templates)
        self._full = {key: f"{namespace}.{key}" for key in templates}
        self.named: set[str] = set()  # the prefixes of `namer`: `{prefix}_{id}` is a term

    def __call__(self, key: str, /, **params: Param) -> Message:
        # The rules build a message for each lookup that might fail (a player by
        # name): this runs for most actions of a replay, so it does little.
        full = self._full.get(key)
        if full is None:
            raise KeyError(f"{self.namespace}.{key} is not a registered message")
        if self.terms:
            for name, term in self.terms.items():
                value = params.get(name)
                if value is not None and not isinstance(value, Message):
                    params[name] = term(value)
        return Message(full, params)

    def namer(self, prefix: str) -> Term:
        """The term of an id as `{prefix}_{id}` names it (a token, a direction), or the
        id as it is where this catalog has no term for it."""

        self.named.add(prefix)

        def named(thing: object) -> Param:
            key = f"{prefix}_{thing}"
            return self(key) if key in self.keys else str(thing)

        return named


@lru_cache(maxsize=1)
def _english_file() -> Mapping[str, Mapping[str, str | Plural | Forms]]:
    """`companion/i18n/en.json` by namespace: a plural entry names its count."""
    text = resources.files("companion").joinpath("i18n", ENGLISH_FILE).read_text("utf-8")
    found: dict[str, dict[str, str | Plural | Forms]] = {}
    for full, value in json.loads(text).items():
        namespace, _, key = str(full).partition(".")
        found.setdefault(namespace, {})[key] = _template(value)
    return found


def _template(value: object) -> str | Plural | Forms:
    if not isinstance(value, dict):
        return str(value)
    forms = {str(name): str(text) for name, text in value.items()}
    count = forms.pop("count", None)
    if count is not None:
        return Plural(count, one=forms["one"], other=forms["other"])
    return Forms(forms.pop(BASE), **forms)


def english_file(namespace: str) -> Mapping[str, str | Plural | Forms]:
    """The English templates of `namespace` in `companion/i18n/en.json`."""
    try:
        return _english_file()[namespace]
    except KeyError:
        raise KeyError(f"{ENGLISH_FILE} has no key of namespace {namespace!r}") from None


def english_templates() -> Mapping[str, str]:
    """Every English template; a plural key gives its "other" form, a term its base."""
    return {
        key: entry if isinstance(entry, str) else entry.get("other", entry.get(BASE, ""))
        for key, entry in _ENGLISH.items()
    }


def english_entries() -> Mapping[str, Entry]:
    """Every English entry as a language file would hold it."""
    return dict(_ENGLISH)


def plural_count(key: str) -> str | None:
    """The parameter that chooses a plural key's form; None for other keys."""
    return _COUNTS.get(key)


@lru_cache(maxsize=16)
def plural_categories(lang: str) -> frozenset[str]:
    """The CLDR plural categories of `lang` ("other" included)."""
    return frozenset(_locale(lang).plural_form.tags | {"other"})


def plural_category(lang: str, count: Param) -> str:
    if isinstance(count, bool) or not isinstance(count, int | float):
        return "other"
    return str(_locale(lang).plural_form(abs(count)))


@lru_cache(maxsize=16)
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def format_number(value: int | float, spec: str, lang: str) -> str:
    """`value` the way `lang` writes numbers; `spec` is "", "n", ".Nf" or "%"."""
    found = _NUMBER_SPEC.fullmatch(spec)
    if found is None:
        raise TemplateError(f"{spec!r} is not a number format (use n, .2f or %)")
    if found["kind"] == "%":
        return str(format_percent(value, locale=_locale(lang)))
    if found["decimals"] is not None:
        decimals = int(found["decimals"])
        pattern = "#,##0." + "0" * decimals if decimals else "#,##0"
        return str(format_decimal(value, format=pattern, locale=_locale(lang)))
    if found["kind"] == "n" or isinstance(value, float):
        return str(format_decimal(value, locale=_locale(lang)))
    return str(value)  # an id, a year, a pin: as it is


def is_number_spec(spec: str) -> bool:
    return bool(spec) and _NUMBER_SPEC.fullmatch(spec) is not None


def format_moment(moment: dt.datetime, spec: str, lang: str) -> str:
    """`moment` the way `lang` writes it (CLDR's medium day, short time of day); `spec`
    is "datetime" (or ""), "date" or "time" (with its seconds)."""
    if spec not in ("", *MOMENT_SPECS):
        raise TemplateError(f"{spec!r} is not a date format (use datetime, date or time)")
    locale = _locale(lang)
    if spec == "date":
        text = str(format_date(moment, "medium", locale=locale))
    elif spec == "time":
        text = str(format_time(moment, "medium", locale=locale))
    else:
        pattern = str(get_datetime_format("medium", locale=locale)).replace("'", "")
        day = str(format_date(moment, "medium", locale=locale))
        text = pattern.replace("{1}", day).replace(
            "{0}", str(format_time(moment, "short", locale=locale))
        )
    # CLDR puts a narrow no-break space before "PM", which the app's font lacks.
    return text.replace("\u202f", "\xa0")


def printable(text: str) -> str:
    """`text` with every character that cannot be printed written as an escape
    (`\\x1b`, `\\n`), so that quoting input back never writes a control character."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def cut(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` whole if it has at most `limit` characters, else its start and "…"."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(text: str, limit: int = ECHO_LIMIT) -> str:
    """A value from input as a sentence quotes it: escaped (`printable`), then cut."""
    # Escaping only lengthens: what lies past `limit` is never shown, so never escaped.
    return cut(printable(text[: limit + 1]), limit)


def listed(items: Iterable[str], limit: int) -> str:
    """`items` joined by ", ", as many as fit in `limit` characters, then "…" for the
    rest: a list of choices in a sentence that must stay one short line."""
    names = list(items)
    whole = ", ".join(names)
    if len(whole) <= limit:
        return whole
    taken: list[str] = []
    for name in names:
        if len(", ".join([*taken, name, "…"])) > limit:
            break
        taken.append(name)
    return ", ".join([*taken, "…"])


def fill(template: str, params: Mapping[str, Param], lang: str = ENGLISH) -> str:
    """Fill a template; a missing parameter shows as its name, never raises."""
    return _Renderer({}, lang, strict=False).fill(template, params)


def render(
    message: Message,
    templates: Mapping[str, Entry] | None = None,
    lang: str = ENGLISH,
    strict: bool = False,
) -> str:
    """Render in the given catalog, falling back to English, then to the key.
    `strict` raises `TemplateError` where a lenient render falls back (tests)."""
    return _Renderer(templates or {}, lang, strict).message(message)


class _Renderer:
    def __init__(self, templates: Mapping[str, Entry], lang: str, strict: bool) -> None:
        self.templates = templates
        self.lang = lang
        self.strict = strict

    def message(self, message: Message, form: str = "") -> str:
        if form[:1].isupper():  # "{colour:Ballongen}": that form, with a capital
            text = self.message(message, form[:1].lower() + form[1:])
            return text[:1].upper() + text[1:]
        return self.fill(self.template(message, form), message.params, message.key)

    def template(self, message: Message, form: str) -> str:
        entry, lang = self.templates.get(message.key), self.lang
        if entry is None:
            entry, lang = _ENGLISH.get(message.key, message.key), ENGLISH
        if isinstance(entry, str):
            if form and form != BASE and lang != ENGLISH:
                self.fail(f"{message.key} has no form {form!r}, only one text")
            return entry
        count = plural_count(message.key)
        if count is not None:
            wanted = plural_category(lang, message.params.get(count))
        else:
            wanted = form or BASE
        chosen = entry.get(wanted)
        if chosen is None:
            self.fail(f"{message.key} has no form {wanted!r}")
            chosen = entry.get("other", entry.get(BASE, next(iter(entry.values()), message.key)))
        return chosen

    def fill(self, template: str, params: Mapping[str, Param], key: str = "") -> str:
        parts: list[str] = []
        try:
            fields = list(_FORMATTER.parse(template))
        except ValueError as error:
            self.fail(f"{template!r} is not a template: {error}")
            return template
        for literal, name, spec, _conversion in fields:
            parts.append(literal)
            if name is None:
                continue
            if name not in params:
                self.fail(f"{template!r} needs the parameter {name!r}")
                parts.append("{" + name + "}")
                continue
            composed = name in _COMPOSED.get(key, COMPOSED)
            parts.append(self.value(params[name], spec or "", composed))
        return "".join(parts)

    def value(self, value: Param, spec: str, composed: bool) -> str:
        if isinstance(value, Message):
            return self.message(value, spec)
        if isinstance(value, dt.datetime):
            try:
                return format_moment(value, spec, self.lang)
            except TemplateError as error:
                self.fail(str(error))
                return value.isoformat(sep=" ", timespec="minutes")
        if isinstance(value, int | float) and not isinstance(value, bool):
            try:
                return format_number(value, spec, self.lang)
            except TemplateError as error:
                self.fail(str(error))
                return str(value)
        if isinstance(value, str):
            return shown(value, TEXT_LIMIT if composed else ECHO_LIMIT)
        return str(value)

    def fail(self, problem: str) -> None:
        if self.strict:
            raise TemplateError(problem)
