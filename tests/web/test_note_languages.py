"""Why a number is what it is, as a player reads it in each language: hands scored by the rules,
the sentences written by hand (not copied from the catalogue) for the notes that matter most."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from babel.support import Translations

from scorekeeper.gamefile import parse
from scorekeeper.rules import text

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
LANGS = ("en", "pl", "ru", "uk")
P3 = ["Ala", "Bartek", "Celina"]

# (what the hand shows, the game, the line read, {seat: {lang: the notes of that seat}})
CASES: list[tuple[str, dict[str, Any], int, dict[int, dict[str, list[str]]]]] = [
    (
        "pl-3: Bartek makes 120 with the hearts marriage; the defenders round to 10",
        {
            "variant": "pl-3",
            "players": P3,
            "hands": [
                {
                    "declarer": 1,
                    "bid": 110,
                    "contract": 120,
                    "points": [35, 70, 15],
                    "marriages": [{"seat": 1, "suit": "hearts"}],
                    "dealer": 2,
                }
            ],
        },
        1,
        {
            0: {
                "en": ["35 card points", "35 rounded to 40"],
                "pl": ["35 pkt z kart", "35 zaokrąglone do 40"],
                "ru": ["за карты 35", "35 округляется до 40"],
                "uk": ["за карти 35", "35 округлено до 40"],
            },
            1: {
                "en": ["hearts marriage: 100", "made the contract of 120 (took 170): +120"],
                "pl": [
                    "meldunek kierowy: 100",
                    "ugrana deklaracja 120 (zdobyte punkty: 170): +120",
                ],
                "ru": ["червовый марьяж: 100", "заказ 120 сыгран (набрано 170): +120"],
                "uk": ["чирвовий мар'яж: 100", "замовлення 120 зіграно (набрано 170): +120"],
            },
        },
    ),
    (
        "pl-3: Ala falls 35 short of 130 and loses the contract, never her points",
        {
            "variant": "pl-3",
            "players": P3,
            "hands": [
                {"declarer": 0, "bid": 100, "contract": 130, "points": [95, 15, 10], "dealer": 2}
            ],
        },
        1,
        {
            0: {
                "en": ["failed the contract of 130 (took 95, 35 short): -130"],
                "pl": ["nieugrana deklaracja 130 (zdobyte punkty: 95, zabrakło 35): -130"],
                "ru": ["заказ 130 не сыгран (набрано 95, не хватило 35): -130"],
                "uk": ["замовлення 130 не зіграно (набрано 95, бракує 35): -130"],
            },
        },
    ),
    (
        "pl-3: at 900 Ala is locked: her 40 as a defender are lost",
        {
            "variant": "pl-3",
            "players": P3,
            "hands": [
                {"adjustment": [900, 0, 0], "reason": "carried over"},
                {"declarer": 1, "bid": 110, "points": [40, 70, 10], "dealer": 2},
            ],
        },
        2,
        {
            0: {
                "en": [
                    "40 card points",
                    "900 is at or above the lock at 900: points count only as declarer, 40 lost",
                ],
                "pl": [
                    "40 pkt z kart",
                    "900 – blokada od 900: punkty zapisuje tylko jako grający, stracone punkty: 40",
                ],
                "ru": [
                    "за карты 40",
                    "счёт 900 — блокировка (от 900): очки засчитываются только на своём "
                    "заказе, сгорает 40",
                ],
                "uk": [
                    "за карти 40",
                    "900 — не менше за поріг блокування 900: очки зараховуються лише "
                    "розігрувачеві, втрачено 40",
                ],
            },
        },
    ),
    (
        "pl-4: Darek deals and sits out, and scores the ace and the marriage in the musik",
        {
            "variant": "pl-4",
            "players": ["Ala", "Bartek", "Celina", "Darek"],
            "hands": [
                {
                    "declarer": 1,
                    "bid": 110,
                    "points": [10, 90, 20, None],
                    "musik": {"aces": 1, "marriage": "hearts"},
                    "dealer": 3,
                }
            ],
        },
        1,
        {
            3: {
                "en": ["musik bonus for the dealer: 1 ace x 50 + hearts marriage 100 = 150"],
                "pl": ["premia z musiku dla rozdającego: 1 as x 50 + meldunek kierowy 100 = 150"],
                "ru": ["сдающему за прикуп: 1 туз × 50 + червовый марьяж 100 = 150"],
                "uk": ["очки за прикуп тому, хто здає: 1 туз × 50 + чирвовий мар'яж 100 = 150"],
            },
        },
    ),
    (
        "ru-2: marriages found in tricks, the trump one worth 80; Борис rounds 65 to 70",
        {
            "variant": "ru-2",
            "players": ["Аня", "Борис"],
            "hands": [
                {
                    "declarer": 0,
                    "bid": 100,
                    "points": [90, 25],
                    "trump": "clubs",
                    "marriages": [{"seat": 0, "suit": "clubs"}, {"seat": 1, "suit": "spades"}],
                    "dealer": 1,
                }
            ],
        },
        1,
        {
            0: {
                "en": [
                    "trump clubs marriage in tricks: 80",
                    "made the contract of 100 (took 170): +100",
                ],
                "pl": [
                    "meldunek treflowy w lewach, w atucie: 80",
                    "ugrana deklaracja 100 (zdobyte punkty: 170): +100",
                ],
                "ru": [
                    "козырный трефовый марьяж во взятках: 80",
                    "заказ 100 сыгран (набрано 170): +100",
                ],
                "uk": [
                    "козирний трефовий мар'яж у взятках: 80",
                    "замовлення 100 зіграно (набрано 170): +100",
                ],
            },
            1: {
                "en": [
                    "spades marriage in tricks: 40",
                    "25 card points + 40 for marriages = 65",
                    "65 rounded to 70",
                ],
                "pl": [
                    "meldunek pikowy w lewach: 40",
                    "25 pkt z kart + 40 za meldunki = 65",
                    "65 zaokrąglone do 70",
                ],
                "ru": [
                    "пиковый марьяж во взятках: 40",
                    "за карты 25 + за марьяжи 40 = 65",
                    "65 округляется до 70",
                ],
                "uk": [
                    "піковий мар'яж у взятках: 40",
                    "за карти 25 + за мар'яжі 40 = 65",
                    "65 округлено до 70",
                ],
            },
        },
    ),
    (
        "ru-2: Аня gives up at 80: minus the contract, 60 to Борис",
        {
            "variant": "ru-2",
            "players": ["Аня", "Борис"],
            "hands": [{"declarer": 0, "bid": 80, "give_up": True, "dealer": 1}],
        },
        1,
        {
            0: {
                "en": ["gave up the contract of 80: -80"],
                "pl": ["bomba przy deklaracji 80: -80"],
                "ru": ["отказ от игры при заказе 80: -80"],
                "uk": ["відмова від замовлення 80: -80"],
            },
            1: {
                "en": ["Аня gave up: +60"],
                "pl": ["Аня gra bombę: +60"],
                "ru": ["Аня уходит: +60"],
                "uk": ["Аня відмовляється від гри: +60"],
            },
        },
    ),
    (
        "ru-3: Bartek's 860 and 30 more reach the barrel: he sits on it at 880",
        {
            "variant": "ru-3",
            "players": P3,
            "hands": [
                {"adjustment": [0, 860, 0], "reason": "carried over"},
                {"declarer": 0, "bid": 100, "points": [80, 30, 10], "dealer": 2},
            ],
        },
        2,
        {
            1: {
                "en": ["30 card points", "890 reaches the barrel: climbs on it at 880"],
                "pl": ["30 pkt z kart", "890 sięga beczki: wchodzi na nią z wynikiem 880"],
                "ru": ["за карты 30", "счёт 890 — это бочка: садится на неё с 880"],
                "uk": ["за карти 30", "890 сягає бочки: сідає на бочку з рахунком 880"],
            },
        },
    ),
    (
        "ru-3: Celina takes nothing (a bolt); Bartek lands on exactly 555 and goes back to 0",
        {
            "variant": "ru-3",
            "players": P3,
            "hands": [
                {"adjustment": [0, 535, 0], "reason": "carried over"},
                {"declarer": 0, "bid": 100, "points": [100, 20, 0], "dealer": 2},
            ],
        },
        2,
        {
            1: {
                "en": ["20 card points", "a total of exactly 555 is dumped: back to 0"],
                "pl": ["20 pkt z kart", "wynik równy dokładnie 555: wywrotka, powrót do 0"],
                "ru": ["за карты 20", "ровно 555 — самосвал: счёт обнуляется"],
                "uk": ["за карти 20", "рахунок рівно 555 — самоскид: знову 0"],
            },
            2: {
                "en": ["no points: bolt 1 of 3"],
                "pl": ["brak punktów: pała 1 z 3"],
                "ru": ["нет очков: болт 1 из 3"],
                "uk": ["жодного очка: болт 1 з 3"],
            },
        },
    ),
    (
        "pl-3: a penalty agreed at the table, with its reason as typed",
        {
            "variant": "pl-3",
            "players": P3,
            "hands": [{"adjustment": [0, -50, 0], "reason": "misdeal penalty"}],
        },
        1,
        {
            1: {
                "en": ["adjustment -50: misdeal penalty"],
                "pl": ["korekta -50: misdeal penalty"],
                "ru": ["поправка -50: misdeal penalty"],
                "uk": ["поправка -50: misdeal penalty"],
            },
        },
    ),
    (
        "pl-3 golden deal with blind bids (scoring.md 5.1): golden hand 1 of 3, Bartek's 120",
        {
            "variant": "pl-3",
            "options": {"golden": True},
            "players": P3,
            "hands": [{"declarer": 1, "contract": 120, "points": [30, 90, 0]}],
        },
        1,
        {
            1: {
                "en": [
                    "failed the contract of 120 (took 90, 30 short): -120",
                    "golden hand 1 of 3: scores × 2, -120 × 2 = -240",
                ],
                "pl": [
                    "nieugrana deklaracja 120 (zdobyte punkty: 90, zabrakło 30): -120",
                    "złote rozdanie 1 z 3: wyniki × 2, -120 × 2 = -240",
                ],
                "ru": [
                    "заказ 120 не сыгран (набрано 90, не хватило 30): -120",
                    "золотая раздача 1 из 3: очки × 2, -120 × 2 = -240",
                ],
                "uk": [
                    "замовлення 120 не зіграно (набрано 90, бракує 30): -120",
                    "золота роздача 1 з 3: очки × 2, -120 × 2 = -240",
                ],
            },
        },
    ),
    (
        "pl-3 blind bid (scoring.md 5.1): Bartek's blind 120 made, times 2",
        {
            "variant": "pl-3",
            "options": {"blind": True},
            "players": P3,
            "hands": [
                {
                    "declarer": 1,
                    "bid": 120,
                    "blind": True,
                    "points": [30, 80, 10],
                    "marriages": [{"seat": 1, "suit": "hearts"}],
                }
            ],
        },
        1,
        {
            1: {
                "en": [
                    "hearts marriage: 100",
                    "made the contract of 120 (took 180): +120",
                    "bid blind: 120 × 2 = 240",
                ],
                "pl": [
                    "meldunek kierowy: 100",
                    "ugrana deklaracja 120 (zdobyte punkty: 180): +120",
                    "gra w ciemno: 120 × 2 = 240",
                ],
                "ru": [
                    "червовый марьяж: 100",
                    "заказ 120 сыгран (набрано 180): +120",
                    "втёмную: 120 × 2 = 240",
                ],
                "uk": [
                    "чирвовий мар'яж: 100",
                    "замовлення 120 зіграно (набрано 180): +120",
                    "у темну: 120 × 2 = 240",
                ],
            },
        },
    ),
    (
        "ru-3, one try on the barrel: Ala falls after 1 hand (a plural, never '1 hands')",
        {
            "variant": "ru-3",
            "players": P3,
            "options": {"barrel": {"tries": 1}},
            "hands": [
                {"adjustment": [870, 0, 0], "reason": "carried over"},
                {"declarer": 1, "bid": 100, "points": [15, 100, 5]},
                {"declarer": 2, "bid": 100, "points": [15, 5, 100]},
            ],
        },
        3,
        {
            0: {
                "en": [
                    "15 card points",
                    "on the barrel: scores nothing (15 lost)",
                    "on the barrel for 1 hand: falls off to 760 (-120)",
                ],
                "pl": [
                    "15 pkt z kart",
                    "na beczce: nic nie dostaje (stracone punkty: 15)",
                    "wykorzystane wszystkie próby na beczce (1): spada do 760 (-120)",
                ],
                "ru": [
                    "за карты 15",
                    "на бочке: очков не получает (сгорает 15)",
                    "на бочке: попыток больше нет (всего 1), слетает на 760 (-120)",
                ],
                "uk": [
                    "за карти 15",
                    "на бочці: очок не отримує (втрачено 15)",
                    "спроби на бочці вичерпано (1): злітає з бочки до 760 (-120)",
                ],
            },
        },
    ),
    (
        "pl-3, finish exactly (5.2): Bartek's made 120 would pass 1000 and is not counted",
        {
            "variant": "pl-3",
            "players": P3,
            "options": {"finish": "exact", "lock": None},
            "hands": [
                {"adjustment": [0, 900, 0], "reason": "carried over"},
                {
                    "declarer": 1,
                    "bid": 120,
                    "points": [10, 110, 0],
                    "marriages": [{"seat": 1, "suit": "hearts"}],
                },
            ],
        },
        2,
        {
            1: {
                "en": [
                    "hearts marriage: 100",
                    "made the contract of 120 (took 210): +120",
                    "would pass 1000: 1020, not counted",
                ],
                "pl": [
                    "meldunek kierowy: 100",
                    "ugrana deklaracja 120 (zdobyte punkty: 210): +120",
                    "przekroczyłoby 1000: 1020, nie liczy się",
                ],
                "ru": [
                    "червовый марьяж: 100",
                    "заказ 120 сыгран (набрано 210): +120",
                    "перебор за 1000: 1020, не засчитывается",
                ],
                "uk": [
                    "чирвовий мар'яж: 100",
                    "замовлення 120 зіграно (набрано 210): +120",
                    "перебір понад 1000: 1020, не зараховується",
                ],
            },
        },
    ),
    (
        "ru-3, a free give-up (5.2): Bartek's first costs nothing; half of 100 is below 60",
        {
            "variant": "ru-3",
            "players": P3,
            "options": {"give_up": {"free": 1, "opponents": "half", "opponents_min": 60}},
            "hands": [{"declarer": 1, "bid": 100, "give_up": True}],
        },
        1,
        {
            0: {
                "en": ["Bartek gave up: half of 100 is less than 60, +60"],
                "pl": ["Bartek gra bombę: połowa deklaracji 100 to mniej niż 60, +60"],
                "ru": ["Bartek уходит: половина заказа 100 меньше 60, +60"],
                "uk": ["Bartek відмовляється: половина замовлення 100 менша за 60, +60"],
            },
            1: {
                "en": ["gave up the contract of 100: free give-up 1 of 1, 0"],
                "pl": ["bomba przy deklaracji 100: darmowa bomba 1 z 1, 0"],
                "ru": ["отказ от игры при заказе 100: бесплатный отказ 1 из 1, 0"],
                "uk": ["відмова від замовлення 100: безкоштовна відмова 1 з 1, 0"],
            },
        },
    ),
]


@pytest.fixture(scope="module")
def catalogues() -> dict[str, Translations]:
    found = {lang: Translations.load(str(TRANSLATIONS), [lang]) for lang in LANGS}
    for lang, catalogue in found.items():
        assert isinstance(catalogue, Translations), f"no compiled catalogue for {lang}"
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "case", CASES, ids=[c[0].split(":")[0] + f"-{i}" for i, c in enumerate(CASES)]
)
def test_a_hands_notes_read_as_a_player_would_say_them(
    catalogues: dict[str, Translations], case: Any, lang: str
) -> None:
    _what, game, number, expected = case
    file = parse({"format": "scorekeeper-game/1", **game})
    line = file.score().lines[number - 1]
    for seat, by_language in expected.items():
        said = [text(n, list(file.players), catalogues[lang]) for n in line.notes if n.seat == seat]
        assert said == by_language[lang], (seat, said)


def test_a_game_won_is_said_with_the_target_and_the_total(
    catalogues: dict[str, Translations],
) -> None:
    file = parse(
        {
            "format": "scorekeeper-game/1",
            "variant": "pl-3",
            "players": P3,
            "hands": [
                {"adjustment": [880, 0, 0], "reason": "carried over"},
                {
                    "declarer": 0,
                    "bid": 120,
                    "points": [100, 20, 0],
                    "marriages": [{"seat": 0, "suit": "hearts"}],
                    "dealer": 2,
                },
            ],
        }
    )
    tally = file.score()
    assert tally.finished and tally.winners == (0,)
    won = [n for n in tally.lines[-1].notes if n.rule == "game-won"]
    said = {lang: [text(n, P3, catalogues[lang]) for n in won] for lang in LANGS}
    assert said == {
        "en": ["reached 1000 as declarer with 1000: wins"],
        "pl": ["jako grający osiąga próg 1000 (wynik 1000): wygrywa"],
        "ru": ["рубеж 1000 взят на своём заказе (1000): победа"],
        "uk": ["як розігрувач досягає 1000 з рахунком 1000: перемога"],
    }
