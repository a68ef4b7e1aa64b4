"""The ``mendikot-replay`` command line: validate, show, annotate, format PMN files, and
write them as a web page (``html``).

The command line is a thin shell around the library: reading is :mod:`.pmn_reader`, the
replay and checks are :mod:`.check`, the words on screen are :mod:`.show`, the JSON is
:mod:`.report` and the canonical text is :mod:`.pmn_writer`. Keeping it thin means the
notebook and scripts get the very same behaviour by calling those modules directly.

Exit codes follow the usual convention of checkers, so the tool can gate a CI job:
``0`` all clean, ``1`` problems found (a deal with an error, a file ``format --check`` would
change, a file the reader refuses), ``2`` a usage error (bad options, a missing file).

Files are streamed deal by deal, never loaded whole, because a corpus file can hold a
hundred thousand deals; even ``validate --json`` writes its array one object at a time.

Third-party packages are extras of the package (``pip install 'mendikot-replay[tables]'``):
the commands that read, check, write and solve deals need none of them, a progress bar is
shown only when tqdm is there, and a command that does need one (``stats``, ``export``)
says which extra to install (:func:`need`, :data:`EXTRAS`).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import os
import sys
import warnings
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import IO, Any, Final, Protocol, TextIO, TypeVar, cast

from .. import __version__
from ..errors import MendikotError
from ..pmn.check import MatchTracker
from ..pmn.files import SaveNotice
from ..pmn.record import DealRecord, PMNError, Problem

PROG = "mendikot-replay"
EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2


class UsageError(Exception):
    """A mistake in how the command was called (not in the files): exit status 2."""


_T = TypeVar("_T")

# -- optional packages (the package's extras) --------------------------------------------------

#: The extra of the package that installs each optional third-party module (pyproject.toml's
#: ``optional-dependencies``): the one place the command line knows it.
EXTRAS: Final[dict[str, str]] = {
    "pandas": "tables",
    "pyarrow": "tables",
    "tqdm": "tables",
    "matplotlib": "plots",
    "anywidget": "notebook",
    "ipywidgets": "notebook",
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


# -- helpers shared by the subcommands ------------------------------------------------------


def _problem_line(path: str, problem: Problem, deal: int | None) -> str:
    """``FILE:LINE:COL: deal N: error: message``, the shape editors and CI annotators
    recognise; parts that are unknown are left out rather than faked."""
    where = path
    if problem.line is not None:
        where += f":{problem.line}"
        if problem.col is not None:
            where += f":{problem.col}"
    number = problem.deal if problem.deal is not None else deal
    deal_part = f" deal {number}:" if number is not None else ""
    return f"{where}:{deal_part} {problem.severity}: {problem.message}"


def _sorted_problems(record: DealRecord) -> list[Problem]:
    """Errors and warnings of a deal in file order, so a reader can walk down the file."""
    problems = [*record.errors, *record.warnings]
    return sorted(
        problems,
        key=lambda p: (p.line if p.line is not None else 0, p.col if p.col is not None else 0),
    )


def _check_files(paths: Sequence[str]) -> None:
    """Refuse a missing file before any output, so a typo is a usage error (exit 2)
    rather than a half-printed report."""
    for path in paths:
        if path == "-":
            continue
        if not os.path.exists(path):
            raise UsageError(f"{path}: no such file")
        if os.path.isdir(path):
            raise UsageError(f"{path}: is a directory, not a PMN file")


def _source(path: str) -> Path | IO[bytes]:
    """A path for the reader (a ``Path``, so that it is never mistaken for PMN text), or
    standard input for ``-``."""
    return sys.stdin.buffer if path == "-" else Path(path)


def _read(path: str, tracker: MatchTracker | None = None) -> Iterator[DealRecord]:
    """The deals of one file, checked, with dealer-rotation warnings for matches
    (``tracker`` keeps the match registers for the caller)."""
    from ..pmn.reader import read_deals

    yield from read_deals(_source(path), check=True, matches=tracker)


def add_force(parser: argparse.ArgumentParser) -> None:
    """``--force``: the one way to write over a read-only file (a file marked read-only was
    marked so by someone, so a command refuses it by default)."""
    parser.add_argument(
        "--force",
        action="store_true",
        help="write even a file that is read-only (it is refused otherwise)",
    )


def _use_color(flag_off: bool, stream: TextIO) -> bool:
    """Colour only for a terminal, and never when the user asked for none (``--no-color``
    or the ``NO_COLOR`` convention)."""
    if flag_off or os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


# -- validate ---------------------------------------------------------------------------------


def _validate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    paths: list[str] = args.files
    _check_files(paths)
    failed = False
    if args.json:
        return _validate_json(paths, out, err, strict=args.strict)
    for path in paths:
        deals = with_errors = warnings = 0
        try:
            for record in _read(path):
                deals += 1
                with_errors += bool(record.errors)
                warnings += len(record.warnings)
                for problem in _sorted_problems(record):
                    print(_problem_line(path, problem, record.index), file=out)
        except PMNError as exc:
            print(_problem_line(path, exc.problem, None), file=out)
            failed = True
        failed = failed or with_errors > 0 or (args.strict and warnings > 0)
        print(
            f"{path}: {_plural(deals, 'deal')}, {with_errors} with errors, "
            f"{_plural(warnings, 'warning')}",
            file=out,
        )
    return EXIT_PROBLEMS if failed else EXIT_OK


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _validate_json(paths: Sequence[str], out: TextIO, err: TextIO, *, strict: bool) -> int:
    """Write the JSON array one deal at a time (bounded memory on a large corpus).

    A file the reader refuses as a whole has no deals to report: its message goes to
    standard error and the exit status says so.
    """
    from ..views.report import deal_report

    failed = False
    first = True
    out.write("[")
    for path in paths:
        tracker = MatchTracker()
        try:
            for record in _read(path, tracker):
                report = deal_report(record)
                report["file"] = path
                name = record.tags.get("Match")
                if name is not None:
                    report["match"] = _register_json(tracker, name)
                failed = failed or bool(report["errors"]) or (strict and bool(report["warnings"]))
                out.write("\n  " if first else ",\n  ")
                out.write(json.dumps(report, ensure_ascii=False))
                first = False
        except PMNError as exc:
            print(_problem_line(path, exc.problem, None), file=err)
            failed = True
    out.write("]\n" if first else "\n]\n")
    return EXIT_PROBLEMS if failed else EXIT_OK


def _register_json(tracker: MatchTracker, name: str) -> dict[str, Any] | None:
    """The match register after the latest deal of match ``name`` (``None`` when no deal
    of it could be scored yet, such as a match made only of positions)."""
    register = tracker.register(name)
    if register is None:
        return None
    return {
        "name": name,
        "played": register.played,
        "points": dict(register.points),
        "mendikots": dict(register.mendikots),
        "whitewashes": dict(register.whitewashes),
        "ties": register.ties,
        "scoring": register.scoring.value,
        "target": register.target,
        "finished": register.finished,
    }


# -- show -------------------------------------------------------------------------------------


def _deal_number(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a deal number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError("deals are numbered from 1")
    return number


def _show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..views.terminal import render_deal

    path: str = args.file
    _check_files([path])
    wanted: int = args.deal
    count = 0
    try:
        for record in _read(path):
            count += 1
            if count == wanted:
                out.write(render_deal(record, _use_color(args.no_color, out)))
                return EXIT_PROBLEMS if record.errors else EXIT_OK
    except PMNError as exc:
        print(_problem_line(path, exc.problem, None), file=err)
        return EXIT_PROBLEMS
    raise UsageError(
        f"{path} has {_plural(count, 'deal')}: there is no deal {wanted}"
        + (f" (use --deal 1 to {count})" if count > 1 else "")
    )


# -- format -----------------------------------------------------------------------------------


def _canonical(records: Iterable[DealRecord], sink: TextIO | io.TextIOBase) -> None:
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


def _report_broken(path: str, records: Iterable[DealRecord], err: TextIO) -> Iterator[DealRecord]:
    """Pass the deals through, telling on standard error about each one with errors (the
    writer keeps such a deal exactly as it was read, so nothing is lost)."""
    for record in records:
        if record.errors:
            for problem in _sorted_problems(record):
                if problem.severity != "error":
                    continue
                print(_problem_line(path, problem, record.index), file=err)
            print(
                f"{path}:{record.line}: deal {record.index}: kept as written (it has errors)",
                file=err,
            )
        yield record


def _format(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    paths: list[str] = args.files
    if args.output is not None and len(paths) != 1:
        raise UsageError("-o/--output takes exactly one input file")
    if args.output is not None and args.check:
        raise UsageError("--check writes nothing: it cannot be used with -o/--output")
    if "-" in paths and args.output is None and not args.check:
        raise UsageError("standard input (-) can be formatted only with -o/--output")
    _check_files(paths)
    differ = False
    refused = False
    for path in paths:
        try:
            if args.check:
                if not _format_check(path, err):
                    print(f"would reformat {path}", file=out)
                    differ = True
            elif args.output is not None:
                _format_to(path, args.output, out, err, args.force)
            else:
                if _format_in_place(path, err, args.force):
                    print(f"reformatted {path}", file=out)
        except PMNError as exc:
            print(_problem_line(path, exc.problem, None), file=err)
            refused = True
    return EXIT_PROBLEMS if differ or refused else EXIT_OK


def _format_check(path: str, err: TextIO) -> bool:
    """Whether ``path`` is already canonical (nothing is written)."""
    from ..pmn.reader import read_deals
    from ..pmn.writer import same_as_file

    return same_as_file(_report_broken(path, read_deals(Path(path)), err), Path(path))


def _format_to(path: str, output: str, out: TextIO, err: TextIO, force: bool) -> None:
    from ..pmn.reader import read_deals
    from ..pmn.writer import write_file

    records = _report_broken(path, read_deals(_source(path)), err)
    if output == "-":
        _canonical(records, out)
        return
    write_file(Path(output), records, force=force)


def _format_in_place(path: str, err: TextIO, force: bool) -> bool:
    """Rewrite ``path`` canonically; returns whether it changed. An unchanged file is not
    touched at all (its modification time stays), which keeps build tools quiet."""
    from ..pmn.reader import read_deals
    from ..pmn.writer import write_file

    records = _report_broken(path, read_deals(Path(path)), err)
    return write_file(Path(path), records, unless_same=True, force=force)


def _annotate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Write the strategy points of every deal into it (``annotate.annotate``): to standard
    output, to ``-o OUT`` (all files' deals in one), or back into each file (``--in-place``).
    A deal with errors is kept exactly as written and reported."""
    from ..annotate.points import annotate
    from ..pmn.reader import read_deals
    from ..pmn.writer import rewrite_file, write_file

    paths: list[str] = args.files
    if args.output is not None and args.in_place:
        raise UsageError("choose -o/--output or --in-place, not both")
    if "-" in paths and args.in_place:
        raise UsageError("standard input (-) cannot be annotated in place")
    if args.max_tricks is not None and not args.dd:
        raise UsageError("--max-tricks limits the double-dummy analysis: use it with --dd")
    _check_files(paths)
    added = 0
    analyser = None
    if args.dd:
        from .analyse import Analyser

        analyser = Analyser(args, err)

    def edits(path: str) -> Iterator[tuple[DealRecord, bool]]:
        """Each deal with whether it got a point (one that did not is left as written)."""
        nonlocal added
        for record in _report_broken(path, read_deals(_source(path)), err):
            count = 0
            if analyser is not None and not record.errors:
                count = analyser.annotate(path, record)
            elif not record.errors:
                count = len(annotate(record))
            added += count
            yield record, count > 0

    def annotated(path: str) -> Iterator[DealRecord]:
        return (record for record, _ in edits(path))

    try:
        if args.in_place:
            for path in paths:
                before = added
                rewrite_file(Path(path), edits(path), force=args.force)
                print(f"{path}: {added - before} points added", file=err)
        elif args.output is not None and args.output != "-":
            write_file(
                Path(args.output),
                (r for path in paths for r in annotated(path)),
                force=args.force,
            )
            print(f"{args.output}: {added} points added", file=err)
        else:
            _canonical((r for path in paths for r in annotated(path)), out)
    except PMNError as exc:
        print(_problem_line(paths[0], exc.problem, None), file=err)
        return EXIT_PROBLEMS
    finally:
        if analyser is not None:
            analyser.close()
    return EXIT_PROBLEMS if analyser is not None and analyser.failed else EXIT_OK


