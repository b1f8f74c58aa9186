"""Sharing a game: the live link and its view, invites and co-scorers."""
