"""Build the compiled double-dummy core (``mendikot_replay.solver._ddcore``).

Everything else about the package is in pyproject.toml. The extension is optional: on a
machine without a C compiler the package still installs, and the solver falls back to its
pure-Python search (slower, same answers).
"""

import platform
from pathlib import Path

from setuptools import Extension, setup

# The search counts cards with popcount; x86-64 has an instruction for it since 2008, but
# compilers only use it when told (otherwise a library call, 5% of the solver's time).
_FAST = ["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else []

setup(
    ext_modules=[
        Extension(
            "mendikot_replay.solver._ddcore",
            # The core by concern (DDS's split): playing a card, the partition table, the
            # bounds, the moves and their order, the search, the plain interface (ddcore.h,
            # api.c) and the Python module over it (module.c).
            sorted(str(path) for path in Path("mendikot_replay/solver/core").glob("*.c")),
            include_dirs=["mendikot_replay/solver/core"],
            depends=sorted(str(path) for path in Path("mendikot_replay/solver/core").glob("*.h")),
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
                # The parts call each other's functions: hidden, so that no call goes
                # through the dynamic linker's table, and optimised across the files at
                # link time, so that the split costs the search nothing.
                "-fvisibility=hidden",
                "-flto",
                *_FAST,
            ],
            extra_link_args=["-flto", "-O3", *_FAST],
            optional=True,
        )
    ]
)
