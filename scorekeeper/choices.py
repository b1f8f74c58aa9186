"""Select choices as WTForms 3.3 wants them (SelectChoice objects, not tuples)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wtforms.fields.choices import SelectChoice


def opts(pairs: Iterable[tuple[Any, str]]) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]
