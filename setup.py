"""Build the compiled double-dummy core (``mendikot_replay.solver._ddcore``).

Everything else about the package is in pyproject.toml. The extension is optional: on a
machine without a C compiler the package still installs, and the solver falls back to its
pure-Python search (slower, same answers).
"""

import platform

from setuptools import Extension, setup

# The search counts cards with popcount; x86-64 has an instruction for it since 2008, but
# compilers only use it when told (otherwise a library call, 5% of the solver's time).
_FAST = ["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else []

setup(
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
        )
    ]
)
