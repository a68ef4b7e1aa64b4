"""The ``mendikot-replay`` command line: validate, show, annotate, format PMN files, and
write them as a web page (``html``).

The command line is a thin shell around the library: reading is :mod:`~.pmn.reader`, the
replay and checks are :mod:`~.pmn.check`, the words on screen are :mod:`~.views.terminal`,
the JSON is :mod:`~.views.report` and the canonical text is :mod:`~.pmn.writer`. Keeping it
thin means the notebook and scripts get the very same behaviour by calling those modules
directly.

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
import io
import logging
import os
import signal
import sys
import warnings
from collections.abc import Iterator

from .. import __version__
from ..errors import MendikotError
from ..pmn.files import SaveNotice
from ..pmn.reader import NoSuchDeal
from ..pmn.user_text import visible
from . import annotate, corpus, diagram, html, show, simulate, solve, validate
from . import format as format_command
from . import odds as odds_command
from . import record as record_command
from .analyse import add_analyse
from .common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, PROG, UsageError


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

    validate.add_parser(commands)
    show.add_parser(commands)
    annotate.add_parser(commands)
    html.add_parser(commands)
    format_command.add_parser(commands)
    simulate.add_parser(commands)
    corpus.add_parser(commands)
    solve.add_parser(commands)
    odds_command.add_parser(commands)
    diagram.add_parser(commands)
    record_command.add_parser(commands)
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


@contextlib.contextmanager
def _interrupted_quietly() -> Iterator[None]:
    """Ctrl-C ends the command with status 130 and nothing else on the screen: the first one
    also silences Dask's and asyncio's loggers, which would otherwise report every task and
    connection the stopping cluster drops. (Where Ctrl-C is ignored, as in a background
    job, or handled by someone else, it is left alone.)"""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return

    def interrupted(number: int, frame: object) -> None:
        for name in ("distributed", "asyncio", "tornado"):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGINT, interrupted)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (the console script exits with it)."""
    with _interrupted_quietly():
        return _main(argv)


def _main(argv: list[str] | None) -> int:
    _safe_streams()
    parser = build_parser()
    args = parser.parse_args(argv)  # exits with status 2 on a usage error
    out, err = sys.stdout, sys.stderr
    command = f"{PROG} {args.command}"

    def note(message: Warning | str, category: type[Warning], *rest: object) -> None:
        print(f"{command}: note: {visible(str(message))}", file=err)

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always", SaveNotice)
            warnings.showwarning = note  # type: ignore[assignment]
            status: int = args.handler(args, out, err)
    except (UsageError, NoSuchDeal) as exc:  # how the command was called, not the files
        print(f"{command}: error: {visible(str(exc))}", file=err)
        return EXIT_USAGE
    except MendikotError as exc:  # a file not written, with why: nothing was changed
        print(f"{command}: error: {visible(_one_line(str(exc)))}", file=err)
        return EXIT_PROBLEMS
    except OSError as exc:  # a file that cannot be read or written, said plainly
        if isinstance(exc, BrokenPipeError):
            return _broken_pipe()
        where = f" {exc.filename!r}:" if exc.filename else ""
        print(f"{command}: error:{visible(where)} {visible(str(exc.strerror or exc))}", file=err)
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
