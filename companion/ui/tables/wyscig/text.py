"""Every string of the Wyścig balonów table (`ui_wyscig.<key>` in the language files):
its new-game options, its panels and buttons, its questions, its score and results,
and each action in the players' words, for "Undone: ...", "Redone: ..." and History.
No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog
from companion.core.terms import colour

W = Catalog(
    "ui_wyscig",
    terms={"colour": colour},
)


def key(name: str) -> str:
    """The whole message key of one of this catalog's labels (for `OptionField`)."""
    return W(name).key
