"""The catalog of every sentence the store says (`store.<key>` in companion/i18n)."""

from __future__ import annotations

from companion.core.messages import Catalog

M = Catalog(
    "store",
    composed={"wal"},  # a path the store made
)
