"""The rules in the app: every preset's rules, and a game's rules with its house rules."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, NamedTuple

from flask import Blueprint, abort, render_template
from flask_babel import gettext as _

from scorekeeper.rules import OPTION_SPECS, VARIANTS, Rules
from scorekeeper.rules.describe import describe
from scorekeeper.store import derived
from scorekeeper.store.models import Game
from scorekeeper.web import access
from scorekeeper.web.i18n import marriage, money
from scorekeeper.web.rulebook import text as rulebook_text
from scorekeeper.web.rulebook.sentences import TITLES, said
from scorekeeper.web.words import (
    KEY_BLANKS,
    KEY_LABELS,
    KEY_VALUE_WORDS,
    LABELS,
    NO,
    OFF,
    VALUE_WORDS,
    YES,
)

# Public pages: no before_request sign-in here (the game's page checks access itself).
bp = Blueprint("rulebook", __name__)
bp.add_app_template_filter(said, "said")


@bp.route("/rules/")
def index() -> str:
    """The presets, each with its players and one line, linking to its rules."""
    return render_template("rules/index.html", presets=rulebook_text.presets())


@bp.route("/rules/<preset>")
def preset(preset: str) -> str:
    """A preset's rules with its default options."""
    cls = VARIANTS.get(preset)
    if cls is None:
        abort(404)
    return render_template("rules/show.html", **book(Rules(cls)))


@bp.route("/games/<int:game_id>/rules")
def game_rules(game_id: int) -> str:
    """The rules of one game: its preset with the game's options, house rules marked."""
    found = access.game_or_404(game_id)
    return render_template("rules/show.html", **book(derived.rules_for(found), found))


def book(rules: Rules, game: Game | None = None) -> dict[str, Any]:
    """What rules/show.html needs: the sections the rules call for (rules/describe.py) and
    their titles, and a game's house rules."""
    house = house_rules(rules) if game is not None else []
    described = describe(rules)
    return {
        "rules": rules,
        "game": game,
        "names": derived.names(game) if game is not None else [],
        "summary": rulebook_text.summary(rules.preset),
        "book": described,
        "sections": [(s.key, str(TITLES[s.title])) for s in described],
        "house": house,
        "house_sections": {h.section for h in house},
    }


# Which section explains each option: a game's house rules are marked there.
SECTION_OF: dict[str, str] = {
    **dict.fromkeys(
        ("bidding", "min_bid", "bid_step", "max_contract", "contract_raise"), "auction"
    ),
    **dict.fromkeys(("round_declarer", "slam_counts_all"), "scoring"),
    **dict.fromkeys(
        (
            "marriages",
            "marriage_values",
            "marriage_needs_trick",
            "trump_marriage_double",
            "double_on_switch",
            "ace_marriage",
        ),
        "marriages",
    ),
    **dict.fromkeys(("target", "deals", "stake", "finish"), "end"),
    "cards": "deck",
    "sitting_out": "players",
    "all_cards_in_play": "points",
    "rounding": "rounding",
    "musik_bonus": "musik",
    "lock": "lock",
    "give_up": "give_up",
    "barrel": "barrel",
    "bolts": "bolts",
    "dump": "dump",
    # the club agreements of scoring.md 5.1 (the others are keys of give_up, barrel, bolts)
    "blind": "blind",
    "golden": "golden",
    "silence": "silence",
}


class HouseRule(NamedTuple):
    """One option of a game that differs from its preset."""

    name: str
    label: str
    value: str
    default: str
    section: str


def shown(value: Any, name: str = "") -> str:
    """An option's value in words."""
    if value is None:
        return str(OFF)
    if isinstance(value, bool):
        return str(YES if value else NO)
    if name in OPTION_SPECS and OPTION_SPECS[name].kind == "money":
        return money(Decimal(str(value)))
    if isinstance(value, Mapping):
        return "; ".join(
            str(_("%(option)s: %(value)s", option=_key(name, k), value=_part(name, k, v)))
            for k, v in value.items()
        )
    if isinstance(value, str):
        return str(VALUE_WORDS.get(value, value))
    return str(value)


def _part(name: str, key: str, value: Any) -> str:
    """A key's value inside option `name`; a blank that means more than "off" in its words
    ("lowest total: any", "hands: one per player")."""
    if value is None and key in KEY_BLANKS.get(name, {}):
        return str(KEY_BLANKS[name][key])
    own = KEY_VALUE_WORDS.get(name, {}).get(key, {})
    if isinstance(value, str) and value in own:
        return str(own[value])
    return shown(value)


def _key(name: str, key: str) -> str:
    """A key inside option `name`: a suit (marriage_values) or a house rule's key."""
    if OPTION_SPECS[name].kind == "per_suit":
        return marriage(key)
    return str(KEY_LABELS.get(name, {}).get(key, key))


def house_rules(rules: Rules) -> list[HouseRule]:
    """The options of `rules` that differ from its preset's, each with both values."""
    defaults = rules.preset.preset_options()
    preset = defaults.to_dict()
    out = []
    for name, value in rules.options.overrides_from(defaults).items():
        default = preset.get(name)
        if isinstance(value, Mapping) and isinstance(default, Mapping):
            # only the keys that changed: "at: 900" against "at: 880"
            value, default = (
                {k: v for k, v in side.items() if value.get(k) != default.get(k)}
                for side in (value, default)
            )
        label, section = str(LABELS[name]), SECTION_OF.get(name, "")
        out.append(HouseRule(name, label, shown(value, name), shown(default, name), section))
    return out
