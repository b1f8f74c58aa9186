"""Pausing the cyclic garbage collector around a long fold that makes no reference cycles."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Replaying or reading a long game allocates many small acyclic objects (notes, results,
    hands); the collector would rescan them again and again and make the work quadratic.
    Nothing in such a fold makes cycles, so collection waits until it is over
    (bench/replay.py: about twice as fast, and linear)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()
