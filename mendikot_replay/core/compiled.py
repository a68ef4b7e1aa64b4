"""Whether the reader and the engine run compiled (mypyc) or as plain Python.

The modules in :data:`MODULES` are compiled by mypyc when the package is installed
(setup.py; optional: without mypy or a C compiler nothing is compiled and nothing changes but
the speed). mypyc leaves a ``<module>.cpython-*.so`` next to each ``.py``, which Python
imports in preference to the source. :func:`select` decides once, before the first of them is
imported, whether to let it:

* ``MENDIKOT_PURE=1`` in the environment forces the Python source (tests compare both);
* the compiled modules are used only all together and only while fresh: mypyc compiles them
  as one unit (a compiled reader builds the compiled record's nodes directly), so if one is
  missing, or a ``.py`` was edited after its ``.so`` was built, every one of them is read from
  source. An edit is never silently shadowed by an older build; ``./dev.sh setup`` rebuilds.

:data:`COMPILED` says which it was (the benchmark prints it).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: The modules mypyc compiles (setup.py builds this list), lowest layer first.
MODULES: tuple[str, ...] = (
    "mendikot_replay.core.engine",
    "mendikot_replay.core.timeline",
    "mendikot_replay.pmn.syntax",
    "mendikot_replay.pmn.record",
    "mendikot_replay.pmn.tags",
    "mendikot_replay.pmn.check",
    "mendikot_replay.pmn.reader",
)

_PACKAGE = Path(__file__).resolve().parent.parent

COMPILED = False
"""Whether the compiled modules are in use (set by :func:`select`)."""


def source_path(name: str) -> Path:
    """The ``.py`` file of one of :data:`MODULES`."""
    return _PACKAGE.joinpath(*name.split(".")[1:]).with_suffix(".py")


def built_path(name: str) -> Path | None:
    """The compiled module next to the source, if there is one."""
    source = source_path(name)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_name(source.stem + suffix)
        if candidate.exists():
            return candidate
    return None


#: The shared library the compiled modules live in (mypyc's group, named in setup.py).
LIBRARY = "mendikot_replay._mypyc__mypyc"


def fresh() -> bool:
    """Whether every module of :data:`MODULES` has a build at least as new as its source
    (and the shared library they are in is there)."""
    if not any(_PACKAGE.glob("_mypyc__mypyc.*")):
        return False
    for name in MODULES:
        built = built_path(name)
        if built is None or source_path(name).stat().st_mtime > built.stat().st_mtime:
            return False
    return True


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds :data:`MODULES` as their ``.py`` files, ahead of the compiled ``.so``."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


def select() -> bool:
    """Choose compiled or source for :data:`MODULES` (once, before any is imported) and
    return :data:`COMPILED`."""
    global COMPILED
    if any(isinstance(finder, _SourceFinder) for finder in sys.meta_path):
        return COMPILED
    pure = os.environ.get("MENDIKOT_PURE", "") not in ("", "0")
    COMPILED = not pure and fresh()
    if not COMPILED:
        sys.meta_path.insert(0, _SourceFinder())
    return COMPILED


select()
