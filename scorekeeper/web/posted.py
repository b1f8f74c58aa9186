"""Whole numbers posted by the app's own forms, read without trusting them."""


def whole(raw: str | None) -> int | None:
    """A posted whole number (a table, a round, a seat, a player's id), else None. Not
    str.isdigit alone: "²" is a digit to it that int() refuses, and so are 5,000 nines."""
    if raw is None or not (raw.isascii() and raw.isdigit() and len(raw) <= 12):
        return None
    return int(raw)
