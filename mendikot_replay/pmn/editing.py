"""Annotating a record from Python, and saving it back into its file.

A notebook viewer stands at a snapshot ``ply`` of a deal's replay (``record.timeline[ply]``:
the state after ``ply`` cards) and lets its user mark the card that led there: a comment, a
glyph, a NAG, a ``[%point …]``. These functions are that editing, in one place, so that every
front end edits the same way and the result always survives a write and a read:

* the card after which snapshot ``ply`` stands is the ``ply``-th card of the main line
  (:func:`node_at`); snapshot 0 is before any card, so at ply 0 only comments can be
  added, and they go to the deal;
* text is normalised as the writer stores it (:func:`~.syntax.normalize_comment`), so
  what the record holds is what a re-read gives back;
* adding is idempotent (a re-run notebook cell adds nothing twice) and each function
  returns whether it changed the record, for a viewer's "unsaved changes" mark;
* a function touches only what it names: other comments, even on the same card, are left
  as they are, and points are written into a comment holding only commands, never into a
  human's sentence.

A deal read with errors is written back exactly as it was read (the writer must never
destroy a deal it could not understand), so an annotation on it would silently vanish on
saving: editing such a record raises :class:`EditError` instead.

:func:`save_deal` replaces one deal of a file and copies every other byte of it as it is;
it and :func:`save_deals` write through :func:`~.files.write_atomically`: a new copy next to
the file, flushed, then moved over it, so a failure at any point leaves the original as it
was, and a file changed on disk meanwhile is never overwritten blindly.

>>> from mendikot_replay.pmn.reader import read_string
>>> from mendikot_replay.pmn.writer import write_deal
>>> record = read_string('''[TrumpMethod "Drawn"]
... [Trump "H"]
... [Start "trick 10; tens 1-0; tricks 7-2"]
... [Hands "A:..A98.T B:A..T2. C:K9..5.A D:QT.K8.."]
... [Play "B"]
... 10. B: 5S KS { covers } QS 8D''')[0]
>>> add_glyph(record, 1, "!"), add_point(record, 1, "decisive", "KS")
(True, True)
>>> add_point(record, 1, "decisive", "KS")  # already there: nothing to do
False
>>> print(write_deal(record).splitlines()[-1])
10. B: 5S KS! { covers } { [%point decisive KS] } QS 8D
"""

from __future__ import annotations

import copy as copy_module
import os
import re
import shutil
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Final, TypeAlias

from ..errors import FileChangedError, MendikotError, SaveError
from .commands import COMMAND, COMMANDS_ONLY, POINT_KINDS
from .files import (
    copy_range,
    file_state,
    is_stream,
    notify,
    save_lock,
    write_atomically,
    write_bytes_atomically,
)
from .reader import DealPlace, deal_places
from .record import GLYPH_NAGS, NAG_GLYPHS, DealRecord, PlayNode, SourceFile
from .syntax import HEADER, checked_text, normalize_comment
from .writer import deal_bytes, write_file

__all__ = [
    "GLYPHS",
    "POINT_KINDS",
    "EditError",
    "add_command",
    "add_comment",
    "add_glyph",
    "add_nag",
    "add_point",
    "detached",
    "editable",
    "get_comments",
    "node_at",
    "points",
    "remove_comment",
    "remove_glyph",
    "remove_nag",
    "remove_point",
    "replace_comment",
    "save_back",
    "save_deal",
    "save_deals",
    "set_comments",
]

StrPath: TypeAlias = "str | os.PathLike[str]"
Where: TypeAlias = "int | PlayNode"
"""Where an edit goes: a snapshot ``ply`` of the main line (0: the deal itself), or any
card of the tree as its node (a variation's card on an analysis board)."""


#: The move glyphs :func:`add_glyph` accepts, as PMN writes them.
GLYPHS: Final = tuple(GLYPH_NAGS)

_KIND: Final = re.compile(r"\w[\w-]*")
_TOKEN: Final = re.compile(r"[^\s\[\]{}\\]+")


class EditError(MendikotError, ValueError):
    """An edit that cannot be made (or would be lost on saving); the message says why."""


# -- where --------------------------------------------------------------------------------


