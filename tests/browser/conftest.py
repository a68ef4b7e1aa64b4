"""Real servers and a real browser for the browser tests.

A JupyterLab server and a Voila server, each a subprocess on a free localhost port serving a
temporary copy of ``notebooks/`` and ``sample_games/``, and a headless Debian Chromium driven
by Playwright. Each is shared by the tests of a module and stopped when the module ends,
whatever happens to its tests (not at the end of the session: the rest of the suite should
not run beside idle servers and kernels).
Chromium is not optional: ``./dev.sh test`` installs it, so a missing browser fails.

Screenshots and the servers' logs go to ``test-artifacts/`` (gitignored).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from benchmark_scripts import load_script
from browser_support import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    PageErrors,
    Server,
    free_port,
    offline_page,
    start_server,
    stop_server,
    voila_serving,
)
from filelock import FileLock
from playwright.sync_api import Browser, Error, Page, sync_playwright
from pmn_examples import DUCK

from mendikot_replay.views.voila import JUPYTER_DATA
from mendikot_replay.views.widget.viewer import PRESENT_ENV


@pytest.fixture(scope="session")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the notebooks and sample games, laid out as in the repository (the
    notebooks read ``../sample_games/``), so the tests never write into the work tree."""
    base = tmp_path_factory.mktemp("served")
    shutil.copytree(
        ROOT / "notebooks", base / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints")
    )
    shutil.copytree(ROOT / "sample_games", base / "sample_games")
    return base


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Environment for the servers: this venv first on PATH, and Jupyter's config, runtime
    and IPython directories of their own (nothing of the user's is read or written)."""
    home = tmp_path_factory.mktemp("jupyter-home")
    env = dict(os.environ)
    env.pop("JUPYTER_TOKEN", None)
    env.update(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_PLATFORM_DIRS="1",
        PYDEVD_DISABLE_FILE_VALIDATION="1",
        PYTHONUNBUFFERED="1",
        # the classroom's Voila template (no request to another host), as ./dev.sh present
        JUPYTER_PATH=str(JUPYTER_DATA),
    )
    env.pop("MENDIKOT_PRESENT", None)  # each test turns presentation on itself
    return env


@pytest.fixture(scope="module")
def lab_server(
    workdir: Path, jupyter_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A real JupyterLab server on a free port, with a token, rooted at the notebooks."""
    port, token = free_port(), secrets.token_hex(16)
    lab_home = tmp_path_factory.mktemp("lab")
    # No "get notified about Jupyter news?" toast over the notebook.
    notification = lab_home / "settings" / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True)
    (notification / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}', encoding="utf-8"
    )
    args = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={workdir / 'notebooks'}",
        "--ServerApp.allow_root=True",
        f"--LabApp.workspaces_dir={lab_home / 'workspaces'}",
        f"--LabApp.user_settings_dir={lab_home / 'settings'}",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]  # fmt: skip
    server = start_server("jupyterlab", args, jupyter_env, "/api/status", token, port)
    try:
        yield server
    finally:
        stop_server(server)


@pytest.fixture(scope="module")
def voila_server(workdir: Path, jupyter_env: dict[str, str]) -> Iterator[Server]:
    """A real Voila server on a free port (no authentication, localhost only) serving the
    notebooks folder with the classroom's template; a notebook is at
    ``/voila/render/NAME.ipynb``."""
    with voila_serving(workdir / "notebooks", jupyter_env) as server:
        yield server


@pytest.fixture(scope="module")
def present_server(workdir: Path, jupyter_env: dict[str, str]) -> Iterator[Server]:
    """Voila as ``./dev.sh present`` starts it: ``MENDIKOT_PRESENT=1``, every board in
    presentation mode (but the recorder's, which is for a phone)."""
    env = {**jupyter_env, PRESENT_ENV: "1"}
    with voila_serving(workdir / "notebooks", env, "voila-present") as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium, one per test module: Playwright's sync API allows one running
    instance at a time, and other test modules (tests/test_html_browser.py) start their
    own, so ours must be stopped when our module ends."""
    if not CHROMIUM.exists():
        pytest.fail(
            "the browser tests need Debian's Chromium at /usr/bin/chromium: run ./dev.sh test "
            "(it installs it as root) or apt-get install chromium"
        )
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page_errors() -> PageErrors:
    return PageErrors()


@pytest.fixture
def page(
    browser: Browser, page_errors: PageErrors, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A fresh page (own context) that records its errors and leaves a screenshot of how it
    ended in test-artifacts/, pass or fail."""
    context, new_page = offline_page(browser, page_errors)
    try:
        yield new_page
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        with contextlib.suppress(Error):
            new_page.screenshot(
                path=str(ARTIFACTS / f"{request.node.name}-end.png"), full_page=True
            )
        context.close()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static site (``./dev.sh site``), built once for the whole run — by the first of
    the test processes (pytest-xdist's workers) to need it, the others waiting on a file
    lock and serving the same folder — with deals published beside it for links to open
    (``games/``)."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, above each worker's own
    out = shared / "built-site" / "site"
    with FileLock(str(shared / "built-site.lock")):
        if not (out / "games" / "duck.pmn").exists():
            if out.exists():
                shutil.rmtree(out)  # a build cut short
            _build_site(out)
    return out


def _build_site(out: Path) -> None:
    load_script("build_site").build(out)  # the samples in games/, the site's own
    # a deal published beside the site after its build, as a teacher would: the site's
    # service worker does not know it (chances in seconds)
    (out / "games" / "duck.pmn").write_text(DUCK, encoding="utf-8")


@pytest.fixture(scope="module")
def site(built_site: Path) -> Iterator[Server]:
    """The site served by a plain static file server on localhost (Python's)."""
    port = free_port()
    args = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory"]
    command = [*args, str(built_site), str(port)]
    server = start_server("site", command, dict(os.environ), "/index.html", "", port)
    try:
        yield server
    finally:
        stop_server(server)
