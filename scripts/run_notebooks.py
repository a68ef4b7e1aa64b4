"""Re-run the notebooks in place and save their outputs, as the tests (nbval) compare them.

    .venv/bin/python scripts/run_notebooks.py [NOTEBOOK…]     (default: notebooks/*.ipynb)

Each notebook runs top to bottom in this venv's kernel, from its own folder. Outputs are
kept (nbval checks the text ones) except widget displays: a widget's output is a model id that
changes every run plus a static copy of the viewer (over 100 KB each), and the widget shows
live once its cell runs (such cells are marked ``# NBVAL_IGNORE_OUTPUT``). No timing or
widget-state metadata is saved, so re-running an unchanged notebook changes nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
WIDGET = "application/vnd.jupyter.widget-view+json"


def is_widget(output: nbformat.NotebookNode) -> bool:
    return WIDGET in output.get("data", {})


def run(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        store_widget_state=False,
    )
    client.execute()
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = [out for out in cell.get("outputs", []) if not is_widget(out)]
    nbformat.validate(notebook)
    nbformat.write(notebook, path)
    print(f"ran {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def main(argv: list[str]) -> int:
    paths = [Path(a).resolve() for a in argv] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        run(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
