"""Seeded randomness: every draw is derived from the game's seed and a label.

Deriving a fresh generator per draw (rather than carrying one mutable generator in
the state) keeps states plain frozen data and makes any prefix of a log replay to
the same deal.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def new_seed() -> int:
    return secrets.randbelow(2**31)


def derive(seed: int, *labels: str | int) -> random.Random:
    # String seeds go through SHA-512 in CPython, independent of PYTHONHASHSEED.
    return random.Random(":".join([str(seed), *map(str, labels)]))


def shuffled(seed: int, items: Sequence[T], *labels: str | int) -> list[T]:
    result = list(items)
    derive(seed, *labels).shuffle(result)
    return result