# -- html -------------------------------------------------------------------------------------


def _html(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Write one self-contained page (no network) that steps through the deal(s) in any
    browser: the page of :func:`.html_page.page_html`. A deal with errors is still on the
    page (the viewer shows where its replay stops) and is reported here."""
    from ..views.html import page_html

    path: str = args.file
    _check_files([path])
    output: str | None = args.output
    if output is None:
        if path == "-":
            raise UsageError("standard input (-) needs -o/--output (a file, or - for stdout)")
        output = str(Path(path).with_suffix(".html"))
    records: list[DealRecord] = []
    try:
        for count, record in enumerate(_read(path), 1):
            if args.deal is None or count == args.deal:
                records.append(record)
                for problem in _sorted_problems(record):
                    print(_problem_line(path, problem, record.index), file=err)
    except PMNError as exc:
        print(_problem_line(path, exc.problem, None), file=err)
        return EXIT_PROBLEMS
    if args.deal is not None and not records:
        raise UsageError(f"{path} has no deal {args.deal}")
    title = args.title or (Path(path).stem if path != "-" else "Mendikot deals")
    page = page_html(records, title=title, analyse=args.analyse, max_tricks=args.max_tricks)
    if output == "-":
        out.write(page)
    else:
        from ..pmn.files import write_bytes_atomically

        write_bytes_atomically(output, page.encode("utf-8", "surrogateescape"), force=args.force)
        print(f"{output}: {_plural(len(records), 'deal')}", file=err)
    return EXIT_PROBLEMS if any(r.errors for r in records) else EXIT_OK


# -- simulate ---------------------------------------------------------------------------------


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Play ``--deals`` deals with computer players and stream them to ``-o OUT``: one deal
    at a time from the simulator through the writer, never a list of them, with a tqdm
    progress bar on standard error when it is a terminal (and not ``--quiet``, and tqdm
    is installed)."""
    from ..core.rules import Capture, Reveal, Rules, TrumpMethod
    from ..players.simulate import lineup, player_by_name, simulate
    from ..pmn.writer import write_deals, write_file

    if args.deals < 0:
        raise UsageError("--deals must be 0 or more")
    flags = [f.strip() for f in (args.variant or "").split(",") if f.strip()]
    unknown = sorted(set(flags) - {"must-trump", "bonus-aces"})
    if unknown:
        raise UsageError(f"unknown --variant flag(s): {', '.join(unknown)}")
    try:
        rules = Rules(
            players=args.players,
            deck=args.deck or 0,
            trump_method=TrumpMethod(args.trump),
            reveal=Reveal(args.reveal),
            capture=Capture(args.capture),
            must_trump="must-trump" in flags,
            bonus_aces="bonus-aces" in flags,
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.worlds is not None and args.worlds < 1:
        raise UsageError("--worlds must be 1 or more")
    if args.solve_from is not None and args.solve_from < 0:
        raise UsageError("--solve-from must be 0 or more")
    effort = {"worlds": args.worlds, "solve_from_tricks": args.solve_from}
    ac, bd = player_by_name(args.ac, **effort), player_by_name(args.bd, **effort)
    table = lineup(ac, bd, rules.players)
    records = simulate(args.deals, args.seed, rules, table, match_target=args.target)
    shown = with_progress(records, err, quiet=args.quiet, total=args.deals, unit="deal")
    if args.output == "-":
        write_deals(shown, out)
    else:
        write_file(Path(args.output), shown, force=args.force)
    if args.output != "-" and not args.quiet:
        print(f"{args.output}: {_plural(args.deals, 'deal')} simulated", file=err)
    return EXIT_OK


def _add_simulate(commands: Any) -> None:
    """The ``simulate`` subcommand's options (kept in one place, apart from the others).
    The pimc defaults are spelled out rather than imported: importing the player loads the
    solver, which every other command would then pay for at start-up."""
    from ..players.simulate import PLAYER_NAMES

    sim = commands.add_parser(
        "simulate",
        help="make a collection of deals played by computer players",
        description="Deal and play complete deals (grouped into matches with the dealer "
        "rotating by the rules) with computer players: 'rule' follows the strategy tips, "
        "'random' plays any legal card, 'pimc' samples the hidden hands and solves each guess "
        "double-dummy over the last tricks (the rule of thumb before them): stronger, slower. "
        "Reproducible from --seed. Both teams play 'rule' by default, the most realistic "
        "collection.",
        epilog="Exit status: 0 done, 2 usage error.",
    )
    sim.add_argument("--deals", type=int, required=True, metavar="N", help="how many deals")
    sim.add_argument("--seed", default="0", metavar="S", help="random seed (default 0)")
    sim.add_argument("--players", type=int, choices=(4, 6, 8), default=4, help="table size")
    sim.add_argument(
        "--deck", type=int, choices=(52, 48, 32), help="deck (default 52, or 48 for 6 or 8)"
    )
    sim.add_argument(
        "--trump",
        choices=("Drawn", "FaceUp", "Closed", "Cut", "None"),
        default="Drawn",
        help="how the trump is chosen (default Drawn)",
    )
    sim.add_argument("--reveal", choices=("A", "B"), default="A", help="closed-trump version")
    sim.add_argument("--capture", choices=("Trick", "Dehla"), default="Trick", help="capture")
    sim.add_argument("--variant", metavar="FLAGS", help="house rules: must-trump,bonus-aces")
    sim.add_argument("--ac", choices=PLAYER_NAMES, default="rule", help="team AC's player")
    sim.add_argument("--bd", choices=PLAYER_NAMES, default="rule", help="team BD's player")
    sim.add_argument(
        "--worlds",
        type=int,
        metavar="N",
        help="pimc: deals of the hidden cards solved per decision (default 24)",
    )
    sim.add_argument(
        "--solve-from",
        type=int,
        metavar="T",
        help="pimc: solve when at most T tricks are left, the rule of thumb before (default "
        "at 4 players: 3 with the pure-Python solver, 8 with its compiled core; fewer at 6 or "
        "8; 13 solves every card, slowly)",
    )
    sim.add_argument(
        "--target", type=int, default=7, metavar="P", help="points that end a match (default 7)"
    )
    sim.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="PMN file to write ('-': stdout)"
    )
    sim.add_argument("--quiet", action="store_true", help="no progress bar, no summary")
    add_force(sim)
    sim.set_defaults(handler=_simulate)


# -- stats and export (corpus.py) -------------------------------------------------------------


def _corpus_paths(paths: Sequence[str]) -> list[str]:
    """The PMN files of the FILE|DIR arguments (a directory: every ``*.pmn`` under it), in
    order; a missing path is a usage error before any work starts."""
    from ..corpus.tables import _paths

    found: list[str] = []
    for path in paths:
        if not os.path.exists(path):
            raise UsageError(f"{path}: no such file or directory")
        found.extend(_paths(path))
    return found


def _stats(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print a corpus summary (``corpus.Stats``), as text or ``--json``; the progress bar
    goes to standard error, and only on a terminal for a large input (with tqdm)."""
    need("pandas", "pyarrow")
    from ..corpus.collection import Stats, corpus_stats

    files = _corpus_paths(args.files)
    total = Stats()
    progress = None if not args.quiet and optional("tqdm") is not None else False
    try:
        for path in files:
            one = corpus_stats(path, progress=progress, stream=err)
            _merge_stats(total, one)
    except PMNError as exc:
        print(_problem_line(path, exc.problem, None), file=err)
        return EXIT_PROBLEMS
    if args.json:
        out.write(json.dumps(total.to_json(), indent=2) + "\n")
    else:
        out.write(total.format())
    return EXIT_OK


def _merge_stats(total: Any, one: Any) -> None:
    """Add one file's counts into the running total (files are read one at a time, so a
    refused file names itself)."""
    from collections import Counter
    from dataclasses import fields

    for spec in fields(total):
        value = getattr(one, spec.name)
        if isinstance(value, Counter):
            getattr(total, spec.name).update(value)
        else:
            setattr(total, spec.name, getattr(total, spec.name) + value)


def _export(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Write the five tables of every deal as Parquet files into ``--parquet OUT``."""
    need("pandas", "pyarrow")
    from ..corpus.collection import export_parquet

    files = _corpus_paths(args.files)
    if os.path.exists(args.parquet) and not os.path.isdir(args.parquet):
        raise UsageError(f"{args.parquet}: exists and is not a directory")
    if args.chunk < 1:
        raise UsageError("--chunk must be at least 1")
    pairs = ((path, record) for path in files for record in _read_for_export(path))
    try:
        quiet = args.quiet or optional("tqdm") is None
        rows = export_parquet(
            pairs, args.parquet, chunk=args.chunk, progress=False if quiet else None
        )
    except PMNError as exc:
        print(f"{PROG} export: {exc.problem.message}", file=err)
        return EXIT_PROBLEMS
    summary = ", ".join(f"{name} {n}" for name, n in rows.items())
    print(f"{args.parquet}: {summary} rows", file=out)
    return EXIT_OK


def _read_for_export(path: str) -> Iterator[DealRecord]:
    from ..pmn.reader import read_deals

    yield from read_deals(Path(path))


def _add_corpus(commands: Any) -> None:
    """The ``stats`` and ``export`` subcommands (kept in one place, apart from the others)."""
    stats = commands.add_parser(
        "stats",
        help="summarise a collection of deals",
        description="Read every deal of the files and directories (every *.pmn under a "
        "directory) and print a summary: deals, results by kind and team, trump methods, "
        "tens captured by seat and team, tens saved or lost, strategy points by kind. A "
        "progress bar shows on a terminal for large inputs. Needs the tables extra: "
        "pip install 'mendikot-replay[tables]'.",
        epilog="Exit status: 0 done, 1 a file cannot be read, 2 usage error (also: the tables "
        "extra is not installed).",
    )
    stats.add_argument("files", nargs="+", metavar="FILE|DIR", help="PMN file or directory")
    stats.add_argument("--json", action="store_true", help="print the counts as JSON")
    stats.add_argument("--quiet", action="store_true", help="no progress bar")
    stats.set_defaults(handler=_stats)

    export = commands.add_parser(
        "export",
        help="write the pandas tables of a collection as Parquet",
        description="Write deals, tricks, plays, tens and points tables (the frames of "
        "mendikot_replay.corpus.tables) as OUT/NAME.parquet, reading the deals in chunks so that "
        "memory stays bounded on a large corpus. Needs the tables extra: "
        "pip install 'mendikot-replay[tables]'.",
        epilog="Exit status: 0 done, 1 a file cannot be read, 2 usage error (also: the tables "
        "extra is not installed).",
    )
    export.add_argument("files", nargs="+", metavar="DIR|FILE", help="PMN file or directory")
    export.add_argument(
        "--parquet", required=True, metavar="OUT", help="directory to write the tables into"
    )
    export.add_argument(
        "--chunk", type=int, default=2000, metavar="N", help="deals per row group (default 2000)"
    )
    export.add_argument("--quiet", action="store_true", help="no progress bar")
    export.set_defaults(handler=_export)


# -- the parser -------------------------------------------------------------------------------


# -- solve --------------------------------------------------------------------------------------


def _count(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if number < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return number


def _trick_number(text: str) -> int:
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
            f"line has {_plural(line, 'card')})"
        )
    return cards


def _add_solve(commands: Any) -> None:
    """``solve``: the double-dummy value of a position and of every legal card."""
    solve = commands.add_parser(
        "solve",
        help="double-dummy: the best result and every legal card's value",
        description="Solve a position with every hand known and best play by both sides: "
        "the position after the first K cards of a deal's main line (--after K) or before "
        "trick N (--trick N); by default after all the cards given, so an unfinished record "
        "or a Start position is solved where it stops. "
        "Prints the value and the value after each legal card of the player to move. With "
        "the compiled core (built at install when a C compiler is present) any position is "
        "solved, a full deal in seconds; the pure-Python search alone is fast only for "
        "endgames, so it refuses positions with more than --max-tricks tricks left.",
        epilog="Exit status: 0 solved, 1 a deal has errors or cannot be solved, 2 usage "
        "error (also: too many tricks left, more cards than the main line has, a --trick "
        "the deal does not reach).",
    )
    solve.add_argument("file", metavar="FILE", help="PMN file ('-': stdin)")
    solve.add_argument(
        "--deal", type=_deal_number, default=None, metavar="N", help="only deal N (from 1)"
    )
    where = solve.add_mutually_exclusive_group()
    where.add_argument(
        "--after",
        type=_count,
        default=None,
        metavar="K",
        help="solve after the first K cards of the main line (default: all of them)",
    )
    where.add_argument(
        "--trick",
        type=_trick_number,
        default=None,
        metavar="N",
        help="solve the position before trick N, after all the cards of the tricks before "
        "it; trick numbers are the deal's, so a Start position's first trick is its Start "
        "trick (with any cards already on the table)",
    )
    solve.add_argument(
        "--objective",
        choices=("outcome", "tens", "tricks"),
        default="outcome",
        help="outcome: the deal result (AC win, BD mendikot, tie...); tens / tricks: the most "
        "the side to move can hold at the end (default outcome)",
    )
    solve.add_argument(
        "--max-tricks",
        type=_count,
        default=None,
        metavar="T",
        help="refuse positions with more than T tricks left (default: no limit with the "
        "compiled core, else 5; each extra trick costs roughly ten times as long)",
    )
    solve.add_argument("--json", action="store_true", help="print one JSON object per deal")
    solve.set_defaults(handler=_solve)


def _shown(value: int, objective: str) -> str | int:
    """A value for the JSON: words for the outcome, the number for tens and tricks."""
    from ..solver.search import value_text

    return value_text(value) if objective == "outcome" else value


def _solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..solver.search import default_max_tricks, solve, tricks_left, value_text

    path: str = args.file
    max_tricks: int = default_max_tricks() if args.max_tricks is None else args.max_tricks
    _check_files([path])
    status = EXIT_OK
    count = 0
    try:
        for record in _read(path):
            count += 1
            if args.deal is not None and count != args.deal:
                continue
            if record.errors or record.setup is None:
                print(f"{path}: deal {count}: has errors; run validate", file=err)
                status = EXIT_PROBLEMS
                continue
            cards = len(record.mainline())
            if args.trick is not None:
                after = cards_before_trick(record, args.trick, count)
                where = f"before trick {args.trick}"
            else:
                after = cards if args.after is None else args.after
                where = f"after {after} cards"
            if after > cards:
                raise UsageError(f"deal {count} has {cards} cards in its main line, not {after}")
            game = record.position(after)
            left = tricks_left(game)
            if left > max_tricks:
                raise UsageError(
                    f"deal {count} {where} has {left} tricks left, more than "
                    f"--max-tricks {max_tricks}"
                )
            try:
                solution = solve(game, args.objective)
            except ValueError as exc:
                print(f"{path}: deal {count}: {exc}", file=err)
                status = EXIT_PROBLEMS
                continue
            objective = args.objective
            if args.json:
                obj = {
                    "deal": count,
                    **({"trick": args.trick} if args.trick is not None else {}),
                    "after": after,
                    "to_play": game.to_play,
                    "objective": objective,
                    "value": _shown(solution.value, objective),
                    "cards": {str(c): _shown(v, objective) for c, v in solution.cards.items()},
                }
                print(json.dumps(obj), file=out)
            else:
                mover = f"{game.to_play} to play" if game.to_play else "deal over"
                whose = "" if objective == "outcome" else f" {objective} for {solution.team}"
                print(
                    f"deal {count} {where}: {mover};{whose} "
                    f"{value_text(solution.value, objective)}",
                    file=out,
                )
                for c, v in solution.cards.items():
                    mark = " *" if v == solution.value else ""
                    print(f"  {c}: {value_text(v, objective)}{mark}", file=out)
                if solution.cards:
                    line = " ".join(str(m) for m in solution.line())
                    print(f"  line: {line}", file=out)
    except PMNError as exc:
        print(_problem_line(path, exc.problem, None), file=err)
        return EXIT_PROBLEMS
    if args.deal is not None and count < args.deal:
        raise UsageError(f"{path} has {_plural(count, 'deal')}: there is no deal {args.deal}")
    return status


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed so that documentation can print its help)."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Replay, check and tidy logs of Mendikot deals written in PMN.",
        epilog="Exit status: 0 clean, 1 problems found, 2 usage error.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    validate = commands.add_parser(
        "validate",
        help="read, replay and check every deal",
        description="Read, replay and check every deal of the files. Prints one line per "
        "problem (FILE:LINE:COL: deal N: error: message) and a summary per file.",
        epilog="Exit status: 0 no deal has an error (warnings allowed, unless --strict), 1 "
        "some deal has an error (or, with --strict, a warning) or a file cannot be read, 2 "
        "usage error.",
    )
    validate.add_argument("files", nargs="+", metavar="FILE", help="PMN file ('-': stdin)")
    validate.add_argument(
        "--json",
        action="store_true",
        help="print a JSON array with one object per deal (docs/json-schema.md)",
    )
    validate.add_argument(
        "--strict",
        action="store_true",
        help="warnings fail too (exit 1): a play that stops short without *, a revoke "
        "recorded with ^R, a dealer out of turn in a match...",
    )
    validate.set_defaults(handler=_validate)

    show = commands.add_parser(
        "show",
        help="replay one deal trick by trick",
        description="Print a readable replay of one deal: players, rules, hands, every "
        "trick, the result, the tens and the next dealer.",
    )
    show.add_argument("file", metavar="FILE", help="PMN file ('-': stdin)")
    show.add_argument(
        "--deal",
        type=_deal_number,
        default=1,
        metavar="N",
        help="which deal of the file, counting from 1 (default 1)",
    )
    show.add_argument(
        "--no-color",
        "--no-colour",
        dest="no_color",
        action="store_true",
        help="no ANSI colour even on a terminal (colour is never used when piped)",
    )
    show.set_defaults(handler=_show)

    annotate = commands.add_parser(
        "annotate",
        help="mark the strategy points of every deal",
        description="Find the strategy points of every deal (ten captured, lost, protected, "
        "ruffed; unsafe ten lead; trump revealed, cut, premature reveal; long-suit discard; "
        "trump kept in reserve; the 2-2 race) and write them as [%point ...] comments and "
        "NAGs. Annotating twice adds nothing; your own comments are never changed. With --dd "
        "also the double-dummy analysis of the 'analyse' command.",
        epilog="Exit status: 0 done, 1 a file cannot be read (or, with --dd, a deal could not "
        "be analysed: it still gets its strategy points), 2 usage error.",
    )
    annotate.add_argument("files", nargs="+", metavar="FILE", help="PMN file ('-': stdin)")
    where = annotate.add_mutually_exclusive_group()
    where.add_argument("-o", "--output", metavar="OUT", help="write all deals to OUT")
    where.add_argument("--in-place", action="store_true", help="rewrite each file (atomically)")
    from .analyse import add_analyse, add_dd_options

    add_dd_options(annotate)
    add_force(annotate)
    annotate.set_defaults(handler=_annotate)

    page = commands.add_parser(
        "html",
        help="write a self-contained web page that steps through the deals",
        description="Write one HTML page (no network needed, opens from a file in any "
        "browser) with a stepping viewer for every deal of FILE, or for --deal N: the table, "
        "the tens ledger, annotations and the result, with buttons and keys to step card by "
        "card. Without JavaScript the page still shows the hands, every trick and the result.",
        epilog="Exit status: 0 written, 1 written but some deal has an error (or the file "
        "cannot be read), 2 usage error.",
    )
    page.add_argument("file", metavar="FILE", help="PMN file ('-': stdin, needs -o)")
    page.add_argument(
        "--deal", type=_deal_number, default=None, metavar="N", help="only deal N (from 1)"
    )
    page.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="the page to write (default: FILE with .html; '-': standard output)",
    )
    page.add_argument("--title", metavar="TEXT", help="the page title (default: FILE's name)")
    page.add_argument(
        "--analyse",
        action="store_true",
        help="embed the double-dummy solver's value of every legal card at every step "
        "(the page's 'analyse' toggle starts on; solving takes seconds per full deal)",
    )
    page.add_argument(
        "--max-tricks",
        type=_count,
        default=None,
        metavar="T",
        help="with --analyse: solve only positions with at most T tricks left (default: all "
        "of them with the compiled solver, else 5)",
    )
    add_force(page)
    page.set_defaults(handler=_html)

    fmt = commands.add_parser(
        "format",
        help="rewrite files in canonical PMN",
        description="Rewrite each file in canonical PMN, in place (atomically) or to -o OUT. "
        "A deal with errors is kept byte for byte as written (bad UTF-8 and a deal too long "
        "to read included) and reported on standard error; if one cannot be kept, nothing "
        "is written. Lines starting with % other than the version line are dropped, as "
        "canonical PMN has none.",
        epilog="Exit status: 0 done, 1 (with --check) some file would change, or a file "
        "cannot be read, 2 usage error.",
    )
    fmt.add_argument("files", nargs="+", metavar="FILE", help="PMN file")
    fmt.add_argument(
        "--check",
        action="store_true",
        help="write nothing; list the files that are not canonical (exit 1 if any)",
    )
    fmt.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="write to OUT instead of in place ('-': standard output); one FILE only",
    )
    add_force(fmt)
    fmt.set_defaults(handler=_format)
    _add_simulate(commands)
    _add_corpus(commands)
    _add_solve(commands)
    add_analyse(commands)
    return parser


