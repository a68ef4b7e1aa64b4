#!/usr/bin/env bash
# One entry point for a new machine: sets up .venv with the package, then runs a job.
#   ./dev.sh demo            set up, then replay a sample game in the terminal
#   ./dev.sh test [ARGS…]    set up, then run the whole test suite (lint, types, tests)
#   ./dev.sh setup           set up only
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
    if [ ! -f .venv/.installed ] || [ pyproject.toml -nt .venv/.installed ]; then
        .venv/bin/python -m pip install -q --upgrade pip
        .venv/bin/python -m pip install -q -e '.[dev]'
        touch .venv/.installed
    fi
}

job=${1:-demo}
shift || true
case "$job" in
    setup)
        setup
        ;;
    demo)
        setup
        exec .venv/bin/mendikot-replay show sample_games/worked-example.pmn "$@"
        ;;
    test)
        setup
        # pytest exits 5 when no test ran; that is a failure here like any other.
        exec .venv/bin/python -m pytest "$@"
        ;;
    *)
        echo "usage: ./dev.sh [demo|test|setup]" >&2
        exit 2
        ;;
esac
