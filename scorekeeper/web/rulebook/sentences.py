"""The words of the rules pages: every sentence key the rules say, in the reader's words."""

# The rules decide which sentences a game's page says and their numbers (rules/rulebook.py for
# the sections every game has, rules/describe.py for the house rules, the club agreements and the
# end); here is only what each says, in the order of the page. A key with two messages has a
# plural chosen by its `num`. The words of the house rules and club agreements (scoring.md 5,
# 5.1, 5.2: the barrel, bolts, the dump, the blind bid, the golden deal, silence) are
# housewords.py's, the decisions' words decisions.py's.

from __future__ import annotations

from decimal import Decimal

from flask_babel import gettext, ngettext
from flask_babel import lazy_gettext as _l
from markupsafe import Markup, escape

from scorekeeper.rules import N_, Term
from scorekeeper.rules.rulebook import Say
from scorekeeper.web.i18n import NP_, money, translator
from scorekeeper.web.rulebook.decisions import DECISIONS
from scorekeeper.web.rulebook.housewords import HOUSE_SENTENCES

TITLES = {
    "players": _l("Players and who sits out"),
    "deck": _l("The deck and card values"),
    "auction": _l("The auction"),
    "no-auction": _l("No auction"),
    "scoring": _l("What the declarer scores"),
    "all-score": _l("What each player scores"),
    "marriages": _l("Marriages"),
    "points": _l("What the card points add up to"),
    "rounding": _l("Rounding"),
    "musik": _l("The sitting-out dealer's musik"),
    "lock": _l("The lock"),
    "give_up": _l("Giving up"),
    "barrel": _l("The barrel"),
    "bolts": _l("Bolts"),
    "dump": _l("The dump"),
    "blind": _l("Blind bids"),
    "golden": _l("The golden deal"),
    "silence": _l("Silence"),
    "adjustments": _l("Adjustments"),
    "end": _l("The end of the game"),
    "decisions": _l("Where the rule texts are silent or wrong"),
}