def node_at(record: DealRecord, ply: Where) -> PlayNode:
    """The main-line card after which snapshot ``ply`` stands: the ``ply``-th card (1-based).

    This is the numbering of :class:`~.timeline.Timeline`: ``record.timeline[ply]`` is the
    state right after the card returned. For a position (``Start`` tag) the cards already
    on the table when it starts are not cards of the record: ply 1 is the first card
    played from the position on. A :class:`~.record.PlayNode` of the record's tree (a
    variation's card too) stands for itself.
    """
    if isinstance(ply, PlayNode):
        try:
            record.line_to(ply)
        except ValueError:
            raise EditError(f"{ply!r} is not a card of this deal") from None
        return ply
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise TypeError(f"a ply is a whole number, not {ply!r}")
    line = record.mainline()
    if ply == 0:
        raise EditError(
            "ply 0 is the start of the deal, before any card: there is no card to annotate "
            "there (a comment at ply 0 is a comment on the whole deal)"
        )
    if not 0 < ply <= len(line):
        raise EditError(
            f"there is no card {ply}: the main line of this deal has "
            f"{len(line)} card{'s' if len(line) != 1 else ''} (plies 1 to {len(line)})"
            if line
            else f"there is no card {ply}: this deal has no cards"
        )
    return line[ply - 1]


def editable(record: DealRecord) -> None:
    """Refuse to edit a record the writer would write back from its source text."""
    if record.errors and record.source is not None:
        where = f"deal {record.index}" if record.index is not None else "this deal"
        raise EditError(
            f"{where} has errors, so it is saved exactly as it was read and an annotation "
            f"would be lost: fix the file first (first error: {record.errors[0].message})"
        )


def _card_at(record: DealRecord, ply: Where) -> PlayNode:
    editable(record)
    return node_at(record, ply)


def _comment_list(record: DealRecord, ply: Where) -> list[str]:
    """The comments after the card at ``ply``, or the deal's comments at ply 0."""
    editable(record)
    if ply == 0 and isinstance(ply, int) and not isinstance(ply, bool):
        return record.comments
    return node_at(record, ply).comments


def _clean(text: str) -> str:
    return normalize_comment(checked_text(text, "a comment"))


# -- comments -----------------------------------------------------------------------------


def get_comments(record: DealRecord, ply: Where) -> list[str]:
    """A copy of the comments after the card at ``ply`` (at ply 0: the deal's comments).

    Comments written before the first card of a line (``starting_comments``) are not
    included: they belong to the line, not to the card.
    """
    at_start = isinstance(ply, int) and not isinstance(ply, bool) and ply == 0
    return list(record.comments if at_start else node_at(record, ply).comments)


def add_comment(record: DealRecord, ply: Where, text: str) -> bool:
    """Add a comment after the card at ``ply`` (at ply 0: a comment on the whole deal).

    The text is normalised as PMN stores it (no blank lines, no surrounding white space).
    A comment equal to one already there is not added again. Returns whether the record
    changed.
    """
    comments = _comment_list(record, ply)
    clean = _clean(text)
    if not clean:
        raise EditError("an empty comment says nothing: nothing to add")
    if clean in comments:
        return False
    comments.append(clean)
    return True


def remove_comment(record: DealRecord, ply: Where, text: str) -> bool:
    """Remove the comments equal to ``text`` (compared normalised) after the card at
    ``ply`` (at ply 0: from the deal). Returns whether any was there."""
    comments = _comment_list(record, ply)
    clean = _clean(text)
    kept = [comment for comment in comments if normalize_comment(comment) != clean]
    if len(kept) == len(comments):
        return False
    comments[:] = kept
    return True


def replace_comment(record: DealRecord, ply: Where, index: int, text: str) -> bool:
    """Replace the words of comment ``index`` after the card at ``ply`` (at ply 0: of the
    deal) by ``text`` — what a board's "edit" does. The comment's ``[%…]`` commands are
    kept after the new words (they are the strategy points, not the person's sentence);
    empty ``text`` deletes the words, and the comment with them unless it holds commands.
    Returns whether the record changed.

    >>> from mendikot_replay.pmn.record import DealRecord
    >>> deal = DealRecord()
    >>> deal.comments[:] = ["a guess [%point decisive TS]", "second"]
    >>> replace_comment(deal, 0, 0, "the ten decides"), deal.comments
    (True, ['the ten decides [%point decisive TS]', 'second'])
    >>> replace_comment(deal, 0, 1, ""), deal.comments
    (True, ['the ten decides [%point decisive TS]'])
    """
    comments = _comment_list(record, ply)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(comments):
        raise EditError(f"there is no comment {index!r} here ({len(comments)} comments)")
    commands = " ".join(match.group(0) for match in COMMAND.finditer(comments[index]))
    clean = _clean(" ".join(part for part in (_clean(text), commands) if part))
    if clean == comments[index]:
        return False
    if clean:
        comments[index] = clean
    else:
        del comments[index]
    return True


