"""The JSON object `scorekeeper ratings` prints (ratings.md section 2)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from .model import Ratings


def rounded(value: float) -> float:
    """3 decimals, and never -0.0 (an ordinal a hair below zero)."""
    return round(value, 3) + 0.0


def ratings_output(ratings: Ratings, names: Mapping[Hashable, str]) -> dict[str, Any]:
    """Every rated player in ranking order, named as `names` says."""
    return {
        "ratings": [
            {
                "player": names[r.player],
                "mu": rounded(r.mu),
                "sigma": rounded(r.sigma),
                "ordinal": rounded(r.ordinal),
                "games": r.games,
            }
            for r in ratings.ranking()
        ]
    }
