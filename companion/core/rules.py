"""The contract every game module fulfils, and a base class with the shared parts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from companion.core import text
from companion.core.errors import ActionFormatError, RuleError, SetupError
from companion.core.legal import Legal
from companion.core.messages import Catalog, Message, Param, listed, shown
from companion.core.model import (
    ActionBase,
    PlayerSpec,
    read_strict,
    read_strict_all,
    strict_list_of,
)
from companion.core.summary import Summary

S = TypeVar("S", bound=BaseModel)
Opts = TypeVar("Opts", bound=BaseModel)
St = TypeVar("St")

M = Catalog("rules")


# An unknown type's sentence quotes the type (at most ECHO_LIMIT characters) and as
# many of the game's types as fit beside it in TYPE_AND_KNOWN: the command line's
# `error: action N: ...` stays within 160 characters.
TYPE_AND_KNOWN = 80


def unknown_type(given: str, known: Sequence[str]) -> Message:
    echo = shown(given)
    room = max(TYPE_AND_KNOWN - len(echo), len("…"))
    return M("unknown_type", type=given, known=listed(sorted(known), room))


def names_the_type(error: Exception) -> bool:
    """Whether `error`'s sentence already quotes the action's type (a line that names
    the action it is about then quotes it once, not twice)."""
    message = getattr(error, "message", None)
    return isinstance(message, Message) and message.key == "rules.unknown_type"


class Rules(Protocol[St]):
    """One game: pure functions from (state, action) to state, for a state type `St`."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    def parse_options(self, raw: Mapping[str, Any], players: Sequence[PlayerSpec]) -> BaseModel: ...

    def parse_action(self, raw: object) -> ActionBase: ...

    def parse_actions(self, raws: Sequence[object]) -> list[ActionBase] | None:
        """Every action of a log at once, as `parse_action` reads each, when each is
        well formed; None when one is not (`parse_action` then says which and why)."""
        ...

    def setup(self, players: Sequence[PlayerSpec], options: Any, seed: int) -> St: ...

    def apply(self, state: St, action: ActionBase) -> St: ...

    def legal(self, state: St) -> Legal[St]:
        """What may be done in `state` (python-chess's `legal_moves`): the actions of
        the moment the rules take, each judged once. A table enables its buttons and
        words GO from it; `Session.apply` takes the state an action judged there leads to."""
        ...

    def refusal(self, state: St, action: ActionBase) -> Message | None:
        """Why the rules would refuse `action` in `state` (their sentence for the
        players), or None when they would take it: `legal(state).refusal(action)`."""
        ...

    def summary(self, state: St) -> Summary[Any, Any]:
        """The game file contract's summary of `state`, typed; `data` is its JSON."""
        ...

    def prompts(self, state: St) -> list[Message]: ...

    def missing_steps(self, state: St) -> list[Message]:
        """The steps the rulebook makes mandatory that the current player could
        still take now and has not: what an `end_turn` now would skip."""
        ...

    def decided(self, state: St, summary: Summary[Any, Any]) -> bool:
        """The game is over and needs nothing more from the table (final results);
        `summary` is the state's own (the session's, made once per change)."""
        ...

    def tie_breaks(self, state: St) -> list[Message]:
        """Once decided: why players equal on the first count were ranked apart (or
        share a place), one sentence each, for the results to explain themselves."""
        ...

    def title(self, options: Mapping[str, Any]) -> str:
        """What a game with these options (a game file's, as stored) is called where
        it is listed and counted (home, History, Statistics, BG Stats): the game's
        name, or the title its options give."""
        ...


# A field's problem and the field's name (quoted from input, up to ECHO_LIMIT) share
# FIELD_AND_PROBLEM characters: pydantic's own sentence may list every allowed value.
FIELD_AND_PROBLEM = 110


def _problem(first: Mapping[str, Any], room: int = FIELD_AND_PROBLEM) -> str:
    # A validator's own sentence stands without pydantic's "Value error, " before it.
    error = first.get("ctx", {}).get("error") if first["type"] == "value_error" else None
    problem = str(error) if error is not None else str(first["msg"])
    problem = problem[0].lower() + problem[1:] if problem else problem
    return _words(problem, room)