def set_comments(record: DealRecord, ply: Where, texts: Iterable[str]) -> bool:
    """Make ``texts`` the comments after the card at ``ply`` (at ply 0: the deal's), in
    this order: what a viewer's text box does on "save".

    This replaces *every* comment of that card, including those holding ``[%point …]``
    commands; pass them along to keep them. Texts are normalised; empty ones and repeats
    are dropped. Returns whether the record changed.
    """
    if isinstance(texts, str):
        raise TypeError("set_comments takes a list of comments, not one string")
    comments = _comment_list(record, ply)
    new: list[str] = []
    for text in texts:
        clean = _clean(text)
        if clean and clean not in new:
            new.append(clean)
    if new == comments:
        return False
    comments[:] = new
    return True


# -- NAGs and glyphs ------------------------------------------------------------------------


def _check_nag(nag: int) -> int:
    if isinstance(nag, bool) or not isinstance(nag, int) or not 1 <= nag <= 255:
        raise EditError(f"a NAG is a number from 1 to 255, not {nag!r}")
    return nag


def add_nag(record: DealRecord, ply: Where, nag: int) -> bool:
    """Add NAG ``$nag`` (1–255) to the card at ``ply``; nothing if it is there already.

    NAGs 1–6 are the move glyphs, and a card has one verdict: adding one of them
    replaces the card's glyph, as :func:`add_glyph` does. Returns whether the record
    changed.
    """
    node = _card_at(record, ply)
    nag = _check_nag(nag)
    if nag in NAG_GLYPHS:
        return _set_glyph_nag(node, nag)
    if nag in node.nags:
        return False
    node.nags.append(nag)
    return True


def remove_nag(record: DealRecord, ply: Where, nag: int) -> bool:
    """Remove NAG ``$nag`` from the card at ``ply``. Returns whether it was there."""
    node = _card_at(record, ply)
    nag = _check_nag(nag)
    if nag not in node.nags:
        return False
    node.nags[:] = [n for n in node.nags if n != nag]
    return True


def add_glyph(record: DealRecord, ply: Where, glyph: str) -> bool:
    """Give the card at ``ply`` the move glyph ``glyph`` (one of :data:`GLYPHS`: ``!``,
    ``?``, ``!!``, ``??``, ``!?``, ``?!``), replacing the glyph it had: a card is good or a
    mistake, not both. Returns whether the record changed."""
    node = _card_at(record, ply)
    if glyph not in GLYPH_NAGS:
        raise EditError(f"{glyph!r} is not a move glyph: use one of {' '.join(GLYPHS)}")
    return _set_glyph_nag(node, GLYPH_NAGS[glyph])


def remove_glyph(record: DealRecord, ply: Where) -> bool:
    """Take the move glyph (NAGs 1–6) off the card at ``ply``. Returns whether it had one."""
    node = _card_at(record, ply)
    kept = [n for n in node.nags if n not in NAG_GLYPHS]
    if len(kept) == len(node.nags):
        return False
    node.nags[:] = kept
    return True


def _set_glyph_nag(node: PlayNode, nag: int) -> bool:
    """Put glyph NAG ``nag`` first (the writer writes only a first NAG 1–6 as a glyph,
    the way the reader reads it) and drop any other glyph."""
    new = [nag, *(n for n in node.nags if n not in NAG_GLYPHS)]
    if new == node.nags:
        return False
    node.nags[:] = new
    return True


# -- points ---------------------------------------------------------------------------------


def _point_tokens(kind: str, args: tuple[object, ...]) -> tuple[str, ...]:
    if not isinstance(kind, str) or not _KIND.fullmatch(kind):
        raise EditError(
            f"{kind!r} is not a point kind: letters, digits, '_' and '-', such as 'ten-captured'"
        )
    return (kind, *_arg_tokens(args, "point"))


