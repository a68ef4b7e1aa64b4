"""The front end as the package ships it: the page's one module and its style sheet.

The page's code is ES modules (``static/*.js``); esbuild bundles them into one
(``static/bundle/viewer.js``, made by ``scripts/build_page.py`` and kept in the package, so
that nothing here needs Node.js). The widget's ``_esm``, every HTML page and the static site
take it from :func:`viewer_js`, the style sheets from :func:`viewer_css`.
"""

from __future__ import annotations

import functools
from importlib import resources

__all__ = ["viewer_css", "viewer_js"]


def _static() -> resources.abc.Traversable:
    return resources.files("mendikot_replay.views").joinpath("static")


@functools.cache
def viewer_js() -> str:
    """The page's one module (esbuild's bundle of ``static/viewer.js`` and what it imports)."""
    text = _static().joinpath("bundle", "viewer.js").read_text("utf-8")
    # It is inlined into <script> elements: it must not be able to end one.
    if "</script" in text.lower() or "<!--" in text:
        raise RuntimeError("the viewer's scripts must not contain '</script' or '<!--'")
    return text


@functools.cache
def viewer_css() -> str:
    """The front end's style sheet: ``static/viewer.css``, then the other ``static/*.css``
    in name order."""
    sheets = {f.name: f.read_text("utf-8") for f in _static().iterdir() if f.name.endswith(".css")}
    names = sorted(sheets, key=lambda name: (name != "viewer.css", name))
    text = "\n".join(sheets[name] for name in names)
    if "</style" in text.lower():
        raise RuntimeError("the viewer's style sheets must not contain '</style'")
    return text
