"""Properties over realistic games dealt from a real deck (tests/strategies.py), every preset."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.gamefile import GameFile, loads, parse
from scorekeeper.rules import InvalidHand, Sheet, Tally, replay, rules_for
from tests.clubgames import club_games
from tests.profiles import examples
from tests.strategies import PRESETS, SEATS, dealt_hand, games, malformed_games, opener

# a whole game per example, every property of it checked on the same game: drawing the game
# is almost all the cost (tests/profiles.py)
WHOLE_GAMES = settings(max_examples=examples(40))

# hypothesis over whole games, seconds of it (a minute and more in the deep profile):
# `-m "not properties"` leaves the rest of the rules tests, which take under a second
pytestmark = pytest.mark.properties


def totals_are_sums_and_every_score_is_explained(tally: Tally) -> None:
    previous = (0,) * len(tally.totals)
    for line in tally.lines:
        assert tuple(p + s for p, s in zip(previous, line.scores)) == line.totals
        previous = line.totals
        explained = {n.seat for n in line.notes}
        assert all(seat in explained for seat, score in enumerate(line.scores) if score), line
    assert tally.totals == previous
    assert tuple(p.total for p in tally.players) == tally.totals


def a_prefix_does_not_depend_on_later_hands(
    game: GameFile, full: Tally, data: st.DataObject
) -> None:
    k = data.draw(st.integers(0, len(game.lines)))
    prefix = replay(game.rules(), game.lines[:k], game.first_dealer, game.players)
    assert prefix.lines == full.lines[:k], f"the first {k} lines scored alone differ"


@pytest.mark.parametrize("preset", PRESETS)
@WHOLE_GAMES
@given(data=st.data())
def test_a_dealt_game_sums_explains_and_scores_each_hand_from_what_came_before(preset, data):
    raw = data.draw(games(preset, min_hands=2))
    game = parse(raw)
    full = game.score()
    totals_are_sums_and_every_score_is_explained(full)
    a_prefix_does_not_depend_on_later_hands(game, full, data)
    # changing hand k changes nothing before it
    hands = [i for i, line in enumerate(full.lines) if line.kind == "hand"]
    k = data.draw(st.sampled_from(hands))
    replacement = data.draw(dealt_hand(preset, full.lines[k].dealer))
    changed = {
        **raw,
        "hands": [
            *raw["hands"][:k],
            {"dealer": full.lines[k].dealer, **replacement},
            *raw["hands"][k + 1 :],
        ],
    }
    try:
        tally = parse(changed).score()
    except InvalidHand as e:
        # a later hand may no longer fit (e.g. a give-up over the limit), never an earlier one
        assert all(p.hand is not None and p.hand > k for p in e.problems), e
        return
    assert tally.lines[:k] == full.lines[:k], f"hand {k + 1} changed a line before it"


@pytest.mark.parametrize("preset", PRESETS)
@WHOLE_GAMES
@given(data=st.data())
def test_with_the_club_agreements_a_game_sums_explains_and_scores_a_prefix_alone(preset, data):
    # scoring.md 5.1 switched on (tests/clubgames.py): blind bids, golden hands, silence,
    # give-up penalties, barrel falls to 0, bolts of tricks or in a row
    game = parse(data.draw(club_games(preset, min_hands=2)))
    full = game.score()
    totals_are_sums_and_every_score_is_explained(full)
    a_prefix_does_not_depend_on_later_hands(game, full, data)
    every_nth_fall_goes_to_zero(game, full)
    an_exact_finish_lands_on_the_target(game, full)


def every_nth_fall_goes_to_zero(game: GameFile, tally: Tally) -> None:
    """5.1: a seat's falls (out of tries or knocked off) go to 0 at every falls_to_zero-th."""
    barrel = game.rules().options.barrel
    if barrel is None or barrel.falls_to_zero is None:
        return
    falls = [0] * len(tally.totals)
    for line in tally.lines:
        for note in line.notes:
            event = note.params.get("event") if note.rule == "barrel" else None
            if event in ("fall", "knock-off", "fall-zero"):
                falls[note.seat] += 1
                zero = falls[note.seat] % barrel.falls_to_zero == 0
                assert (event == "fall-zero") == zero, (falls[note.seat], line)
                if zero:
                    assert line.totals[note.seat] == 0, line


def an_exact_finish_lands_on_the_target(game: GameFile, tally: Tally) -> None:
    """5.2 finish exact: no hand takes a total above the target, the game ends on a total
    exactly on it (or after its deals), and its winners are there."""
    o = game.rules().options
    if o.finish != "exact":
        return
    before = (0,) * len(tally.totals)
    for line in tally.lines:
        if line.kind == "hand":
            for seat, (was, now) in enumerate(zip(before, line.totals)):
                assert now <= o.target or now <= was, (seat, line)
        before = line.totals
    if tally.finished and o.target in tally.totals:
        assert all(tally.totals[s] == o.target for s in tally.winners), tally.winners
    elif tally.finished:
        assert o.deals is not None


