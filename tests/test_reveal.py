"""An answer behind a *Reveal* button: nothing of it on the page (nor computed) until the
button is pressed; text shown as written, never as markup; an error shown, not lost."""

from __future__ import annotations

import ipywidgets
import pytest

import mendikot_replay as mr
from mendikot_replay.views.widget.reveal import answer_html


def parts(box: ipywidgets.VBox) -> tuple[ipywidgets.Button, ipywidgets.HTML]:
    button, shown = box.children
    assert isinstance(button, ipywidgets.Button) and isinstance(shown, ipywidgets.HTML)
    return button, shown


def test_the_answer_is_made_and_shown_only_when_revealed() -> None:
    asked: list[int] = []

    def slow_answer() -> str:
        asked.append(1)
        return "The king keeps the deal."

    box = mr.reveal(slow_answer, "Ducking loses it.")
    button, shown = parts(box)
    assert button.description == "Reveal the answer"
    assert asked == [] and shown.value == "" and shown.layout.display == "none"
    button.click()
    assert asked == [1]
    assert shown.layout.display is None
    assert "The king keeps the deal." in shown.value and "Ducking loses it." in shown.value
    assert button.description == "Hide the answer"
    button.click()  # hidden again: the class may vote on the next one
    assert shown.layout.display == "none" and button.description == "Reveal the answer"
    button.click()
    assert asked == [1]  # made once


def test_text_is_shown_as_written_never_as_markup() -> None:
    box = mr.reveal('<img src=x onerror="alert(1)"> & more')
    button, shown = parts(box)
    button.click()
    assert "<img" not in shown.value
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; more" in shown.value


def test_a_picture_draws_itself_and_a_result_writes_itself() -> None:
    class Picture:
        def _repr_svg_(self) -> str:
            return '<svg xmlns="http://www.w3.org/2000/svg"></svg>'

    class Chances:
        def text(self) -> str:
            return "KS 55% <- best"

    assert answer_html(Picture()).startswith("<svg")
    assert "KS 55% &lt;- best" in answer_html(Chances())


def test_an_answer_that_fails_says_so() -> None:
    def broken() -> str:
        raise ValueError("no deal of the unseen cards fits")

    button, shown = parts(mr.reveal(broken))
    button.click()
    assert "could not be made: ValueError: no deal of the unseen cards fits" in shown.value


def test_the_button_says_reveal() -> None:
    assert parts(mr.reveal("x", label="Reveal C's chances"))[0].description == "Reveal C's chances"
    with pytest.raises(ValueError, match="does not say Reveal"):
        mr.reveal("x", label="Show")
