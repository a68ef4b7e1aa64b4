"""A deal as a link (``pmn/link.py``): what goes in comes back byte for byte, and a link
from anyone — damaged, cut short, inflating without end, not text, with numbers or cards
that are not — gives a :class:`LinkError` saying what is wrong, never anything else."""

from __future__ import annotations

import base64
import string
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mendikot_replay.pmn.link import (
    MOST_TEXT,
    LinkError,
    SharedDeal,
    deal_code,
    link_fragment,
    read_fragment,
)

ROOT = Path(__file__).resolve().parent.parent


def _code(raw: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "sample_games").glob("*.pmn")))
def test_every_sample_file_comes_back_from_its_link_byte_for_byte(name: str) -> None:
    text = (ROOT / "sample_games" / name).read_text(encoding="utf-8")
    assert read_fragment(link_fragment(text, at=7)) == SharedDeal(text, 7)


@given(
    st.text(),
    st.integers(0, 9999),
    st.lists(st.sampled_from(["AS", "TH", "^TQD", "2C", "10D"]), max_size=8),
)
def test_any_text_place_and_line_come_back_from_a_link(text: str, at: int, line: list[str]) -> None:
    fragment = link_fragment(text, at, line)
    assert set(fragment) <= set(string.ascii_letters + string.digits + "-_=&.%^")
    assert read_fragment("#" + fragment) == SharedDeal(text, at, tuple(line))


def test_a_code_is_url_safe_base64_of_raw_deflate() -> None:
    text = '[Event "Thursday"]\n'
    code = deal_code(text)
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    assert zlib.decompress(raw, -15).decode() == text


@pytest.mark.parametrize(
    ("fragment", "says"),
    [
        ("", "holds no deal"),
        ("at=3", "holds no deal"),
        ("deal=ab%2Bc", "'+' is not a character"),
        ("deal=ab+c", "' ' is not a character"),
        ("deal=%3Cscript%3E", "'<' is not a character"),
        ("deal=" + _code(b"[Dealer 'A']")[:-3], "cut short"),
        ("deal=A", "cut short"),
        ("deal=AAAAAAAA", "does not unpack"),
        ("deal=" + _code(b"\xff\xfe[Dealer"), "not text (byte 1)"),
        ("deal=" + _code(b"x") + "&at=-1", "'-1' is not a whole number from 0 to 9999"),
        ("deal=" + _code(b"x") + "&at=99999", "'99999' is not a whole number from 0 to 9999"),
        ("deal=" + _code(b"x") + "&at=", "'' is not a whole number from 0 to 9999"),
        # digits of another script, an exponent: refused, not read as a number
        ("deal=" + _code(b"x") + "&at=%D9%A1%D9%A2", "'١٢' is not a whole number from 0"),
        ("deal=" + _code(b"x") + "&at=1e400", "'1e400' is not a whole number from 0"),
        ("deal=" + _code(b"x") + "&line=AS.<b>", "'<b>', which is not a card"),
    ],
)
def test_a_bad_link_says_what_is_wrong(fragment: str, says: str) -> None:
    with pytest.raises(LinkError) as caught:
        read_fragment(fragment)
    assert says in str(caught.value)


def test_a_link_that_would_inflate_without_end_is_refused() -> None:
    bomb = _code(b"\n" * (MOST_TEXT + 1))  # a few kilobytes of code
    assert len(bomb) < 10_000
    with pytest.raises(LinkError, match="longer than"):
        read_fragment("deal=" + bomb)
    exactly = _code(b"\n" * MOST_TEXT)
    assert read_fragment("deal=" + exactly).text == "\n" * MOST_TEXT


@given(st.text(max_size=200))
def test_any_fragment_is_read_or_refused_with_a_link_error(fragment: str) -> None:
    try:
        shared = read_fragment(fragment)
    except LinkError:
        return
    assert isinstance(shared.text, str) and shared.at >= 0


def test_a_link_carries_a_check_of_what_it_opens() -> None:
    text = (ROOT / "sample_games" / "worked-example.pmn").read_text(encoding="utf-8")
    fragment = link_fragment(text, at=34, line=["AS", "^TQD"])
    assert fragment.rsplit("&", 1)[1].startswith("check=")
    assert read_fragment(fragment).checked
    head, check = fragment.rsplit("=", 1)
    assert read_fragment(f"{head}={check.upper()}").checked  # the digits in either case


@pytest.mark.parametrize(
    ("old", "new"),
    [("at=34", "at=35"), ("line=AS", "line=KS"), ("check=", "check=0")],
)
def test_a_link_whose_card_line_or_check_was_changed_is_refused(old: str, new: str) -> None:
    text = (ROOT / "sample_games" / "worked-example.pmn").read_text(encoding="utf-8")
    fragment = link_fragment(text, at=34, line=["AS", "^TQD"])
    with pytest.raises(LinkError, match="the link is damaged: its check does not match"):
        read_fragment(fragment.replace(old, new, 1))


@given(st.data())
def test_a_link_with_up_to_three_characters_changed_is_refused_or_opens_the_same_deal(
    data: st.DataObject,
) -> None:
    # The damage a messenger or a retyping does: characters of the deal's code replaced.
    # Either the link is refused with a sentence, or what it opens is exactly what was
    # shared (base64's last character has bits no byte uses).
    text = (ROOT / "sample_games" / "endgame-cover-or-duck.pmn").read_text(encoding="utf-8")
    fragment = link_fragment(text, at=5)
    code_end = fragment.index("&")
    chars = list(fragment)
    alphabet = string.ascii_letters + string.digits + "-_"
    for _ in range(data.draw(st.integers(1, 3))):
        place = data.draw(st.integers(len("deal="), code_end - 1))
        chars[place] = data.draw(st.sampled_from(alphabet))
    damaged = "".join(chars)
    try:
        shared = read_fragment(damaged)
    except LinkError:
        return
    assert shared == SharedDeal(text, 5)


def test_three_characters_changed_in_a_sample_link_is_refused() -> None:
    text = (ROOT / "sample_games" / "worked-example.pmn").read_text(encoding="utf-8")
    fragment = link_fragment(text, at=12)
    middle = len("deal=") + 200
    # characters of the code exchanged for others: the kind of damage that still inflates
    damaged = (
        fragment[:middle]
        + "".join("A" if c != "A" else "B" for c in fragment[middle : middle + 3])
        + fragment[middle + 3 :]
    )
    assert damaged != fragment
    with pytest.raises(LinkError, match="the link is damaged"):
        read_fragment(damaged)


def test_a_link_from_before_checks_opens_and_says_it_could_not_be_checked() -> None:
    text = (ROOT / "sample_games" / "worked-example.pmn").read_text(encoding="utf-8")
    old = link_fragment(text, at=7).split("&check=")[0]
    assert read_fragment(old) == SharedDeal(text, 7, checked=False)
