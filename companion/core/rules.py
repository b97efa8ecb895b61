"""The contract every game module fulfils, and a base class with the shared parts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ValidationError

from companion.core.errors import ActionFormatError, SetupError
from companion.core.messages import Catalog, Message
from companion.core.model import ActionBase, PlayerSpec

S = TypeVar("S", bound=BaseModel)
Opts = TypeVar("Opts", bound=BaseModel)

M = Catalog(
    "rules",
    {
        "no_type": 'an action needs a "type"',
        "unknown_type": 'unknown action type "{type}" (this game knows: {known})',
        "invalid_field": "{field}: {problem}",
        "unknown_field": 'unknown field "{field}"',
        "missing_field": '"{field}" is missing',
        "player_count": "{count} given, {game} needs {low} to {high}",
        "duplicate_name": '"{name}" is seated twice; names must be unique',
        "unknown_option": 'unknown option "{option}"',
        "option_invalid": "{field}: {problem}",
        "not_a_player": '"{name}" is not playing',
    },
)


@runtime_checkable
class Rules(Protocol):
    """One game: pure functions from (state, action) to state."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    def parse_options(self, raw: Mapping[str, Any], players: Sequence[PlayerSpec]) -> BaseModel: ...

    def parse_action(self, raw: Any) -> ActionBase: ...

    def setup(self, players: Sequence[PlayerSpec], options: Any, seed: int) -> Any: ...

    def apply(self, state: Any, action: Any) -> Any: ...

    def summary(self, state: Any) -> dict[str, Any]: ...

    def prompts(self, state: Any) -> list[Message]: ...

    def decided(self, state: Any) -> bool:
        """The game is over and needs nothing more from the table (final results)."""
        ...


def describe_validation_error(error: ValidationError) -> Message:
    """The first problem pydantic found, as a sentence naming the field."""
    first = error.errors()[0]
    field = ".".join(str(part) for part in first["loc"]) or "value"
    if first["type"] == "extra_forbidden":
        return M("unknown_field", field=field)
    if first["type"] == "missing":
        return M("missing_field", field=field)
    problem = str(first["msg"])
    problem = problem[0].lower() + problem[1:] if problem else problem
    return M("invalid_field", field=field, problem=problem)


class GameRules(Generic[S, Opts]):
    """Shared parsing and checks; a game sets the class attributes and implements
    `setup`, `apply`, `summary` and `prompts`."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[BaseModel]]
    actions: ClassVar[Mapping[str, type[ActionBase]]]

    def parse_action(self, raw: Any) -> ActionBase:
        if not isinstance(raw, Mapping) or not isinstance(raw.get("type"), str):
            raise ActionFormatError(M("no_type"))
        model = self.actions.get(raw["type"])
        if model is None:
            known = ", ".join(sorted(self.actions))
            raise ActionFormatError(M("unknown_type", type=raw["type"], known=known))
        try:
            return model.model_validate(dict(raw))
        except ValidationError as error:
            raise ActionFormatError(describe_validation_error(error)) from None

    def parse_options(self, raw: Mapping[str, Any], players: Sequence[PlayerSpec]) -> Opts:
        self.check_players(players)
        if not isinstance(raw, Mapping):
            raise SetupError(M("option_invalid", field="options", problem="must be an object"))
        try:
            options = self.options_model.model_validate(dict(raw))
        except ValidationError as error:
            msg = describe_validation_error(error)
            if msg.key == M("unknown_field", field="").key:
                raise SetupError(M("unknown_option", option=msg.params["field"])) from None
            raise SetupError(M("option_invalid", **_field_problem(error))) from None
        self.check_options(options, players)  # type: ignore[arg-type]
        return options  # type: ignore[return-value]

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
        seen: set[str] = set()
        for player in players:
            if player.name in seen:
                raise SetupError(M("duplicate_name", name=player.name), field="players")
            seen.add(player.name)

    def summary(self, state: S) -> dict[str, Any]:
        raise NotImplementedError

    def decided(self, state: S) -> bool:
        return bool(self.summary(state)["over"])

    def check_options(self, options: Opts, players: Sequence[PlayerSpec]) -> None:
        """Checks that need the players as well as the options; none by default."""


def _field_problem(error: ValidationError) -> dict[str, str]:
    first = error.errors()[0]
    problem = str(first["msg"])
    return {
        "field": ".".join(str(p) for p in first["loc"]) or "options",
        "problem": problem[0].lower() + problem[1:] if problem else problem,
    }