def _safe_streams() -> None:
    """Let output that the terminal's encoding cannot show (suit signs in a C locale)
    degrade to ``?`` rather than crash the command."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        with contextlib.suppress(ValueError, OSError):  # a stream that refuses
            reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (the console script exits with it)."""
    _safe_streams()
    parser = build_parser()
    args = parser.parse_args(argv)  # exits with status 2 on a usage error
    out, err = sys.stdout, sys.stderr
    command = f"{PROG} {args.command}"

    def note(message: Warning | str, category: type[Warning], *rest: object) -> None:
        print(f"{command}: note: {message}", file=err)

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always", SaveNotice)
            warnings.showwarning = note  # type: ignore[assignment]
            status: int = args.handler(args, out, err)
    except UsageError as exc:
        print(f"{command}: error: {exc}", file=err)
        return EXIT_USAGE
    except MendikotError as exc:  # a file not written, with why: nothing was changed
        print(f"{command}: error: {_one_line(str(exc))}", file=err)
        return EXIT_PROBLEMS
    except OSError as exc:  # a file that cannot be read or written, said plainly
        if isinstance(exc, BrokenPipeError):
            return _broken_pipe()
        where = f" {exc.filename!r}:" if exc.filename else ""
        print(f"{command}: error:{where} {exc.strerror or exc}", file=err)
        return EXIT_PROBLEMS
    except KeyboardInterrupt:
        return 130
    return status


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _broken_pipe() -> int:
    """Piped into ``head``, say: not an error of ours. Point stdout at /dev/null so the
    interpreter's final flush does not fail again (the recipe of the Python documentation
    on SIGPIPE)."""
    with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
