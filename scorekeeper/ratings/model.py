"""The rating of every player after a sequence of matches, extendable one match at a time."""

# ratings.md section 1: the Plackett-Luce model of openskill 6 with its default parameters
# (mu 25, sigma 25/3, its beta, kappa and tau); every player starts at the library's default
# rating; the number shown is the library's ordinal (mu - 3 sigma). Each match is one game:
# every player a team of one, ranked by place, ties sharing a rank.

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

#: the library's model with its defaults, made once: rate() keeps no state in it
MODEL = PlackettLuce()


@dataclass(frozen=True)
class Match:
    """One counting game: its players (keys: a casefolded name, or a player's id in the
    app) in seat order, each with their place (1 first; equal places tie). `label` tells the
    caller which game it was (a file's name, a game's id)."""

    players: tuple[Hashable, ...]
    places: tuple[int, ...]
    label: Hashable = None


@dataclass(frozen=True, slots=True)
class Step:
    """A player's rating after one of their games: the match's index in the sequence (from
    0) and its label."""

    index: int
    label: Hashable
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating now: mu, sigma, the ordinal shown (worked out once), and the games
    rated."""

    player: Hashable
    mu: float
    sigma: float
    games: int
    ordinal: float


def ordinal(mu: float, sigma: float) -> float:
    """The library's own ordinal() of the rating, not a formula of ours."""
    return float(MODEL.create_rating([mu, sigma]).ordinal())


@dataclass
class Ratings:
    """The ratings after `matches` matches: each player's steps, in order (the last one is
    their rating now), and the order in which players first appeared (ties in the ranking)."""

    steps: dict[Hashable, list[Step]] = field(default_factory=dict)
    matches: int = 0
    # the ranking, worked out once (a page asks it again and again); dropped by add()
    _ranked: list[PlayerRating] | None = field(default=None, compare=False, repr=False)

    def add(self, match: Match) -> None:
        """Rates one more match after the others."""
        if len(set(match.players)) != len(match.players):
            raise ValueError(f"a player twice in one match: {match.players!r}")
        before = [self._now(p) for p in match.players]
        after = MODEL.rate([[r] for r in before], ranks=[float(p) for p in match.places])
        for player, (rating,) in zip(match.players, after):
            step = Step(self.matches, match.label, float(rating.mu), float(rating.sigma))
            self.steps.setdefault(player, []).append(step)
        self.matches += 1
        self._ranked = None

    def _now(self, player: Hashable) -> PlackettLuceRating:
        steps = self.steps.get(player)
        if not steps:
            return MODEL.rating()
        return MODEL.create_rating([steps[-1].mu, steps[-1].sigma])

    def extended(self, matches: Iterable[Match]) -> Ratings:
        """A copy with `matches` rated after these (this one is left as it was: another
        request may be reading it)."""
        out = Ratings({p: list(s) for p, s in self.steps.items()}, self.matches)
        for match in matches:
            out.add(match)
        return out

    def rewound(self, count: int) -> Ratings:
        """The ratings after the first `count` matches only: every later step dropped."""
        out = Ratings(matches=min(count, self.matches))
        for player, steps in self.steps.items():
            kept = [s for s in steps if s.index < count]
            if kept:
                out.steps[player] = kept
        return out

    def rating(self, player: Hashable) -> PlayerRating | None:
        steps = self.steps.get(player)
        if not steps:
            return None
        last = steps[-1]
        return PlayerRating(player, last.mu, last.sigma, len(steps), last.ordinal)

    def ranking(self) -> list[PlayerRating]:
        """Every rated player, highest ordinal first (the exact values compared); players
        with equal ordinals in the order they first played (ratings.md section 2)."""
        if self._ranked is None:
            # `steps` holds the players in the order they first played, and sorted() is
            # stable: equal ordinals stay in that order
            rated = [r for r in (self.rating(p) for p in self.steps) if r is not None]
            self._ranked = sorted(rated, key=lambda r: r.ordinal, reverse=True)
        return list(self._ranked)


def rate(matches: Sequence[Match], start: Ratings | None = None) -> Ratings:
    """The ratings after every match, one after another (from `start`'s, if given)."""
    return (start or Ratings()).extended(matches)
