"""The shape of the code: five layers with arrows only down, and one commit point (services/).

web -> services -> store -> gamefile -> rules. `events` (an event's results, standings and draw)
is pure beside the game file: it imports only gamefile and rules, and store and above may import
it. `extensions` (the extension objects) sits beside store and above; `config`, `cli`,
`__main__` and the app factory put the layers together.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
LAYERS = ("rules", "gamefile", "store", "services", "web")
# pure packages beside a layer: the layers each may import (besides itself), and the layers
# that may import it
BESIDE = {
    "events": ({"rules", "gamefile"}, {"store", "services", "web"}),
    # the ratings read game and event files (docs/ratings.md)
    "ratings": ({"rules", "gamefile", "events"}, {"store", "services", "web"}),
}
# what each top-level module or layer may import of the project, besides itself and below
ALLOWED_EXTRA = {
    "store": {"extensions"},
    "services": {"extensions"},
    "web": {"extensions", "catalogues"},  # the engine's sentences, read from the .po files
}
# entry points and wiring: they put the layers together and may import any of them
# (`enginedata` writes the rules' data for the browser's engine: a tool, run by hand and a test)
WIRING = {"", "__main__", "cli", "backupcli", "config", "catalogues", "enginedata"}


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).with_suffix("")
        if "migrations" in rel.parts:
            continue
        parts = [p for p in rel.parts if p != "__init__"]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> list[tuple[int, str]]:
    """Every project module `name` imports (at the top, in a function or for type checking)."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if name else []
    base = here if is_package else here[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parent = base[: len(base) - (node.level - 1)]
                target = ".".join(parent + ([node.module] if node.module else []))
            elif node.module and node.module.split(".")[0] == "scorekeeper":
                target = node.module[len("scorekeeper") :].lstrip(".")
            else:
                continue
            for alias in node.names:  # `from scorekeeper.web import access` imports web.access
                sub = f"{target}.{alias.name}" if target else alias.name
                found.append((node.lineno, sub if sub in MODULES else target))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "scorekeeper":
                    found.append((node.lineno, alias.name[len("scorekeeper") :].lstrip(".")))
    return found


def _layer(module: str) -> str:
    return module.split(".")[0]


def test_every_module_is_in_a_layer_or_is_wiring() -> None:
    unplaced = [m for m in MODULES if _layer(m) not in (*LAYERS, *BESIDE, *WIRING, "extensions")]
    assert unplaced == [], "modules outside the five layers"


def test_imports_only_go_down() -> None:
    wrong = []
    for name, path in MODULES.items():
        layer = _layer(name)
        if layer in WIRING:
            continue
        if layer in BESIDE:
            below = BESIDE[layer][0] | {layer}
        elif layer in LAYERS:
            below = set(LAYERS[: LAYERS.index(layer) + 1])
        else:
            below = set()
        beside = {b for b, (_, users) in BESIDE.items() if layer in users}
        allowed = below | beside | ALLOWED_EXTRA.get(layer, set())
        for line, target in _imports(name, path):
            if _layer(target) not in allowed:
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}")
    assert wrong == [], "imports that go up (or sideways) a layer:\n" + "\n".join(wrong)


FRAMEWORKS = {
    "flask",
    "flask_babel",
    "flask_login",
    "sqlalchemy",
    "wtforms",
    "flask_wtf",
    "werkzeug",
}


@pytest.mark.parametrize("pure", ["rules", "gamefile", "events", "ratings"])
def test_the_pure_layers_import_no_framework(pure: str) -> None:
    wrong = []
    for name, path in MODULES.items():
        if _layer(name) != pure:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            roots = []
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                roots = [node.module.split(".")[0]]
            elif isinstance(node, ast.Import):
                roots = [a.name.split(".")[0] for a in node.names]
            for root in roots:
                if root in FRAMEWORKS:
                    wrong.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {root}")
    assert wrong == []


def test_only_services_commit() -> None:
    """One commit point: a read can never end another write's transaction."""
    wrong = []
    for name, path in MODULES.items():
        if _layer(name) == "services":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "commit"
            ):
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert wrong == [], "commit() outside services/:\n" + "\n".join(wrong)


def test_store_and_services_never_read_the_request() -> None:
    """They take the account, the address and the translator from their callers."""
    wrong = []
    for name, path in MODULES.items():
        if _layer(name) not in ("store", "services"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module in ("flask", "flask_login"):
                for alias in node.names:
                    if alias.name in ("request", "session", "g", "current_user"):
                        where = path.relative_to(PACKAGE.parent)
                        wrong.append(f"{where}:{node.lineno} {alias.name}")
            if isinstance(node, ast.ImportFrom) and node.module in ("flask_babel", "flask_wtf"):
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.module}")
    assert wrong == [], "store/ or services/ reading the request:\n" + "\n".join(wrong)


def test_the_web_holds_no_sql() -> None:
    """Pages read through store/ and write through services/: no query, no session of their
    own (the models are only types there; sqlalchemy.exc tells a database outage apart)."""
    wrong = []
    for name, path in MODULES.items():
        if _layer(name) != "web":
            continue
        where = path.relative_to(PACKAGE.parent)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                root = node.module.split(".")[0]
                if (
                    root == "sqlalchemy"
                    and node.module != "sqlalchemy"
                    or (root == "sqlalchemy" and any(a.name != "exc" for a in node.names))
                ):
                    wrong.append(f"{where}:{node.lineno} {node.module}")
                if node.module in ("scorekeeper.store.db", "scorekeeper.extensions"):
                    if any(a.name == "db" for a in node.names):
                        wrong.append(f"{where}:{node.lineno} db")
            if isinstance(node, ast.Attribute) and node.attr == "session":
                if isinstance(node.value, ast.Name) and node.value.id == "db":
                    wrong.append(f"{where}:{node.lineno} db.session")
    assert wrong == [], "SQL in web/:\n" + "\n".join(wrong)


def test_no_module_imports_itself_back() -> None:
    """No circle of imports anywhere, those made only for type checking included (rules/ had
    six modules in circles, services and the trail a seventh)."""
    graph = {
        name: {t for _, t in _imports(name, path) if t in MODULES} for name, path in MODULES.items()
    }
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circles.append(path[path.index(nxt) :] + [nxt])
            elif nxt not in state:
                walk(nxt)
        path.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            walk(name)
    assert circles == [], "import circles:\n" + "\n".join(" -> ".join(c) for c in circles)
