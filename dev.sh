#!/usr/bin/env bash
# One entry point for a new machine: sets up .venv with the package, then runs a job.
#   ./dev.sh demo [ARGS…]     set up, then open the replay notebook (notebooks/01-replay.ipynb)
#                             in JupyterLab; ARGS go to `jupyter lab` (--no-browser, --ip=…,
#                             --port=…)
#   ./dev.sh present [NOTEBOOK] [ARGS…]
#                             set up, then serve a notebook as a classroom app with Voila
#                             (code hidden, widgets live): NOTEBOOK if the first argument
#                             ends in .ipynb (default notebooks/01-replay.ipynb, the replay
#                             notebook); the other ARGS go to `voila` (--no-browser, --port=…)
#   ./dev.sh test [ARGS…]     set up (and Debian's chromium for the browser tests, Node.js
#                             and ESLint for the page's code), then run the whole test suite:
#                             lint, types, doctests, tests, the page's code (ESLint, Node's
#                             test runner), notebooks (nbval) and real-browser tests, on
#                             every core (pytest-xdist); ARGS go to pytest
#   ./dev.sh notebooks [NB…]  set up, then re-run notebooks/*.ipynb in place, saving their
#                             text outputs (the tests compare them under nbval)
#   ./dev.sh site [OUT]       set up, then build the static site in OUT (site/): the board in
#                             any browser with no install (Pyodide, the solver as WebAssembly)
#   ./dev.sh docs [PORT]      set up, build docs/_build/html (-W), serve it on 127.0.0.1:PORT (8000)
#   ./dev.sh setup            set up only
# Set-up is idempotent and re-runs pip only when pyproject.toml changed.
set -euo pipefail
cd "$(dirname "$0")"