def _words(text: str, limit: int) -> str:
    """`text` whole if it fits in `limit`, else cut after a word with "…"."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    return (head.rsplit(" ", 1)[0] if " " in head else head).rstrip(",") + "…"


def describe_validation_error(error: ValidationError) -> Message:
    """The first problem pydantic found, as a sentence naming the field."""
    first = error.errors()[0]
    field = ".".join(str(part) for part in first["loc"]) or "value"
    if first["type"] == "extra_forbidden":
        return M("unknown_field", field=field)
    if first["type"] == "missing":
        return M("missing_field", field=field)
    room = FIELD_AND_PROBLEM - len(shown(field))
    return M("invalid_field", field=field, problem=_problem(first, max(room, 20)))


def corrected_count(
    catalog: Catalog,
    tokens: Sequence[str],
    token: str,
    holder: Callable[[], BaseModel],
    delta: int,
    **who: Param,
) -> int:
    """What a correction (`adjust`) makes of a count: an unknown token or a count below
    0 is refused with the game's sentences (`unknown_token`, `negative`). `holder`
    finds the player or balloon once the token is known to be one of the game's."""
    if token not in tokens:
        raise RuleError(catalog("unknown_token", token=token))
    count = int(getattr(holder(), token)) + delta
    if count < 0:
        raise RuleError(catalog("negative", count=count, token=token, **who))
    return count


class Ending(Protocol):
    """A state that knows whether its game is over."""

    @property
    def over(self) -> bool: ...


E = TypeVar("E", bound=Ending)


def play_until_over(
    catalog: Catalog, handlers: Mapping[type[ActionBase], Callable[[E, ActionBase], E]]
) -> Callable[[E, ActionBase], E]:
    """A game's `play` where every action but a correction has its handler, and none
    is taken once the game is over: that refusal is the game's own `over` sentence."""

    def play(state: E, action: ActionBase) -> E:
        if state.over:
            raise RuleError(catalog("over"))
        return handlers[type(action)](state, action)

    return play


def by_type(handlers: Mapping[str, Callable[[S, ActionBase], S]]) -> Callable[[S, ActionBase], S]:
    """The handler of a model that stands for several types (a game's `Plain` actions,
    which are only their type): each type's own."""

    def handle(state: S, action: ActionBase) -> S:
        return handlers[action.type_name](state, action)

    return handle


@dataclass(frozen=True)
class GameParts(Generic[S, Opts]):
    """The functions a game package is made of, which `GameRules` calls."""

    initial_state: Callable[[Sequence[PlayerSpec], Opts, int], S]
    check_options: Callable[[Opts, Sequence[PlayerSpec]], None]
    correct: Callable[[S, Any], S]  # the game's `adjust`
    play: Callable[[S, ActionBase], S]  # every other action
    summary: Callable[[S], Summary[Any, Any]]
    prompts: Callable[[S], list[Message]]
    # The actions that make sense now, each with the fields the table would send (a
    # count the players type in: one example): `GameRules.legal` keeps those taken.
    choices: Callable[[S], Iterable[ActionBase]]


