"""What every command of ``mendikot-replay`` shares: the exit codes, ``UsageError``,
reading a file, the problem lines, ``--force``, deal and trick numbers, the optional
progress bar and the extras a command needs. One place, so that the commands share it
rather than each other's helpers."""

from __future__ import annotations

import argparse
import difflib
import importlib
import io
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import IO, TYPE_CHECKING, Any, Final, Protocol, TextIO, TypeVar, cast

from ..pmn.check import MatchNotes, MatchTracker
from ..pmn.record import DealRecord, Problem
from ..pmn.user_text import visible

if TYPE_CHECKING:
    from ..pmn.writer import Writable

PROG = "mendikot-replay"


EXIT_OK = 0


EXIT_PROBLEMS = 1


EXIT_USAGE = 2


class UsageError(Exception):
    """A mistake in how the command was called (not in the files): exit status 2."""


_T = TypeVar("_T")


EXTRAS: Final[dict[str, str]] = {
    "pandas": "tables",
    "pyarrow": "tables",
    "tqdm": "tables",
    "matplotlib": "plots",
    "anywidget": "notebook",
    "ipywidgets": "notebook",
    "dask": "dask",
    "distributed": "dask",
}


def optional(module: str) -> ModuleType | None:
    """``module`` imported, or ``None`` when it is not installed: for what a command can do
    without (a progress bar), so that a plain ``pip install`` runs every command."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def need(*modules: str) -> None:
    """Stop the command (a usage error, exit 2) unless ``modules`` can be imported, saying
    which extra installs them, in one line: a traceback of ``ModuleNotFoundError`` tells a
    card player nothing about ``pip install 'mendikot-replay[tables]'``."""
    if all(optional(module) is not None for module in modules):
        return
    extras = ",".join(sorted({EXTRAS[module] for module in modules}))
    names = modules[0] if len(modules) == 1 else f"{', '.join(modules[:-1])} and {modules[-1]}"
    raise UsageError(f"this command needs {names}: pip install 'mendikot-replay[{extras}]'")


class ProgressBar(Protocol):
    """The part of a tqdm bar the commands use (:func:`progress_bar` may give a silent one)."""

    def update(self, n: float | None = 1) -> object: ...

    def set_postfix_str(self, s: str = "", refresh: bool = True) -> object: ...

    def clear(self) -> object: ...

    def close(self) -> object: ...


class _NoBar:
    """A progress bar that shows nothing: quiet, not a terminal, or no tqdm installed."""

    def update(self, n: float | None = 1) -> None:
        return None

    def set_postfix_str(self, s: str = "", refresh: bool = True) -> None:
        return None

    def clear(self) -> None:
        return None

    def close(self) -> None:
        return None


def progress_bar(err: TextIO, *, quiet: bool = False, **options: Any) -> ProgressBar:
    """A tqdm bar on ``err`` (``options`` as tqdm's) when ``err`` is a terminal, the user
    did not ask for quiet, and tqdm is installed; otherwise one that shows nothing. Output
    is the same either way: a bar is a comfort, never a reason for a command to fail."""
    show = not quiet and bool(getattr(err, "isatty", lambda: False)())
    tqdm = optional("tqdm") if show else None
    if tqdm is None:
        return _NoBar()
    return cast(ProgressBar, tqdm.tqdm(file=err, **options))


def with_progress(
    items: Iterable[_T], err: TextIO, *, quiet: bool = False, **options: Any
) -> Iterator[_T]:
    """``items``, advancing a :func:`progress_bar` by one for each."""
    bar = progress_bar(err, quiet=quiet, **options)
    try:
        for item in items:
            yield item
            bar.update(1)
    finally:
        bar.close()


def problem_line(path: str, problem: Problem, deal: int | None) -> str:
    """``FILE:LINE:COL: deal N: error: message``, the shape editors and CI annotators
    recognise; parts that are unknown are left out rather than faked."""
    where = path
    if problem.line is not None:
        where += f":{problem.line}"
        if problem.col is not None:
            where += f":{problem.col}"
    number = problem.deal if problem.deal is not None else deal
    deal_part = f" deal {number}:" if number is not None else ""
    return f"{visible(where)}:{deal_part} {problem.severity}: {visible(problem.message)}"


def sorted_problems(record: DealRecord) -> list[Problem]:
    """Errors and warnings of a deal in file order, so a reader can walk down the file."""
    return sort_problems([*record.errors, *record.warnings])


def sort_problems(problems: Iterable[Problem]) -> list[Problem]:
    """Problems in file order (by line and column; as they came where those are equal)."""
    return sorted(
        problems,
        key=lambda p: (p.line if p.line is not None else 0, p.col if p.col is not None else 0),
    )


def check_files(paths: Sequence[str]) -> None:
    """Refuse a missing file before any output, so a typo is a usage error (exit 2)
    rather than a half-printed report."""
    for path in paths:
        if path == "-":
            continue
        if not os.path.exists(path):
            raise UsageError(f"{path}: no such file{did_you_mean(path)}")
        if os.path.isdir(path):
            raise UsageError(f"{path}: is a directory, not a PMN file")


_LOOKED_AT: Final = 5000
"""The most names :func:`did_you_mean` compares (a home folder is not walked whole)."""


def did_you_mean(path: str, *, folders: bool = False) -> str:
    """For a file that does not exist, the nearest that does, as the end of the message:
    ``" (did you mean sample_games/worked-example.pmn?)"``, or ``""``. Looked for among the
    ``.pmn`` files (and with ``folders``, the folders) of the nearest folder of ``path``
    that exists and of the folders in it, by the whole name and by the file's name alone: a
    slip of the keyboard (``worked-exampel``), or the right name in the wrong folder.

    >>> did_you_mean("sample_games/worked-exampel.pmn")
    ' (did you mean sample_games/worked-example.pmn?)'
    >>> did_you_mean("worked-example.pmn")
    ' (did you mean sample_games/worked-example.pmn?)'
    >>> did_you_mean("no-such-thing-at-all.xyz")
    ''
    """
    given = Path(path)
    if not given.name:  # "", "/": no name to be near
        return ""
    base = given.parent
    while str(base) not in ("", ".") and not base.is_dir():
        base = base.parent
    names: list[str] = []
    for depth, pattern in enumerate(("*", "*/*")):
        for found in sorted(base.glob(pattern)):
            if len(names) >= _LOOKED_AT:
                break
            wanted = found.suffix.lower() == ".pmn" or (folders and found.is_dir() and depth == 0)
            if wanted and not found.name.startswith("."):
                names.append(str(found) if str(base) != "." else found.as_posix())
    if not names:
        return ""
    # names compared without their ending: "x.pmn" is not near "w.pmn"
    by_path = {str(Path(name).with_suffix("")): name for name in reversed(names)}
    near = difflib.get_close_matches(str(given.with_suffix("")), list(by_path), n=1, cutoff=0.8)
    whole = [by_path[near[0]]] if near else []
    if not whole:
        by_name = {Path(name).stem: name for name in reversed(names)}
        near = difflib.get_close_matches(given.stem, list(by_name), n=1, cutoff=0.8)
        whole = [by_name[near[0]]] if near else []
    return f" (did you mean {visible(whole[0])}?)" if whole else ""


def check_output(output: str | None, inputs: Sequence[str], instead: str) -> None:
    """Refuse an output that is one of the command's own inputs (the same file by any name:
    a link, a hard link, ``./x``): the command would replace what it reads with what it
    makes of it, and ``html deals.html`` would leave a web page where the deals were.
    ``instead`` says what to do (``"give -o another name"``, ``"use --in-place"``)."""
    if output is None or output == "-":
        return
    for path in inputs:
        if path != "-" and _same_file(output, path):
            raise UsageError(
                f"{visible(output)}: that is the input file {visible(path)} itself, and it is "
                f"never written over by this command: {instead}"
            )


def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:  # one of them does not exist (yet): the same only by name
        return os.path.realpath(one) == os.path.realpath(other)


def source_of(path: str) -> Path | IO[bytes]:
    """A path for the reader (a ``Path``, so that it is never mistaken for PMN text), or
    standard input for ``-``."""
    return sys.stdin.buffer if path == "-" else Path(path)


def read_file(path: str, tracker: MatchTracker | MatchNotes | None = None) -> Iterator[DealRecord]:
    """The deals of one file, checked, with dealer-rotation warnings for matches
    (``tracker`` keeps the match registers for the caller; :class:`MatchNotes` keeps what
    each deal says of its match, for the caller to follow)."""
    from ..pmn.reader import read_deals

    yield from read_deals(source_of(path), check=True, matches=tracker)


def add_force(parser: argparse.ArgumentParser) -> None:
    """``--force``: the one way to write over a read-only file (a file marked read-only was
    marked so by someone, so a command refuses it by default)."""
    parser.add_argument(
        "--force",
        action="store_true",
        help="write even a file that is read-only (it is refused otherwise)",
    )


def use_color(flag_off: bool, stream: TextIO) -> bool:
    """Colour only for a terminal, and never when the user asked for none (``--no-color``
    or the ``NO_COLOR`` convention)."""
    if flag_off or os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def deal_number(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a deal number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError("deals are numbered from 1")
    return number


def canonical(records: Iterable[Writable], sink: TextIO | io.TextIOBase) -> None:
    """Write ``records`` canonically to ``sink`` with the PMN writer: to the bytes under a
    text stream when it has them (standard output), so that a deal kept as read reaches a
    pipe byte for byte, bad UTF-8 included."""
    from ..pmn.writer import write_deals

    buffer = getattr(sink, "buffer", None)
    if buffer is not None:
        sink.flush()
        write_deals(records, cast(IO[bytes], buffer))
        buffer.flush()
        return
    write_deals(records, cast(TextIO, sink))


def report_broken(path: str, records: Iterable[DealRecord], err: TextIO) -> Iterator[DealRecord]:
    """Pass the deals through, telling on standard error about each one with errors (the
    writer keeps such a deal exactly as it was read, so nothing is lost)."""
    for record in records:
        report_broken_deal(path, record, err)
        yield record


def report_broken_deal(path: str, record: DealRecord, err: TextIO) -> None:
    """:func:`report_broken` for one deal (a command that goes deal by deal)."""
    if record.errors:
        for problem in sorted_problems(record):
            if problem.severity != "error":
                continue
            print(problem_line(path, problem, record.index), file=err)
        print(
            f"{visible(path)}:{record.line}: deal {record.index}: kept as written (it has errors)",
            file=err,
        )


def non_negative(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if number < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return number


def trick_number(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a trick number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError("tricks are numbered from 1")
    return number


def first_trick(record: DealRecord) -> int:
    """The number of the record's first trick: 1, or a position's ``Start`` trick (trick
    numbers are always the deal's)."""
    setup = record.setup
    return setup.start.trick if setup is not None and setup.start is not None else 1


def check_trick(record: DealRecord, trick: int, deal: int) -> None:
    """Refuse (a usage error) a ``--trick`` the deal has no such trick for."""
    setup = record.setup
    assert setup is not None
    total = setup.rules.tricks_per_deal
    if trick > total:
        raise UsageError(f"--trick {trick}: deal {deal} has only {total} tricks")


def cards_before_trick(record: DealRecord, trick: int, deal: int) -> int:
    """How many cards of the record's main line come before trick ``trick``: the position
    before it is the one after them. A trick the record does not reach is a usage error
    (for a ``Start`` position, one before its Start trick too)."""
    setup = record.setup
    assert setup is not None
    check_trick(record, trick, deal)
    first = first_trick(record)
    if trick < first:
        total = setup.rules.tricks_per_deal
        raise UsageError(
            f"--trick {trick}: deal {deal} is a position that starts at trick {first} "
            f"(use --trick {first} to {total})"
        )
    table = len(setup.start.table) if setup.start is not None else 0
    cards = max((trick - first) * setup.rules.players - table, 0)
    line = len(record.mainline())
    if cards > line:
        raise UsageError(
            f"--trick {trick}: the play of deal {deal} stops before trick {trick} (its main "
            f"line has {plural(line, 'card')})"
        )
    return cards


class Moments:
    """The deals a command that looks at one moment of a deal works on — ``FILE [--deal N]
    (--after K | --trick T)``, as ``solve`` and ``odds`` take them — one ``(deal number,
    record, cards played, from the start)`` at a time. With no ``--after`` nor ``--trick``
    the moment is the end of the main line (an unfinished record, a position), and for a
    deal played to its end, its start: ``solve FILE`` on a finished deal asks who should
    have won it, not what is left of it (nothing). A deal with errors is skipped with a
    line on ``err`` and ``status`` says so; a moment the deal does not reach, or a
    ``--deal`` past the file's end, is a usage error."""

    def __init__(
        self, path: str, deal: int | None, after: int | None, trick: int | None, err: TextIO
    ) -> None:
        self.path, self.deal, self.after, self.trick, self.err = path, deal, after, trick, err
        self.status = EXIT_OK

    def __iter__(self) -> Iterator[tuple[int, DealRecord, int, bool]]:
        from ..pmn.reader import no_such_deal
        from ..pmn.record import PMNError

        count = 0
        try:
            for record in read_file(self.path):
                count += 1
                if self.deal is not None and count != self.deal:
                    continue
                if record.errors or record.setup is None:
                    print(
                        f"{visible(self.path)}: deal {count}: has errors; run validate",
                        file=self.err,
                    )
                    self.status = EXIT_PROBLEMS
                    continue
                cards = len(record.mainline())
                restart = False
                if self.trick is not None:
                    after = cards_before_trick(record, self.trick, count)
                elif self.after is not None:
                    after = self.after
                else:
                    restart = cards > 0 and record.position(cards).to_play is None
                    after = 0 if restart else cards
                if after > cards:
                    raise UsageError(
                        f"deal {count} has {cards} cards in its main line, not {after}"
                    )
                yield count, record, after, restart
        except PMNError as exc:
            print(problem_line(self.path, exc.problem, None), file=self.err)
            self.status = EXIT_PROBLEMS
            return
        if self.deal is not None and count < self.deal:
            raise no_such_deal(self.path, count, self.deal)
