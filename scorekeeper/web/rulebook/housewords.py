"""The words of the rules pages for the house rules and the club agreements: the barrel, bolts
and the dump (scoring.md 5), the blind bid, the golden deal and silence (5.1), and what 5.2 adds
to the barrel."""

# Which of them a game says, and their numbers: rules/describe.py and rules/describeclub.py.
# The sentences of the sections every game has are sentences.py's; a key with two messages has
# a plural chosen by its `num`.

from __future__ import annotations

from scorekeeper.rules import N_
from scorekeeper.web.i18n import NP_

HOUSE_SENTENCES: dict[str, str | tuple[str, str]] = {
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
    "barrel-fail-try": N_(
        "A failed contract scores 0 and keeps the player on the barrel: the hand counts as one "
        "of their tries."
    ),
    "barrel-give-up-off": N_(
        "A given-up contract scores as usual and takes the player off the barrel."
    ),
    "barrel-defender-finishes": N_(
        "Points a player on the barrel takes as a defender are lost, unless they take the total "
        "to %(target)s or more: then they count, and the game ends."
    ),
    "barrel-defender-finishes-exact": N_(
        "Points a player on the barrel takes as a defender are lost, unless they take the total "
        "to exactly %(target)s: then they count, and the game ends."
    ),
    "barrel-together-declarer": N_(
        "When two or more players reach the barrel in the same hand and the declarer is one of "
        "them, only the declarer climbs on; the others go to %(fall)s, which is not a fall."
    ),
    "barrel-together-none": N_(
        "When two or more players reach the barrel in the same hand, none of them climbs on: "
        "they all go to %(fall)s, which is not a fall, and nobody is knocked off."
    ),
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
    "barrel-falls-to-zero": N_(
        "Each player's falls off the barrel are counted through the game, out of tries or "
        "knocked off: when the count reaches %(count)s, %(second)s, %(third)s and so on, the "
        "total goes to 0 instead of %(fall)s."
    ),
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
    "bolt-no-trick": N_(
        "A player who is not the declarer and takes no trick in a played hand gets a bolt; a "
        "trick with no card points in it is still a trick."
    ),
    "bolt-count-row": NP_(
        "Only bolts in a row count: each time a player reaches %(num)d bolt in a row, they lose "
        "%(penalty)s points and the count starts again.",
        "Only bolts in a row count: each time a player reaches %(num)d bolts in a row, they lose "
        "%(penalty)s points and the count starts again.",
    ),
    "bolt-row-broken": N_("A hand the player plays without a bolt starts the count again."),
    "bolt-row-kept": N_(
        "A hand they sit out, play as the declarer or on the barrel, or that is given up, "
        "neither counts nor starts it again."
    ),
    "bolt-barrel": N_("A player on the barrel gets no bolts."),
    "dump": N_("A player whose total after a hand is exactly %(at)s goes back to 0."),
    "dump-negative": N_("So does a total of exactly -%(at)s."),
    # the club agreements of scoring.md 5.1 with sections of their own: the blind bid
    "blind-what": N_(
        "The declarer may bid blind, before seeing the musik; the hand is then logged as blind."
    ),
    "blind-least": N_("A blind contract is at least %(least)s."),
    "blind-total": N_("Only a player with %(total)s or more before the hand may bid blind."),
    "blind-barrel": N_("A player on the barrel may bid blind too."),
    "blind-no-barrel": N_("A player on the barrel may not bid blind."),
    "blind-no-give-up": N_("A blind bid cannot be given up."),
    "blind-no-golden": N_("A golden hand is never bid blind."),
    "blind-score": N_(
        "The declarer of a blind bid scores the contract %(multiplier)s times, plus when it is "
        "made and minus when it fails."
    ),
    "blind-example": N_("A blind %(contract)s made gives +%(score)s; failed, -%(score)s."),
    "blind-rest": N_("Everything else is scored as usual, from that score."),
    # the golden deal
    "golden-hands": NP_(
        "The first hand of the game is golden (adjustments are not hands).",
        "The first %(num)d hands of the game are golden (adjustments are not hands).",
    ),
    "golden-declarer": N_(
        "A golden hand has no auction: the player after the dealer is the declarer and plays "
        "exactly %(contract)s."
    ),
    "golden-no-give-up": N_("A golden hand cannot be given up."),
    "golden-times": N_("Every player's score in a golden hand counts %(multiplier)s times."),
    "golden-example": N_("A golden %(contract)s made gives +%(score)s."),
    "golden-bolts": N_("So does a bolt's penalty in a golden hand."),
    "golden-barrel": N_("The barrel takes the multiplied totals."),
    "golden-dump": N_("The dump takes the multiplied totals."),
    "golden-barrel-dump": N_("The barrel and the dump take the multiplied totals."),
    "golden-reset": N_(
        "If nobody made a golden contract, every total goes back to 0 after the last golden "
        "hand, and the game goes on."
    ),
    "golden-no-reset": N_(
        "The totals stay as they are after the golden hands, whether or not anybody made a "
        "golden contract."
    ),
    "golden-reset-barrel": N_("A player on the barrel is then off it."),
    # silence
    "silence": N_(
        "A player whose total before the hand is below %(below)s keeps silent: they may be the "
        "declarer only as the player after the dealer, at %(min)s."
    ),
    "silence-raise": N_("After seeing the musik they may raise the contract, as any declarer may."),
    "silence-scores": N_("Otherwise they play and score as usual."),
    "silence-exact": N_("A total of exactly %(below)s is not below it."),
    "silence-golden": N_("In a golden hand nobody keeps silent."),
}
