"""One option catalogue: every option of the rules has its words (web/words.py) and a
field of its kind on the new-game form, so that a new option cannot be forgotten; every preset
and every rule key has its words too."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import OPTION_SPECS, RULE_KEYS, VARIANTS, Spec
from scorekeeper.web import rulewords, switchwords, words
from scorekeeper.web.games import forms
from scorekeeper.web.rulebook.sentences import TITLES
from scorekeeper.web.rulebook.views import SECTION_OF

RECORDS = {name for name, spec in OPTION_SPECS.items() if spec.kind == "record"}


@pytest.mark.parametrize("name", list(OPTION_SPECS))
def test_every_option_has_a_label_a_field_and_a_section(name: str) -> None:
    spec = OPTION_SPECS[name]
    assert name in words.LABELS, f"web/words.py LABELS has no label for option {name!r}"
    # the form builds its fields from the kind (games/forms.py refuses a kind it cannot take)
    assert forms.OPTION_FIELDS.get(name), f"the new-game form has no field for {name!r}"
    if spec.kind == "record":
        assert name in switchwords.TOGGLES, f"{name!r}: a house rule needs switchwords.TOGGLES"
        assert list(words.KEY_LABELS[name]) == list(spec.keys), name
        # a box per key, but for the keys a club agreement's switch alone decides (5.1),
        # then the agreements' switches
        switched = forms.switched(name)
        assert forms.OPTION_FIELDS[name] == [
            forms.field_name(name),
            *(forms.field_name(name, key) for key in spec.keys if key not in switched),
            *(forms.agreement_field(name, key) for key in switchwords.AGREEMENTS.get(name, {})),
        ]
    assert SECTION_OF.get(name) in TITLES, f"rulebook SECTION_OF: which section explains {name!r}"


def test_no_words_for_an_option_the_rules_lack() -> None:
    assert list(words.LABELS) == list(OPTION_SPECS)
    assert set(words.KEY_LABELS) == RECORDS
    assert set(switchwords.TOGGLES) <= set(OPTION_SPECS)
    assert {hint.split(".")[0] for hint in words.HINTS} <= set(OPTION_SPECS)


def test_every_choice_and_every_way_has_words() -> None:
    specs = [*OPTION_SPECS.values(), *(k for s in OPTION_SPECS.values() for k in s.keys.values())]
    for spec in specs:
        for value in spec.choices:
            assert value in words.VALUE_WORDS or value.isdigit(), value
    for name, toggle in switchwords.TOGGLES.items():
        assert set(toggle.ways) <= set(forms.WAYS), name
        boxed = set(forms.boxes(name)) | set(forms.switched(name))
        if toggle.values is not None:  # a toggle of one word (the finish): no box, every way
            assert boxed == set() and set(toggle.values) == {*toggle.ways, "off"}, name
            assert set(toggle.values.values()) == set(OPTION_SPECS[name].choices), name
            continue
        assert boxed == set(OPTION_SPECS[name].keys or {"at"})
    for name, agreements in switchwords.AGREEMENTS.items():
        # an agreement sets keys of its rule, to values the rules take
        assert name in switchwords.TOGGLES, name
        for key, agreement in agreements.items():
            # off undoes the agreement's own key; "on" may need another (the give-up's
            # floor needs opponents half), which turning it off leaves as it was
            assert key in agreement.off and set(agreement.off) <= set(agreement.on), (name, key)
            assert set(agreement.on) <= set(OPTION_SPECS[name].keys), (name, key)


def test_a_kind_the_form_cannot_take_stops_the_app() -> None:
    """The form is built from the kinds: one it has no field for is an error, not a gap."""
    spec = Spec("per_suit", lambda raw: raw)
    with pytest.raises(TypeError, match="no field for a value of kind 'per_suit'"):
        forms._field(spec, "label", words.USUAL)


def test_every_option_field_is_on_the_page(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/games/new").get_data(as_text=True)
    posted = set(re.findall(r'name="([\w-]+)"', page))
    for name, fields in forms.OPTION_FIELDS.items():
        assert set(fields) <= posted, name


def test_every_preset_has_its_words() -> None:
    assert set(words.VARIANT_NAMES) == set(VARIANTS)
    assert set(words.PRESET_SENTENCES) == set(VARIANTS)
    assert set(words.PRESET_SUMMARIES) == set(VARIANTS)
    for key, cls in VARIANTS.items():
        # the msgid is the rules' English summary: a summary changed there must change here
        assert str(words.PRESET_SUMMARIES[key]) == cls.summary, key


def test_every_rule_key_has_a_name() -> None:
    assert set(rulewords.ENGLISH_RULES) == set(RULE_KEYS)
    for key in RULE_KEYS:
        assert rulewords.rule_name(key) == rulewords.ENGLISH_RULES[key]
