"""The catalogues are complete: every message of the code, in every language, placeholders kept."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "pl", "ru", "uk")
# Same as identical English is fine for these (names, abbreviations, pure placeholders).
SAME_ALLOWED = {"API", "CSV", "JSON", "QR", "OK", "Tysiąc", "English", "Polski", "Русский"}
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%%|\{[a-z_]*(?:![rs])?\}|\{seat, suit\}")


def key(m: Message) -> tuple[str | None, str]:
    msgid = m.id[0] if isinstance(m.id, tuple) else m.id
    return (m.context, str(msgid))


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The messages in the code and templates now, extracted as tools/catalog extracts them."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    script = (ROOT / "tools" / "catalog").read_text()
    keywords = re.search(r"--omit-header \\\n\s+(.*?) -o ", script, re.S)
    assert keywords, "tools/catalog's extract line changed: update this test"
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run(
        [str(pybabel), "-q", "extract", "-F", "babel.cfg", "--no-location", "--omit-header"]
        + keywords.group(1).split()
        + ["-o", str(pot), "."],
        cwd=ROOT,
        check=True,
    )
    with pot.open("rb") as f:
        return read_po(f)


def catalogue(lang: str) -> Catalog:
    with (ROOT / "scorekeeper/translations" / lang / "LC_MESSAGES/messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(source: Catalog, lang: str) -> None:
    po = catalogue(lang)
    theirs = {key(m): m for m in po if m.id}
    nplurals = po.num_plurals
    problems = []
    for m in source:
        if not m.id:
            continue
        t = theirs.get(key(m))
        strings = () if t is None else t.string if isinstance(t.string, tuple) else (t.string,)
        if t is None or not all(strings):
            problems.append(f"missing: {key(m)}")
        elif t.fuzzy:
            problems.append(f"fuzzy: {key(m)}")
        elif isinstance(m.id, tuple) and len(strings) != nplurals:
            problems.append(f"{len(strings)} plural forms, {lang} has {nplurals}: {key(m)}")
    assert not problems, f"{lang}: {len(problems)} problems\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_are_kept(lang: str) -> None:
    problems = []
    for m in catalogue(lang):
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set(placeholders(ids[-1])) | set(placeholders(ids[0]))
        for s in strings:
            got = set(placeholders(s))
            # a plural's singular may say "one" instead of %(num)d
            if got != want and not (len(ids) == 2 and got <= want):
                problems.append(f"{ids[0]!r} -> {s!r}: {sorted(got)} != {sorted(want)}")
    assert not problems, "\n".join(problems[:40])


@pytest.mark.parametrize("lang", ("pl", "ru", "uk"))
def test_no_english_left_as_the_translation(lang: str) -> None:
    """A message copied as its own translation is untranslated (unless it has no words)."""
    copied = []
    for m in catalogue(lang):
        if not m.id or isinstance(m.id, tuple) or m.string != m.id or m.id in SAME_ALLOWED:
            continue
        words = PLACEHOLDER.sub("", m.id)
        if re.search(r"[A-Za-z]{3,}", words) and not re.fullmatch(r"[a-z]+-\d|moscow", words):
            copied.append(m.id)
    assert not copied, "\n".join(copied[:40])


def test_the_english_catalogue_is_the_source() -> None:
    for m in catalogue("en"):
        if m.id:
            assert m.string == m.id, m.id