def _one_hand(preset: str, dealer: int, hand: dict) -> dict:
    n = SEATS[preset]
    return {
        "format": "scorekeeper-game/1",
        "variant": preset,
        "players": ["Ala", "Bartek", "Celina", "Darek"][:n],
        "first_dealer": dealer,
        "hands": [hand],
    }


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=examples(150))
@given(data=st.data())
def test_every_hand_dealt_from_a_real_deck_is_accepted(preset, data):
    # scoring.md 3.2: the card points, tricks and marriages of a real deal always fit together
    dealer = data.draw(st.integers(0, SEATS[preset] - 1))
    hand = data.draw(dealt_hand(preset, dealer))
    for given_tricks in (True, False):
        if not given_tricks:
            hand = {k: v for k, v in hand.items() if k != "tricks"}
        game = parse(_one_hand(preset, dealer, hand))
        sheet = Sheet(game.rules(), game.first_dealer, game.players)
        problems = sheet.check(game.lines[0])
        assert problems == [], (hand, [str(p) for p in problems])


@pytest.mark.parametrize("preset", ["pl-2", "ru-2"])
@settings(max_examples=examples(100))
@given(data=st.data())
def test_the_two_hand_sums_119_82_81_are_always_refused(preset, data):
    # 120 card points minus the 4 cards out of play: never 1, 38 or 39 of them
    total = data.draw(st.sampled_from((119, 82, 81)))
    mine = data.draw(st.integers(0, total))
    dealer = data.draw(st.integers(0, 1))
    declarer = opener(preset, dealer)
    points = [mine, total - mine] if declarer == 0 else [total - mine, mine]
    hand: dict = {"declarer": declarer, "bid": 100 if preset == "pl-2" else 60, "points": points}
    if preset == "ru-2":
        hand["trump"] = data.draw(st.sampled_from(("spades", "clubs", "diamonds", "hearts")))
    if data.draw(st.booleans()):  # with trick counts: a whole number for each seat
        won = data.draw(st.integers(1, 9))
        hand["tricks"] = [won, 10 - won]
    with pytest.raises(InvalidHand) as refused:
        parse(_one_hand(preset, dealer, hand)).score()
    fields = {p.field for p in refused.value.problems}
    assert "points" in fields or "tricks" in fields, refused.value
    reachable = rules_for(preset).options.cards.reachable
    if "tricks" not in hand and all(p in reachable for p in points):
        # each seat's points could be, the two together could not: said as the cards left out
        assert any(p.params.get("out") == 120 - total for p in refused.value.problems), (
            refused.value
        )


@settings(max_examples=examples(400))
@given(malformed_games())
def test_malformed_input_raises_only_the_validation_error(data):
    try:
        parse(data).score()
    except InvalidHand as e:
        assert e.problems and all(str(p).startswith(("game: ", "hand ")) for p in e.problems)
    try:
        loads(json.dumps(data)).score()
    except InvalidHand:
        pass


@st.composite
def damaged_files(draw: st.DrawFn) -> tuple[bytes, bool]:
    """A real game file's bytes with a few of them changed, and whether it is still JSON by
    construction (only digits swapped for digits). Random bytes almost never get past the JSON
    decoder; these reach the reader, the rules and the deal checks."""
    game = draw(st.sampled_from(PRESETS).flatmap(lambda p: games(p, max_hands=5)))
    blob = bytearray(json.dumps(game, ensure_ascii=draw(st.booleans())).encode())
    digits = [i for i, b in enumerate(blob) if 48 <= b <= 57]  # ASCII digits only
    only_digits = draw(st.booleans()) and bool(digits)
    for _ in range(draw(st.integers(1, 4))):
        if only_digits:  # a number's first digit stays non-zero: no 007, which is no JSON
            i = draw(st.sampled_from(digits))
            first = not 48 <= blob[i - 1] <= 57 and 48 <= blob[i + 1] <= 57
            blob[i] = ord(draw(st.sampled_from("123456789" if first else "0123456789")))
            continue
        at = draw(st.integers(0, len(blob) - 1))
        kind = draw(st.sampled_from(("byte", "delete", "insert")))
        if kind == "delete":
            del blob[at]
        else:
            byte = draw(st.sampled_from(b'0123456789-.e"{}[],: \\\x00\xff\xc3'))
            if kind == "insert":
                blob.insert(at, byte)
            else:
                blob[at] = byte
    return bytes(blob), only_digits


@settings(max_examples=examples(200))
@given(damaged_files())
def test_a_damaged_file_raises_only_the_validation_error(damaged):
    blob, still_json = damaged
    if still_json:
        json.loads(blob)  # the damage reaches the reader, not only the decoder
    try:
        loads(blob).score()
    except InvalidHand as e:
        assert e.problems and all(str(p).startswith(("game: ", "hand ")) for p in e.problems)
