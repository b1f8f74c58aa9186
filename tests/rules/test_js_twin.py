"""The browser's engine gives what the Python engine gives, field for field (docs/engine.md)."""

# Conformance of the JavaScript twin (scorekeeper/static/rules/ and gamefile/, imported by Node
# through tools/js_twin.mjs) with gamefile.output.engine_output: every game and example the
# project has, in every mode (checked as new, as stored, with one line entered) and every
# language, every invalid file, thousands of games dealt from a shuffled deck with random house
# rules and club agreements, and damaged files. Answers are compared as JSON values: a whole
# number equals the same float (JSON has one kind of number), a bool never equals a number. A
# damaged file (wrong types, see "Where JSON is not Python") must be refused by both, for
# reasons that may be worded differently. A difference fails with the smallest game that shows it.

from __future__ import annotations

import copy
import gettext
import json
import os
import random
import shutil
import subprocess
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from scorekeeper.catalogues import SOURCE, engine_catalogue
from scorekeeper.gamefile.output import engine_output
from scorekeeper.rules import ENGLISH, OPTION_SPECS, Spec, Translator
from scorekeeper.web.engine import module_body, module_names
from tests.clubgames import make_club_game
from tests.profiles import examples
from tests.strategies import PRESETS, Seeded, make_game, malformed_games

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tools" / "js_twin.mjs"
LANGS = ("en", "pl", "ru", "uk")
NODE = shutil.which("node")
#: games dealt per run, in chunks the workers share; JS_TWIN_SEED replays a run
RANDOM_GAMES, CHUNKS = 5000, 4
SEED = int(os.environ.get("JS_TWIN_SEED") or random.randrange(10**6))

if NODE is None:
    if os.environ.get("CI"):
        pytest.fail("CI must run the engine's conformance test: no node", pytrace=False)
    pytest.skip("no Node.js: the browser engine is not compared here", allow_module_level=True)

Job = dict[str, Any]


