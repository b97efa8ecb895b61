"""Words the rules name and every language translates: the balloons' colours, and
lists of terms ("red, blue and white").

A term is a `Message` passed as a parameter, so a sentence shows it in the
player's language, in the form the sentence asks for (`{colour:ballongen}` in
Swedish gives "den röda ballongen"). Ids that are not known stay as they are: a
game file may name a colour that does not exist, and the error quotes it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from companion.core.messages import Catalog, Param

COLOURS = Catalog("colour")

LISTS = Catalog("list")


def colour(colour_id: str) -> Param:
    """A balloon colour as a term; an unknown id as the text it is."""
    return COLOURS(colour_id) if colour_id in COLOURS.keys else colour_id


def colours(colour_ids: Sequence[str], last: Literal["and", "or"] = "and") -> Param:
    return listing([colour(c) for c in colour_ids], last)


def listing(items: Sequence[Param], last: Literal["and", "or"] = "and") -> Param:
    """ "a, b and c" in the player's language; one item as it is, none as ""."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return LISTS(last, a=items[0], b=items[1])
    return LISTS("comma", a=items[0], b=listing(items[1:], last))


def quoted(ids: Sequence[str]) -> str:
    """Ids a game file must spell this way, quoted so that no one translates them:
    '"red", "yellow"'."""
    return ", ".join(f'"{name}"' for name in ids)
