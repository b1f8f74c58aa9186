"""Fills a language's catalogue from a JSON file of translations, or lists what it still lacks.

    python tools/po_fill.py missing pl > todo.json   every untranslated or fuzzy message, as JSON
    python tools/po_fill.py fill pl done.json        merges translations, clears their fuzzy flag
    python tools/po_fill.py english                  en: every message is its own translation

The JSON maps a message's key to its translation: the key is the English msgid, or
"context|msgid" for a message with a context; a plural message takes a list with one form per
plural form of the language (pl, ru, uk: 3).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent / "scorekeeper" / "translations"


def path(lang: str) -> Path:
    return ROOT / lang / "LC_MESSAGES" / "messages.po"


def load(lang: str) -> Catalog:
    with path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def save(lang: str, catalog: Catalog) -> None:
    with path(lang).open("wb") as f:
        write_po(f, catalog, width=0, omit_header=False, include_previous=False)


def key(m: Message) -> str:
    msgid = m.id[0] if isinstance(m.id, tuple) else m.id
    return f"{m.context}|{msgid}" if m.context else str(msgid)


def done(m: Message) -> bool:
    strings = m.string if isinstance(m.string, tuple) else (m.string,)
    return not m.fuzzy and all(strings)


def missing(lang: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for m in load(lang):
        if not m.id or done(m):
            continue
        out[key(m)] = list(m.id) if isinstance(m.id, tuple) else ""
    return out


def fill(lang: str, translations: dict[str, object]) -> int:
    catalog, n = load(lang), 0
    for m in catalog:
        if not m.id or key(m) not in translations:
            continue
        value = translations[key(m)]
        m.string = tuple(value) if isinstance(value, list) else str(value)
        m.flags.discard("fuzzy")
        n += 1
    save(lang, catalog)
    return n


def english() -> None:
    catalog = load("en")
    for m in catalog:
        if m.id:
            m.string = m.id
            m.flags.discard("fuzzy")
    save("en", catalog)


def main(argv: list[str]) -> int:
    if argv[:1] == ["missing"] and len(argv) == 2:
        json.dump(missing(argv[1]), sys.stdout, ensure_ascii=False, indent=1)
        print()
    elif argv[:1] == ["fill"] and len(argv) == 3:
        data = json.loads(Path(argv[2]).read_text(encoding="utf-8"))
        print(f"{fill(argv[1], data)} messages filled; {len(missing(argv[1]))} still missing")
    elif argv == ["english"]:
        english()
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
