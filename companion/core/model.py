"""Plain frozen data shared by every game: players, the setup, the action base."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ActionBase(Frozen):
    """Every action: a `type` literal in the subclass, its fields, and the optional
    time it was recorded (`at`), which the rules ignore."""

    at: str | None = None

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


def action_table(models: Iterable[type[ActionBase]]) -> dict[str, type[ActionBase]]:
    """`type` literal -> action model, the lookup `GameRules.parse_action` uses."""
    return {model.model_fields["type"].default: model for model in models}


class PlayerSpec(Frozen):
    name: str = Field(min_length=1, max_length=24)
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
