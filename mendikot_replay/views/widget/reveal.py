"""An answer that waits for the teacher: a *Reveal* button over a hidden answer.

In class a notebook shows the position and asks the question; the solver's verdict, the
chances and the explanation must not be on the screen while the class is still voting. A
notebook cell's output is shown at once (and Voila shows every output), so the answer goes
behind a widget control instead: :func:`reveal` gives a button, *Reveal the answer*, and
the answer appears under it when it is pressed — in JupyterLab and in Voila alike.

An answer is text (shown in print a room can read, as written: the line breaks kept, any
markup shown as text), an object that draws itself as HTML or SVG (a picture, a table), or
a function that makes one of those: it is called when the button is first pressed, so a slow answer
(the chances of a position) costs nothing until the class asks for it, and a notebook run
from top to bottom computes no answer at all.
"""

from __future__ import annotations

import html
from typing import Any, Final

import ipywidgets

__all__ = ["ANSWER_STYLE", "answer_html", "reveal"]

ANSWER_STYLE: Final = (
    "font-size: 20px; line-height: 1.4; white-space: pre-wrap; margin: 0.3em 0; "
    'font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", '
    "sans-serif; color: #1b1b1b"
)
"""How a text answer is shown: at least 18 px like the board in presentation mode, with
its own line breaks."""


def answer_html(answer: Any) -> str:
    """One answer as the HTML the page shows: text escaped (markup in it is shown as text)
    in :data:`ANSWER_STYLE`; a picture or a table as it draws itself (``_repr_html_``,
    ``_repr_svg_``); a result that writes itself as text (``.text()``, as odds do) as text.

    >>> answer_html("K beats Q & J")
    '<div class="mr-answer" style="font-size: 20px; ...">K beats Q &amp; J</div>'
    """
    if isinstance(answer, str):
        return f'<div class="mr-answer" style="{ANSWER_STYLE}">{html.escape(answer)}</div>'
    for kind in ("html", "svg"):
        method = getattr(answer, f"_repr_{kind}_", None)
        if callable(method):
            drawn = method()
            if isinstance(drawn, str):
                return drawn
    text = getattr(answer, "text", None)
    return answer_html(str(text()) if callable(text) else str(answer))


def reveal(*answers: Any, label: str = "Reveal the answer") -> ipywidgets.VBox:
    """A button, ``label``, that shows ``answers`` under it when pressed (and hides them
    again when pressed once more). A function among the answers (a callable that does not
    draw itself) is called when the button is first pressed, once; an error it raises is
    shown in its place, not lost."""
    if "reveal" not in label.lower():
        raise ValueError(f"the button's words say what it does: {label!r} does not say Reveal")
    button = ipywidgets.Button(
        description=label,
        tooltip=label,
        layout=ipywidgets.Layout(width="auto", height="auto", padding="0.25em 0.9em"),
        style=ipywidgets.ButtonStyle(font_size="20px", font_weight="bold"),
    )
    button.add_class("mr-reveal")
    shown = ipywidgets.HTML(layout=ipywidgets.Layout(display="none"))
    shown.add_class("mr-answers")

    def made() -> str:
        parts = []
        for answer in answers:
            try:
                value = answer() if callable(answer) and not _draws_itself(answer) else answer
            except Exception as exc:  # shown to the class, not swallowed
                value = f"The answer could not be made: {type(exc).__name__}: {exc}"
            parts.append(answer_html(value))
        return "\n".join(parts)

    def toggle(_: object) -> None:
        if shown.layout.display == "none":
            if not shown.value:
                shown.value = made()
            shown.layout.display = None
            button.description = label.replace("Reveal", "Hide").replace("reveal", "hide")
        else:
            shown.layout.display = "none"
            button.description = label
        button.tooltip = button.description

    button.on_click(toggle)
    return ipywidgets.VBox([button, shown], layout=ipywidgets.Layout(margin="0.5em 0"))


def _draws_itself(value: Any) -> bool:
    """An object that shows itself, though it may be callable."""
    return any(callable(getattr(value, f"_repr_{kind}_", None)) for kind in ("html", "svg"))
