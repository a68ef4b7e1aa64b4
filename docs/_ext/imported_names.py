"""Resolve a bare name in a type annotation to the module the name was imported from.

``corpus.TABLES: dict[str, Callable[[Source], pd.DataFrame]]`` uses ``Source``, imported from
``tables``; several documented modules define a ``Source`` of their own, so Sphinx's search
would find them all and warn. When a bare name has no target in the module it is written in
but several elsewhere, this picks the one that *is* the object the module holds under that
name (the one it imported) and points the reference at it.
"""

from __future__ import annotations

import sys
from typing import Any

from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform


class ImportedNames(SphinxPostTransform):
    default_priority = 5  # before sphinx's ReferencesResolver (10)

    def run(self, **kwargs: Any) -> None:
        objects = self.env.domains["py"].objects
        for node in self.document.findall(pending_xref):
            target = node.get("reftarget", "")
            module_name = node.get("py:module")
            if node.get("refdomain") != "py" or "." in target or not module_name:
                continue
            if f"{module_name}.{target}" in objects:
                continue
            held = getattr(sys.modules.get(module_name), target, None)
            if held is None:
                continue
            homes = [
                name
                for name in objects
                if name.endswith(f".{target}")
                and getattr(sys.modules.get(name.rpartition(".")[0]), target, None) is held
            ]
            if len(homes) == 1:
                node["reftarget"] = homes[0]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_post_transform(ImportedNames)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
