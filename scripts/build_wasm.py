"""Build the solver core as WebAssembly, for the browser (and the tests that stand in for it).

    .venv/bin/python scripts/build_wasm.py OUT.wasm

writes the core's reactor module: the plain C core (``solver/core/*.c`` but the Python
module) and its exports for JavaScript (``solver/wasm/api.c``), built by clang for
``wasm32-wasi`` (Debian's clang, lld, wasi-libc and compiler-rt for wasm32; ``./dev.sh test``
installs them). The module imports nothing: a page instantiates it with an empty import
object, calls ``_initialize``, and puts its exports at ``globalThis.mendikotCore`` for
:mod:`mendikot_replay.solver.wasm_core`. The tests and the benchmark also build C programs
over the core with :func:`program_command` (run by Node's WASI).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "mendikot_replay" / "solver" / "core"
API = ROOT / "mendikot_replay" / "solver" / "wasm" / "api.c"
FLAGS = ["--target=wasm32-wasi", "-O2", "-std=c11", "-Wall", "-Wextra", "-Werror"]


def _clang() -> str:
    clang = shutil.which("clang")
    if clang is None:
        raise SystemExit("clang is needed for WebAssembly: ./dev.sh test installs it")
    return clang


def _core_sources() -> list[str]:
    return [str(p) for p in sorted(CORE.glob("*.c")) if p.name != "module.c"]


def program_command(source: Path, out: Path) -> list[str]:
    """clang's command for a C program (with ``main``) over the core, as a WASI program."""
    return [_clang(), *FLAGS, "-Wno-unused-parameter", f"-I{CORE}", str(source),
            *_core_sources(), "-o", str(out)]  # fmt: skip


def core_command(out: Path) -> list[str]:
    """clang's command for the core's reactor module (no ``main``; the exports of api.c,
    and ``malloc`` and ``free`` for the caller's buffers)."""
    return [_clang(), *FLAGS, "-mexec-model=reactor", "-Wno-unused-parameter", f"-I{CORE}",
            str(API), *_core_sources(), "-Wl,--export=malloc", "-Wl,--export=free",
            "-o", str(out)]  # fmt: skip


def build_core(out: Path) -> Path:
    """Write the reactor module to ``out``; a build error is raised with clang's words."""
    done = subprocess.run(core_command(out), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the WebAssembly build failed:\n{done.stderr}")
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    out = build_core(Path(argv[0]))
    print(f"{out}: {out.stat().st_size:,} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