@pytest.fixture(scope="module")
def catalogues(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("engine-messages")
    for lang in LANGS:
        data = engine_catalogue(lang)
        assert data is not None, lang
        (folder / f"messages-{lang}.json").write_text(json.dumps(data, ensure_ascii=False))
    return folder


def _translator(lang: str | None) -> Translator:
    if lang in (None, "en"):
        return ENGLISH
    return gettext.translation("messages", localedir=SOURCE, languages=[lang])


def job(game: Any, entered: int | None = None, stored: bool = False, lang: str = "en") -> Job:
    return {"game": game, "entered": entered, "stored": stored, "lang": lang}


def python(j: Job) -> Any:
    """The Python engine's answer to a job, as JSON values."""
    out = engine_output(copy.deepcopy(j["game"]), j["entered"], j["stored"], _translator(j["lang"]))
    return json.loads(json.dumps(out))


def _node(jobs: list[Job], catalogues: Path, root: Path | None = None) -> Callable[[], list[str]]:
    """Node started on the jobs (it works while this process does); the function returned
    waits for its answer lines."""
    lines = "".join(
        json.dumps({**j, "game": json.dumps(j["game"], ensure_ascii=False)}) + "\n" for j in jobs
    )
    process = subprocess.Popen(
        [NODE or "node", str(RUNNER), str(catalogues)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "ENGINE_ROOT": str(root)} if root else None,
    )
    done: dict[str, bytes] = {}

    def talk() -> None:
        done["out"], done["err"] = process.communicate(lines.encode(), timeout=600)

    thread = threading.Thread(target=talk, daemon=True)
    thread.start()

    def answers() -> list[str]:
        thread.join()
        assert process.returncode == 0, done.get("err", b"").decode()[-3000:]
        return done["out"].decode().split("\n")[:-1]  # (not splitlines: U+2028 is text)

    return answers


def javascript(jobs: list[Job], catalogues: Path, root: Path | None = None) -> list[Any]:
    return [json.loads(line) for line in _node(jobs, catalogues, root)()]


def _number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _differs(a: Any, b: Any, where: str = "") -> str | None:
    """Where the JavaScript answer `b` first leaves the Python one `a` (None: the same JSON
    values: a whole float is its int, a bool is no number)."""
    if _number(a) and _number(b):
        return None if a == b else f"{where or '.'}: Python {a!r}, JavaScript {b!r}"
    if type(a) is not type(b):
        return f"{where or '.'}: Python {a!r}, JavaScript {b!r}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                mine, theirs = a.get(key, "(none)"), b.get(key, "(none)")
                return f"{where}.{key}: Python {mine!r}, JavaScript {theirs!r}"
            found = _differs(a[key], b[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = _differs(x, y, f"{where}[{i}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{where}: Python has {len(a)} items, JavaScript {len(b)}"
        return None
    if a != b:
        return f"{where or '.'}: Python {a!r}, JavaScript {b!r}"
    return None


def _diff(j: Job, got: Any, want: Any = None) -> str | None:
    if isinstance(got, dict) and "crash" in got:
        return "JavaScript threw: " + got["crash"]
    want = python(j) if want is None else want
    if j.get("damaged") and "problems" in want:
        # a damaged file: refused by both, its reasons perhaps in other words (docs/engine.md)
        refused = isinstance(got, dict) and bool(got.get("problems"))
        return (
            None
            if refused
            else f"Python refuses it ({want['problems'][0]['text']}), JavaScript not"
        )
    if json.dumps(want, sort_keys=True) == json.dumps(got, sort_keys=True):
        return None  # the same JSON (the most of them, by far)
    return _differs(want, got)


def _smaller(j: Job) -> Iterable[Job]:
    """Candidates one step smaller than `j`'s game: fewer hands from the end, one hand less."""
    game = j["game"]
    hands = game.get("hands") if isinstance(game, dict) else None
    if not isinstance(hands, list) or len(hands) < 2:
        return
    for cut in range(1, len(hands)):
        yield {**j, "game": {**game, "hands": hands[:cut]}, "entered": None}
    for i in range(len(hands)):
        yield {**j, "game": {**game, "hands": hands[:i] + hands[i + 1 :]}, "entered": None}


def _shrink(j: Job, catalogues: Path) -> Job:
    for _ in range(20):
        candidates = list(_smaller(j))
        if not candidates:
            break
        outs = javascript(candidates, catalogues)
        smaller = [c for c, got in zip(candidates, outs) if _diff(c, got)]
        if not smaller:
            break
        j = min(smaller, key=lambda c: len(json.dumps(c["game"])))
    return j


def check(jobs: list[Job], catalogues: Path) -> list[Any]:
    """Runs every job in both engines (Node beside Python); fails on the first difference, with
    its smallest game. The Python engine's answers, as JSON values."""
    answers = _node(jobs, catalogues)
    expected = [python(j) for j in jobs]
    got = answers()
    assert len(got) == len(jobs)
    for j, want, line in zip(jobs, expected, got):
        found = _diff(j, json.loads(line), want)
        if found:
            small = _shrink(j, catalogues)
            why = _diff(small, javascript([small], catalogues)[0]) or found
            pytest.fail(
                f"the engines differ (seed {SEED}): {why}\n"
                f"smallest game: {json.dumps(small, ensure_ascii=False)}",
                pytrace=False,
            )
    return expected


def _files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def _game(path: Path) -> Any:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["game"] if isinstance(data, dict) and "game" in data else data


GAMES = _files(ROOT / "tests" / "games") + _files(ROOT / "scorekeeper" / "examples")
INVALID = _files(ROOT / "tests" / "games" / "invalid")


def test_every_game_in_every_mode_and_language(catalogues: Path) -> None:
    jobs = []
    for path in GAMES:
        game = _game(path)
        lines = len(game["hands"])
        for lang in LANGS:
            jobs.append(job(game, lang=lang))
        jobs.append(job(game, stored=True))
        jobs += [job(game, entered=n) for n in {1, lines // 2 + 1, lines}]
    assert len(check(jobs, catalogues)) >= 7 * len(GAMES)


def test_the_modules_as_the_server_sends_them_are_the_same_engine(
    catalogues: Path, tmp_path: Path
) -> None:
    static = ROOT / "scorekeeper" / "static"
    for name in module_names(str(static)):  # without comments and indentation (rjsmin)
        if name.startswith(("rules/", "gamefile/")):
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_bytes(module_body(str(static), name)[0])
    jobs = [job(_game(path), lang=lang) for path in GAMES + INVALID for lang in ("en", "uk")]
    outs = javascript(jobs, catalogues, tmp_path)
    assert [_diff(j, got) for j, got in zip(jobs, outs)] == [None] * len(jobs)


def test_every_invalid_file_in_every_language(catalogues: Path) -> None:
    jobs = [job(_game(path), lang=lang) for path in INVALID for lang in LANGS]
    assert len(INVALID) > 10
    answers = check(jobs, catalogues)
    # the refusals are refusals in JavaScript too (a twin that scored them would differ above)
    assert all("problems" in a for a in answers)


def test_every_invalid_file_as_stored_and_with_its_last_line_entered(catalogues: Path) -> None:
    # the modes of the phone with no connection: a kept game read (stored), a hand being saved
    stored = [job(_game(path), stored=True) for path in INVALID]
    last = [job(g, entered=len(g["hands"])) for g in map(_game, INVALID) if _hands(g)]
    answers = check(stored + last, catalogues)[: len(stored)]
    scored = [a for a in answers if "problems" not in a]
    # a stored line skips the checks of a real deal (a forced opening missed still scores);
    # the rest are refused as stored too
    assert 0 < len(scored) < len(stored)


def _hands(game: Any) -> bool:
    return isinstance(game, dict) and isinstance(game.get("hands"), list) and bool(game["hands"])


def _value(spec: Spec, rng: random.Random) -> Any:
    """A value `spec` takes, now and then one it refuses (the refusal is compared too)."""
    if rng.random() < 0.03:
        return rng.choice([-5, 10**6, "x", 1.5, None, True, [], {"bogus": 1}])
    if spec.optional and rng.random() < 0.25:
        return None
    if spec.kind == "bool":
        return rng.random() < 0.5
    if spec.kind == "choice":
        return rng.choice(spec.choices)
    if spec.kind in ("record", "per_suit"):
        keys = [k for k in spec.keys if rng.random() < 0.6]
        return {k: _value(spec.keys[k], rng) for k in keys}
    if spec.kind == "money":
        return rng.choice([0, 1, 2, 0.5, 0.25, 0.01, 10, "0.1"])
    if spec.choices and rng.random() < 0.3:
        return rng.choice(spec.choices)
    low = spec.low if spec.low is not None else -500
    high = spec.high if spec.high is not None else 1500
    usual = spec.usual if isinstance(spec.usual, int) and not isinstance(spec.usual, bool) else None
    if usual is not None and rng.random() < 0.5:
        return min(high, max(low, usual + rng.choice([-20, -10, -5, 0, 5, 10, 50])))
    return rng.randint(low, min(high, low + 2000))


#: house rules that leave most dealt hands valid; the others are drawn now and then
GENTLE = (
    "rounding round_declarer lock musik_bonus give_up slam_counts_all stake barrel bolts dump "
    "ace_marriage marriage_values marriage_needs_trick trump_marriage_double double_on_switch "
    "contract_raise sitting_out all_cards_in_play deals"
).split()


def random_game(rng: random.Random) -> Job:
    preset = rng.choice(PRESETS)
    target = rng.choice([500, 1000]) if rng.random() < 0.4 else None
    if rng.random() < 0.3:  # the club agreements of 5.1, each hand fitted to them
        game = make_club_game(Seeded(rng), preset, max_hands=rng.choice([3, 10, 30]), target=target)
    else:
        game = make_game(Seeded(rng), preset, max_hands=rng.choice([3, 10, 30]), target=target)
        options = {} if target is None else {"target": target}
        for name in GENTLE if rng.random() < 0.95 else list(OPTION_SPECS):
            if rng.random() < 0.2:
                options[name] = _value(OPTION_SPECS[name], rng)
        if "deals" in options and rng.random() < 0.8:  # deals a dealt game reaches
            options["deals"] = rng.randint(1, 12)
        game["options"] = options
    # cut where the Python engine ends the game, if a rule ended it early
    if target is not None or "deals" in game.get("options", {}):
        out = engine_output(copy.deepcopy(game))
        hands = [p["hand"] for p in out.get("problems", []) if p["hand"]]
        if hands and min(hands) > 1:
            game["hands"] = game["hands"][: min(hands) - 1]
    lang = rng.choice(LANGS) if rng.random() < 0.3 else "en"
    mode = rng.random()
    lines = len(game["hands"])
    if mode < 0.15:
        return job(game, stored=True, lang=lang)
    if mode < 0.3 and lines:
        return job(game, entered=rng.randint(1, lines), lang=lang)
    return job(game, lang=lang)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_dealt_from_a_shuffled_deck(chunk: int, catalogues: Path) -> None:
    rng = random.Random(f"{SEED}-{chunk}")
    jobs = [random_game(rng) for _ in range(RANDOM_GAMES // CHUNKS)]
    answers = check(jobs, catalogues)
    assert len(answers) == RANDOM_GAMES // CHUNKS
    scored = sum("problems" not in a for a in answers[:200])
    assert scored > 100  # most are real games, not refusals


def test_damaged_files(catalogues: Path) -> None:
    found: list[Any] = []

    @settings(max_examples=examples(300), suppress_health_check=list(HealthCheck))
    @given(malformed_games())
    def collect(game: Any) -> None:
        found.append(game)

    collect()
    jobs = [job(g) for g in found] + [job(g, stored=True) for g in found]
    check([{**j, "damaged": True} for j in jobs], catalogues)
