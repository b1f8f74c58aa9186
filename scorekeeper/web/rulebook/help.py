"""Help pages: the game file format (/help/game-file), linked from the import page, for anyone
who writes or mends a game file by hand (docs/game-file.md says the same for the repository)."""

from __future__ import annotations

from flask import Blueprint, render_template

from scorekeeper.gamefile import FORMAT
from scorekeeper.rules import VARIANTS

bp = Blueprint("help", __name__)

#: the example of docs/game-file.md: a forced 100 given up under the bomba house rule, an
#: adjustment, and a hand with trick counts (tests/web/test_help.py scores it)
EXAMPLE = """{
  "format": "scorekeeper-game/1",
  "variant": "pl-3",
  "options": {"give_up": {"declarer": "minus", "opponents": 60, "limit": 1}},
  "players": ["Ala", "Bartek", "Celina"],
  "first_dealer": 0,
  "hands": [
    {"declarer": 1, "bid": 110, "contract": 120, "points": [35, 70, 15],
     "marriages": [{"seat": 1, "suit": "hearts"}]},
    {"declarer": 2, "bid": 100, "give_up": true},
    {"adjustment": [0, -120, 0], "reason": "exposed a card while dealing"},
    {"declarer": 0, "points": [100, 20, 0], "tricks": [6, 2, 0]}
  ]
}"""


@bp.route("/help/game-file")
def game_file() -> str:
    """The game file's keys, their types and defaults, and an example (public, like /rules/)."""
    return render_template(
        "help/game-file.html", example=EXAMPLE, format=FORMAT, variants=list(VARIANTS)
    )
