"""Hypothesis strategies: game files made by dealing a real 24-card deck, and malformed ones."""

import copy
import json
import random
import warnings
from collections.abc import Iterator, Sequence
from typing import Any, Protocol, TypeVar

from hypothesis import strategies as st

Card = tuple[str, str]  # (rank, suit)
Json = Any
T = TypeVar("T")


class Ask(Protocol):
    """Where the random choices of a dealt game come from: Hypothesis (`Drawn`, which shrinks a
    failing game to a small one) or a seeded generator (`Seeded`, about 20 times faster, for the
    thousands of games the JavaScript twin is compared on)."""

    def int(self, lo: int, hi: int) -> int: ...
    def pick(self, seq: Sequence[T]) -> T: ...
    def shuffled(self, seq: Sequence[T]) -> list[T]: ...
    def flag(self) -> bool: ...


class Drawn:
    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def int(self, lo: int, hi: int) -> int:
        return self.draw(st.integers(lo, hi))

    def pick(self, seq: Sequence[T]) -> T:
        return self.draw(st.sampled_from(seq))

    def shuffled(self, seq: Sequence[T]) -> list[T]:
        return list(self.draw(st.permutations(seq)))

    def flag(self) -> bool:
        return self.draw(st.booleans())


class Seeded:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def int(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def pick(self, seq: Sequence[T]) -> T:
        return seq[self.rng.randrange(len(seq))]

    def shuffled(self, seq: Sequence[T]) -> list[T]:
        return self.rng.sample(list(seq), len(seq))

    def flag(self) -> bool:
        return self.rng.random() < 0.5


PRESETS = ("pl-3", "pl-4", "pl-2", "ru-2", "ru-4", "moscow", "ru-3")
SEATS = {"pl-3": 3, "pl-4": 4, "pl-2": 2, "ru-2": 2, "ru-4": 4, "moscow": 2, "ru-3": 3}
TRICKS = {"pl-3": 8, "pl-4": 8, "pl-2": 10, "ru-2": 10, "ru-4": 6, "moscow": 12, "ru-3": 8}
SUITS = ("spades", "clubs", "diamonds", "hearts")
RANKS = ("A", "10", "K", "Q", "J", "9")
DECK: tuple[Card, ...] = tuple((r, s) for s in SUITS for r in RANKS)
VALUES = {
    "standard": {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0},
    "moscow": {"A": 11, "10": 10, "K": 5, "Q": 4, "J": 3, "9": 0},
}
MARRIAGE = {"hearts": 100, "diamonds": 80, "clubs": 60, "spades": 40}
# (min_bid, bid_step, max_contract, contract_raise) of each auction preset, scoring.md section 1.
AUCTION = {
    "pl-3": (100, 10, 400, True),
    "pl-4": (100, 10, 400, True),
    "pl-2": (100, 10, 400, True),
    "ru-2": (60, 10, 120, False),
    "ru-4": (60, 10, 120, False),
    "ru-3": (100, 5, 400, True),
}
IN_TRICKS = {"ru-2", "ru-4"}
# Forced opening (scoring.md 3.2): the first seat after the dealer that takes part opens at
# min_bid without looking, so anyone else who wins the auction bid at least one step more.
FORCED = {"pl-3", "pl-4", "pl-2", "ru-3"}
GIVE_UP = {"ru-2", "ru-4", "ru-3"}
# Cards dealt to each seat before the declarer touches the musik/prikup.
PER_SEAT = {"pl-3": 7, "pl-4": 7, "ru-3": 7, "pl-2": 10, "ru-2": 10, "ru-4": 5, "moscow": 12}
NAMES = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Олег", "Наташа", "Тарас", "Оксана", "Zoë")
REASONS = ("exposed a card while dealing", "misdeal penalty", "correction agreed at the table")


def _one_in(ask: Ask, k: int) -> bool:
    # Compare with a middle value: Hypothesis favours 0 and the bounds ("rare" would be common).
    return bool(ask.int(0, k - 1) == k // 2)


def _deal(
    ask: Ask, preset: str, dealer: int, declarer: int | None
) -> tuple[dict[int, list[Card]], list[Card], str]:
    """Shuffle and deal: each seat's final cards, the musik as dealt, the 13th card's suit."""
    deck = ask.shuffled(DECK)
    seats = [s for s in range(SEATS[preset]) if not (preset == "pl-4" and s == dealer)]
    k = PER_SEAT[preset]
    hands = {s: deck[i * k : (i + 1) * k] for i, s in enumerate(seats)}
    talon = deck[len(seats) * k :]
    if declarer is None:  # moscow: no musik, every seat ends with 12 cards
        return hands, [], deck[12][1]
    if preset in ("pl-2", "ru-2"):  # one musik of 2 (or 2 prikup cards) is taken, 2 are discarded
        half = ask.pick((0, 2))
        mine = ask.shuffled(hands[declarer] + talon[half : half + 2])
        hands[declarer] = mine[2:]
    else:  # the declarer takes it all and passes one card to each other seat
        mine = ask.shuffled(hands[declarer] + talon)
        for s in seats:
            if s != declarer:
                hands[s].append(mine.pop())
        hands[declarer] = mine
    return hands, talon, ""


def _winners(ask: Ask, preset: str, seats: list[int], favourite: int) -> list[int]:
    # Legal play is not simulated; a random winner per trick, sometimes skewed so that a seat takes
    # every trick (slam) or none (marriage-needs-trick, bolts).
    mode = ask.pick(("uniform",) * 2 + ("favour",) * 5 + ("shutout", "sweep"))
    out = ask.pick(seats)  # the seat that takes nothing in "shutout"
    pool = {
        "uniform": seats,
        "favour": seats + [favourite] * 2 * len(seats),
        "sweep": [favourite],
        "shutout": [s for s in seats if s != out],
    }[mode]
    n = TRICKS[preset]
    return [ask.pick(pool) for _ in range(n)]


def opener(preset: str, dealer: int) -> int:
    """The forced opener: the first seat after `dealer` that takes part (pl-4's dealer sits out)."""
    return (dealer + 1) % SEATS[preset]


def lowest_bid(preset: str, dealer: int, declarer: int) -> int:
    """The lowest bid that wins the auction for `declarer`: min_bid is the forced opener's."""
    lo, step, _, _ = AUCTION[preset]
    return lo + step if preset in FORCED and declarer != opener(preset, dealer) else lo


def _contract(ask: Ask, preset: str, raw: int, least: int) -> dict[str, int]:
    """Bid and contract near what the declarer took; no bid under `least` (lowest_bid)."""
    _, step, hi, can_raise = AUCTION[preset]
    lo = least
    if not _one_in(ask, 6):  # mostly near what the declarer took (a bit under, as players bid)
        c = round(raw / step) * step + ask.pick((-3, -2, -1, -1, 0, 0, 0, 1, 2)) * step
    else:
        c = ask.int(lo // step, hi // step) * step
    contract = min(hi, max(lo, c))
    form = ask.pick(("both", "both", "bid", "contract"))
    if form != "both":  # the one given is both bid and contract
        return {form: contract}
    bid = contract
    if can_raise and ask.flag():
        bid = ask.int(lo // step, contract // step) * step
    return {"bid": bid, "contract": contract}


def make_hand(
    ask: Ask,
    preset: str,
    dealer: int,
    who: int | None = None,
    fixed: dict[str, int] | None = None,
    may_give_up: bool = True,
) -> dict[str, Json]:
    """One realistic hand record (no "dealer" key) for `preset` dealt by seat `dealer`. The
    club agreements (tests/clubgames.py) may fix the declarer (`who`), the bid and contract
    fields (`fixed`) and forbid a give-up."""
    n = SEATS[preset]
    seats = [s for s in range(n) if not (preset == "pl-4" and s == dealer)]
    # the forced opener wins many auctions at min_bid (nobody bid over it): drawn more often
    bidders = seats + [opener(preset, dealer)] * (preset in FORCED)
    declarer = None if preset == "moscow" else who if who is not None else ask.pick(bidders)
    if may_give_up and preset in GIVE_UP and _one_in(ask, 8):
        _, step, hi, _ = AUCTION[preset]
        lo = lowest_bid(preset, dealer, declarer)
        bid = {"bid": ask.int(lo // step, hi // step) * step} if fixed is None else fixed
        return {"declarer": declarer, **bid, "give_up": True}
    hands, musik, first_trump = _deal(ask, preset, dealer, declarer)
    favourite = declarer if declarer is not None else ask.pick(seats)
    winners = _winners(ask, preset, seats, favourite)
    values = VALUES["moscow" if preset == "moscow" else "standard"]
    # Trick t is card t of every playing seat; its drawn winner takes all of them.
    won = {w: [hands[s][t] for t, x in enumerate(winners) if x == w for s in seats] for w in seats}
    points: list[int | None] = [
        sum(values[r] for r, _ in won[s]) if s in won else None for s in range(n)
    ]
    tricks: list[int | None] = [winners.count(s) if s in won else None for s in range(n)]
    hand: dict[str, Json] = {} if declarer is None and ask.flag() else {"declarer": declarer}
    marriages: list[dict[str, Json]]
    trump = ask.pick(SUITS) if preset in IN_TRICKS else first_trump
    if preset in IN_TRICKS:  # found in tricks: every K+Q pair in a seat's won cards counts
        marriages = [
            {"seat": s, "suit": u}
            for s in seats
            for u in SUITS
            if ("K", u) in won[s] and ("Q", u) in won[s]
        ]
    else:  # declared: only a seat holding K+Q may announce it, and it may choose not to
        marriages = [
            {"seat": s, "suit": u}
            for s in seats
            for u in SUITS
            if ("K", u) in hands[s] and ("Q", u) in hands[s] and ask.int(0, 3)
        ]
        # moscow: a marriage may also make its suit the new trump
        marriages = [
            {**m, "switch": True} if preset == "moscow" and _one_in(ask, 4) else m
            for m in marriages
        ]
    marriages = ask.shuffled(marriages)  # declaration order interleaves the seats
    if declarer is not None:
        mine = [m for m in marriages if m["seat"] == declarer]
        if preset in IN_TRICKS:
            bonus = sum(80 if m["suit"] == trump else 40 for m in mine)
        else:  # declared marriages need a trick in every auction preset
            bonus = sum(MARRIAGE[m["suit"]] for m in mine) if tricks[declarer] else 0
        least = lowest_bid(preset, dealer, declarer)
        raw = (points[declarer] or 0) + bonus
        hand.update(fixed if fixed is not None else _contract(ask, preset, raw, least))
    hand["points"] = points
    if marriages or _one_in(ask, 2):
        hand["marriages"] = marriages
    if preset in IN_TRICKS and not marriages and ask.flag():
        trump = ""  # the trump only decides a marriage found in tricks: none, so often unsaid
    hand.update({"trump": trump} if trump else {})
    hand.update({"tricks": tricks} if _one_in(ask, 2) else {})
    if preset == "pl-4" and not _one_in(ask, 8):  # optional field, present most of the time
        pair = [u for u in SUITS if ("K", u) in musik and ("Q", u) in musik]
        hand["musik"] = {
            "aces": sum(r == "A" for r, _ in musik),
            "marriage": pair[0] if pair else None,
        }
    return hand


@st.composite
def dealt_hand(draw: st.DrawFn, preset: str, dealer: int) -> dict[str, Json]:
    """One realistic hand record (no "dealer" key) for `preset` dealt by seat `dealer`."""
    return make_hand(Drawn(draw), preset, dealer)


def _max_gain(line: dict[str, Json], n: int, dealer: int) -> list[int]:
    # An upper bound of what a line adds to each total; no rule (lock, barrel, bolts...) adds more.
    if "adjustment" in line:
        return [max(0, a) for a in line["adjustment"]]
    decl = line.get("declarer")
    contract = max(line.get("bid", 0), line.get("contract", 0))
    if line.get("give_up"):
        return [0 if s == decl else max(60, contract) for s in range(n)]
    gain = [0 if p is None else p + 5 for p in line["points"]]
    for m in line.get("marriages", []):
        gain[m["seat"]] += 2 * MARRIAGE[m["suit"]]  # covers trump doubling and in-tricks 80
    if "musik" in line:
        gain[dealer] = 50 * line["musik"]["aces"] + 100
    if decl is not None:
        gain[decl] = contract
    return gain


def make_game(
    ask: Ask, preset: str, min_hands: int = 1, max_hands: int = 30, target: int | None = None
) -> dict[str, Json]:
    """A whole game file; stops once a total could reach the target, so no hand follows the end."""
    n = SEATS[preset]
    goal = 100000 if target is None else target
    first = ask.int(0, n - 1)
    lines: list[dict[str, Json]] = []
    dealer, bound, played = first, [0] * n, 0
    wanted = ask.int(max(1, min_hands), max(1, min_hands, max_hands))
    while played < wanted:
        line: dict[str, Json]
        if lines and _one_in(ask, 12):  # adjustments do not move the deal
            adj = [10 * ask.int(-30, 30) for _ in range(n)]
            line = {"adjustment": adj, "reason": ask.pick(REASONS)}
        else:
            explicit = _one_in(ask, 10)
            if explicit and ask.flag():  # a redeal moved the deal; rotation continues from here
                dealer = ask.int(0, n - 1)
            line = make_hand(ask, preset, dealer)
            if explicit:
                line = {"dealer": dealer, **line}
            played += 1
        bound = [b + g for b, g in zip(bound, _max_gain(line, n, dealer))]
        lines.append(line)
        if "adjustment" not in line:
            dealer = (dealer + 1) % n
        if max(bound) >= goal:
            break
    names = ask.shuffled(NAMES)[:n]
    return {
        "format": "scorekeeper-game/1",
        "variant": preset,
        "options": {"target": goal},
        "players": names,
        "first_dealer": first,
        "hands": lines,
    }


@st.composite
def games(
    draw: st.DrawFn, preset: str, min_hands: int = 1, max_hands: int = 30, target: int | None = None
) -> dict[str, Json]:
    """A whole game file; stops once a total could reach the target, so no hand follows the end."""
    return make_game(Drawn(draw), preset, min_hands, max_hands, target)


# Arbitrary JSON; finite floats only, so that every value survives json.dumps/json.loads unchanged.
JSON_VALUES: st.SearchStrategy[Json] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
JUNK: st.SearchStrategy[Json] = st.one_of(
    st.sampled_from(
        [
            None,
            True,
            False,
            0,
            -1,
            -120,
            10**30,
            -(10**30),
            10**400,
            1.5,
            100.0,
            -0.0,
            1e308,
            "",
            "100",
            "hearts",
            "aces",
            "pl-3",
            [],
            {},
            [None],
            [[]],
            {"seat": 0},
            {"": {}},
        ]
    ).map(copy.deepcopy),  # a fresh copy: mutations must never touch the shared constants
    JSON_VALUES,
)


def _paths(node: Json, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for key, child in items:
        yield from _paths(child, path + (key,))


def _mutate(draw: st.DrawFn, game: Json) -> Json:
    """One random damage; usually, not always, invalid (e.g. deleting an optional key)."""
    kind = draw(st.sampled_from(("delete", "junk", "number", "length", "unknown-key", "top")))
    path = draw(st.sampled_from(list(_paths(game))))
    if not path and (kind != "top" or not isinstance(game, dict)):
        return draw(JUNK)
    parent = game
    for key in path[:-1]:
        parent = parent[key]
    node = parent[path[-1]] if path else game
    if kind == "delete":
        del parent[path[-1]]
    elif kind == "number" and isinstance(node, int):  # bools included: True is an int to Python
        parent[path[-1]] = draw(
            st.sampled_from(
                [
                    -node - 1,
                    node + 1,
                    node - 1,
                    node * 1000 + 7,
                    10**40,
                    -1,
                    True,
                    False,
                    float(node) if abs(node) < 10**308 else -0.0,  # JUNK's 10**400 has no float
                    str(node),
                ]
            )
        )
    elif kind == "length" and isinstance(node, list):
        if node and _one_in(Drawn(draw), 2):
            node.pop(draw(st.integers(0, len(node) - 1)))
        else:
            node.append(copy.deepcopy(node[0]) if node and _one_in(Drawn(draw), 2) else draw(JUNK))
    elif kind == "unknown-key" and isinstance(node, dict):
        node[draw(st.sampled_from(("extra", "Points", "seat", "", "declarer ")))] = draw(JUNK)
    elif kind == "top" and isinstance(game, dict):  # whole-file damage: variant, players, hands
        what = draw(st.sampled_from(("variant", "players", "hands", "format", "options")))
        game[what] = draw(
            st.one_of(
                JUNK,
                {
                    "variant": st.sampled_from(["pl-5", "PL-3", "thousand", "", "ru_2"]),
                    "players": st.lists(st.sampled_from(NAMES), max_size=6),
                    "hands": st.lists(JUNK, min_size=1, max_size=3),
                    "format": st.sampled_from(["scorekeeper-game/2", "scorekeeper-game", ""]),
                    "options": st.dictionaries(
                        st.sampled_from(("target", "lock", "rounding", "bogus")), JUNK
                    ),
                }[what],
            )
        )
    else:
        parent[path[-1]] = draw(JUNK)
    return game


@st.composite
def _mutated_game(draw: st.DrawFn) -> Json:
    game: Json = copy.deepcopy(draw(games(draw(st.sampled_from(PRESETS)), max_hands=6)))
    for _ in range(draw(st.integers(1, 3))):
        game = _mutate(draw, game)
    return game


def malformed_games() -> st.SearchStrategy[Json]:
    """Damaged valid games (mostly) and arbitrary JSON; the engine must refuse them cleanly."""
    return st.one_of(_mutated_game(), _mutated_game(), JSON_VALUES)


if __name__ == "__main__":
    from hypothesis.errors import NonInteractiveExampleWarning

    warnings.simplefilter("ignore", NonInteractiveExampleWarning)
    for name in PRESETS:
        for _ in range(3):
            print(json.dumps(games(name, max_hands=4).example(), ensure_ascii=False))