def _arg_tokens(args: tuple[object, ...], what: str) -> list[str]:
    tokens = []
    for arg in args:
        token = str(arg)
        if not _TOKEN.fullmatch(token):
            raise EditError(
                f"{what} argument {token!r} must be one plain word: no spaces and none of "
                "[ ] { } \\"
            )
        tokens.append(token)
    return tokens


def _parse_point(args: str) -> tuple[str, ...]:
    return tuple(args.split())


def points(record: DealRecord, ply: Where) -> list[tuple[str, ...]]:
    """The ``[%point …]`` commands on the card at ``ply``, each as ``(kind, *args)``, in
    the order written."""
    node = node_at(record, ply)
    return [_parse_point(args) for name, args in node.commands() if name == "point" and args]


def add_point(record: DealRecord, ply: Where, kind: str, *args: object) -> bool:
    """Write ``[%point kind args…]`` on the card at ``ply`` (each arg as ``str(arg)``, so a
    :class:`~.cards.Card` or a seat letter will do).

    Nothing is written if the card has this point already. The command goes into the
    card's last comment that holds only commands, or into a new comment: a human's
    sentence is never edited. A kind docs/format.md does not list (:data:`POINT_KINDS`) is
    written too, with a :class:`UserWarning`, since readers keep unknown kinds. Returns
    whether the record changed.
    """
    node = _card_at(record, ply)
    tokens = _point_tokens(kind, args)
    if kind not in POINT_KINDS:
        warnings.warn(
            f"{kind!r} is not a point kind of FORMAT.md; it is written as given",
            UserWarning,
            stacklevel=2,
        )
    if tokens in points(record, ply):
        return False
    return _write_command(node, f"[%point {' '.join(tokens)}]")


def add_command(record: DealRecord, ply: Where, name: str, *args: object) -> bool:
    """Write the comment command ``[%name args…]`` on the card at ``ply``, such as
    ``add_command(record, 1, "dd", "AC", "win")`` for ``[%dd AC win]`` (each arg as
    ``str(arg)``, one plain word).

    Nothing is written if the card has this very command already (same name, same words).
    Like :func:`add_point` (which is this with the name ``point``), the command goes into
    the card's last comment that holds only commands, or into a new comment: a human's
    sentence is never edited. Returns whether the record changed.
    """
    node = _card_at(record, ply)
    if not isinstance(name, str) or not _KIND.fullmatch(name):
        raise EditError(f"{name!r} is not a command name: letters, digits, '_' and '-'")
    tokens = tuple(_arg_tokens(args, "command"))
    if any(n == name and tuple(a.split()) == tokens for n, a in node.commands()):
        return False
    return _write_command(node, f"[%{' '.join((name, *tokens))}]")


def _write_command(node: PlayNode, command: str) -> bool:
    for i in range(len(node.comments) - 1, -1, -1):
        if COMMANDS_ONLY.fullmatch(node.comments[i]):
            node.comments[i] = f"{node.comments[i].rstrip()} {command}"
            return True
    node.comments.append(command)
    return True


def remove_point(record: DealRecord, ply: Where, kind: str, *args: object) -> bool:
    """Remove ``[%point kind args…]`` from the card at ``ply``, wherever in its comments it
    is written, leaving the rest of each comment as it was; a comment left empty goes.
    Returns whether the point was there."""
    node = _card_at(record, ply)
    tokens = _point_tokens(kind, args)
    changed = False
    for comments in (node.starting_comments, node.comments):
        kept: list[str] = []
        for comment in comments:
            text = _without_point(comment, tokens)
            changed |= text != comment
            if text:
                kept.append(text)
        comments[:] = kept
    return changed


def _without_point(comment: str, tokens: tuple[str, ...]) -> str:
    """``comment`` without the point commands equal to ``tokens`` and the one space
    that separated each from its neighbour (so no double space is left behind)."""
    spans = [
        m.span()
        for m in COMMAND.finditer(comment)
        if m.group(1) == "point" and _parse_point(m.group(2)) == tokens
    ]
    if not spans:
        return comment
    out, last = [], 0
    for start, end in spans:
        before = comment[last:start]
        if before.endswith(" "):
            before = before[:-1]
        elif comment[end : end + 1] == " ":
            end += 1
        out.append(before)
        last = end
    out.append(comment[last:])
    return normalize_comment("".join(out))


# -- files ----------------------------------------------------------------------------------


