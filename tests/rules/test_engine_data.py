"""The browser engine's data is what the Python rules hold (static/rules/data.js)."""

from __future__ import annotations

from scorekeeper.enginedata import TARGET, module


def test_the_committed_data_module_is_what_the_rules_write() -> None:
    # an option, preset, bound or field changed in Python without `python -m
    # scorekeeper.enginedata` would leave the phone's engine on the old rules
    assert TARGET.read_text(encoding="utf-8") == module(), (
        "static/rules/data.js is stale: run `python -m scorekeeper.enginedata`"
    )


def test_every_option_and_preset_reaches_the_browser() -> None:
    from scorekeeper.rules import OPTION_SPECS
    from scorekeeper.rules.presets import PRESETS

    text = module()
    for name in OPTION_SPECS:
        assert f'"{name}": {{"kind"' in text
    for preset in PRESETS:
        assert f'"key": "{preset.key}"' in text
