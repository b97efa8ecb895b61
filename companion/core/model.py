"""Plain frozen data shared by every game: players, the setup, the action base, and
the one way actions and options are read from JSON (strict, nothing converted)."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Literal, Protocol, TypeVar, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

from companion.core.errors import RuleError
from companion.core.messages import Message, printable

T = TypeVar("T", bound=BaseModel)


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def read_strict(model: type[T], raw: Mapping[str, Any]) -> T:
    """Validate an action or a game's options as JSON writes them, as the game file
    contract says: an integer field takes a JSON integer only (not `true`, `1.0` or
    `"1"`), a boolean `true`/`false` only, a string a string only, and no field is
    `null` (leave an optional field out instead). Nothing is converted.

    Validating the JSON text, not the Python dict, keeps JSON arrays valid for tuple
    fields, which pydantic's strict Python mode refuses."""
    nulls = [key for key, value in raw.items() if value is None]
    if nulls:
        raise _null_error(model, nulls[0])
    try:
        text = json.dumps(dict(raw), allow_nan=False)
    except (TypeError, ValueError) as error:
        problem = PydanticCustomError("not_json", "not a JSON value ({reason})", {"reason": error})
        details = InitErrorDetails(type=problem, loc=(), input=raw)
        raise ValidationError.from_exception_data(model.__name__, [details]) from None
    return model.model_validate_json(text, strict=True)


def _null_error(model: type[BaseModel], field: str) -> ValidationError:
    problem = PydanticCustomError("null", "must not be null (leave the field out instead)")
    details = InitErrorDetails(type=problem, loc=(field,), input=None)
    return ValidationError.from_exception_data(model.__name__, [details])


class ActionBase(Frozen):
    """Every action: a `type` literal in the subclass, its fields, and the optional
    time it was recorded (`at`), which the rules ignore."""

    at: str | None = None

    @property
    def type_name(self) -> str:
        """The action's `type` (each subclass declares it as a literal)."""
        return str(self.__dict__["type"])

    def to_json(self) -> dict[str, Any]:
        data = self.model_dump(mode="json", exclude_none=True, by_alias=True)
        return {"type": data.pop("type"), **data}


def _non_zero(value: int) -> int:
    if value == 0:
        raise ValueError("must not be 0")
    return value


NonZero = Annotated[int, AfterValidator(_non_zero)]
"""A correction's `delta`: any whole number but 0."""


class EndTurn(ActionBase):
    """The common `end_turn`; each game's `apply` decides what its upkeep is."""

    type: Literal["end_turn"] = "end_turn"


class PlayerAdjust(ActionBase):
    """The correction (`adjust`) of a game whose counts are a player's own: one
    token of one player up or down."""

    type: Literal["adjust"] = "adjust"
    player: str
    token: str
    delta: NonZero


class Named(Protocol):
    @property
    def name(self) -> str: ...


N = TypeVar("N", bound=Named)


def by_name(players: Iterable[N], name: str, unknown: Message) -> N:
    """The player called `name`; `unknown` (the game's sentence) when nobody is."""
    for player in players:
        if player.name == name:
            return player
    raise RuleError(unknown)


def action_table(models: Iterable[type[ActionBase]]) -> dict[str, type[ActionBase]]:
    """`type` literal -> action model, the lookup `GameRules.parse_action` uses. A model
    may stand for several types (a `Plain` action: its type is all it says)."""
    return {
        name: model for model in models for name in get_args(model.model_fields["type"].annotation)
    }


def _printable_name(name: str) -> str:
    # A name is shown on the table screen and printed by `replay` and `stats`: a
    # control character would move the cursor or recolour a terminal.
    for char in name:
        category = unicodedata.category(char)
        if category == "Cc":
            raise PydanticCustomError(
                "name_control", '"{name}" has a control character', {"name": printable(name)}
            )
        if not char.isprintable() and category != "Zs":
            raise PydanticCustomError(
                "name_unprintable",
                '"{name}" has a character that cannot be shown',
                {"name": printable(name)},
            )
    if not name.strip():
        raise PydanticCustomError("name_blank", "a name needs more than spaces")
    return name


class PlayerSpec(Frozen):
    name: Annotated[str, Field(min_length=1, max_length=24), AfterValidator(_printable_name)]
    colour: str | None = None
    colours: tuple[str, ...] | None = None

    def to_json(self) -> str | dict[str, Any]:
        extra = self.model_dump(mode="json", exclude_none=True, exclude={"name"})
        return {"name": self.name, **extra} if extra else self.name


class GameSetup(Frozen):
    """Everything a game starts from; with the action log it determines the state."""

    game: str
    seed: int
    players: tuple[PlayerSpec, ...]
    options: dict[str, Any] = Field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]
