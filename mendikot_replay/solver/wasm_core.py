"""The solver core as WebAssembly, from Python in a browser's worker (Pyodide).

A browser cannot load the compiled module (``_ddcore``, a CPython extension); it can run
the same C core built as WebAssembly (``solver/wasm/api.c`` over ``core/ddcore.h``; see
``scripts/build_wasm.py``). The static site's worker instantiates that module and hands its exports
to JavaScript's global scope as ``mendikotCore`` before the package is imported; where no
page did (JupyterLite's kernel, whose worker is not ours), the package's wheel for the
browser carries the module as ``solver/ddcore.wasm`` and it is instantiated here, the first
time it is wanted (a worker may compile WebAssembly synchronously). Then
:mod:`.search` takes this module in place of ``_ddcore`` — the same ``Core`` class, the same
calls, the same values — and every solver, analysis and chances of the package runs on it.
Without it (no Pyodide, or a page that did not load the core) the pure-Python search stays.

The calls cross Pyodide's JavaScript bridge: a position goes as the flat row of
:func:`.flat.flat_state`, written into the module's memory, and the moves come back four
numbers each.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from .flat import flat_state

if TYPE_CHECKING:
    from ._ddcore import State

__all__ = ["Core", "available"]

GLOBAL_NAME: Final = "mendikotCore"
"""Where the worker puts the WebAssembly module's exports (``globalThis.mendikotCore``)."""

FAILED: Final = -(2**31)
"""What an export returns when it cannot do a call (``MR_JS_FAILED``: ``INT_MIN``)."""

MOST_NUMBERS: Final = 4 * 8 + 2 + 3 * 7 + 13
"""The longest flat position: eight hands, seven cards on the table."""


def _pyodide(name: str) -> Any:
    """A module only Pyodide has: ``js`` (JavaScript's global scope) or ``pyodide.ffi``."""
    return importlib.import_module(name)


MODULE_FILE: Final = Path(__file__).with_name("ddcore.wasm")
"""Where the browser's wheel of the package keeps the module (``scripts/build_lab.py``)."""

_loaded: list[Any] = []


def _exports() -> Any:
    """The module's exports, or ``None`` outside a browser's worker that has them."""
    if sys.platform != "emscripten":
        return None
    js = _pyodide("js")
    given = getattr(js, GLOBAL_NAME, None)
    if given is not None:
        return given
    if not _loaded and MODULE_FILE.exists():
        _loaded.append(_instantiate(js, MODULE_FILE.read_bytes()))
    return _loaded[0] if _loaded else None


def _instantiate(js: Any, module: bytes) -> Any:
    """The exports of the WebAssembly ``module``, compiled and started here."""
    ffi = _pyodide("pyodide.ffi")
    compiled = js.WebAssembly.Module.new(ffi.to_js(module))
    instance = js.WebAssembly.Instance.new(compiled, js.Object.new())
    instance.exports._initialize()
    return instance.exports


def available() -> bool:
    """Whether this Python runs in Pyodide with the WebAssembly core loaded."""
    return _exports() is not None


class Core:
    """``_ddcore.Core``'s interface over the WebAssembly core (see ``_ddcore.pyi``)."""

    def __init__(
        self,
        players: int,
        total_tricks: int,
        dehla: bool,
        must_trump: bool,
        objective: int,
        table_bits: int = 20,
        split: int = -1,
        streak: bool = False,
        closed: int = 0,
        tie: bool = False,
    ) -> None:
        exports = _exports()
        if exports is None:
            raise RuntimeError("the WebAssembly core is not loaded (globalThis.mendikotCore)")
        self._js = exports
        made = exports.mr_js_core(
            players, total_tricks, int(dehla), int(must_trump), objective, table_bits
        )
        if made == FAILED:
            raise MemoryError(self._error())
        self._handle = int(made)
        if split != -1 and exports.mr_js_split(self._handle, split) == FAILED:
            raise ValueError(self._error())
        if streak:
            exports.mr_js_streak(self._handle, 1)
        if closed and exports.mr_js_closed(self._handle, closed) == FAILED:
            raise ValueError(self._error())
        if tie:
            exports.mr_js_tie(self._handle, 1)
        # wasm32's addresses are unsigned; JavaScript reads an i32 result as signed
        self._in = int(exports.malloc(4 * MOST_NUMBERS)) & 0xFFFFFFFF
        self._out = int(exports.malloc(4 * 4 * int(exports.mr_js_most_moves()))) & 0xFFFFFFFF
        if not self._in or not self._out:
            raise MemoryError("no memory for the core's buffers")

    def __del__(self) -> None:
        js = getattr(self, "_js", None)
        if js is not None and hasattr(self, "_handle"):
            js.mr_js_release(self._handle)
            js.free(self._in)
            js.free(self._out)

    # -- crossing the bridge -------------------------------------------------------------
    def _error(self) -> str:
        """The core's sentence for the last call it could not do (a C string, short)."""
        js = _pyodide("js")
        at = int(self._js.mr_js_error()) & 0xFFFFFFFF
        room = min(200, int(self._js.memory.buffer.byteLength) - at)
        raw = bytes(js.Uint8Array.new(self._js.memory.buffer, at, room).to_py())
        return raw.split(b"\0", 1)[0].decode("utf-8", "replace")

    def _ints(self, at: int, count: int) -> Any:
        return _pyodide("js").Int32Array.new(self._js.memory.buffer, at, count)

    def _put(self, state: State) -> int:
        to_js = _pyodide("pyodide.ffi").to_js
        row = flat_state(state)
        if len(row) > MOST_NUMBERS:
            raise ValueError("too many cards on the table")
        self._ints(self._in, len(row)).set(to_js(row))
        return len(row)

    def _checked(self, value: Any) -> int:
        if int(value) == FAILED:
            raise ValueError(self._error())
        return int(value)

    def _moves(self, count: Any) -> list[tuple[int, int, int, int]]:
        n = self._checked(count)
        numbers = list(self._ints(self._out, 4 * n).to_py())
        return [
            (numbers[i], numbers[i + 1], numbers[i + 2], numbers[i + 3]) for i in range(0, 4 * n, 4)
        ]

    # -- _ddcore.Core's interface ----------------------------------------------------------
    def search(self, state: State, alpha: int, beta: int) -> int:
        n = self._put(state)
        return self._checked(self._js.mr_js_search(self._handle, self._in, n, alpha, beta))

    def value(self, state: State, guess: int = 0) -> int:
        n = self._put(state)
        return self._checked(self._js.mr_js_value(self._handle, self._in, n, guess))

    def score(self, state: State) -> list[tuple[int, int, int, int]]:
        n = self._put(state)
        return self._moves(self._js.mr_js_score(self._handle, self._in, n, self._out))

    def children(
        self, state: State, alpha: int, beta: int, asks: bool = True
    ) -> list[tuple[int, int, int, int]]:
        n = self._put(state)
        counted = self._js.mr_js_children(
            self._handle, self._in, n, alpha, beta, int(asks), self._out
        )
        return self._moves(counted)

    def clear(self) -> None:
        self._js.mr_js_clear(self._handle)

    @property
    def nodes(self) -> int:
        return int(self._js.mr_js_nodes(self._handle))

    @property
    def trick_nodes(self) -> int:
        return int(self._js.mr_js_trick_nodes(self._handle))

    @property
    def expanded(self) -> int:
        return int(self._js.mr_js_expanded(self._handle))
