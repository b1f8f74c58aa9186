"""The words of the decisions the app took where the rule texts are silent or wrong."""

# Which of them bear on a game, and their numbers: rules/describedecisions.py.

from __future__ import annotations

from scorekeeper.rules import N_

DECISIONS: dict[str, str | tuple[str, str]] = {
    "decisions": N_(
        "The printed rules leave some things open, and one gets a number wrong. This is what the "
        "app does."
    ),
    "jack": N_(
        "One Polish rule text gives the jack 1 point, yet says a hand holds %(total)s points. "
        "That needs the jack at %(jack)s, which every other source gives, so the jack is worth "
        "%(jack)s."
    ),
    "polish-rounding": N_(
        "The Polish rules for three and four players do not say whether the defenders round "
        "their points. Polish players round them to %(step)s, as the two-player rules do, and so "
        "does the app."
    ),
    "five-up": N_(
        "The Russian rules say to round to 10 but not which way a 5 goes. It goes up: 45 becomes "
        "50."
    ),
    "ukrainian": N_(
        "The Ukrainian text of these rules is the Russian one without the paragraph on the four "
        "prikup cards. Both describe this game; counting the cards out of play for a slam is an "
        "option of its own."
    ),
    "no-850": N_(
        "The Russian rules give the 850 rule (staying out of the auction) for two players only, "
        "so this game for four does not have it."
    ),
    "moscow-marriages": N_(
        "The Moscow rules say to add the announced marriages to “the points for marriages”. They "
        "mean the card points taken in tricks: each player scores card points plus marriages."
    ),
    "double-moment": N_(
        "A marriage is doubled when its suit is trump at the moment it is announced."
    ),
    "double-on-switch": N_("In this game one that makes its own suit trump is doubled too."),
    "no-double-on-switch": N_(
        "One that makes its own suit trump was not trump yet, so it is not doubled."
    ),
    "no-bid-forced": N_(
        "A hand with no bid written is played at %(min)s: the forced bid that nobody outbid."
    ),
    "no-bid": N_(
        "When the first player passes, the other takes the musik without a bid and plays "
        "%(min)s. Any hand with no bid written is played at %(min)s."
    ),
    "opening-forced": N_(
        "The player after the dealer is the one who must open at %(min)s; the score page shows "
        "who it is before each hand."
    ),
    "opening-may-pass": N_(
        "The player after the dealer opens the auction but, unlike in the Polish game, may pass."
    ),
    "no-give-up": N_(
        "This game has no giving up: a hand marked as given up is refused. To play the Polish "
        "bomba, start a game with giving up turned on, for example minus the contract for the "
        "declarer, 60 for each opponent, once per game."
    ),
    "trump-in-tricks": N_(
        "Every played hand must record the trump: the declarer names it, and marriages in tricks "
        "count by it."
    ),
    "trump-turned-up": N_(
        "Every hand must record the trump turned up at the deal: a marriage doubles by it."
    ),
    "sitting-out": N_(
        "For the dealer who sits out, leave the card points and tricks empty or write 0; any "
        "other number is refused."
    ),
    "musik-recorded": N_(
        "Only a dealer who sits out and scores the musik can have it recorded; in other games a "
        "recorded musik is refused, not ignored. It holds 3 cards: up to 3 aces, or a marriage "
        "and at most one ace."
    ),
    "ace-in-tricks": N_(
        "With marriages found in tricks, the four aces count only for a player whose tricks hold "
        "at least their %(points)s card points."
    ),
    "slam-exact": N_(
        "The slam needs a contract of exactly %(total)s. A hand's notes mention it only when it "
        "decided the hand, that is when the declarer's own points fell short."
    ),
    "bolt-before-rounding": N_("A bolt looks at the points before rounding, marriages included."),
    "bolt-marriage": N_(
        "A marriage that does not count for want of a trick leaves the player with nothing: that "
        "is a bolt."
    ),
    "bolt-rounded-to-0": N_("But %(points)s card points, rounded to 0, are not a bolt."),
    "bolt-locked": N_("A player at or above the lock gets bolts like anyone else."),
    "dump-order": N_(
        "The dump is checked for every player after each hand, after the bolts. An adjustment "
        "that lands on %(at)s does not dump."
    ),
    "barrel-stays": N_(
        "A declarer on the barrel whose made contract falls short of %(target)s scores 0, stays "
        "on, and uses a try."
    ),
    "barrel-adjustment": N_(
        "An adjustment never puts a player on the barrel or takes one off, and uses no try. A "
        "total it brings between %(at)s and %(top)s climbs on at the end of the next hand."
    ),
    "barrel-together": N_(
        "When several players climb on in the same hand, none knocks the others off. A player "
        "who left the barrel in a hand (failed or gave up as declarer, or used the last try) is "
        "not knocked off again in that hand."
    ),
    "barrel-sitting-out-finish": N_(
        "The dealer who sits out is no defender: on the barrel, the musik bonus is lost even "
        "when it would take the total to %(target)s."
    ),
    "exact-adjustment": N_(
        "An adjustment may put a total above %(target)s: that ends nothing, and from then on "
        "that player's gains do not count, while losses do."
    ),
    "exact-bolts": N_(
        "Bolts are counted before the barrel, so a bolt's penalty is part of the score that is "
        "held against the target."
    ),
    "half-odd": N_(
        "Half of an odd contract is first made a whole number, rounding up, and only then "
        "rounded to %(step)s."
    ),
    "out-of-four": N_(
        "Some totals between %(least)s and %(total)s cannot come from exactly four cards out of "
        "play (%(examples)s with these card values). The rules allow the whole range, so the app "
        "does too."
    ),
    "stake-level": N_(
        "A player who ends level with the winner or above (a declarer can win on a lower total) "
        "pays nothing, and no payment is listed for them."
    ),
    "nothing-after-end": N_(
        "Once the game has ended, nothing more can be added to it, adjustments included."
    ),
    "deals-target": N_(
        "If a total reaches %(target)s in the last of the deals, the game ends by the target, as "
        "any game does: a declarer who reached it wins even below another player's total."
    ),
    "deals-barrel": N_(
        "A player still on the barrel after the last deal keeps the total they have; the tries "
        "left do not matter."
    ),
    "end-after-hands": N_(
        "The end is checked after hands only: a total that an adjustment pushes to %(target)s or "
        "more ends the game at the next hand."
    ),
}
