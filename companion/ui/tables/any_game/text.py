"""Every string the any-game table shows (`ui_any_game.<key>` in the language files),
the seats' colours and the time of a bank as a clock shows it. No Kivy here."""

from __future__ import annotations

from companion.core.messages import Catalog
from companion.ui import theme

NS = "ui_any_game"
UA = Catalog(NS)

# Eight colours told apart by colour-blind players too (Okabe-Ito), in an order that
# puts different ones side by side.
SEATS = ("red", "sky", "yellow", "blue", "orange", "green", "pink", "white")


def key(name: str) -> str:
    """A label key for the new-game screen: the whole message key of this catalog."""
    return f"{NS}.{name}"


def seat_hex(seat: int) -> tuple[str, str]:
    name = SEATS[seat % len(SEATS)]
    return name, theme.BALLOON_COLOURS[name]


def clock(seconds: float) -> str:
    """Seconds as a clock shows them: 0:45, 12:05, 1:02:09 (rounded up: 0:00 comes
    with the end)."""
    whole = max(0, int(-(-seconds // 1)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
