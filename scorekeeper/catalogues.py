"""The message catalogues: each language's .po compiled into the .mo that Flask-Babel reads."""

# The .mo files are build output, not kept in git. The package build compiles them into the
# wheel (setup.py), so `pip install .` gives an app that speaks four languages; a source
# checkout that nobody compiled (`pip install -e .` alone) compiles them at start-up: in place
# when the package folder is writable, else into the instance folder.

from __future__ import annotations

from pathlib import Path
from typing import Any

SOURCE = Path(__file__).resolve().parent / "translations"


def catalogues(root: Path = SOURCE) -> list[Path]:
    """Every language's messages.po under `root`."""
    return sorted(root.glob("*/LC_MESSAGES/messages.po"))


def compile_into(target: Path, root: Path = SOURCE) -> list[Path]:
    """Compiles every catalogue of `root` into the same layout under `target` (fuzzy entries
    left out, as `pybabel compile` does); the .mo files written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in catalogues(root):
        mo = target / po.relative_to(root).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as f:
            catalogue = read_po(f)
        draft = mo.with_suffix(".mo.tmp")
        with draft.open("wb") as f:
            write_mo(f, catalogue, use_fuzzy=False)
        draft.replace(mo)  # whole or not at all: another worker may be reading it
        written.append(mo)
    return written


def stale(root: Path = SOURCE) -> bool:
    """Whether some catalogue has no .mo beside it, or one older than itself."""
    for po in catalogues(root):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            return True
    return False


def ensure(app: Any) -> None:
    """Before Flask-Babel is set up: compiled catalogues for the app, whatever installed it."""
    if not stale():
        return
    try:
        compile_into(SOURCE)
    except OSError:  # a read-only install: the instance folder holds them
        target = Path(app.instance_path) / "translations"
        compile_into(target)
        app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(target)


#: where the messages the browser's engine may show come from (docs/engine.md)
ENGINE_SOURCES = ("rules", "gamefile")
ENGINE_KEYWORDS = {"N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def engine_msgids() -> set[tuple[str | None, str]]:
    """(context, msgid) of every message rules/ and gamefile/ can show, as Babel extracts them."""
    from babel.messages.extract import extract_from_dir

    found: set[tuple[str | None, str]] = set()
    root = Path(__file__).resolve().parent
    for name in ENGINE_SOURCES:
        for _file, _line, message, _comments, context in extract_from_dir(
            root / name, [("**.py", "python")], keywords=ENGINE_KEYWORDS
        ):
            found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def engine_catalogue(lang: str, root: Path = SOURCE) -> dict[str, Any] | None:
    """The engine's messages in `lang` as the browser reads them: {"plurals": plural_table,
    "messages": {msgid: msgstr or [plural forms]}, "contexts": {"ctx\\x04msgid": msgstr}};
    untranslated and fuzzy entries left out (the engine then says the English, as gettext
    does). None for a language with no catalogue."""
    from babel.messages.pofile import read_po

    po = root / lang / "LC_MESSAGES" / "messages.po"
    if not po.is_file():
        return None
    with po.open("rb") as f:
        catalogue = read_po(f)
    wanted = engine_msgids()
    messages: dict[str, Any] = {}
    contexts: dict[str, str] = {}
    for m in catalogue:
        msgid = str(m.id[0] if isinstance(m.id, tuple | list) else m.id)
        if not msgid or m.fuzzy or (m.context, msgid) not in wanted:
            continue
        string = m.string
        if isinstance(string, tuple | list):
            if all(string):
                messages[msgid] = list(string)
        elif string:
            if m.context:
                contexts[f"{m.context}\x04{msgid}"] = str(string)
            else:
                messages[msgid] = str(string)
    return {
        "plurals": plural_table(catalogue.plural_expr),
        "messages": messages,
        "contexts": contexts,
    }


def plural_table(expression: str) -> list[int]:
    """The plural form of n = 0..199 under a catalogue's C expression, so that the browser needs
    no parser: n ≥ 200 takes the form of 100 + n % 100. True of every rule that reads n only
    through n % 10, n % 100 and n itself below 100 (Polish, Russian, Ukrainian, English);
    checked here up to 10,000, so a rule it would not fit fails loudly, not in a phone."""
    import gettext

    form = gettext.c2py(expression)
    table = [form(n) for n in range(200)]
    for n in range(200, 10_000):
        if form(n) != table[100 + n % 100]:
            raise ValueError(f"plural rule {expression!r} does not repeat every 100 from 100")
    return table
