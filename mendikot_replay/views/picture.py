"""A moment of a deal as a PNG, and a trick or a whole deal as an animated picture.

People share a game in a messaging app, where an SVG does not show: this module turns
:mod:`.svg`'s drawings into the pictures a chat takes — a PNG of one moment, and an animated
GIF or WebP that plays a trick or a whole deal card by card. The drawing stays
:func:`~.svg.record_svg`'s (so the picture, the handout and the notebook agree card for
card); this module only rasterises it and strings the frames together.

Both libraries come from PyPI with no system library to install (the ``pictures`` extra):
``resvg-py`` draws the SVG (a self-contained renderer; the fonts are the system's, and
matplotlib's DejaVu Sans when the ``plots`` extra is there), and Pillow writes the GIF or
WebP. Without them, :class:`PicturesUnavailable` says which extra to install.

Each frame is drawn afresh from the replay, so the same record gives the same bytes: the
pictures can be compared and cached like the SVG.
"""

from __future__ import annotations

import importlib
import importlib.util
import io
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal

from ..core.seats import Seat
from ..pmn.record import DealRecord
from .svg import record_svg

__all__ = [
    "CARD_DELAY",
    "END_DELAY",
    "TRICK_DELAY",
    "PicturesUnavailable",
    "animation",
    "frame_plies",
    "png",
    "record_png",
]

CARD_DELAY: Final = 900
"""How long each card's frame shows, in milliseconds: time to see what was played."""
TRICK_DELAY: Final = 2000
"""A finished trick's frame: time to see who won it and which tens went with it."""
END_DELAY: Final = 4000
"""The last frame, before a chat's player loops back to the start."""

Animated = Literal["gif", "webp"]


class PicturesUnavailable(RuntimeError):
    """PNG, GIF and WebP need the ``pictures`` extra, which is not installed."""


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise PicturesUnavailable(
            "PNG, GIF and WebP pictures need resvg-py and Pillow: "
            "pip install 'mendikot-replay[pictures]' (an SVG needs neither)"
        ) from exc


@cache
def _font_dirs() -> tuple[str, ...]:
    """Font folders besides the system's: matplotlib's DejaVu Sans, which has the four
    suit signs, so a machine with no fonts installed still draws ♠♥♦♣."""
    spec = importlib.util.find_spec("matplotlib")  # found, not imported: it is slow to load
    if spec is None or spec.origin is None:
        return ()
    folder = Path(spec.origin).parent / "mpl-data" / "fonts" / "ttf"
    return (str(folder),) if folder.is_dir() else ()


def png(svg: str) -> bytes:
    """One of :mod:`.svg`'s pictures (an SVG document) as PNG bytes, at its own width.

    >>> from mendikot_replay.views.svg import message_svg
    >>> png(message_svg("Nothing to draw", 200))[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    resvg = _module("resvg_py")
    return bytes(
        resvg.svg_to_bytes(
            svg_string=svg,
            font_dirs=list(_font_dirs()),
            font_family="DejaVu Sans",
            sans_serif_family="DejaVu Sans",
        )
    )


def record_png(
    record: DealRecord, ply: int | None = None, *, hidden: Iterable[Seat] = (), size: int = 900
) -> bytes:
    """:func:`~.svg.record_svg`'s picture of a moment, as PNG bytes ``size`` pixels wide."""
    return png(record_svg(record, ply, hidden=hidden, size=size))


def frame_plies(record: DealRecord, first: int = 0, last: int | None = None) -> list[int]:
    """The moments an animation shows: after ``first`` cards, then after each card up to
    ``last`` (default: the end of the main line's replay)."""
    timeline = record.timeline
    if timeline is None or not len(timeline):
        raise ValueError("the deal cannot be replayed: nothing to animate")
    end = len(timeline) - 1 if last is None else last
    if not 0 <= first <= end <= len(timeline) - 1:
        raise ValueError(f"no such stretch of the replay: cards {first} to {end}")
    return list(range(first, end + 1))


def animation(
    record: DealRecord,
    plies: Sequence[int],
    *,
    kind: Animated = "gif",
    hidden: Iterable[Seat] = (),
    size: int = 600,
    delay: int = CARD_DELAY,
) -> bytes:
    """An animated picture (GIF or WebP bytes) of ``record``'s replay, one frame for each
    of ``plies`` (cards played, as :func:`frame_plies` gives them).

    A frame after a trick's last card stays up longer (:data:`TRICK_DELAY`: who won it, and
    the tens it took — each ten is marked on the table), and the last one longest
    (:data:`END_DELAY`); the picture loops.
    """
    if not plies:
        raise ValueError("an animation needs at least one frame")
    image = _module("PIL.Image")
    timeline = record.timeline
    assert timeline is not None
    seats_hidden = tuple(hidden)
    frames: list[Any] = []
    durations: list[int] = []
    for i, ply in enumerate(plies):
        picture = png(record_svg(record, ply, hidden=seats_hidden, size=size))
        frame = image.open(io.BytesIO(picture)).convert("RGB")
        frames.append(frame)
        finished = timeline[ply].trick_winner is not None
        if i == len(plies) - 1:
            durations.append(END_DELAY)
        elif finished and ply:
            durations.append(max(delay, TRICK_DELAY))
        else:
            durations.append(delay)
    if kind == "gif":
        # The drawing has few colours (felt, cards, suits, teams) besides the smoothing of
        # its edges and letters: each frame's own palette of 255 keeps them, and Pillow
        # stores each frame as the part that changed from the one before.
        frames = [f.quantize(colors=255, method=image.Quantize.MEDIANCUT) for f in frames]
        options: dict[str, Any] = {"format": "GIF", "optimize": True, "disposal": 1}
    elif kind == "webp":
        options = {"format": "WEBP", "lossless": True, "method": 4}
    else:
        raise ValueError(f"an animation is a GIF or a WebP, not {kind!r}")
    out = io.BytesIO()
    frames[0].save(
        out, save_all=True, append_images=frames[1:], duration=durations, loop=0, **options
    )
    return out.getvalue()