def save_deal(path: StrPath, index: int | None, record: DealRecord, *, force: bool = False) -> int:
    """Write ``record`` as deal number ``index`` (1-based, the reader's ``record.index``)
    of the PMN file at ``path``, safely, and return the number it was saved as.

    Only that deal changes: every other byte of the file — the other deals as they were
    written, canonical or not, with their bytes that are not UTF-8, the ``%`` lines and
    the blank lines between them — is copied as it is (:func:`~.reader.deal_places`).
    ``index`` may be one past the last deal, or ``None``, to append; a file that does not
    exist yet is
    created with ``record`` as deal 1.

    A record that was read from this file is found again by its bytes as read
    (``record.raw``), not trusted to its number: if the file changed on disk since — a deal
    inserted above it, say — it is saved where it is now (the other changes kept, with a
    :class:`~.files.SaveNotice` saying so), and the number returned is its new one. If the
    deal itself was changed on disk, or several deals now read the same, nothing is written
    (:class:`~.errors.FileChangedError`): the save never guesses.

    The write goes through :func:`~.files.write_atomically` (symbolic links followed, hard
    links, mode and owner kept, a read-only file refused unless ``force``): if anything
    fails before the new file is complete, the original file is left untouched. The record
    then describes the file as saved (its ``raw``, ``span``, ``origin`` and ``index``), so
    that saving it again finds it again.
    """
    if index is not None and (isinstance(index, bool) or not isinstance(index, int) or index < 1):
        raise EditError(f"deals are numbered from 1: {index!r} is not a deal number")
    _check_writable_record(record)
    target = Path(os.path.realpath(path))
    new = deal_bytes(record) + b"\n"
    try:
        info: os.stat_result | None = target.stat()
    except OSError:
        info = None
    if is_stream(info):  # a device or a pipe: the deal is sent to it, nothing replaced
        if index not in (None, 1):
            raise EditError(
                f"{os.fspath(path)!r} is not a regular file (a device or a pipe): a deal can "
                f"be sent to it, but it has no deal {index} to replace"
            )
        write_bytes_atomically(target, HEADER.encode() + b"\n" + new, force=force)
        return 1
    with save_lock(target):  # from the read of the file as it is now to the move
        return _save_deal_locked(path, target, index, record, new, force)


def save_back(record: DealRecord, *, force: bool = False) -> int:
    """Write ``record`` back into the very file it was read from (or last saved to), and
    return its deal number there: what a viewer's "save" does.

    The file is the one the reader opened — its real path, symbolic links resolved, as
    ``record.origin`` remembers it — not whatever the name the user typed leads to now: a
    relative name after a change of working directory (``%cd`` in a notebook), or a link
    pointed elsewhere since, would lead to another file, whose deal of the same number is
    not this one. If that file is gone, nothing is written (:class:`~.errors.SaveError`).
    If it was replaced since (another save of it moves a new copy into place), the deal is
    found again by its bytes as read, as :func:`save_deal` does, and a file that no longer
    holds them is never written.
    """
    origin = record.origin
    if origin is None or record.raw is None:
        raise EditError("this deal was not read from a file: give the file to save it to")
    if not os.path.isfile(origin.path):
        raise SaveError(
            f"cannot save deal {record.index} back to {origin.path!r}, the file it was read "
            "from: that file is gone. Nothing was written: save the deal to another file"
        )
    return save_deal(origin.path, record.index, record, force=force)


def _save_deal_locked(
    path: StrPath, target: Path, index: int | None, record: DealRecord, new: bytes, force: bool
) -> int:
    before = file_state(target)
    if before is None:
        if target.exists():
            raise SaveError(f"cannot save {os.fspath(path)!r}: it cannot be read")
        if index not in (None, 1):
            raise EditError(
                f"{os.fspath(path)!r} does not exist yet: its first deal is deal 1, "
                f"there is no deal {index} to replace"
            )
        lead = HEADER.encode() + b"\n"
        state: SourceFile | None = write_bytes_atomically(target, lead + new, force=force)
        _saved_as(record, 1, len(lead), new, state)
        return 1
    places = list(deal_places(target))
    if index is None:
        index = len(places) + 1
    place = _where_to_save(os.fspath(path), index, record, places, before)
    if place is not None:
        start, end, number = place.start, place.end, place.index
        lead = b""
    else:  # one past the last deal: appended, one blank line after what is there
        lead = _append_lead(target, before.size, bool(places))
        start = end = before.size
        number = len(places) + 1

    def produce(out: IO[bytes]) -> None:
        with open(target, "rb") as old:
            copy_range(old, out, 0, start)
            out.write(lead + new)
            old.seek(end)
            shutil.copyfileobj(old, out, 1 << 20)

    state = write_atomically(target, produce, force=force, expect=before)
    _saved_as(record, number, start + len(lead), new, state)
    return number


