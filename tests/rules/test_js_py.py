"""The twin's Python (static/engine/py.js, py_json.js and py_decimal.js, docs/engine.md) against
Python itself: json.loads (its errors' messages too), repr, str, json.dumps, str.format, len,
casefold, split, sorted, //, % and Decimal give the same values for the same input. One run of
node for every case; a skip without node, a failure in CI.

casefold is compared on the scripts players write (Latin, Cyrillic, Greek, digits, signs): the
twin folds by upper then lower case, which differs from Python for Cherokee and for letters newer
than Python 3.11's Unicode 14 (docs/engine.md)."""

from __future__ import annotations

import copy
import json
import math
import os
import random
import shutil
import subprocess
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.gamefile.file import _integer, _TooLong

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "scorekeeper" / "static" / "engine"
NODE = shutil.which("node")
#: a valid game (tests/games), whose options and fields the engine tests below change
GAME = json.loads((ROOT / "tests" / "games" / "pl-3-basic.json").read_text())["game"]

RUNNER = r"""
const fs = require("fs");
for (const name of ["py.js", "py_json.js", "py_decimal.js"]) require(process.argv[1] + "/" + name);
const py = SK.py;
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
function attempt(f) {
  try { return f(); } catch (e) { return {error: e.name}; }
}
const out = {};
out.docs = cases.docs.map(text => attempt(() => {
  const v = py.parse_json(text);
  return [py.repr(v), py.str(v), py.json_dumps(v), py.json_dumps(v, {ensure_ascii: false}),
          py.json_dumps(v, {ensure_ascii: false, indent: 2}), py.format("{v}|{v!r}|{v!s}", {v: v}),
          String(py.truthy(v)), py.is_int(v) + "" + py.is_float(v) + py.is_str(v) + py.is_bool(v)
          + py.is_list(v) + py.is_dict(v), py.is_list(v) || py.is_dict(v) ? py.len(v) : 0];
}));
out.bad = cases.bad.map(text => {
  try { py.parse_json(text); return "ok"; }
  catch (e) { return {error: e.name, message: e.message}; }
});
out.formats = cases.formats.map(([t, p]) => attempt(() => py.format(t, py.parse_json(p))));
out.strings = cases.strings.map(s => [py.len(s), py.split(s), py.repr(s)]);
out.folds = cases.folds.map(s => py.casefold(s));
out.sorted = py.sorted_str(cases.strings);
out.arith = cases.arith.map(([a, b]) => [py.floordiv(a, b), py.mod(a, b)]);
out.decimals = cases.decimals.map(s => attempt(() => {
  const d = new py.Decimal(s);
  const small = d.is_finite() && d.compare(0) >= 0 && d.compare(1000) <= 0;
  return [d.toString(), d.is_finite(), small, small && d.is_integer(), small && d.has_places(4),
          small && d.has_places(4) ? d.units(4) + 0 : null,
          isNaN(d) ? null : py.json_dumps(d.to_float())];
}));
out.eq = cases.eq.map(([a, b]) => py.eq(py.parse_json(a), py.parse_json(b)));
process.stdout.write(JSON.stringify(out));
"""


def _floats(rng: random.Random) -> list[float]:
    special = [
        0.0,
        -0.0,
        1.0,
        100.0,
        0.1,
        1e16,
        1e15,
        9999999999999998.0,
        1e-4,
        1e-5,
        1.5e-7,
        123456789.125,
        2.5,
        0.5,
        1.25,
        5e-324,
        1.7976931348623157e308,
        1e22,
        1e21,
        1e-7,
    ]
    values = special + [-x for x in special]
    for _ in range(120):
        values.append(rng.uniform(-1, 1) * 10 ** rng.randint(-30, 30))
        values.append(round(rng.uniform(-1000, 1000), rng.randint(0, 4)))
    values.append(struct_float(rng))
    return values


def struct_float(rng: random.Random) -> float:
    import struct

    return struct.unpack("<d", rng.getrandbits(62).to_bytes(8, "little"))[0]


