"""Build the notebooks' part of the static site: JupyterLite in ``site/lab/``.

    .venv/bin/python scripts/build_lab.py OUT CORE       (./dev.sh site runs it)

Notebooks 01–03 and 05 open and run in the browser with the same board (anywidget works in
JupyterLite), their Python in JupyterLite's Pyodide kernel. Everything comes from the
package registries; nothing is fetched when the site runs:

- JupyterLite itself: ``jupyterlite-core`` and ``jupyterlite-pyodide-kernel`` (PyPI), with
  the page extensions of the widgets and anywidget, in an environment of their own
  (``.cache/lab-env``, from ``scripts/lab-build.txt``): the kernel's page extension would
  break the project's own JupyterLab were it installed there;
- Pyodide's runtime from npm (``node_modules/pyodide``), under the lab's
  ``static/pyodide/``, where the kernel looks for a Pyodide of the site's own;
- a Pyodide lock file of the site's own naming the wheels it ships there, beside it: the
  kernel's own (from its page extension), the pure-Python wheels of
  ``scripts/lab-wheels.txt`` (PyPI, for Pyodide's Python), and this package as a wheel with
  the solver core as WebAssembly (``CORE``) inside it. JupyterLite's lock add-on needs a
  Python newer than the machine may have (``pyodide-lock``): the lock is plain JSON, written
  here.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mendikot_replay"
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
WHEELS = ROOT / "scripts" / "lab-wheels.txt"
CACHE = ROOT / ".cache" / "lab-wheels"
BUILD_ENV = ROOT / ".cache" / "lab-env"
BUILD_NEEDS = ROOT / "scripts" / "lab-build.txt"
NOTEBOOKS = ("01-replay.ipynb", "02-teach-rules.ipynb", "03-endgames.ipynb", "05-record.ipynb")
SHIPPED = (".py", ".js", ".css", ".j2", ".json", ".typed", ".pyi")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# the kernel's own wheels (its page extension's pypi/ folder): loaded from the lock, so that
# the kernel installs nothing when it starts
KERNEL_WHEELS = ("piplite-", "pyodide_kernel-", "ipykernel-", "widgetsnbextension-4.")
# what the kernel must find in the lock to install nothing when it starts; every wheel of
# the lock is loaded when it starts (their dependencies are among them)
NEEDED = (
    "micropip",
    "piplite",
    "ipykernel",
    "comm",
    "pyodide-kernel",
    "jedi",
    "ipython",
    "widgetsnbextension",
    "ipywidgets",
    "anywidget",
    "mendikot-replay",
)


def pinned() -> list[str]:
    """The wheels of ``scripts/lab-wheels.txt`` (``name==version`` lines)."""
    lines = WHEELS.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def pure_wheels(cache: Path = CACHE) -> list[Path]:
    """The pinned wheels, downloaded from PyPI the first time (for Pyodide's Python)."""
    wanted = pinned()
    cache.mkdir(parents=True, exist_ok=True)

    def found(spec: str) -> Path | None:
        name, version = spec.split("==")
        stem = f"{name.replace('-', '_').lower()}-{version}-"
        return next((w for w in cache.glob("*.whl") if w.name.lower().startswith(stem)), None)

    if any(found(spec) is None for spec in wanted):
        subprocess.run(
            [
                *(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"),
                *("--only-binary=:all:", "--python-version", "3.14", "--platform", "any"),
                *("--implementation", "py", "--abi", "none", "--dest", str(cache), *wanted),
            ],
            check=True,
        )
    wheels = [found(spec) for spec in wanted]
    missing = [spec for spec, wheel in zip(wanted, wheels, strict=True) if wheel is None]
    if missing:
        raise SystemExit(f"no wheel for {', '.join(missing)} in {cache}")
    return [w for w in wheels if w is not None]


def build_env(env: Path = BUILD_ENV) -> Path:
    """The Python of the environment JupyterLite is built with, made (or brought up to date
    with ``scripts/lab-build.txt``) first."""
    python = env / "bin" / "python"
    stamp = env / ".installed"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(env)], check=True)
    if not stamp.exists() or stamp.read_bytes() != BUILD_NEEDS.read_bytes():
        pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        subprocess.run([*pip, "-r", str(BUILD_NEEDS)], check=True)
        stamp.write_bytes(BUILD_NEEDS.read_bytes())
    return python


def kernel_wheels(env: Path = BUILD_ENV) -> list[Path]:
    """The Pyodide kernel's own wheels, from its page extension in the build's environment."""
    folder = env / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    wheels = sorted(folder.glob("*.whl"))
    chosen = [w for w in wheels if w.name.startswith(KERNEL_WHEELS)]
    if len(chosen) != len(KERNEL_WHEELS):
        raise SystemExit(f"the Pyodide kernel's wheels are missing from {folder}")
    return chosen


