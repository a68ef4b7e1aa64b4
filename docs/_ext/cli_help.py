"""The ``cli-help`` directive: the command line reference, printed by the parser itself.

``mendikot_replay.cli.app.build_parser()`` builds the ``mendikot-replay`` parser; the directive
renders its ``--help`` and then, in a section of its own, each subcommand's ``--help``
(``format_help()``, as the terminal shows it), so the page can never drift from the code.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

#: The width the help is wrapped to, whatever terminal builds the docs.
COLUMNS = 88


@contextmanager
def _fixed_width() -> Iterator[None]:
    """argparse wraps help to the terminal's width (``COLUMNS``); fix it for the build."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(COLUMNS)
    try:
        yield
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, list[str], Any]]:
    """Each subcommand once, in the parser's order: (name, aliases, its parser)."""
    found: list[tuple[str, list[str], Any]] = []
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        by_parser: dict[int, tuple[str, list[str], Any]] = {}
        for name, sub in action.choices.items():
            if id(sub) in by_parser:
                by_parser[id(sub)][1].append(name)  # an alias: `analyze` for `analyse`
            else:
                by_parser[id(sub)] = (name, [], sub)
                found.append(by_parser[id(sub)])
    return found


def _help(parser: argparse.ArgumentParser) -> str:
    if hasattr(parser, "color"):  # Python 3.14 colours help on a terminal
        parser.color = False
    with _fixed_width():
        return parser.format_help()


class CliHelp(SphinxDirective):
    """``cli-help``: the main parser's help, then a section per subcommand."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from mendikot_replay.cli.app import build_parser

        parser = build_parser()
        result: list[nodes.Node] = [self._literal(_help(parser))]
        for name, aliases, sub in subcommands(parser):
            label = f"cli-{name}"  # {ref}`cli-validate` from any page
            section = nodes.section(ids=[nodes.make_id(label)], names=[label])
            section += nodes.title(text=f"{parser.prog} {name}")
            if aliases:
                also = ", ".join(f"{parser.prog} {alias}" for alias in aliases)
                section += nodes.paragraph(text=f"Also spelt {also}.")
            section += self._literal(_help(sub))
            self.state.document.note_explicit_target(section, section)
            result.append(section)
        return result

    def _literal(self, text: str) -> nodes.literal_block:
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        self.set_source_info(block)
        return block


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cli-help", CliHelp)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
