"""A rule's sentence names a balloon by its colour id; a catalog that says its
`colour` parameter is a colour turns the id into the colour's term, so every
language shows its own name for it, and English keeps the rules' word."""

from companion.core.messages import Catalog
from companion.core.terms import colour
from companion.i18n import translator

M = Catalog(
    "test_colours", {"gone": "There is no {colour} balloon in this race"}, terms={"colour": colour}
)


def test_colour_ids_become_the_languages_colour_names() -> None:
    message = M("gone", colour="red")
    assert translator("en")(message) == "There is no red balloon in this race"
    german = translator("de")(message)
    assert "Rot" in german and "red" not in german


def test_a_colour_without_a_name_is_left_as_given() -> None:
    assert "black" in translator("pl")(M("gone", colour="black"))
