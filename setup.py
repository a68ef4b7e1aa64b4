"""Build the compiled double-dummy core (``mendikot_replay._ddcore``).

Everything else about the package is in pyproject.toml. The extension is optional: on a
machine without a C compiler the package still installs, and the solver falls back to its
pure-Python search (slower, same answers).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "mendikot_replay._ddcore",
            ["mendikot_replay/_ddcore.c"],
            extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter"],
            optional=True,
        )
    ]
)