def _strings(rng: random.Random) -> list[str]:
    fixed = [
        "",
        "a",
        "it's",
        'say "hi"',
        "both ' and \"",
        "back\\slash",
        "tab\tnew\nret\r",
        "\x00\x07\x1f\x7f\x80\x9f\xa0\xad",
        "Straße",
        "ΣΑΣ ς",
        "İstanbul",
        "ﬃ",
        "ǅ",
        "Ꭰꭰ",
        "\u2028\u2029\u200b\ufeff",
        "\ud800",
        "x\udfffy",
        "😀 \U0001f600",
        "\U000e0001",
        "  lots \x1c of\u3000 space\x85 ",
        "Zürich",
        "Łódź",
        "Ёлка",
        "ґ",
        "\ue000",
        "\uffff",
        "\U0010ffff",
        "{}",
        "café",
    ]
    alphabet = [
        chr(c)
        for c in (
            *range(0x20, 0x7F),
            0xA0,
            0xDF,
            0x130,
            0x3A3,
            0x3C2,
            0x1E9E,
            0x2028,
            0x85,
            0xE000,
            0x1F600,
            0x10400,
            0xD7FF,
            0xFB00,
            0x1C,
        )
    ]
    for _ in range(60):
        fixed.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))))
    return fixed


def _folds(rng: random.Random) -> list[str]:
    """Names and words in the scripts players write, mixed case, with the letters whose fold is
    not their lower case (ß, ẞ, ς, İ, ı, ŉ, ǅ, ligatures, Greek with iota subscript...)."""
    fixed = [
        "Straße",
        "STRASSE",
        "ẞ",
        "ΣΑΣ ς",
        "ὈΔΥΣΣΕΎΣ",
        "ᾼ ᾳ ΐ ΰ",
        "İstanbul",
        "ıI",
        "ŉ",
        "ǅ ǈ ǋ ǲ",
        "ﬃ ﬅ ﬆ",
        "Łódź",
        "Ёлка ЁЛКА",
        "ґ Ґ є Є і І ї Ї",
        "Zürich",
        "Ǆ",
        "µ",
        "ſ",
        "K",
        "Å",
        "ϐϑϕϖϰϱϵ",
        "ΆΈΉΊΌΎΏ",
        "Ⅻ ⓐ Ⓐ",
        "Ａｚ",
        "ǰ ẖ ẗ ẘ ẙ ẚ",
        "ᲀᲁᲂ",
        "ꙋ Ꙋ",
        "Ɐ ⱥ Ⱥ",
        "ԱԲ աբ",
        "🂡 Joker",
    ]
    letters = [
        chr(c)
        for c in (
            *range(0x20, 0x250),
            *range(0x370, 0x530),
            *range(0x1E00, 0x2000),
            *range(0x2C60, 0x2C80),
            *range(0xA640, 0xA6A0),
            *range(0xA720, 0xA7CB),
        )
        if chr(c).isprintable()
    ]
    fixed += ["".join(letters[i : i + 40]) for i in range(0, len(letters), 40)]
    for _ in range(60):
        fixed.append("".join(rng.choice(letters) for _ in range(rng.randint(1, 12))))
    return fixed


def _planes() -> list[str]:
    """Every code point of the planes in use (0-3, 14) and a sample of the rest, in runs of 512:
    what repr() escapes follows Python 3.11's Unicode 14, whatever Unicode JavaScript knows."""
    codes = [*range(0x40000), *range(0xE0000, 0xE1000), *range(0x40000, 0x110000, 0x3FF)]
    return ["".join(map(chr, codes[i : i + 512])) for i in range(0, len(codes), 512)]