def package_version() -> str:
    for line in (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines():
        if line.startswith("version = "):
            return line.split('"')[1]
    raise SystemExit("pyproject.toml has no version")


def package_wheel(folder: Path, core: Path) -> Path:
    """This package as a pure-Python wheel (no compiled module: the browser has the core as
    WebAssembly, ``solver/ddcore.wasm``, which :mod:`~.solver.wasm_core` loads)."""
    version = package_version()
    info = f"mendikot_replay-{version}.dist-info"
    wheel = folder / f"mendikot_replay-{version}-py3-none-any.whl"
    files: dict[str, bytes] = {}
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and path.suffix in SHIPPED and "__pycache__" not in path.parts:
            files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    files["mendikot_replay/solver/ddcore.wasm"] = core.read_bytes()
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: mendikot-replay\nVersion: {version}\n"
    ).encode()
    files[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: mendikot-replay build_lab\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{info}/top_level.txt"] = b"mendikot_replay\n"
    record = [f"{name},sha256={_digest(data)},{len(data)}" for name, data in files.items()]
    files[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), data)
    return wheel


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def lock_entry(wheel: Path) -> tuple[str, dict[str, object]]:
    """A wheel as Pyodide's lock file lists it: by its name, with what it imports."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(meta_name).decode("utf-8"))
        tops = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        if tops:
            imports = archive.read(tops[0]).decode().split()
        else:
            imports = sorted(
                {
                    n.split("/")[0].removesuffix(".py")
                    for n in names
                    if not n.split("/")[0].endswith((".dist-info", ".data"))
                    and (n.endswith(".py") or "/" in n)
                }
            )
    name = meta["Name"].lower().replace("_", "-").replace(".", "-")
    return name, {
        "name": name,
        "version": meta["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": [i for i in imports if not i.startswith("_")],  # no private modules
        "depends": [],  # every wheel of the lock is loaded when the kernel starts
        "unvendored_tests": False,
        "tool": {},
    }


def build_lab(out: Path, core: Path) -> Path:
    """JupyterLite with the notebooks in ``out`` (the site's ``lab/``)."""
    python = build_env()
    with tempfile.TemporaryDirectory(prefix="mendikot-lab-") as work:
        lite = Path(work) / "lite"
        runtime = lite / "static" / "pyodide"
        runtime.mkdir(parents=True)
        for name in RUNTIME:
            shutil.copy2(PYODIDE / name, runtime / name)
        lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
        packages: dict[str, object] = {}
        for wheel in [*pure_wheels(), *kernel_wheels(), package_wheel(Path(work), core)]:
            shutil.copy2(wheel, runtime / wheel.name)
            name, entry = lock_entry(runtime / wheel.name)
            packages[name] = entry
        missing = [name for name in NEEDED if name not in packages]
        if missing:
            raise SystemExit(f"the lab's lock lacks {missing}")
        lock["packages"] = packages
        (runtime / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
        contents = Path(work) / "contents"
        (contents / "notebooks").mkdir(parents=True)
        for notebook in NOTEBOOKS:
            shutil.copy2(ROOT / "notebooks" / notebook, contents / "notebooks" / notebook)
        (contents / "sample_games").mkdir()
        for game in sorted((ROOT / "sample_games").glob("*.pmn")):  # not the corpus
            shutil.copy2(game, contents / "sample_games" / game.name)
        config = {
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "Mendikot replay — notebooks",
                "litePluginSettings": {
                    KERNEL_PLUGIN: {
                        "pyodideUrl": "./static/pyodide/pyodide.mjs",
                        "disablePyPIFallback": True,
                        "loadPyodideOptions": {"packages": sorted(packages)},
                    }
                },
            },
        }
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        subprocess.run(
            [
                *(str(python), "-m", "jupyterlite_core", "build", "--no-sourcemaps"),
                *("--lite-dir", str(lite), "--output-dir", str(out)),
                *("--contents", str(contents)),
            ],
            check=True,
            cwd=work,
        )
    offline(out)
    return out


def offline(out: Path) -> None:
    """The lab's files kept for offline use: ``views/site/lab-sw.js`` put before
    JupyterLite's service worker, with every file of the lab listed and a version that
    changes with their bytes."""
    worker = out / "service-worker.js"
    files = sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and p.name != "service-worker.js"
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    prelude = (PACKAGE / "views" / "site" / "lab-sw.js").read_text(encoding="utf-8")
    version = json.dumps(f"mendikot-lab-{digest.hexdigest()[:16]}")
    prelude = prelude.replace('"@@LABVERSION@@"', version)
    prelude = prelude.replace('"@@LABFILES@@"', json.dumps("\n".join(files)))
    worker.write_text(prelude + "\n" + worker.read_text(encoding="utf-8"), encoding="utf-8")


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    build_lab(Path(argv[0]), Path(argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
