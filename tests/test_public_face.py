"""The public face: ``import mendikot_replay as mr`` gives what a user reaches for, and stays
light (no pandas, no widget library) until a widget is asked for."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import mendikot_replay as mr

FACE = [
    "Card",
    "Suit",
    "Seat",
    "Rules",
    "DealSetup",
    "Game",
    "Timeline",
    "DealRecord",
    "read_deals",
    "read_string",
    "write_deals",
    "check_record",
    "solve",
    "Solver",
    "analyse",
    "annotate",
    "replay",
    "Viewer",
    "MendikotError",
    "PMNError",
    "IllegalPlay",
]

HEAVY = ("pandas", "anywidget", "ipywidgets", "matplotlib", "pyarrow", "IPython", "traitlets")


def loaded_after(code: str) -> list[str]:
    """The heavy modules loaded in a fresh interpreter after running ``code``."""
    probe = f"import sys\n{code}\nimport json\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    modules = json.loads(done.stdout.splitlines()[-1])
    return [name for name in (*HEAVY, "dask") if name in modules]


def test_the_face_has_every_name() -> None:
    missing = [name for name in FACE if not hasattr(mr, name)]
    assert not missing
    assert set(FACE) <= set(mr.__all__) and set(FACE) <= set(dir(mr))


def test_the_bare_import_is_light() -> None:
    assert loaded_after("import mendikot_replay as mr; mr.read_string; mr.solve") == []


def test_the_widget_names_load_on_first_use() -> None:
    pytest.importorskip("anywidget")
    assert "anywidget" in loaded_after("import mendikot_replay as mr; mr.Viewer")
    from mendikot_replay.views.widget import Viewer, replay

    assert mr.Viewer is Viewer and mr.replay is replay


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        _ = mr.nothing_here


@pytest.mark.parametrize(
    "error",
    [mr.PMNError, mr.IllegalPlay, mr.SetupError, mr.EditError, mr.AnalysisError, mr.SaveError],
)
def test_every_error_is_a_mendikot_error(error: type[Exception]) -> None:
    assert issubclass(error, mr.MendikotError)


def test_value_errors_stay_value_errors() -> None:
    for error in (mr.IllegalPlay, mr.SetupError, mr.EditError, mr.AnalysisError):
        assert issubclass(error, ValueError), error
    assert issubclass(mr.SaveError, OSError) and issubclass(mr.FileChangedError, mr.SaveError)


def test_an_illegal_card_raises_from_the_face() -> None:
    deal = mr.read_string(
        '[Dealer "D"]\n[TrumpMethod "None"]\n[Start "trick 13; tens 2-1; tricks 6-6"]\n'
        '[Hands "A:T... B:A... C:.2.. D:..2."]\n[Play "A"]\n'
    )[0]
    assert deal.setup is not None
    game = mr.Game(deal.setup)
    with pytest.raises(mr.IllegalPlay, match="not in A's hand"):
        game.play(mr.Card.parse("AS"))  # A is to play, and holds TS only


def test_a_widget_name_without_the_extra_says_which_to_install() -> None:
    probe = (
        "import sys\n"
        "sys.modules['anywidget'] = None\n"
        "import mendikot_replay as mr\n"
        "try:\n"
        "    mr.replay\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert "pip install 'mendikot-replay[notebook]'" in done.stdout
