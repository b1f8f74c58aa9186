"""Games and hands written straight through the services, as a phone's form or the API would."""

from __future__ import annotations

from typing import Any

from scorekeeper import services
from scorekeeper.gamefile import FORMAT, parse
from scorekeeper.rules import Adjustment, Hand
from scorekeeper.services import Outcome
from scorekeeper.store import derived
from scorekeeper.store.models import Game

P3 = ("Ala", "Bartek", "Celina")


def new_game(owner: int, variant: str = "pl-3", players: tuple[str, ...] = P3) -> Game:
    """A game with no lines yet; Celina deals first, so Ala opens the first auction at 100."""
    file = {"format": FORMAT, "variant": variant, "players": list(players), "first_dealer": 2}
    return services.create_game(parse({**file, "hands": []}), owner)


def log(
    game: Game,
    declarer: int,
    bid: int,
    points: tuple[int, ...],
    version: int | None = None,
    token: str | None = None,
    **extra: Any,
) -> Outcome:
    """Logs one hand (dealt by whoever's turn it is) as the next line."""
    hand = Hand(declarer=declarer, bid=bid, points=points, **extra)
    return services.add_line(game, hand, version, token)


def opener(game: Game) -> int:
    """Who opens the next auction at the lowest bid (the seat after the dealer)."""
    opens = derived.tally(game).bidding.opener
    assert opens is not None
    return opens


def play_hands(game: Game, count: int) -> None:
    """`count` hands, each won by its forced opener at 100 with 100, 10 and 10 card points."""
    for _ in range(count):
        d = opener(game)
        points = [10, 10, 10]
        points[d] = 100
        log(game, d, 100, tuple(points))


def adjust(game: Game, values: tuple[int, ...], reason: str = "agreed at the table") -> Outcome:
    return services.add_line(game, Adjustment(values, reason))


def totals(game: Game) -> tuple[int, ...]:
    return derived.tally(game).totals


def lines(game: Game) -> list[Any]:
    return derived.rule_lines(game)
