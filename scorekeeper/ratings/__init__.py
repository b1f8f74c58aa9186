"""Ratings (docs/ratings.md): each counting game one Plackett-Luce match of the `openskill`
library, its players ranked by their places."""

# Pure, beside the rules and events: it knows the game file, the event file and the library,
# never Flask nor the database. The app rates the account's games as `scorekeeper ratings`
# rates files: one sequence of matches, folded one after another.

from __future__ import annotations

from .files import InvalidFile, file_matches
from .model import Match, PlayerRating, Ratings, Step, rate
from .output import ratings_output

__all__ = [
    "InvalidFile",
    "Match",
    "PlayerRating",
    "Ratings",
    "Step",
    "file_matches",
    "rate",
    "ratings_output",
]
