"""The words of the rules pages, continued: the house rules, the end, and the decisions taken."""

from __future__ import annotations

from scorekeeper.rules import N_


def NP_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - gettext's N_ for plurals
    """Marks a message with a plural for the catalogue (tools/catalog extracts NP_)."""
    return singular, plural


HOUSE_SENTENCES: dict[str, str | tuple[str, str]] = {
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
    "lock-no-auction": N_(
        "There is no auction, so the lock at %(lock)s takes nothing: every player keeps the "
        "points of the hand."
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
    "give-up-example": N_("a contract of %(contract)s gives %(points)s"),
    "give-up-opponents": N_("Every other player in the hand scores %(points)s."),
    "give-up-dealer": N_("The dealer who sits out scores nothing."),
    "give-up-limit": NP_(
        "A player may give up only %(num)d time in a game.",
        "A player may give up only %(num)d times in a game.",
    ),
    "give-up-no-bolt": N_("A hand given up gives nobody a bolt."),
    "give-up-barrel": N_("A player on the barrel gets nothing from another's give-up."),
    # the barrel
    "barrel-climb": N_(
        "A player whose total would end between %(at)s and %(top)s stops at %(at)s and climbs on "
        "the barrel."
    ),
    "barrel-declarer": N_(
        "On the barrel a player scores only as declarer. A made contract that reaches %(target)s "
        "wins the game; a made contract that falls short leaves the total at %(at)s."
    ),
    "barrel-fail-give-up": N_(
        "A failed or given-up contract scores as usual and takes the player off the barrel."
    ),
    "barrel-fail": N_(
        "A failed contract scores minus the contract and takes the player off the barrel."
    ),
    "barrel-defender": N_("Points a player on the barrel takes as a defender are lost."),
    "barrel-tries": NP_(
        "After climbing on, the player has %(num)d hand to win. If they do not, they fall off to "
        "%(fall)s (%(at)s minus %(penalty)s).",
        "After climbing on, the player has %(num)d hands to win. If they do not, they fall off to "
        "%(fall)s (%(at)s minus %(penalty)s).",
    ),
    "barrel-knock-off": N_(
        "When another player climbs on the barrel, the one already on it falls off to %(fall)s."
    ),
    "barrel-several": N_("Several players can be on the barrel at once."),
    # bolts and the dump
    "bolt": N_(
        "A player who is not the declarer and takes nothing in a played hand, no card points and "
        "no marriage, gets a bolt."
    ),
    "bolt-count": NP_(
        "Each time a player reaches %(num)d bolt, they lose %(penalty)s points and the count "
        "starts again.",
        "Each time a player reaches %(num)d bolts, they lose %(penalty)s points and the count "
        "starts again.",
    ),
    "bolt-barrel": N_("A player on the barrel gets no bolts."),
    "dump": N_("A player whose total after a hand is exactly %(at)s goes back to 0."),
    "dump-negative": N_("So does a total of exactly -%(at)s."),
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