SENTENCES: dict[str, str | tuple[str, str]] = {
    # players
    "seats": NP_("This game is for %(num)d player.", "This game is for %(num)d players."),
    "deal-passes": N_("The deal passes to the next player clockwise after every hand."),
    "dealer-named": N_(
        "A hand may name its dealer (after a redeal, say), and the turn goes on from that player."
    ),
    "dealer-sits-out": N_(
        "The dealer deals and sits the hand out: no cards, no marriages, and cannot be the "
        "declarer."
    ),
    "dealer-scores-musik": N_("The dealer scores only the musik (see below)."),
    "dealer-scores-nothing": N_("The dealer scores nothing in that hand."),
    "everyone-plays": N_("Everyone plays every hand."),
    "tricks": NP_("A hand has %(num)d trick.", "A hand has %(num)d tricks."),
    # the deck
    "deck-cards": N_(
        "The deck has %(cards)s cards: nine, jack, queen, king, ten and ace in four suits."
    ),
    "card-ace": N_("Ace"),
    "card-ten": N_("Ten"),
    "card-king": N_("King"),
    "card-queen": N_("Queen"),
    "card-jack": N_("Jack"),
    "card-nine": N_("Nine"),
    "deck-total": N_("All the cards together hold %(total)s points."),
    "deck-never": N_("No set of cards makes these counts, so the app refuses them: %(never)s."),
    # the auction
    "bids": N_(
        "Bids start at %(min)s and go up in steps of %(step)s. The highest contract is %(max)s."
    ),
    "forced-opening": N_("The player after the dealer must open at %(min)s and cannot pass."),
    "first-may-pass": N_("The player after the dealer bids first and may pass."),
    "skip-bidding": N_(
        "A player with %(at)s points or more may stay out of the auction; then nobody else may "
        "pass."
    ),
    "declarer-takes-musik": N_("The highest bidder is the declarer and takes the musik."),
    "contract-raise": N_(
        "After seeing the musik, the declarer may raise the contract above the winning bid, up "
        "to %(max)s, but never lower it."
    ),
    "contract-is-bid": N_("The contract is the winning bid: it cannot be raised."),
    "no-auction": N_(
        "There is no auction and no declarer. Every player scores what they take in each hand."
    ),
    # scoring
    "declarer-scores": N_(
        "The declarer adds up the card points in their tricks and their marriages. If that is at "
        "least the contract, the contract is made and the declarer scores plus the contract; if "
        "not, minus the contract."
    ),
    "contract-not-points": N_(
        "The declarer scores the contract, never the points taken: a contract of %(contract)s "
        "made with %(more)s gives +%(contract)s, and with %(less)s it gives -%(contract)s."
    ),
    "declarer-rounded": N_(
        "The declarer's points are rounded to %(step)s before they are compared with the "
        "contract: %(raw)s counts as %(rounded)s and makes a contract of %(contract)s."
    ),
    "declarer-not-rounded": N_(
        "The declarer's points are compared with the contract as they are, not rounded."
    ),
    "slam": N_(
        "A contract of %(total)s is also made when the declarer has no marriage and nobody else "
        "took a trick: the cards out of play count for the declarer."
    ),
    "others-rounded": N_(
        "Every other player in the hand scores their card points plus their marriages, rounded "
        "to %(step)s."
    ),
    "others-as-is": N_(
        "Every other player in the hand scores their card points plus their marriages, as they are."
    ),
    "each-rounded": N_(
        "Each player scores the card points in their tricks plus their marriages, rounded to "
        "%(step)s."
    ),
    "each-as-is": N_(
        "Each player scores the card points in their tricks plus their marriages, as they are: "
        "nothing is rounded."
    ),
    # marriages
    "declared": N_(
        "A marriage is the king and queen of one suit in one player's hand. The player announces "
        "it when leading one of the two cards, and it counts:"
    ),
    "marriage-value": N_("%(marriage)s: %(value)s"),
    "needs-trick": N_(
        "A marriage counts only for a player who takes at least one trick in the hand."
    ),
    "counts-without-trick": N_("A marriage counts even for a player who takes no trick."),
    "trump-double": N_(
        "A marriage of the suit that is trump when it is announced counts double: the "
        "%(marriage)s is then worth %(value)s."
    ),
    "switch-doubles": N_("A marriage that changes the trump to its own suit counts double too."),
    "switch-not-doubled": N_("A marriage that changes the trump to its own suit is not doubled."),
    "in-tricks": N_(
        "Nobody announces marriages. After the hand, a king and queen of one suit in a player's "
        "tricks count %(trump)s if that suit is trump and %(other)s if not."
    ),
    "declarer-names-trump": N_("The declarer names the trump, and every played hand records it."),
    "ace-marriage": N_(
        "The four aces are the ace marriage, worth %(value)s; they never make a trump."
    ),
    # what the points add up to
    "all-cards": N_(
        "The card points of the players in the hand add up to %(total)s; the app refuses a hand "
        "where they do not."
    ),
    "out-of-play": N_(
        "Some cards stay out of play, so the card points of the players in the hand add up to "
        "between %(least)s and %(total)s."
    ),
    "tricks-add-up": N_(
        "If you record tricks, they add up to %(tricks)s, and a player with no trick has no card "
        "points."
    ),
    "took-a-trick": N_(
        "A player took a trick if their trick count is above 0 or, with no counts written, if "
        "they have card points."
    ),
    # rounding
    "rounded-others": N_(
        "The other players' points are rounded to the nearest %(step)s: a remainder of %(up)s or "
        "more goes up, a smaller one goes down."
    ),
    "rounded-everyone": N_(
        "Every player's points are rounded to the nearest %(step)s: a remainder of %(up)s or more "
        "goes up, a smaller one goes down."
    ),
    "becomes": N_("%(raw)s becomes %(rounded)s"),
    "declarer-never-rounded": N_("The declarer's score is the contract and is never rounded."),
    # the sitting-out dealer's musik
    "musik-aces-marriage": N_(
        "The dealer who sits out scores %(ace)s for each ace in the musik and, when its king and "
        "queen are both there, the marriage's value."
    ),
    "musik-example-marriage": N_(
        "An ace and the %(marriage)s in the musik: %(ace)s + %(value)s = %(total)s."
    ),
    "musik-aces": N_("The dealer who sits out scores %(ace)s for each ace in the musik."),
    "musik-example-aces": N_("Two aces in the musik: %(total)s."),
    "musik-nothing-else": N_("Nothing else in the musik scores."),
    "musik-give-up": N_("When the declarer gives up, the dealer scores nothing."),
    "musik-barrel": N_("A dealer on the barrel loses the bonus."),
    # the lock
    "lock-declarer-only": N_(
        "A player with %(lock)s or more before the hand scores only as declarer."
    ),
    "lock-defender-lost": N_("Points they take as a defender are lost."),
    "lock-musik": N_("So is a sitting-out dealer's musik bonus."),
    "lock-give-up": N_("So are the points for another player giving up."),
    "lock-declarer-counts": N_("A declarer's result always counts, made or failed."),
    # giving up
    "give-up-when": N_(
        "After seeing the musik and before the first lead, the declarer may give up the hand."
    ),
    "give-up-minus": N_("The declarer then scores minus the contract."),
    "give-up-zero": N_("The declarer then scores 0."),
    "give-up-half": N_(
        "Every other player in the hand scores half the contract, rounded up to a whole point "
        "and then to %(step)s:"
    ),
    "give-up-half-least": N_(
        "Every other player in the hand scores half the contract, rounded up to a whole point "
        "and then to %(step)s, but at least %(least)s:"
    ),
    "give-up-example": N_("a contract of %(contract)s gives %(points)s"),
    "give-up-opponents": N_("Every other player in the hand scores %(points)s."),
    "give-up-dealer": N_("The dealer who sits out scores nothing."),
    "give-up-limit": NP_(
        "A player may give up only %(num)d time in a game.",
        "A player may give up only %(num)d times in a game.",
    ),
    "give-up-no-bolt": N_("A hand given up gives nobody a bolt."),
    "give-up-barrel": N_("A player on the barrel gets nothing from another's give-up."),
    "give-up-every": N_(
        "Each player's give-ups are counted through the game: when the count reaches "
        "%(first)s, %(second)s, %(third)s and so on, that give-up costs %(penalty)s more."
    ),
    "give-up-not-on-barrel": N_("A player on the barrel may not give up."),
    "give-up-free": NP_(
        "A player's first give-up in the game costs them nothing: they score 0 instead.",
        "A player's first %(num)d give-ups in the game cost them nothing: they score 0 instead.",
    ),
    "give-up-free-every": N_(
        "A free give-up is still counted, and when it is one that costs more, it costs that."
    ),
    # adjustments and the end
    "adjustment": N_(
        "An adjustment adds a number to each player's total, with a reason: a penalty for an "
        "exposed card, or a correction agreed at the table."
    ),
    "adjustment-no-rule": N_(
        "It passes through no rule, does not move the deal, and never ends the game by itself."
    ),
    "end-target": N_("The game ends after the hand in which any total reaches %(target)s or more."),
    "end-declarer": N_(
        "If the declarer reached it, the declarer wins, even if someone else has more. Otherwise "
        "the highest total wins."
    ),
    "end-highest": N_("The highest total wins."),
    "end-exact": N_(
        "The game must finish exactly: a score that would take a player's total above "
        "%(target)s does not count for them in that hand, and the game ends after the hand in "
        "which a total is exactly %(target)s."
    ),
    "end-exact-declarer": N_(
        "The players on exactly that total win together; the declarer alone, if it is one of them."
    ),
    "end-exact-joint": N_("The players on exactly that total win together."),
    "end-deals": NP_(
        "The game also ends after %(num)d hand (adjustments are not hands) if no total has "
        "reached %(target)s by then.",
        "The game also ends after %(num)d hands (adjustments are not hands) if no total has "
        "reached %(target)s by then.",
    ),
    "end-deals-winner": N_("Then the highest total wins, and players tied for it win together."),
    "end-joint": N_("Players tied for the highest total win together."),
    "stake": N_(
        "The stake is %(stake)s per point. Each other player pays the winner the difference "
        "between the two totals, times the stake."
    ),
    "stake-example": N_(
        "A winner on %(winner)s and a player on %(loser)s: that player pays %(amount)s."
    ),
    "stake-joint": N_("With joint winners nobody pays."),
    "no-stake": N_(
        "No stake is set, so the app counts no money. Start a game with a stake per point to "
        "have it work out who pays what."
    ),
}


WORDS = {**SENTENCES, **HOUSE_SENTENCES, **DECISIONS}


def said(sentence: Say) -> Markup:
    """A sentence in the reader's language, its numbers put in as the reader writes them."""
    message = WORDS[sentence.key]
    params = {k: _shown(v) for k, v in sentence.params.items()}
    if isinstance(message, tuple):
        num = params.pop("num")
        assert isinstance(num, int)
        text = ngettext(message[0], message[1], num, **params)
    else:
        text = gettext(message, **params)
    return Markup(escape(text))


def _shown(value: object) -> object:
    if isinstance(value, Term):
        return value.text(translator())  # a marriage by its name: "meldunek kierowy"
    if isinstance(value, Decimal):
        return money(value)  # an amount of money: two decimals, the reader's separator
    return value
