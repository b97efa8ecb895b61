"""Any board game's setup: the options checked (with the players), and the state at
the start."""

from __future__ import annotations

import re
from collections.abc import Sequence

from companion.core import text
from companion.core.errors import SetupError
from companion.core.model import PlayerSpec
from companion.core.terms import quoted
from companion.games.any_game.messages import M
from companion.games.any_game.model import (
    BANK_SECONDS,
    CATEGORIES_MOST,
    COUNTER_ID,
    COUNTER_NAME_LONGEST,
    COUNTERS_MOST,
    DELAY_SECONDS,
    INCREMENT_SECONDS,
    TIMER_SECONDS,
    TITLE_LONGEST,
    Counter,
    Options,
    Player,
    State,
)


def check_options(options: Options, players: Sequence[PlayerSpec]) -> None:
    for player in players:
        if player.colour is not None or player.colours is not None:
            raise SetupError(M("colour_not_used", name=player.name), field="players")
    check_text("title", options.title, TITLE_LONGEST)
    if options.bgg_id is not None and options.bgg_id < 1:
        raise SetupError(M("bgg_id", given=options.bgg_id))
    _check_clock(options)
    _check_counters(options.counters)
    _check_score_from(options)
    _check_categories(options)


def check_text(field: str, given: str, longest: int) -> None:
    """A title or a name is shown on the screen and printed by `replay`: 1 to
    `longest` characters, printable, not only spaces (`companion.core.text`)."""
    found = text.problem(given, longest)
    if found is not None:
        raise SetupError(M("text", field=field, problem=found))


def _check_clock(options: Options) -> None:
    if options.timer_seconds is not None:
        if options.clock != "turn":
            raise SetupError(M("timer_not_turn", clock=options.clock))
        _check_seconds("timer_seconds", options.timer_seconds, TIMER_SECONDS)
    bank_only = (
        ("bank_seconds", options.bank_seconds, BANK_SECONDS),
        ("increment_seconds", options.increment_seconds, INCREMENT_SECONDS),
        ("delay_seconds", options.delay_seconds, DELAY_SECONDS),
    )
    for field, given, limits in bank_only:
        if given is not None:
            if options.clock != "bank":
                raise SetupError(M("bank_not_bank", field=field, clock=options.clock))
            _check_seconds(field, given, limits)


def _check_seconds(field: str, given: int, limits: tuple[int, int, int]) -> None:
    low, high, _default = limits
    if not low <= given <= high:
        raise SetupError(M("seconds_option", field=field, low=low, high=high, given=given))


def _check_counters(counters: Sequence[Counter]) -> None:
    if len(counters) > COUNTERS_MOST:
        raise SetupError(M("counters_count", count=len(counters)))
    seen: set[str] = set()
    for number, counter in enumerate(counters, start=1):
        _check_id(counter.id, seen, bad="counter_id", twice="counter_twice")
        check_text(f"counters: counter {number}: name", counter.name, COUNTER_NAME_LONGEST)
        _check_bounds(counter)


def _check_categories(options: Options) -> None:
    """A score sheet: up to 12 lines, ids as a counter's and none a counter's, names as
    a counter's; only where the points are typed at the end (`high`/`low` without
    `score_from`)."""
    categories = options.categories
    if not categories:
        return
    if len(categories) > CATEGORIES_MOST:
        raise SetupError(M("categories_count", count=len(categories)))
    seen: set[str] = set()
    for number, category in enumerate(categories, start=1):
        _check_id(category.id, seen, bad="category_id", twice="category_twice")
        if options.counter(category.id) is not None:
            raise SetupError(M("category_counter", id=category.id))
        check_text(f"categories: category {number}: name", category.name, COUNTER_NAME_LONGEST)
    if options.scoring not in ("high", "low"):
        raise SetupError(M("categories_scoring", scoring=options.scoring))
    if options.score_from is not None:
        raise SetupError(M("categories_score_from", id=options.score_from))


def _check_id(given: str, seen: set[str], *, bad: str, twice: str) -> None:
    """A counter's or a category's id: a name a game file can use, not one seen before
    in its list (then added to `seen`); `bad` and `twice` are the messages' keys."""
    if not re.fullmatch(COUNTER_ID, given):
        raise SetupError(M(bad, id=given))
    if given in seen:
        raise SetupError(M(twice, id=given))
    seen.add(given)


def _check_bounds(counter: Counter) -> None:
    least, most = counter.min, counter.max
    if least is not None and most is not None and least > most:
        raise SetupError(M("counter_range", id=counter.id, least=least, most=most))
    if least is not None and counter.start < least:
        raise SetupError(M("counter_below", id=counter.id, start=counter.start, least=least))
    if most is not None and counter.start > most:
        raise SetupError(M("counter_above", id=counter.id, start=counter.start, most=most))


def _check_score_from(options: Options) -> None:
    if options.score_from is None:
        return
    if options.scoring not in ("high", "low"):
        raise SetupError(M("score_from_scoring", scoring=options.scoring))
    if options.counter(options.score_from) is None:
        ids = quoted([c.id for c in options.counters]) or "-"
        raise SetupError(M("score_from_unknown", id=options.score_from, ids=ids))


def initial_state(players: Sequence[PlayerSpec], options: Options, seed: int) -> State:
    """The first seat starts, clockwise; every player holds each counter at its
    start and, with a time bank, the whole bank. The seed draws nothing."""
    tokens = {c.id: c.start for c in options.counters}
    return State(
        options=options,
        players=tuple(Player(name=p.name, tokens=dict(tokens), bank=options.bank) for p in players),
    )
