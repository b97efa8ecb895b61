"""What the Wyścig balonów table shows, as plain data from the rules' summary and
state: the round, the obstacles, the round's order, every player's tokens. No Kivy;
the screen adds the colours and the words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.messages import Message
from companion.games import wyscig_balonow as wb
from companion.ui.tables.wyscig.text import W

ORDER_LABELS = ("order_1", "order_2", "order_3", "order_4")


def order_label(index: int, count: int) -> Message:
    """The order card's name: 1st, 2nd, 3rd, Last (Third is left out with 3 players)."""
    if index == count - 1:
        return W("order_last")
    return W(ORDER_LABELS[index])


@dataclass(frozen=True)
class OrderCard:
    label: Message
    name: str
    current: bool  # the turn being played


@dataclass(frozen=True)
class Tokens:
    name: str
    mail: int
    penalty: int
    current: bool


def round_text(summary: Mapping[str, Any]) -> Message:
    return W("round", round=summary.get("round", 1))


def obstacles_text(summary: Mapping[str, Any]) -> str:
    return f"{summary.get('table', {}).get('obstacles', 0)}/{wb.OBSTACLES}"


def order_cards(state: wb.State, summary: Mapping[str, Any]) -> list[OrderCard]:
    order = summary.get("table", {}).get("order", [])
    current = summary.get("current")
    return [
        OrderCard(
            order_label(index, len(order)), name, index == state.turn_index and name == current
        )
        for index, name in enumerate(order)
    ]


def tokens(summary: Mapping[str, Any]) -> list[Tokens]:
    return [
        Tokens(
            player["name"],
            player.get("tokens", {}).get("mail", 0),
            player.get("tokens", {}).get("penalty", 0),
            player["name"] == summary.get("current"),
        )
        for player in summary.get("players", [])
    ]
