"""Thousand Scorekeeper: scores the card game Thousand, hand by hand, for every variant."""