class GameRules(Generic[S, Opts]):
    """Shared parsing, checks and dispatch; a game sets the class attributes, its
    `parts`, and `missing_steps` where its rulebook makes a step of the turn
    mandatory."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[BaseModel]]
    actions: ClassVar[Mapping[str, type[ActionBase]]]
    parts: ClassVar[GameParts[Any, Any]]

    def parse_action(self, raw: object) -> ActionBase:
        if not isinstance(raw, Mapping) or not isinstance(raw.get("type"), str):
            raise ActionFormatError(M("no_type"))
        model = self.actions.get(raw["type"])
        if model is None:
            raise ActionFormatError(unknown_type(raw["type"], list(self.actions)))
        try:
            return read_strict(model, raw)
        except ValidationError as error:
            raise ActionFormatError(describe_validation_error(error)) from None

    def parse_actions(self, raws: Sequence[object]) -> list[ActionBase] | None:
        # One validation of the whole log in pydantic's core: a tenth of the time of
        # one `parse_action` per action, which a 100,000-action file felt.
        return read_strict_all(self._all_actions(), raws)

    @classmethod
    def _all_actions(cls) -> TypeAdapter[list[ActionBase]]:
        adapter: TypeAdapter[list[ActionBase]] | None = cls.__dict__.get("_adapter")
        if adapter is None:
            adapter = strict_list_of(cls.actions.values())
            cls._adapter = adapter  # type: ignore[attr-defined]  # one per game class
        return adapter

    def parse_options(self, raw: Mapping[str, Any], players: Sequence[PlayerSpec]) -> Opts:
        self.check_players(players)
        if not isinstance(raw, Mapping):
            raise SetupError(M("option_invalid", field="options", problem="must be an object"))
        try:
            options: Opts = read_strict(self.options_model, raw)  # type: ignore[assignment]
        except ValidationError as error:
            first = error.errors()[0]
            field = ".".join(str(p) for p in first["loc"]) or "options"
            if first["type"] == "extra_forbidden":
                raise SetupError(M("unknown_option", option=field)) from None
            raise SetupError(M("option_invalid", field=field, problem=_problem(first))) from None
        self.check_options(options, players)
        return options

    def check_players(self, players: Sequence[PlayerSpec]) -> None:
        count = len(players)
        if not self.min_players <= count <= self.max_players:
            raise SetupError(
                M(
                    "player_count",
                    count=count,
                    game=self.name,
                    low=self.min_players,
                    high=self.max_players,
                ),
                field="players",
            )
        # Two names that show the same ("Zoë" typed either way) cannot be told apart
        # at the table, in History or in the statistics: the same name twice.
        seen: set[str] = set()
        for player in players:
            shown = text.nfc(player.name)
            if shown in seen:
                raise SetupError(M("duplicate_name", name=player.name), field="players")
            seen.add(shown)

    def setup(self, players: Sequence[PlayerSpec], options: Opts, seed: int) -> S:
        state: S = self.parts.initial_state(players, options, seed)
        return state

    def apply(self, state: S, action: ActionBase) -> S:
        # The contract's common `adjust` puts the table and the app back in agreement at
        # any time, also once the game is over; every other action is the game's.
        if isinstance(action, self.actions["adjust"]):
            corrected: S = self.parts.correct(state, action)
            return corrected
        played: S = self.parts.play(state, action)
        return played

    def legal(self, state: S) -> Legal[S]:
        """The actions the rules take in `state`, judged by `apply`'s own checks. The
        last state's answer is kept: the table, GO and the session ask of the same one."""
        last: Legal[S] | None = self.__dict__.get("_legal")
        if last is None or last.state is not state:
            last = Legal(state, self.parts.choices, self.apply)
            self.__dict__["_legal"] = last
        return last

    def refusal(self, state: S, action: ActionBase) -> Message | None:
        """The rules' own refusal of `action` now, or None (`legal`'s answer)."""
        return self.legal(state).refusal(action)

    def summary(self, state: S) -> Summary[Any, Any]:
        summary: Summary[Any, Any] = self.parts.summary(state)
        return summary

    def prompts(self, state: S) -> list[Message]:
        prompts: list[Message] = self.parts.prompts(state)
        return prompts

    def missing_steps(self, state: S) -> list[Message]:
        """No steps by default: a game whose rulebook makes no step of a turn mandatory."""
        return []

    def title(self, options: Mapping[str, Any]) -> str:
        """The game's name, whatever its options."""
        return self.name

    def decided(self, state: S, summary: Summary[Any, Any]) -> bool:
        """Over is decided, by default: the summary says so."""
        return summary.over

    def tie_breaks(self, state: S) -> list[Message]:
        """None by default: a game whose ranks need no tie-break."""
        return []

    def check_options(self, options: Opts, players: Sequence[PlayerSpec]) -> None:
        """Checks that need the players as well as the options."""
        self.parts.check_options(options, players)
