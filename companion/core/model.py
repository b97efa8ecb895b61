"""Plain frozen data shared by every game: players, the setup, the action base, and
the one way actions and options are read from JSON (strict, nothing converted)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Annotated, Any, Literal, Protocol, Self, TypeVar, Union, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

from companion.core import text
from companion.core.errors import RuleError
from companion.core.messages import Message

T = TypeVar("T", bound=BaseModel)

NAME_LONGEST = 24  # characters of a player's name (code points after NFC)


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """pydantic's shallow copy, without its generic work: a frozen model has no
        extra fields and no private attributes, and its values are never changed in
        place, so one new `__dict__` is the whole copy. The rules copy a state three
        or four times an action: pydantic's way cost 21,000 instructions a copy, this
        one 7,000 (the slots are set through their descriptors, a third cheaper than
        `object.__setattr__`). Like pydantic's, `update` is not validated."""
        if deep:
            return super().model_copy(update=update, deep=True)
        copied = _new(self.__class__)
        fields_set = self.__pydantic_fields_set__
        if update:
            _set_dict(copied, {**self.__dict__, **update})
            if not fields_set.issuperset(update):
                fields_set = fields_set | update.keys()
        else:
            _set_dict(copied, self.__dict__.copy())
        # Shared with the original: pydantic changes this set only on an assignment,
        # which a frozen model refuses, or on a copy it made itself.
        _set_fields_set(copied, fields_set)
        _set_extra(copied, None)
        _set_private(copied, None)
        return copied


# BaseModel's slots, set as pydantic's own `__copy__` does, without its lookups.
_new = object.__new__
_set_dict: Callable[[object, dict[str, Any]], None] = BaseModel.__dict__["__dict__"].__set__
_set_fields_set: Callable[[object, set[str]], None] = BaseModel.__dict__[
    "__pydantic_fields_set__"
].__set__
_set_extra: Callable[[object, None], None] = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private: Callable[[object, None], None] = BaseModel.__dict__["__pydantic_private__"].__set__


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


def strict_list_of(models: Iterable[type[ActionBase]]) -> TypeAdapter[list[ActionBase]]:
    """A list of actions, each read by its `type` as one of `models`."""
    union: Any = Union[tuple(dict.fromkeys(models))]  # noqa: UP007  # built at run time
    return TypeAdapter(list[Annotated[union, Field(discriminator="type")]])


def read_strict_all(
    adapter: TypeAdapter[list[ActionBase]], raws: Sequence[object]
) -> list[ActionBase] | None:
    """Every action of a log as `read_strict` reads each (`adapter`: `strict_list_of`
    the game's actions), in one validation; None when one of them is not well formed
    (a `null` too, which `read_strict` refuses with its own sentence)."""
    if not all(isinstance(raw, dict) and None not in raw.values() for raw in raws):
        return None
    try:
        return adapter.validate_json(json.dumps(raws, allow_nan=False), strict=True)
    except (TypeError, ValueError):  # ValidationError is a ValueError
        return None


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


def by_name(players: Iterable[N], name: str, unknown: Message | Callable[[], Message]) -> N:
    """The player called `name`; `unknown` (the game's sentence, or what makes it: most
    lookups find the player, and a sentence costs as much as a copy of a state) when
    nobody is."""
    for player in players:
        if player.name == name:
            return player
    raise RuleError(unknown if isinstance(unknown, Message) else unknown())


def action_table(models: Iterable[type[ActionBase]]) -> dict[str, type[ActionBase]]:
    """`type` literal -> action model, the lookup `GameRules.parse_action` uses. A model
    may stand for several types (a `Plain` action: its type is all it says)."""
    return {
        name: model for model in models for name in get_args(model.model_fields["type"].annotation)
    }


def _printable_name(name: str) -> str:
    # A name is shown on the table screen and printed by `replay` and `stats`: a
    # control character would move the cursor or recolour a terminal.
    found = text.problem(name, NAME_LONGEST)
    if found is not None:
        raise PydanticCustomError("name", "{problem}", {"problem": str(found)})
    return name


class PlayerSpec(Frozen):
    name: Annotated[str, AfterValidator(_printable_name)]
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
