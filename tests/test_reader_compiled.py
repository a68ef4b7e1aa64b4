"""The compiled reader and engine (mypyc, setup.py) give the answers of their Python source.

Each side runs in its own interpreter (``MENDIKOT_PURE=1`` forces the source): both read the
same corpus — random deals of every rule variant, annotated ones with variations, positions,
and the same files with random damage, so that the error paths run too — and print one digest
of everything the reader made: tags, every node with its annotations and replay fields, every
error and warning with line, column and deal, each timeline snapshot, and the canonical
bytes the writer makes of the records. The digests must be equal.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mendikot_replay.core import compiled

ROOT = Path(__file__).resolve().parent.parent

#: Runs in a fresh interpreter; prints whether it ran compiled, then the digest.
DIGEST = r"""
import hashlib, io, random
from mendikot_replay.core.compiled import COMPILED
from mendikot_replay.players.generate import random_deals, random_positions
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.pmn.writer import write_deals

def damaged(text, seed):
    rng = random.Random(seed)
    lines = text.split("\n")
    for _ in range(len(lines) // 3):
        i = rng.randrange(len(lines))
        line = lines[i]
        if not line:
            continue
        j = rng.randrange(len(line))
        op = rng.randrange(5)
        if op == 0:
            line = line[:j] + line[j + 1 :]
        elif op == 1:
            line = line[:j] + rng.choice("(){}*$!?^T^R%[]\" :.-10XSD\\") + line[j:]
        elif op == 2:
            line = line[:j] + line[j + 3 :]
        elif op == 3:
            lines.insert(i, "")
        else:
            line = line[:j] + rng.choice("AKQJT98765432") + line[j + 1 :]
        lines[i] = line
    return "\n".join(lines)

def walk(node, out, depth):
    while node is not None:
        out.append((depth, node.card, node.reveal_request, node.revoke, node.nags,
                    node.comments, node.starting_comments, node.marker, node.line, node.col,
                    node.seat, node.trick, node.position, node.leader))
        for alternative in node.variations[1:]:
            walk(alternative, out, depth + 1)
        node = node.variations[0] if node.variations else None

def facts(record):
    out = [record.index, record.line, record.unfinished, record.tags, record.tag_places,
           record.comments, repr(record.setup), record.source]
    out += [(p.message, p.line, p.col, p.deal, p.severity) for p in record.errors]
    out += [(p.message, p.line, p.col, p.deal, p.severity) for p in record.warnings]
    for first in record.variations:
        walk(first, out, 0)
    timeline = record.timeline
    if timeline is not None:
        out += [timeline.error, timeline.error_ply, list(timeline)]
    return repr(out)

plain = io.StringIO()
write_deals(random_deals(SIZE, 5), plain)
annotated = io.StringIO()
write_deals(list(random_deals(SIZE // 2, 6, annotate=True)) + list(random_positions(SIZE // 2, 7)),
            annotated)
texts = [plain.getvalue(), annotated.getvalue()]
texts += [damaged(text, seed) for seed in (1, 2) for text in texts]
digest = hashlib.sha256()
deals = 0
for text in texts:
    records = read_string(text)
    deals += len(records)
    for record in records:
        digest.update(facts(record).encode())
    canonical = io.StringIO()
    write_deals(records, canonical)
    digest.update(canonical.getvalue().encode())
print(COMPILED, deals, digest.hexdigest())
"""


def run_digest(pure: bool, size: int) -> tuple[str, int, str]:
    env = {k: v for k, v in os.environ.items() if k != "MENDIKOT_PURE"}
    if pure:
        env["MENDIKOT_PURE"] = "1"
    result = subprocess.run(
        [sys.executable, "-c", DIGEST.replace("SIZE", str(size))],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
        timeout=600,
    )
    flag, deals, digest = result.stdout.split()
    return flag, int(deals), digest


def test_setup_compiles_the_modules_the_package_selects() -> None:
    """setup.py's list and :data:`compiled.MODULES` name the same modules."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    listed: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "MYPYC_MODULES" for t in node.targets
        ):
            listed = ast.literal_eval(node.value)
    assert [path.removesuffix(".py").replace("/", ".") for path in listed] == list(compiled.MODULES)


def test_the_pure_switch_reads_the_source() -> None:
    code = "import mendikot_replay.pmn.reader as r, mendikot_replay.core.engine as e\n"
    code += "print(r.__file__, e.__file__)"
    env = {**os.environ, "MENDIKOT_PURE": "1"}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert all(path.endswith(".py") for path in result.stdout.split())


@pytest.mark.skipif(not compiled.fresh(), reason="the reader and engine are not compiled here")
def test_compiled_and_pure_give_the_same_records() -> None:
    fast = run_digest(pure=False, size=160)
    slow = run_digest(pure=True, size=160)
    assert (fast[0], slow[0]) == ("True", "False")
    assert fast[1] == slow[1] > 400
    assert fast[2] == slow[2]


def test_an_edited_module_makes_every_module_come_from_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build is used only while every module has one at least as new as its source
    (and the shared library is there): an edit, or one missing build, means source for all."""
    import importlib.machinery

    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    monkeypatch.setattr(compiled, "_PACKAGE", tmp_path)
    (tmp_path / f"_mypyc__mypyc{suffix}").write_bytes(b"")
    for name in compiled.MODULES:
        source = compiled.source_path(name)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("", encoding="utf-8")
        os.utime(source, (1000, 1000))
        built = source.with_name(source.stem + suffix)
        built.write_bytes(b"")
        os.utime(built, (2000, 2000))
    assert compiled.fresh()
    edited = compiled.source_path(compiled.MODULES[3])
    os.utime(edited, (3000, 3000))
    assert not compiled.fresh()
    os.utime(edited, (1000, 1000))
    assert compiled.fresh()
    next(tmp_path.glob("_mypyc__mypyc*")).unlink()
    assert not compiled.fresh()