find_python() {
    for candidate in python3.13 python3.12 python3.11 python3; do
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

apt_install() {
    # Only root can install system packages; everyone else gets a plain instruction.
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: missing system packages: $*; install them with: sudo apt-get install $*" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "$@" >/dev/null
}

ensure_compiler() {
    # The solver's core is C, built by the package's install: it needs a C compiler and the
    # Python headers (present on most machines; installed here when missing and root).
    local missing=()
    command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || missing+=(gcc)
    local include
    include=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
    [ -f "$include/Python.h" ] || missing+=(python3-dev)
    if [ ${#missing[@]} -gt 0 ]; then
        apt_install "${missing[@]}"
    fi
}

setup() {
    local py
    if ! py=$(find_python); then
        apt_install python3 python3-venv
        py=$(find_python) || { echo "error: Python 3.11 or newer is required" >&2; exit 1; }
    fi
    if [ ! -x .venv/bin/python ]; then
        if ! "$py" -m venv .venv 2>/dev/null; then
            rm -rf .venv
            ver=$("$py" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
            apt_install "python${ver}-venv" || apt_install python3-venv
            "$py" -m venv .venv
        fi
    fi
    ensure_compiler
    if [ ! -f .venv/.installed ] || [ pyproject.toml -nt .venv/.installed ]; then
        .venv/bin/python -m pip install -q --upgrade pip
        .venv/bin/python -m pip install -q -e '.[dev]'
        touch .venv/.installed .venv/.built
    fi
    # The solver's compiled core is built in place by the editable install, and .venv/.built
    # marks the last build: rebuild when its source (or the build script) is newer, or the
    # built module is missing.
    local stale="" source
    [ -f .venv/.built ] || stale=yes
    ls mendikot_replay/solver/_ddcore.*.so >/dev/null 2>&1 || stale=yes
    for source in setup.py mendikot_replay/solver/core/*.[ch]; do
        if [ "$source" -nt .venv/.built ]; then stale=yes; fi
    done
    if [ -n "$stale" ]; then
        .venv/bin/python -m pip install -q --no-deps -e .
        touch .venv/.built
    fi
}

ensure_chromium() {
    # The browser tests drive Debian's Chromium through Playwright (Playwright's own
    # browser download is not used and not needed).
    if [ ! -x /usr/bin/chromium ]; then
        if [ "$(id -u)" -ne 0 ]; then
            echo "error: the browser tests need Debian's Chromium at /usr/bin/chromium;" \
                "install it with: sudo apt-get install chromium" >&2
            exit 1
        fi
        echo "Installing Debian's chromium for the browser tests…" >&2
        apt_install chromium
    fi
}

ensure_node() {
    # The page's code is checked by ESLint and its pure parts tested by Node's own test
    # runner: Node.js 18 or newer and npm (Debian's nodejs and npm when missing and root),
    # then the checker's packages from the npm registry, as package-lock.json pins them
    # (again only when the lock changed).
    local major=0
    if command -v node >/dev/null 2>&1; then
        major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
    fi
    if [ "$major" -lt 18 ] || ! command -v npm >/dev/null 2>&1; then
        echo "Installing Debian's nodejs and npm for the page's code checks…" >&2
        apt_install nodejs npm
    fi
    if [ ! -f node_modules/.installed ] || [ package-lock.json -nt node_modules/.installed ]; then
        npm ci --no-audit --no-fund --loglevel=error >&2
        touch node_modules/.installed
    fi
}

ensure_wasm() {
    # The solver's core built as WebAssembly (the browser's solver): Debian's clang and lld,
    # the WASI C library and compiler-rt's wasm32 builtins, when missing and root.
    local missing=()
    command -v clang >/dev/null 2>&1 || missing+=(clang)
    command -v wasm-ld >/dev/null 2>&1 || missing+=(lld)
    [ -f /usr/lib/wasm32-wasi/libc.a ] || missing+=(wasi-libc)
    compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a" >/dev/null \
        || missing+=(libclang-rt-dev-wasm32)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "Installing ${missing[*]} for the WebAssembly build of the solver…" >&2
        apt_install "${missing[@]}"
    fi
}

root_flag() {
    # Jupyter refuses to start as root unless told; a fresh container is often root.
    if [ "$(id -u)" -eq 0 ]; then echo "--allow-root"; fi
}

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

job=${1:-demo}
shift || true
case "$job" in
    setup)
        setup
        ;;
    demo)
        setup
        echo "Opening notebooks/01-replay.ipynb in JupyterLab. Open the http://…/lab?token=…"
        echo "address printed below in a browser if none opens; stop with Ctrl-C."
        # shellcheck disable=SC2046  # root_flag prints nothing or one word
        exec .venv/bin/jupyter lab $(root_flag) notebooks/01-replay.ipynb "$@"
        ;;
    present)
        # Any notebook can be served: the first argument is one when it names a notebook.
        notebook=notebooks/01-replay.ipynb
        if [ $# -gt 0 ] && [[ "$1" == *.ipynb ]]; then
            notebook=$1
            shift
        fi
        if [ ! -f "$notebook" ]; then
            echo "error: no such notebook: $notebook (the notebooks are in notebooks/)" >&2
            exit 2
        fi
        setup
        echo "Serving $notebook with Voila. Open the http://… address printed"
        echo "below in a browser if none opens; stop with Ctrl-C."
        # The template 'mendikot' is Voila's page with nothing fetched from another host (a
        # class may have no network); MENDIKOT_PRESENT turns presentation mode on.
        JUPYTER_PATH="$PWD/mendikot_replay/views/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}" \
            MENDIKOT_PRESENT=1 exec .venv/bin/voila --template=mendikot "$notebook" "$@"
        ;;
    notebooks)
        setup
        exec .venv/bin/python scripts/run_notebooks.py "$@"
        ;;
    test)
        setup
        ensure_chromium
        ensure_node
        ensure_wasm
        # pytest exits 5 when no test ran; that is a failure here like any other. The
        # suite runs on every core (at most 4 processes; pytest-xdist), one test file to a
        # process, so that a file's servers and browser are started once
        # (MENDIKOT_TEST_PROCESSES=0: in this process alone).
        exec .venv/bin/python -m pytest \
            --numprocesses="${MENDIKOT_TEST_PROCESSES:-auto}" --maxprocesses=4 \
            --dist=loadfile "$@"
        ;;
    site)
        # The static site (the board in any browser, no install): Pyodide's runtime from npm,
        # the solver core as WebAssembly, the package; served by any static web server.
        setup
        ensure_node
        ensure_wasm
        .venv/bin/python scripts/build_site.py "$@"
        ;;
    docs)
        port=${1:-8000}
        if ! [[ "$port" =~ ^[0-9]+$ ]]; then
            echo "error: PORT must be a number, not '$port'" >&2
            exit 2
        fi
        setup
        # -E: a fresh build, so that changed docstrings are read again (autodoc).
        .venv/bin/python -m sphinx -E -W --keep-going -q -b html docs docs/_build/html
        echo "Serving docs/_build/html at http://127.0.0.1:$port/; stop with Ctrl-C."
        exec .venv/bin/python -m http.server --bind 127.0.0.1 --directory docs/_build/html "$port"
        ;;
    *)
        echo "usage: ./dev.sh [demo|present [NOTEBOOK]|test|notebooks|site [OUT]|docs [PORT]|setup] [ARGS…]" >&2
        exit 2
        ;;
esac
