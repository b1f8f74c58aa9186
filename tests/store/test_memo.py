"""The per-worker memos are capped by the bytes they hold, not by how many games they hold."""

from __future__ import annotations

from scorekeeper.store.memo import MB, Memo, Memos


def test_a_memo_forgets_the_oldest_once_its_bytes_are_spent():
    memo = Memo(1000, len)
    for key in "abcde":
        memo.put(key, "x" * 200)
    assert memo.held == 1000 and len(memo) == 5
    memo.get("a")  # used again: the newest
    memo.put("f", "x" * 250)
    assert memo.get("b") is None and memo.get("c") is None  # the two oldest went
    assert memo.get("a") and memo.get("f") and memo.held == 850
    memo.put("a", "x" * 50)  # a key stored again counts once
    assert memo.held == 700


def test_one_entry_too_big_for_a_quarter_of_the_budget_is_not_kept():
    memo = Memo(1000, len)
    memo.put("small", "x" * 100)
    memo.put("huge", "x" * 300)
    assert memo.get("huge") is None and memo.get("small")


class _Long:
    def __init__(self, lines: int) -> None:
        self.lines = [None] * lines


def test_long_games_take_more_room_than_short_ones():
    """A thousand 1,000-line tallies would be ~1.8 GB; the tallies memo keeps what fits in its
    budget, and holds about as many short games as it used to (256 and more)."""
    memos = Memos()
    for game in range(1000):
        memos.tallies.put((game, 1), _Long(1000))
    assert memos.tallies.held <= 30 * MB and 10 <= len(memos.tallies) < 20
    for game in range(1000):
        memos.tallies.put((game, 2), _Long(20))
    assert len(memos.tallies) >= 256
