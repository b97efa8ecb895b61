"""Plain frozen data shared by every game: players, the setup, the action base."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ActionBase(Frozen):
    """Every action: a `type` literal in the subclass, its fields, and the optional
    time it was recorded (`at`), which the rules ignore."""

    at: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = self.model_dump(mode="json", exclude_none=True, by_alias=True)
        return {"type": data.pop("type"), **data}


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
