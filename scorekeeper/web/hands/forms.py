"""The hand form: posted fields into rule input, and rule problems back into messages at the
field that caused them (the other forms of a line: web/forms.py; a new game: web/games/forms.py)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import (
    BooleanField,
    FieldList,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
)
from wtforms.validators import Optional, ValidationError

from scorekeeper.rules import N_, SUITS, Hand, Marriage, Musik, Problem, Rules
from scorekeeper.rules.formspec import BlindSpec, HandFormSpec, hand_form
from scorekeeper.web.fields import NUMERIC, MultiCheckbox, NotNegative, marriage_value, suit_label
from scorekeeper.web.fields import pad_seats as pad_seats
from scorekeeper.web.forms import AdjustmentForm as AdjustmentForm
from scorekeeper.web.forms import ConfirmForm as ConfirmForm
from scorekeeper.web.forms import LineForm as LineForm
from scorekeeper.web.i18n import problem_text
from scorekeeper.web.i18n import suit as suit_word
from scorekeeper.web.words import opts


class HandForm(LineForm):
    declarer = RadioField(
        _l("Declarer"), coerce=int, validate_choice=False, validators=[Optional()]
    )
    bid = IntegerField(_l("Bid"), validators=[Optional()], render_kw=NUMERIC)
    contract = IntegerField(_l("Contract"), validators=[Optional()], render_kw=NUMERIC)
    give_up = BooleanField(_l("Gave up after the musik"))
    blind = BooleanField(_l("Blind bid"))  # scoring.md 5.1: bid before seeing the musik
    points = FieldList(IntegerField(_l("Card points"), validators=[Optional()], render_kw=NUMERIC))
    tricks = FieldList(
        IntegerField(_l("Tricks"), validators=[Optional(), NotNegative()], render_kw=NUMERIC)
    )
    marriages = MultiCheckbox(_l("Marriages"))
    marriage_order = HiddenField()
    switches = MultiCheckbox(_l("Switches trump"))
    trump = RadioField(
        _l("Trump"),
        choices=opts([(s, suit_label(s)) for s in SUITS]),
        validators=[Optional()],
        validate_choice=False,
    )
    # one tap each (toggles, like the marriages); a value that is not a choice is the rules'
    # to refuse (the musik's checks), as every other field's
    musik_aces = RadioField(
        _l("Aces in the musik"),
        coerce=int,
        choices=opts([(i, str(i)) for i in range(4)]),
        default=0,
        validate_choice=False,
    )
    musik_marriage = RadioField(
        _l("Marriage in the musik"),
        choices=opts([("", _l("none"))] + [(s, suit_label(s)) for s in SUITS]),
        default="",
        validate_choice=False,
    )
    dealer = SelectField(_l("Dealer"), coerce=int, validate_choice=False)
    seats, rotation, hands = 0, 0, 0
    rules: Rules | None = None

    def setup(
        self, rules: Rules, names: list[str], dealer: int, forced: int | None, hands: int = 0
    ) -> None:
        """Choices and defaults for this game, whose hand this is after `hands` hands (the
        golden deal counts them); the rules check every value."""
        n = rules.seats
        self.seats, self.rotation, self.rules, self.hands = n, dealer, rules, hands
        self.dealer.choices = opts((s, names[s]) for s in range(n))
        if self.dealer.data is None:
            self.dealer.data = dealer
        # the declarers of the hand's own dealer: a hand dealt out of turn (a redeal), shown
        # for an edit, keeps its declarer where the rotation's dealer would have sat out
        d = self.dealer.data
        playing = rules.participants(d if isinstance(d, int) and 0 <= d < n else dealer)
        self.declarer.choices = opts((s, names[s]) for s in playing)
        if self.declarer.data is None and forced is not None:
            self.declarer.data = forced
        while len(self.points) < n:
            self.points.append_entry()
        while len(self.tricks) < n:
            self.tricks.append_entry()
        self.marriages.choices = opts(
            (f"{s}:{suit}", suit_word(suit)) for s in range(n) for suit in SUITS
        )
        self.switches.choices = self.marriages.choices

    def spec(self) -> HandFormSpec:
        """What the rules ask of this hand (rules/formspec.py), for the dealer on the form: a
        redeal's dealer may sit out where the rotation's would not."""
        assert self.rules is not None, "setup() first"
        d = self.dealer.data
        dealer = d if isinstance(d, int) and 0 <= d < self.seats else self.rotation
        return hand_form(self.rules, dealer, self.hands)

    def blind_toggle(self, spec: HandFormSpec) -> tuple[BlindSpec | None, bool]:
        """The blind toggle (5.1) and whether it shows: where this hand may be bid blind; in a
        golden hand of a game with blind bids, there but hidden (the offline code shows it for
        the hands after the golden deal, as the engine's form says: static/offline/)."""
        if spec.blind is not None or spec.golden is None:
            return spec.blind, True
        assert self.rules is not None, "setup() first"
        return hand_form(self.rules, spec.dealer, self.rules.golden_hands).blind, False

    def prefill(self, spec: HandFormSpec) -> None:
        """A new hand's form as the rules fix it: a golden hand's declarer and contract (5.1)."""
        golden = spec.golden
        if golden is None:
            return
        self.declarer.data = golden.declarer
        if self.bid.data is None and self.contract.data is None:
            self.bid.data = golden.contract

    def validate_dealer(self, field: Any) -> None:
        """A dealer posted by hand that is no seat: the rules' message at the dealer's box,
        and the page drawn around the rotation's dealer (the one it can show)."""
        if isinstance(field.data, int) and 0 <= field.data < self.seats:
            return
        got, field.data = field.data, self.rotation
        problem = Problem(
            None,
            "dealer",
            N_("the dealer must be a seat from 0 to {last}, got {dealer}"),
            None,
            {"last": self.seats - 1, "dealer": got},
        )
        raise ValidationError(problem_text(problem))

    def validate_marriages(self, field: Any) -> None:
        for value in field.data or []:
            if marriage_value(value) is None:
                raise ValidationError(_l("%(value)s is not a marriage of this form", value=value))

    validate_switches = validate_marriages

    def validate(self, extra_validators: Any = None) -> bool:
        ok: bool = super().validate(extra_validators)
        # the boxes are drawn by hand in the template: their errors show under the group
        wrong = [*self.marriages.errors, *self.switches.errors]
        if wrong:
            self.group_errors = {**self.group_errors, "marriages": [str(e) for e in wrong]}
        return ok

    def to_line(self, rules: Rules, rotation: int) -> Hand:
        """The hand as the rules take it; the dealer is stored only where it breaks the
        rotation (`rotation` is who deals by turn), so editing an early dealer moves the rest."""
        n = rules.seats
        dealer = self.dealer.data
        spec = hand_form(rules, dealer if isinstance(dealer, int) and 0 <= dealer < n else rotation)
        # a dealer that is no seat is refused at its field; meanwhile every seat's points count
        playing = spec.playing if isinstance(dealer, int) and 0 <= dealer < n else tuple(range(n))
        points = [e.data for e in self.points][:n]
        tricks = [e.data for e in self.tricks][:n]
        order = [m for m in (self.marriage_order.data or "").split(",") if m]
        chosen = list(self.marriages.data or [])
        ordered = [m for m in order if m in chosen] + [m for m in chosen if m not in order]
        switches = set(self.switches.data or [])
        marriages = []
        for m in ordered:
            found = marriage_value(m)
            if found is not None:  # anything else is refused at its field (validate_marriages)
                marriages.append(Marriage(found[0], found[1], m in switches))
        give_up = bool(self.give_up.data)
        return Hand(
            declarer=self.declarer.data if spec.auction else None,
            bid=self.bid.data if spec.auction else None,
            contract=self.contract.data if spec.auction else None,
            give_up=give_up,
            points=None
            if give_up
            else tuple(p if s in playing else None for s, p in enumerate(points)),
            marriages=() if give_up else tuple(marriages),
            trump=self.trump.data or None,
            tricks=None
            if give_up or all(t is None for t in tricks)
            else tuple((t or 0) if s in playing else None for s, t in enumerate(tricks)),
            musik=Musik(self.musik_aces.data or 0, self.musik_marriage.data or None)
            if spec.musik
            else None,
            dealer=None if dealer == rotation else dealer,
            blind=bool(self.blind.data) and spec.auction,
        )

    @classmethod
    def from_line(cls, hand: Hand, **kw: Any) -> HandForm:
        form = cls(formdata=None, **kw)
        form.declarer.data, form.bid.data, form.contract.data = (
            hand.declarer,
            hand.bid,
            hand.contract,
        )
        form.give_up.data, form.trump.data, form.dealer.data = (
            hand.give_up,
            hand.trump,
            hand.dealer,
        )  # None: the rotation's dealer (setup)
        form.blind.data = hand.blind
        for p in hand.points or ():
            form.points.append_entry(p)
        for t in hand.tricks or ():
            form.tricks.append_entry(t)
        form.marriages.data = [f"{m.seat}:{m.suit}" for m in hand.marriages]
        form.marriage_order.data = ",".join(form.marriages.data)
        form.switches.data = [f"{m.seat}:{m.suit}" for m in hand.marriages if m.switch]
        if hand.musik:
            form.musik_aces.data, form.musik_marriage.data = (
                hand.musik.aces,
                hand.musik.marriage or "",
            )
        return form
