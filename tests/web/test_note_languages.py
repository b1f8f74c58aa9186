"""Every rule key's explanation reads as written by hand in each language (tests/notes/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.support import Translations

from scorekeeper.rules import RULE_KEYS, Note, text

HERE = Path(__file__).resolve().parent
TRANSLATIONS = HERE.parents[1] / "scorekeeper" / "translations"
DATA = json.loads((HERE.parent / "notes" / "explanations.json").read_text(encoding="utf-8"))
LANGS = ("en", "pl", "ru", "uk")


def test_the_cases_cover_every_rule_key_and_barrel_event() -> None:
    assert {c["rule"] for c in DATA["cases"]} == set(RULE_KEYS)
    events = {c["params"]["event"] for c in DATA["cases"] if c["rule"] == "barrel"}
    assert events == {"climb", "idle", "stay", "try", "fall", "knock-off", "off"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "case", DATA["cases"], ids=[f"{c['rule']}-{i}" for i, c in enumerate(DATA["cases"])]
)
def test_explanation_reads_in_each_language(lang: str, case: dict) -> None:
    catalogue = Translations.load(str(TRANSLATIONS), [lang])
    assert isinstance(catalogue, Translations), f"no compiled catalogue for {lang}"
    note = Note(0, case["rule"], case["params"])
    assert text(note, DATA["names"], catalogue) == case[lang]