def _where_to_save(
    shown: str, index: int, record: DealRecord, places: list[DealPlace], before: SourceFile
) -> DealPlace | None:
    """The deal of the file that ``record`` replaces (``None``: it is appended), found by
    its bytes when it was read from this file; never a guess."""
    at = places[index - 1] if index <= len(places) else None
    origin = record.origin
    if record.raw is None or origin is None or origin.path != before.path:
        return _by_number(shown, index, places)  # not read from this file: by its number
    own = record.index == index  # the deal the record was read as, not another
    if origin.changed() is None and (not own or (at is not None and at.raw == record.raw)):
        return _by_number(shown, index, places)  # the file is as it was read
    if not own:
        raise FileChangedError(
            f"cannot save as deal {index} of {shown!r}: the file changed on disk since this "
            f"deal was read (as deal {record.index}), so which deal is number {index} now "
            "cannot be told. Nothing was written: reload the file first"
        )
    same = [place for place in places if place.raw == record.raw]
    if len(same) == 1:
        found = same[0]
        where = (
            "that deal itself did not, and was saved in its place"
            if found.index == index
            else f"that deal is deal {found.index} now, and was saved there"
        )
        notify(
            f"{shown!r} changed on disk since deal {index} was read: {where}; the other "
            "changes are kept"
        )
        return found
    if not same:
        raise FileChangedError(
            f"cannot save deal {index} of {shown!r}: the deal was changed in the file since it "
            "was read (by another program, or another viewer), and saving would overwrite "
            "those changes. Nothing was written: reload the deal to see them, or save to "
            "another file"
        )
    raise FileChangedError(
        f"cannot save deal {index} of {shown!r}: the file changed on disk since it was read, "
        f"and {len(same)} of its deals now read exactly as this one did, so which one to "
        "replace cannot be told. Nothing was written: reload the file, or save to another file"
    )


def _by_number(shown: str, index: int, places: list[DealPlace]) -> DealPlace | None:
    count = len(places)
    if index <= count:
        return places[index - 1]
    if index == count + 1:
        return None
    raise EditError(
        f"{shown!r} has {count} deal{'s' if count != 1 else ''}: there is no deal {index} "
        f"(deal {count + 1} would append one)"
    )


def _append_lead(target: Path, size: int, has_deals: bool) -> bytes:
    """What goes between a file's last byte and a deal appended to it: the end of its last
    line, then one blank line after a deal (none after a header alone)."""
    if size == 0:
        return HEADER.encode() + b"\n"
    with open(target, "rb") as handle:
        handle.seek(max(size - 2, 0))
        tail = handle.read(2)
    lead = b"" if tail.endswith(b"\n") else b"\n"
    if has_deals and not (tail + lead).endswith(b"\n\n"):
        lead += b"\n"
    return lead


def _saved_as(
    record: DealRecord, number: int, start: int, data: bytes, state: SourceFile | None
) -> None:
    """Make ``record`` describe the deal as now saved, so that the next save finds it."""
    record.index = number
    record.raw = data
    record.span = (start, start + len(data))
    record.origin = state


def detached(record: DealRecord) -> DealRecord:
    """A copy of ``record`` that shares its deal but not its place in a file: saving it
    into another file leaves the record's own file, and its next save there, as they were."""
    copy = copy_module.copy(record)
    copy.raw, copy.span, copy.origin, copy.index = None, None, None, None
    return copy


def save_deals(path: StrPath, records: Iterable[DealRecord], *, force: bool = False) -> None:
    """Write ``records`` as the whole PMN file at ``path`` (created if need be), safely
    (:func:`~.writer.write_file`): if anything fails, the old file is left as it was."""
    write_file(Path(path), (_check_writable_record(r) for r in records), force=force)


def _check_writable_record(record: DealRecord) -> DealRecord:
    if not isinstance(record, DealRecord):
        raise TypeError(f"a deal record is needed, not {type(record).__name__}")
    if not (record.tags or record.comments or record.variations or record.source):
        raise EditError("an empty record cannot be saved: it would read back as no deal at all")
    return record
