"""Ratings: the ranking of the account's players, and a player's rating chart."""
