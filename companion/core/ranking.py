"""Standard competition ranking (1, 1, 3) with tie-breakers."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def competition_ranks(items: Sequence[T], key: Callable[[T], Any]) -> list[int]:
    """Rank `items` by `key`, smaller keys first; equal keys share a rank.

    Put tie-breakers into the key as later tuple elements; negate what sorts
    higher-first. Returns one rank per item, in the order of `items`.
    """
    keys = [key(item) for item in items]
    ordered = sorted(keys)
    first_position: dict[Hashable, int] = {}
    for position, k in enumerate(ordered, start=1):
        first_position.setdefault(_hashable(k), position)
    return [first_position[_hashable(k)] for k in keys]


def _hashable(value: Any) -> Hashable:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    hashable: Hashable = value
    return hashable
