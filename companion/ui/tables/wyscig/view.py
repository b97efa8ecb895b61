"""What the Wyścig balonów table shows, as plain data from the rules' typed summary
and state: the round, the obstacles, the round's order, every player's tokens. No Kivy;
the screen adds the colours and the words."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.messages import Message
from companion.core.summary import narrowed
from companion.games import wyscig_balonow as wb
from companion.games.wyscig_balonow.summary import WyscigSummary
from companion.ui.tables.wyscig.text import W

ORDER_LABELS = ("order_1", "order_2", "order_3", "order_4")


def summary_of(found: object) -> WyscigSummary:
    """The session's summary (`Session.summary()`) as Wyścig balonów's own."""
    return narrowed(found, WyscigSummary)


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


def round_text(summary: WyscigSummary) -> Message:
    return W("round", round=summary.round)


def obstacles_text(summary: WyscigSummary) -> str:
    return f"{summary.table.obstacles}/{wb.OBSTACLES}"


def order_cards(state: wb.State, summary: WyscigSummary) -> list[OrderCard]:
    order = summary.table.order
    current = summary.current
    return [
        OrderCard(
            order_label(index, len(order)), name, index == state.turn_index and name == current
        )
        for index, name in enumerate(order)
    ]


def tokens(summary: WyscigSummary) -> list[Tokens]:
    return [
        Tokens(
            player.name,
            player.tokens["mail"],
            player.tokens["penalty"],
            player.name == summary.current,
        )
        for player in summary.players
    ]