def _value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randint(0, 8 if depth < 3 else 5)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind == 1:
        return rng.choice([0, 1, -1, 7, 2**53 - 1, 2**53, -(2**53) - 1, 2**63, 10**40, -(10**30)])
    if kind == 2:
        return rng.randint(-(10**6), 10**6)
    if kind == 3:
        return rng.choice(_floats(rng))
    if kind in (4, 5):
        return rng.choice(_strings(rng))
    if kind in (6, 7):
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(_strings(rng)): _value(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def _docs(rng: random.Random) -> list[str]:
    docs = [json.dumps(_value(rng)) for _ in range(150)]
    docs += [json.dumps(f) for f in _floats(rng)]
    docs += [
        "NaN",
        "Infinity",
        "-Infinity",
        "[NaN, Infinity]",
        "1E5",
        "1e400",
        "-0",
        "-0.0",
        '{"a": 1, "b": 2, "a": 3}',
        '{"__proto__": 1, "constructor": []}',
        '"\\ud83d\\ude00"',
        '"\\ud800\\u0041"',
        " \n[1 , 2 ]\t",
        "12345678901234567890",
        '{"z": 1, "y": {"x": [true, null]}}',
        "1.0",
        "100.0",
        "[1.5e-7, 1e16, 123e-2]",
        '{"zz": 1, "5": {"9": 0, "x": 1, "1": 2}, "-1": [], "05": 0, "1.5": 0}',
    ]
    return docs


BAD = [
    "",
    " ",
    "[1,]",
    "{,}",
    '{"a" 1}',
    "{'a': 1}",
    "01",
    "1.",
    ".5",
    "+1",
    "[1] x",
    "nan",
    "inf",
    "tru",
    '"\t"',
    '"\\x"',
    '"\\u12"',
    '{"a": 1,}',
    "\ufeff{}",
    "[" * 2000,
    '{"a":' * 2000,
    "-",
    "1" * 5000,
    "-" + "1" * 4301,
    "[" + "2" * 4300 + "]",
    '"abc',
    "[1 2]",
    '{"a": 1 "b"}',
    '"ab\\',
    '{"a"',
    '{"a":',
    "[",
    "{",
    '"\\ud800\\u12"',
    "\n\n  x",
    "[1,\n 2,\n x]",
    '"\\uZZZZ"',
    '"\\u00e9\\uD83D"',
    '"\t',
    '"\\',
    '"ab\\u12',
    '["a" "b"]',
    '{"a": 1} {',
    '{"a": 1, "b"}',
    '["\\ud83d\\ude00", "\\/"]',
]

FORMATS = [
    ("{a}", {"a": 1}),
    ("{a!r}", {"a": "it's"}),
    ("{a!s}", {"a": None}),
    ("{a}", {"a": True}),
    ("{a}", {"a": 1e16}),
    ("{a}", {"a": 100.0}),
    ("{a}", {"a": [1, "x", None, 2.0]}),
    ("{a}", {"a": {"k": [True]}}),
    ("{a!r}", {"a": {"k": "v"}}),
    ("{a!r}", {"a": ["it's", 'say "hi"']}),
    ("{{a}} {a} }}{{", {"a": 1}),
    ("{b}", {"a": 1}),
    ("{try} of {tries}", {"try": 1, "tries": 3}),
    ("{a!r} and {a}", {"a": "\u2028\x00é"}),
    ("{raw!r}", {"raw": 2**70}),
    ("no fields", {}),
]

ARITH = [
    (7, 2),
    (-7, 2),
    (7, -2),
    (-7, -2),
    (0, 3),
    (6, 3),
    (-6, 3),
    (-1, 7),
    (5, -7),
    (123456, 1000),
    (-123456, 1000),
    (-5, 10),
    (1005, 10),
]
DECIMALS = [
    "0",
    "0.05",
    "1000",
    "1000.0000",
    "1e3",
    "1E+3",
    "0.00001",
    "1.23450",
    " 2 ",
    "1_000",
    "-0",
    "inf",
    "-Infinity",
    "nan",
    "sNaN",
    "",
    "abc",
    "1.2.3",
    ".5",
    "5.",
    "1e-7",
    "12345678901234567890.5",
    "0.0001",
    "-0.00010",
    "1__0",
    "_1",
    "+.5e+2",
    "_",
    "1._5",
    "\u0661\u0662",
    "\xa01\u2003",
    "1 0",
    "0x10",
    "in_f",
    "\U00016d72",
    "1e999999999999999999",
    "1e1000000000000000000",
    "0.1e1000000000000000000",
    "0e999999999999999999",
    "0e1000000000000000000",
    "1e-1999999999999999997",
    "1e-1999999999999999998",
    "10e-1999999999999999998",
    "0e-1999999999999999998",
    "1e-100000000",
    "-1e-100000000",
    "0e-100000000",
    "1e99999999999999999999999",
    "1e000000000000000000000003",
    "0.000001",
    "0.0000001",
    "123.456e-9",
    "1000.00001",
    "999.99995",
    "1000.0000000000000000000000",
    "-0.0000",
    "0.00",
    "000.100",
    "12.34560",
    "5E-5",
    "1.5e+2",
]
EQ = [
    ("1", "1.0"),
    ("1", "true"),
    ("[1, 2]", "[1.0, 2]"),
    ('{"a": 1, "b": 2}', '{"b": 2, "a": 1}'),
    ('{"a": 1}', '{"a": 2}'),
    ("null", "false"),
    ("[]", "{}"),
    ("0", "false"),
    ("NaN", "NaN"),
    ("9007199254740993", "9007199254740992"),
    ("9007199254740993", "9007199254740993"),
    ('"a"', '"a"'),
    ("[[1]]", "[[1, 2]]"),
    ("0.5", "0.5"),
    ('{"a": [1]}', '{"a": [1.0]}'),
    ('{"a": 1}', '{"b": 1}'),
    ('"1"', "1"),
    ("[null]", "[false]"),
]


def _expected(cases: dict[str, Any]) -> dict[str, Any]:
    def attempt(f: Any) -> Any:
        try:
            return f()
        except (ValueError, KeyError, RecursionError, InvalidOperation) as e:
            return {
                "error": "JSONDecodeError"
                if isinstance(e, json.JSONDecodeError)
                else type(e).__name__
            }

    def doc(text: str) -> list[Any]:
        v = json.loads(text)
        kinds = [
            isinstance(v, int) and not isinstance(v, bool),
            isinstance(v, float),
            isinstance(v, str),
            isinstance(v, bool),
            isinstance(v, list),
            isinstance(v, dict),
        ]
        return [
            repr(v),
            str(v),
            json.dumps(v),
            json.dumps(v, ensure_ascii=False),
            json.dumps(v, ensure_ascii=False, indent=2),
            f"{v}|{v!r}|{v!s}",
            str(bool(v)).lower(),
            "".join(str(k).lower() for k in kinds),
            len(v) if isinstance(v, (list, dict)) else 0,
        ]

    def bad(text: str) -> Any:
        # as gamefile.file.decode reads a file: an integer past Python's digits is its own case
        try:
            json.loads(text, parse_int=_integer)
        except _TooLong as e:
            return {"error": "TooLong", "message": f"an integer of {e.digits} digits"}
        except (ValueError, RecursionError) as e:
            return {"error": type(e).__name__, "message": str(e)}
        return "ok"

    def decimal(s: str) -> list[Any]:
        # what the rules ask of a stake: its bounds, its places (then its count of 10^-4), float()
        d = Decimal(s)
        small = d.is_finite() and 0 <= d <= 1000
        places = small and d == d.quantize(Decimal(1).scaleb(-4))
        return [
            str(d),
            d.is_finite(),
            small,
            small and d == d.to_integral_value(),
            places,
            int(d.scaleb(4)) if places else None,
            None if d.is_nan() else json.dumps(float(d)),
        ]

    return {
        "docs": [attempt(lambda t=t: doc(t)) for t in cases["docs"]],
        "bad": [bad(t) for t in cases["bad"]],
        "formats": [
            attempt(lambda t=t, p=p: t.format(**json.loads(p))) for t, p in cases["formats"]
        ],
        "strings": [[len(s), s.split(), repr(s)] for s in cases["strings"]],
        "folds": [s.casefold() for s in cases["folds"]],
        "sorted": sorted(cases["strings"]),
        "arith": [[a // b, a % b] for a, b in cases["arith"]],
        "decimals": [attempt(lambda s=s: decimal(s)) for s in cases["decimals"]],
        "eq": [json.loads(a) == json.loads(b) if "NaN" not in a else False for a, b in cases["eq"]],
    }


def _need_node() -> str:
    if NODE is None:
        if os.environ.get("CI"):
            pytest.fail("CI must test the JavaScript engine: no node on the PATH")
        pytest.skip("no node on the PATH")
    return NODE


def _node(cases: dict[str, Any]) -> dict[str, Any]:
    _need_node()
    # lone surrogates cannot go through UTF-8: JSON's \u escapes carry them
    done = subprocess.run(
        [NODE, "-e", RUNNER, str(ENGINE)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        encoding="utf-8",
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _mismatches(got: Any, want: Any, where: str = "") -> list[str]:
    if isinstance(want, dict) and isinstance(got, dict):
        return [m for k in want for m in _mismatches(got.get(k), want[k], f"{where}.{k}")]
    if isinstance(want, list) and isinstance(got, list) and len(got) == len(want):
        return [
            m for i, (g, w) in enumerate(zip(got, want)) for m in _mismatches(g, w, f"{where}[{i}]")
        ]
    if got != want and not (isinstance(want, float) and math.isnan(want)):
        return [f"{where}: node {got!r}, Python {want!r}"]
    return []


def test_py_js_does_what_python_does():
    rng = random.Random(14)
    cases = {
        "docs": _docs(rng),
        "bad": BAD,
        "formats": [[t, json.dumps(p)] for t, p in FORMATS],
        "strings": _strings(rng) + _planes(),
        "folds": _folds(rng),
        "arith": ARITH,
        "decimals": DECIMALS,
        "eq": EQ,
    }
    got, want = _node(cases), _expected(cases)
    wrong = _mismatches(got, want)
    assert not wrong, "\n".join(w[:300] for w in wrong[:30])


def _engines(games: list[Any], timeout: float = 60) -> tuple[list[Any], list[Any]]:
    """The JavaScript engine's output for each game (tools/js_twin.mjs, English), and Python's."""
    from scorekeeper.gamefile.output import engine_output

    node = _need_node()
    jobs = "".join(
        json.dumps({"game": json.dumps(g), "entered": None, "stored": False, "lang": None}) + "\n"
        for g in games
    )
    done = subprocess.run(
        [node, str(ROOT / "tools" / "js_twin.mjs")],
        input=jobs,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        encoding="utf-8",
    )
    assert done.returncode == 0, done.stderr
    got = [json.loads(line) for line in done.stdout.splitlines()]
    return got, [json.loads(json.dumps(engine_output(copy.deepcopy(g)))) for g in games]


def test_problems_come_in_the_files_key_order():
    """A JavaScript object lists integer-like keys first ({"zz": 1, "5": 1} iterates "5" first);
    the twin keeps the order of the file, as Python's dict does: problems, repr of a value."""
    games = []
    for options in (
        {"zz": 1, "5": 1},
        {"zz": 1, "5": 1, "target": {"zz": 1, "5": [2.0]}, "10": 0, "a": None},
        {"target": {"b": 1, "0": 2, "a": 3}},
    ):
        game = copy.deepcopy(GAME)
        game["options"] = options
        game["99"] = True
        game["trail"] = [{"7": 1, "action": "x"}]
        games.append(game)
    got, want = _engines(games)
    assert [p["field"] for p in want[0]["problems"]] == ["99", "options.zz", "options.5", "trail"]
    assert got == want
    assert [p["text"] for p in got[2]["problems"]][1] == (
        "option target: must be a whole number, got {'b': 1, '0': 2, 'a': 3}"
    )


STAKES = [
    "1e999999999999999999",
    "1e-100000000",
    "1e-999999999999999999",
    "1e1000000000000000000",
    "0e-100000000",
    "0e999999999999999999",
    "0e1000000000000000000",
    "-1e-100000000",
    "1e9999999999999999999999",
    "1e-1999999999999999998",
    "0.00010e-1",
    "100000000000000e-10",
    "1000.0000000000000000000000",
    "999.99995",
    "\u0661\u0662",
    "\u2003 7.5 ",
    "1_0.2_5",
    "nan",
    "sNaN",
    "-0",
    "-0.0001",
    "Infinity",
    "1e+3",
    "0.25",
    float("inf"),
    1e-7,
    10**30,
    12.5,
    0.0001,
    2**70,
    1000,
    1001,
]


def test_a_stake_of_any_exponent_is_answered_at_once_as_python_does():
    """Decimal compares places and counts decimals from the digits and the exponent: "1e-100000000"
    took 36 s and "1e999999999999999999" threw (BigInt too large) when it raised 10 to them."""
    games = []
    for stake in STAKES:
        game = copy.deepcopy(GAME)
        game["options"] = {"stake": stake}
        games.append(game)
    got, want = _engines(games, timeout=30)
    assert got == want
    assert want[0]["problems"][0]["text"] == (
        "option stake: must be an amount of money per point from 0 to 1000, with at most 4 "
        "decimal places, got '1e999999999999999999'"
    )


def test_plural_forms_from_the_catalogues_table_as_gettext_chooses_them():
    """i18n.js reads the plural form from the exported table ("plurals", catalogues.py): the same
    form as gettext's for every count from 0 to 1,000, in every language."""
    import gettext

    from scorekeeper.catalogues import SOURCE, engine_catalogue

    node = _need_node()
    for lang in ("en", "pl", "ru", "uk"):
        data = engine_catalogue(lang)
        assert data is not None
        msgid = next(k for k, v in data["messages"].items() if isinstance(v, list))
        script = (
            f"require({json.dumps(str(ENGINE / 'i18n.js'))});"
            f"const c = SK.i18n.catalogue({json.dumps(data)}), out = [];"
            f"for (let n = 0; n <= 1000; n++) out.push(c.ngettext({json.dumps(msgid)}, 'P', n));"
            "process.stdout.write(JSON.stringify(out));"
        )
        done = subprocess.run(
            [node, "-e", script],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            encoding="utf-8",
        )
        assert done.returncode == 0, done.stderr
        tr = gettext.translation("messages", localedir=SOURCE, languages=[lang])
        assert json.loads(done.stdout) == [tr.ngettext(msgid, "P", n) for n in range(1001)], lang
