"""Build the compiled parts of the package; everything else about it is in pyproject.toml.

* The double-dummy core (``mendikot_replay.solver._ddcore``), in C.
* Opt-in, not built by default: the reader and the rules engine
  (``mendikot_replay.core.compiled.MODULES``) compiled by mypyc from their typed Python
  source, when ``MENDIKOT_COMPILE=1`` is set and mypyc can be imported by the build (mypy
  installed there: ``pip install --no-build-isolation`` from a venv with mypy and
  setuptools>=77). Measured on the project's 2-core machine it reads, replays and checks a
  corpus about 1.8 times as fast, but it is not yet part of ``./dev.sh setup``: a build
  takes 1-2.5 minutes there (mypy type-checks the package first), which the first set-up's
  3-minute budget cannot take, and mypyc's shared library named inside the package
  (``group_name``) does not build with ``multi_file`` yet (docs/architecture.md).

Both are optional: on a machine without a C compiler, without mypy, or where mypyc fails,
the package still installs and runs its Python source (slower, same answers): the solver its
pure-Python search, the reader its ``.py`` files. ``MENDIKOT_PURE=1`` at run time makes the
package ignore compiled modules.
"""

import os
import platform
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# The search counts cards with popcount; x86-64 has an instruction for it since 2008, but
# compilers only use it when told (otherwise a library call, 5% of the solver's time).
_FAST = ["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else []

#: Kept in step with mendikot_replay.core.compiled.MODULES (tests/test_reader_compiled.py).
MYPYC_MODULES = [
    "mendikot_replay/core/engine.py",
    "mendikot_replay/core/timeline.py",
    "mendikot_replay/pmn/syntax.py",
    "mendikot_replay/pmn/record.py",
    "mendikot_replay/pmn/tags.py",
    "mendikot_replay/pmn/check.py",
    "mendikot_replay/pmn/reader.py",
]


def _warn(message: str) -> None:
    print(f"mendikot-replay: {message}", file=sys.stderr)


def _mypyc_extensions() -> list[Extension]:
    """The reader and engine as mypyc extensions, or none (then the source runs)."""
    if os.environ.get("MENDIKOT_COMPILE", "") in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify

        # opt_level 1: -O1 compiles in half the time of mypyc's default -O3 for the same
        # speed within noise (the time goes to Python objects, not to C arithmetic), which
        # keeps the first ./dev.sh setup short.
        extensions: list[Extension] = mypycify(
            [
                # The rest of the package is read for its types but not reported on: its
                # optional libraries (anywidget, pandas…) are not in the build environment.
                "--follow-imports=silent",
                "--ignore-missing-imports",
                *MYPYC_MODULES,
            ],
            opt_level="1",
            multi_file=True,  # several C files, which build_ext -j can compile in parallel
            # The shared library inside the package (mendikot_replay/_mypyc__mypyc.*.so),
            # not at the top of site-packages under a hash.
            group_name="mendikot_replay._mypyc",
        )
    except (Exception, SystemExit) as exc:  # no mypy, or type errors (mypy exits): source
        _warn(f"the reader and engine are not compiled ({exc!r}); using their Python source")
        return []
    for extension in extensions:
        extension._mendikot_mypyc = True  # type: ignore[attr-defined]
    return extensions


class _BuildExt(build_ext):
    """Builds every extension; a mypyc one that fails removes all of them (they work only
    together: one shared library and a small module per source file), so that the package
    falls back to its source as a whole rather than break on import."""

    def run(self) -> None:
        self._mypyc_failed = False
        super().run()

    def build_extension(self, ext: Extension) -> None:
        if not getattr(ext, "_mendikot_mypyc", False):
            super().build_extension(ext)
            return
        if self._mypyc_failed:
            return
        try:
            super().build_extension(ext)
        except (Exception, SystemExit) as exc:
            self._mypyc_failed = True
            _warn(f"compiling the reader and engine failed ({exc!r}); using their source")
            self._remove_mypyc_outputs()

    def _remove_mypyc_outputs(self) -> None:
        for ext in self.extensions:
            if getattr(ext, "_mendikot_mypyc", False):
                ext.optional = True  # a missing build is not copied into the source tree
                built = Path(self.get_ext_fullpath(ext.name))
                in_place = Path(self.get_ext_filename(ext.name))  # relative: the source tree
                for stale in (built, in_place):
                    stale.unlink(missing_ok=True)


setup(
    cmdclass={"build_ext": _BuildExt},
    ext_modules=[
        Extension(
            "mendikot_replay.solver._ddcore",
            ["mendikot_replay/solver/_ddcore.c"],
            extra_compile_args=[
                "-O3",
                # Python's own flags may bring -fwrapv (signed overflow wraps), which CPython
                # relies on and this file does not; turning it off saves 1.8% of the search's
                # instructions.
                "-fno-wrapv",
                "-std=c11",
                "-Wall",
                "-Wextra",
                "-Wno-unused-parameter",
                *_FAST,
            ],
            optional=True,
        ),
        *_mypyc_extensions(),
    ],
)
