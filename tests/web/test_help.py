"""The project documents its own game file and scoring rules: in docs/, linked
from the README, and in the app, where the import page links to the format."""

from __future__ import annotations

import json
import re
from pathlib import Path

from scorekeeper.gamefile import file as gamefile
from scorekeeper.gamefile import lines as linereader
from scorekeeper.gamefile import parse
from scorekeeper.gamefile.output import score_output
from scorekeeper.rules import OPTION_SPECS
from scorekeeper.rules.notes import _RENDER
from scorekeeper.web.rulebook import help as helppages

ROOT = Path(__file__).parent.parent.parent
DOCS = ROOT / "docs"


def test_the_import_page_links_to_a_page_that_describes_the_format(client, anon):
    page = client.get("/import").get_data(as_text=True)
    (href,) = re.findall(r'<a href="([^"]+)">The game file format', page)
    for phone in (client, anon):  # the format is public, like the rules
        r = phone.get(href)
        assert r.status_code == 200
        text = r.get_data(as_text=True)
        assert "<h1>The game file format</h1>" in text and "scorekeeper-game/1" in text
        for key in sorted(gamefile._GAME_KEYS | linereader._HAND_KEYS | {"adjustment", "reason"}):
            assert f"<code>{key}</code>" in text or f'"{key}"' in text, key
    assert 'href="/import"' in text  # and back


def test_the_help_pages_example_is_a_game_that_scores(client):
    game = parse(json.loads(helppages.EXAMPLE))
    assert [line.totals for line in game.score().lines][-1] == (200, 80, -80)
    text = client.get("/help/game-file").get_data(as_text=True)
    assert "&#34;give_up&#34;: true" in text or '"give_up": true' in text


def _json_blocks(path: Path) -> list[object]:
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)```", path.read_text(), re.S)]


def test_docs_game_file_is_accurate_to_the_reader():
    """Its example is the help page's, it scores, its `scorekeeper score` output is what the
    command prints, and every key of the file and every note's rule key is described."""
    doc = (DOCS / "game-file.md").read_text()
    example, adjustment, change, output = _json_blocks(DOCS / "game-file.md")
    assert example == json.loads(helppages.EXAMPLE)
    parse({**example, "hands": [*example["hands"], adjustment], "trail": [change]}).score()
    first = parse({**example, "hands": example["hands"][:1]})
    assert output == json.loads(json.dumps(score_output(first, first.score())))
    for key in gamefile._GAME_KEYS | linereader._HAND_KEYS:
        assert f"| `{key}` |" in doc, key
    for rule in _RENDER:
        assert f"`{rule}`" in doc, rule


def test_docs_scoring_describes_every_option_and_preset():
    doc = (DOCS / "scoring.md").read_text()
    from scorekeeper.rules import VARIANTS

    for option in OPTION_SPECS:
        assert f"`{option}`" in doc, option
    for key in VARIANTS:
        assert f"| `{key}` |" in doc, key
    for section in ("## 1. Presets", "### 3.2 Validation", "### 3.3 A played hand", "## 5. House"):
        assert section in doc


def test_the_readme_links_the_docs_it_names():
    readme = (ROOT / "README.md").read_text()
    for doc in ("docs/game-file.md", "docs/scoring.md"):
        assert f"]({doc})" in readme and (ROOT / doc).is_file()
    for path in DOCS.glob("*.md"):  # and the docs' links between them resolve
        for target in re.findall(r"\]\(([\w.-]+\.md)\)", path.read_text()):
            assert (DOCS / target).is_file(), (path.name, target)


def test_no_file_points_outside_the_repository():
    """A clone holds only the repository: nothing in it may send a reader to the shared folder
    beside it."""
    needle = "../" + "shared"
    found = []
    for top in ("README.md", "docs", "scorekeeper", "tests", "tools", "bench"):
        base = ROOT / top
        for path in [base] if base.is_file() else base.rglob("*"):
            if path.is_file() and path.suffix not in (".mo", ".pyc", ".png", ".sqlite"):
                if needle in path.read_text(errors="replace"):
                    found.append(str(path.relative_to(ROOT)))
    assert found == []
