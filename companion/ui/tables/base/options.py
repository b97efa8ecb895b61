"""The options a table offers on the new-game screen, and where each goes: which rows
the screen shows, what a typed name becomes as a counter's id, what a group's last
choices for a title bring back, and what reaches the rules. No Kivy here.

The rows never move when an option is chosen: an option shown only while another has
a value (`when`) keeps its place empty otherwise, and options that take turns in one
place share it (`slot`)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

Kind = Literal[
    "seconds", "minutes", "choice", "pick", "players", "player", "flags", "text", "number",
    "counters", "categories", "extras",
]  # fmt: skip


@dataclass(frozen=True)
class OptionField:
    """One option on the new-game screen.

    kind "seconds": a number of seconds stepped by `step` (tap; a hold steps five
    times as far) from `minimum` to `maximum` (0 = off where the minimum is 0);
    "minutes": the same, shown in minutes (the value stays in seconds); "choice": one
    of `choices` (value, label key) side by side; "pick": one of `choices` and of the
    items another option lists (`choices_from`: its items' "id" and "name"), shown as
    one button that opens them in a sheet; "players": a subset of the seated players
    (e.g. those who play without the hourglass); "player": one seated player or None
    (the rules' default, e.g. the first seat starts); "flags": on/off options,
    `choices` (option key, label key), each sent as its own boolean; "text": typed on
    the on-screen keyboard, at most `maximum` characters; "number": a whole number
    typed on a number pad, up to `maximum`, or None (not given); "counters": a list
    of named counts (at most `maximum`), each `{id, name, start, min, max}` (`min`,
    `max` None: no bound), edited in a sheet of its own; "categories": the lines of a
    score sheet (at most `maximum`), each `{id, name}`, named in a sheet of their own;
    "extras": a few options of
    the rules that go together (a bank's increment and delay), each one of a few
    numbers or None (the rules' default), `extras` (option key, label key, value's
    label key (a message of `{seconds}`), values);
    the screen's value is a dict of them, sent each as its own option, and one button
    shows them all and opens a sheet of their choices.

    A label key with a dot is a whole message key (`"ui_<table>.opt_timer"`), so a
    table's own catalog can name its options. `max_players` > 0 shows the option
    only up to that many seated players (otherwise the rules' default is used).

    `app_only` options are the app's, not the rules' (a turn timer for a game whose
    rules have none): they are kept with the session (`extra["app_options"]`) and
    never reach the game file, whose options the rules check strictly.

    `notes` (value, label key): a sentence shown under the option while that value
    is chosen (what the players should know about it, said once, where it is chosen);
    its room stays while another value is chosen.

    `when` (option key, values): shown, and sent, only while that option has one of
    these values (and, with `also`, that one's too); its place stays (empty)
    otherwise. Options with the same `slot`
    take turns in one place (the first whose `when` holds). An `inline` option sits
    at the end of the row before it and says its own name. An option `within` another
    (an "extras" option's key) is chosen in that one's sheet, a line of its own there,
    and has no place on the screen. `recall` (a text): the
    texts used before are offered, and choosing one brings back the options of the
    last game played with it. `missing`: a label key for what Start says while the
    option is empty."""

    key: str
    label: str
    kind: Kind
    default: object
    choices: tuple[tuple[object, str], ...] = ()
    step: int = 5
    maximum: int = 120
    app_only: bool = False
    max_players: int = 0
    notes: tuple[tuple[object, str], ...] = ()
    minimum: int = 0
    when: tuple[str, tuple[object, ...]] | None = None
    also: tuple[str, tuple[object, ...]] | None = None  # a second condition, as `when`
    slot: str = ""
    inline: bool = False
    recall: bool = False
    missing: str = ""
    choices_from: str = ""
    extras: tuple[tuple[str, str, str, tuple[int, ...]], ...] = ()
    within: str = ""

    def applies(self, options: Mapping[str, object]) -> bool:
        """Its `when` and its `also` hold for `options` (or it has none)."""
        return all(
            options.get(condition[0]) in condition[1]
            for condition in (self.when, self.also)
            if condition is not None
        )

    def picks(self, options: Mapping[str, object]) -> list[tuple[object, str | None]]:
        """A pick's choices: (value, label key) of its own, then (id, None) of each
        item its `choices_from` option lists (shown by the item's own name)."""
        found: list[tuple[object, str | None]] = list(self.choices)
        items = options.get(self.choices_from, ()) if self.choices_from else ()
        if isinstance(items, list | tuple):
            found += [(item["id"], None) for item in items]
        return found

    def step_to(self, value: int, steps: int) -> int:
        """A stepper's value after `steps` steps, within its minimum and maximum."""
        return max(self.minimum, min(self.maximum, value + steps * self.step))


TIMER_KEY = "turn_timer_seconds"  # the app-only turn timer's option


@dataclass(frozen=True)
class Row:
    """One row of the options: the field shown in it, with its label (None: the row's
    place kept empty), the inline fields after it, each with whether it is shown
    (else its place is kept), and whether room for a note stays under it (a field of
    this place has notes)."""

    field: OptionField | None
    inline: tuple[tuple[OptionField, bool], ...] = ()
    notes: bool = False


def rows(fields: Sequence[OptionField], options: Mapping[str, object]) -> list[Row]:
    """The rows of `fields` for the values chosen: as many, in the same places,
    whatever the values (a `when` that does not hold keeps an empty place)."""
    found: list[Row] = []
    slots: dict[str, int] = {}
    for field in fields:
        shown = field if field.applies(options) else None
        if field.within:  # a line of another option's sheet
            continue
        if field.inline and found:
            last = found[-1]
            inline = (*last.inline, (field, shown is not None))
            found[-1] = Row(last.field, inline, last.notes or bool(field.notes))
        elif field.slot and field.slot in slots:
            index = slots[field.slot]
            last = found[index]
            found[index] = Row(last.field or shown, last.inline, last.notes or bool(field.notes))
        else:
            found.append(Row(shown, notes=bool(field.notes)))
            if field.slot:
                slots[field.slot] = len(found) - 1
    return found


def sent(fields: Sequence[OptionField], options: Mapping[str, object]) -> list[OptionField]:
    """The fields whose values count now (their `when` holds)."""
    return [f for f in fields if f.applies(options)]


def value_of(field: OptionField, options: Mapping[str, object]) -> object:
    """The option's value now: a pick whose choice is gone (a counter taken away) is
    back at its default."""
    value = options.get(field.key, field.default)
    if field.kind == "pick" and value not in [v for v, _ in field.picks(options)]:
        return field.default
    return value


def empty(value: object) -> bool:
    return value is None or value == "" or (isinstance(value, tuple | list) and not value)


def missing(fields: Sequence[OptionField], options: Mapping[str, object]) -> OptionField | None:
    """The first option sent now that must be given and is empty (its `missing`)."""
    return next((f for f in sent(fields, options) if f.missing and empty(options.get(f.key))), None)


def chosen(
    fields: Sequence[OptionField], options: Mapping[str, object]
) -> tuple[dict[str, object], dict[str, object]]:
    """What Start sends: the rules' options (each flag on its own, as the game file
    has them; a None, or a score sheet of no lines, left out: the rules' default) and
    the app's own."""
    shown = sent(fields, options)
    app_keys = {f.key for f in shown if f.app_only}
    values = {f.key: plain(value_of(f, options)) for f in shown}
    values = {k: v for k, v in values.items() if v is not None}
    rules = {k: v for k, v in values.items() if k not in app_keys}
    for field in shown:
        if field.kind == "flags":  # each flag is an option of its own, true or false
            flags = rules.pop(field.key, ())
            on = flags if isinstance(flags, list | tuple) else ()
            rules.update({str(flag): flag in on for flag, _ in field.choices})
        elif field.kind == "categories" and not rules.get(field.key):
            rules.pop(field.key, None)  # no score sheet: none in the game file
        elif field.kind == "extras":  # each its own option; None: the rules' default
            given = rules.pop(field.key, None)
            if isinstance(given, Mapping):
                rules.update({k: v for k, v in given.items() if v is not None})
    return rules, {k: v for k, v in values.items() if k in app_keys}


def plain(value: object) -> object:
    """An option's value as a game file holds it: lists, not tuples; plain dicts."""
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    return value


# -- counters ------------------------------------------------------------------------

COUNT_MOST = 99999  # a count's largest size either way on the new-game screen
ID_LONGEST = 16
# Letters that no accent taken away makes ASCII (casefold already made ß "ss").
PLAIN_LETTERS = str.maketrans({"ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "þ": "th"})


def counter_id(name: str, taken: Sequence[str]) -> str:
    """An id for a counter named `name`: its letters without accents, lower case,
    a-z, 0-9 and _ (at most 16), another than those `taken`."""
    letters = name.casefold().translate(PLAIN_LETTERS)
    plain = unicodedata.normalize("NFKD", letters).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "_", plain).strip("_")[:ID_LONGEST] or "counter"
    found, number = base, 1
    while found in taken:
        number += 1
        suffix = f"_{number}"
        found = base[: ID_LONGEST - len(suffix)] + suffix
    return found


Counter = dict[str, str | int | None]  # {id, name, start, min, max}; a bound None: none


def new_counter(name: str, taken: Sequence[str]) -> Counter:
    """A counter as the game file's contract gives its defaults: from 0, at least 0,
    no most."""
    return {"id": counter_id(name, taken), "name": name, "start": 0, "min": 0, "max": None}


def stepped(counter: Counter, part: str, delta: int) -> Counter:
    """`counter` with its `start`, `min` or `max` moved by `delta`, kept in order
    (least <= start <= most): the start moves within its bounds, a bound not past
    the start."""
    found = dict(counter)
    value, start = found[part], found["start"]
    if not isinstance(value, int) or not isinstance(start, int):
        return found  # a bound taken away (None) does not step
    least = _number(found["min"], -COUNT_MOST)
    most = _number(found["max"], COUNT_MOST)
    limits = {"start": (least, most), "min": (-COUNT_MOST, start), "max": (start, COUNT_MOST)}
    low, high = limits[part]
    found[part] = max(low, min(high, value + delta))
    return found


def _number(value: str | int | None, otherwise: int) -> int:
    return value if isinstance(value, int) else otherwise


def bounded(counter: Counter, part: str, on: bool) -> Counter:
    """`counter` with its least (`min`) or most (`max`) given, at the start, or taken
    away (no bound)."""
    return {**counter, part: counter["start"] if on else None}


# -- choices brought back ----------------------------------------------------------


def recalled(fields: Sequence[OptionField], stored: Mapping[str, object]) -> dict[str, object]:
    """The screen's values for the options of a game played before (`stored`, as
    its game file has them): each field's stored value, flags gathered again, the
    default where nothing was stored."""
    found: dict[str, object] = {}
    for field in fields:
        if field.kind == "flags":
            found[field.key] = tuple(flag for flag, _ in field.choices if stored.get(str(flag)))
        elif field.kind == "extras":
            found[field.key] = {extra[0]: stored.get(extra[0]) for extra in field.extras}
        elif field.key in stored:
            value = stored[field.key]
            listed = field.kind in ("counters", "categories")
            if listed and isinstance(value, list | tuple):
                found[field.key] = [dict(v) for v in value]
            else:
                found[field.key] = value
        else:
            found[field.key] = field.default
    return found
