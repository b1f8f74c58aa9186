"""Random games with the club agreements of scoring.md 5.1 and 5.2 switched on (tests/strategies.py
deals the hands): blind bids, golden hands, silent seats, give-up penalties, the give-up award,
barrel falls to 0, a failed contract on the barrel, defenders finishing, climbing together,
finishing exactly and the bolt variants, each hand fitted to the agreements so that it scores."""

# A hand of such a game depends on the state before it (a silent seat, a seat on the barrel, the
# golden hands): the game is dealt hand by hand beside a score sheet of the rules, and a hand an
# agreement refuses is dealt again within the agreement (no blind bid, no give-up, the first
# player after the dealer at the lowest bid). The properties and the JavaScript twin then check
# what the engines make of it; the table-driven cases (tests/rules/test_club.py) check the rules.

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.gamefile import parse_line
from scorekeeper.rules import InvalidHand, Sheet, rules_for
from tests.strategies import (
    AUCTION,
    GIVE_UP,
    NAMES,
    REASONS,
    SEATS,
    Ask,
    Drawn,
    Json,
    _one_in,
    make_hand,
)


def club_options(ask: Ask, preset: str, goal: int = 1000) -> dict[str, Json]:
    """Some agreements of 5.1 and 5.2, with their usual values or others (always some, never
    all)."""
    out: dict[str, Json] = {}
    if preset in AUCTION:
        lo, step, hi, _ = AUCTION[preset]
        if ask.flag():
            least = ask.pick([c for c in (lo, 120, 140) if c <= hi])
            out["blind"] = ask.pick(
                (
                    True,
                    {"multiplier": 3},
                    {"min_contract": least, "on_barrel": ask.flag()},
                    {"min_total": ask.pick((-100, 0, 200))},
                )
            )
        if ask.flag():
            contract = ask.pick([c for c in (lo, 120, hi) if c % step == 0])
            out["golden"] = ask.pick(
                (
                    True,
                    {"hands": ask.int(1, 4)},
                    {"contract": contract, "multiplier": 3},
                    {"reset_if_nobody": False, "hands": ask.int(1, 2)},
                )
            )
        if ask.flag():
            out["silence"] = ask.pick((True, {"below": 0}, {"below": -50}))
    if preset in GIVE_UP and ask.flag():
        give_up: dict[str, Json] = {"every": ask.int(1, 3), "penalty": 120, "on_barrel": ask.flag()}
        if ask.flag():  # 5.2: "60, or half the contract above 120"
            give_up |= {"opponents": "half", "opponents_min": ask.pick((60, 40))}
        if ask.flag():  # 5.2: a player's first give-ups are free
            give_up["free"] = ask.int(1, 2)
        out["give_up"] = give_up
    # the barrel, also where the preset has none (and below a short game's target in ru-3)
    if preset != "moscow" and (ask.flag() or (preset == "ru-3" and goal <= 880)):
        at = ask.pick((goal - 120, goal // 2))  # halfway too: more climbs and falls
        out["barrel"] = {
            "at": at,
            "falls_to_zero": ask.int(1, 3),
            "tries": ask.int(1, 3),
            # 5.2: a failed contract as a try, a defender finishing, climbing together
            "on_fail": ask.pick(("minus", "try")),
            "defender_finishes": ask.flag(),
            "together": ask.pick(("all", "declarer", "none")),
        }
    if ask.flag():  # 5.2: finish exactly on the target
        out["finish"] = "exact"
    if ask.flag() or not out:
        out["bolts"] = {
            "kind": ask.pick(("points", "tricks")),
            "consecutive": ask.flag(),
            "count": ask.int(2, 3),
        }
    return out


def _fixed(ask: Ask, preset: str, contract: int) -> dict[str, int]:
    """A golden hand's bid and contract fields: exactly `contract` (a raise from a lower bid
    where the contract may be raised), or neither (the contract is fixed)."""
    lo, step, _hi, can_raise = AUCTION[preset]
    form = ask.pick(("bid", "contract", "both", "raised" if can_raise else "both", "neither"))
    if form == "neither":
        return {}
    if form == "raised":
        return {"bid": ask.int(lo // step, contract // step) * step, "contract": contract}
    if form == "both":
        return {"bid": contract, "contract": contract}
    return {form: contract}


def _silent(ask: Ask, preset: str) -> dict[str, int]:
    """A silent seat's bid: the lowest, raised after the musik where the variant allows it."""
    lo, step, hi, can_raise = AUCTION[preset]
    if can_raise and ask.flag():
        return {"bid": lo, "contract": ask.int(lo // step, min(hi, lo + 4 * step) // step) * step}
    return {"bid": lo}


def _fits(sheet: Sheet, number: int, line: dict[str, Json]) -> bool:
    try:
        return not sheet.check(parse_line(number, line))
    except InvalidHand:
        return False


def _hand(ask: Ask, preset: str, sheet: Sheet, dealer: int, options: dict[str, Json]) -> Json:
    """A hand that the agreements take: golden as the deal says, else dealt freely, blind now
    and then, and dealt again within the agreements if one refuses it."""
    rules, number = sheet.rules, len(sheet.lines) + 1
    golden = rules.golden_hand(sheet.table.hands + 1, dealer)
    if golden is not None:
        fixed = _fixed(ask, preset, golden.contract)
        return make_hand(ask, preset, dealer, golden.declarer, fixed, may_give_up=False)
    line = make_hand(ask, preset, dealer)
    blind = rules.options.blind
    contract = max(line.get("bid", 0), line.get("contract", 0))
    if blind and "declarer" in line and not line.get("give_up") and contract >= blind.min_contract:
        line["blind"] = ask.flag()
    if _fits(sheet, number, line):
        return line
    line.pop("blind", None)
    if _fits(sheet, number, line):
        return line
    line = make_hand(ask, preset, dealer, may_give_up=False)
    if _fits(sheet, number, line):
        return line
    # silence: the first player after the dealer at the lowest bid
    who = rules.opener(dealer)
    return make_hand(ask, preset, dealer, who, _silent(ask, preset), may_give_up=False)


def make_club_game(
    ask: Ask, preset: str, min_hands: int = 1, max_hands: int = 30, target: int | None = None
) -> dict[str, Json]:
    """A whole game file with some agreements of 5.1 on; it stops when the game ends."""
    n = SEATS[preset]
    goal = 1000 if target is None else target
    options: dict[str, Json] = {"target": goal, **club_options(ask, preset, goal)}
    names = ask.shuffled(NAMES)[:n]
    first = ask.int(0, n - 1)
    sheet = Sheet(rules_for(preset, options), first, names)
    lines: list[dict[str, Json]] = []
    dealer, played = first, 0
    wanted = ask.int(max(1, min_hands), max(1, min_hands, max_hands))
    while played < wanted and sheet.table.ended_at is None:
        line: dict[str, Json]
        if lines and _one_in(ask, 12):  # adjustments do not move the deal
            line = {
                "adjustment": [10 * ask.int(-30, 30) for _ in range(n)],
                "reason": ask.pick(REASONS),
            }
        else:
            explicit = _one_in(ask, 10)
            if explicit and ask.flag():  # a redeal moved the deal; rotation continues from here
                dealer = ask.int(0, n - 1)
            line = _hand(ask, preset, sheet, dealer, options)
            if explicit:
                line = {"dealer": dealer, **line}
            played += 1
        try:
            sheet.add(parse_line(len(lines) + 1, line))
        except InvalidHand:
            break  # no way found within the agreements: the game stops before it
        lines.append(line)
        if "adjustment" not in line:
            dealer = (dealer + 1) % n
    return {
        "format": "scorekeeper-game/1",
        "variant": preset,
        "options": options,
        "players": names,
        "first_dealer": first,
        "hands": lines,
    }


@st.composite
def club_games(
    draw: st.DrawFn, preset: str, min_hands: int = 1, max_hands: int = 30, target: int | None = None
) -> dict[str, Any]:
    """A whole game file with some agreements of 5.1 on (make_club_game)."""
    return make_club_game(Drawn(draw), preset, min_hands, max_hands, target)
