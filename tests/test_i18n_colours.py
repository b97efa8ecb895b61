"""A rule's sentence names a balloon by its colour id; other languages show the
colour's own name, English keeps the rules' word."""

import companion.ui.strings  # noqa: F401  (registers the colour labels)
from companion.core.messages import Catalog
from companion.i18n import translator

M = Catalog("test_colours", {"gone": "There is no {colour} balloon in this race"})


def test_colour_ids_become_the_languages_colour_names() -> None:
    message = M("gone", colour="red")
    assert translator("en")(message) == "There is no red balloon in this race"
    german = translator("de")(message)
    assert "Rot" in german and "red" not in german


def test_a_colour_without_a_name_is_left_as_given() -> None:
    assert "black" in translator("pl")(M("gone", colour="black"))
