"""English words that give a translation away: the names of cards, luck, altitudes,
directions, tokens, colours and variants. `english_words(lang, text)` finds them in
a text shown in `lang`, leaving out what stands in quotes (the ids a game file must
spell in English, quoted back) and the words the language itself writes the same way
("Ballast" in German, "storm" in Dutch, "W" for west in German and Dutch)."""

from __future__ import annotations

import re

_WORDS = (
    # Balmy Balloonists' cards and luck
    "friendly winds",
    "permission",
    "repair",
    "envelope",
    "solar panels",
    "communication problems",
    "fire",
    "busy airspace",
    "burner problems",
    "revoked",
    "bad weather",
    "bad luck",
    "luck",
    "advantage card",
    "local wind",
    "quadrant card",
    # Ballonrennen's wind cards
    "calm",
    "downdraught",
    "updraught",
    "favourable",
    "rising wind",
    "weak wind",
    "wind card",
    # altitudes
    "landed",
    "low",
    "medium",
    "high",
    "altitude",
    # directions
    "east",
    "west",
    "north",
    "south",
    "north-east",
    "south-east",
    "north-west",
    "south-west",
    # tokens
    "fuel",
    "helium",
    "ballast",
    "gas",
    "sandbag",
    "sandbags",
    "canister",
    "canisters",
    "mail",
    "mail sack",
    "penalty",
    "penalties",
    "token",
    "tokens",
    "hand",
    "in front",
    # colours
    "red",
    "yellow",
    "green",
    "blue",
    "purple",
    "white",
    "pink",
    # variants and the rest
    "fair weather",
    "critical measures",
    "storm",
    "balloon",
    "balloons",
    "card",
    "cards",
)
# Written the same in the language itself.
_NATIVE = {
    "pl": set(),
    "de": {"ballast", "gas", "hand", "helium"},
    "sv": {"ballast", "gas", "hand", "storm"},
    "nl": {"ballast", "gas", "hand", "storm", "west"},
}
# Direction abbreviations, matched case-sensitively: "W" is west in German and Dutch,
# and a word ("w", in) that opens a Polish sentence.
_ABBREVIATIONS = {
    "pl": ("E", "SE", "SW", "NW", "NE"),
    "de": ("E", "SE", "NE"),
    "sv": ("E", "SE", "SW", "W", "NW", "NE"),
    "nl": ("E", "SE", "SW", "NE"),
}
_QUOTED = re.compile(r'"[^"]*"|„[^“]*“|”[^”]*”|“[^”]*”|‘[^’]*’|«[^»]*»')


def _pattern(words: list[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


_PATTERNS = {
    lang: _pattern([w for w in _WORDS if w not in native]) for lang, native in _NATIVE.items()
}
_ABBREVIATION_PATTERNS = {
    lang: re.compile(rf"(?<![\w-])(?:{'|'.join(found)})(?![\w-])")
    for lang, found in _ABBREVIATIONS.items()
}


def english_words(lang: str, text: str) -> list[str]:
    """The English words in `text` (shown in `lang`), quotes left out."""
    if lang not in _PATTERNS:
        return []
    bare = _QUOTED.sub(" ", text)
    found = [m.group(0) for m in _PATTERNS[lang].finditer(bare)]
    found += [m.group(0) for m in _ABBREVIATION_PATTERNS[lang].finditer(bare)]
    return found
