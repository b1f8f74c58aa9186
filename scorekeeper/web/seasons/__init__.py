"""Seasons: an account's events grouped, with the ladder of each player's N best results."""
