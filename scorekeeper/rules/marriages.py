"""Marriage points of a played hand (scoring.md 3.3 step 2): declared or found in tricks."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ACES
from .hand import Hand
from .notes import Note
from .options import Options


def marriage_points(
    o: Options, seats: int, hand: Hand, took: Sequence[bool], notes: list[Note]
) -> list[int]:
    """Marriage points per seat, in the order the marriages were declared (or found)."""
    points = [0] * seats
    trump = hand.trump
    for m in hand.marriages:
        if m.suit == ACES:
            base = value = o.ace_marriage or 0
            doubled = False
        elif o.marriages == "in-tricks":
            base = value = 80 if m.suit == trump else 40
            notes.append(
                Note(
                    m.seat,
                    "marriage",
                    {"suit": m.suit, "value": value, "in_tricks": True, "trump": value == 80},
                )
            )
            points[m.seat] += value
            continue
        else:
            base = value = o.marriage_values[m.suit]
            # Seed 004: doubled when its suit is trump as it is declared; a switch to its
            # own suit doubles only with double_on_switch (scoring.md section 1).
            doubled = o.trump_marriage_double and (
                m.suit == trump or (o.double_on_switch and m.switch)
            )
            if doubled:
                value = 2 * base
        if o.marriage_needs_trick and not took[m.seat]:
            notes.append(Note(m.seat, "marriage-no-trick", {"suit": m.suit, "value": value}))
        else:
            points[m.seat] += value
            if doubled:
                params = {"suit": m.suit, "base": base, "value": value}
                if m.suit != trump:  # doubled by its own switch (double_on_switch), not as trump
                    params["switch"] = True
                notes.append(Note(m.seat, "trump-double", params))
            else:
                notes.append(Note(m.seat, "marriage", {"suit": m.suit, "value": value}))
        if m.switch and m.suit != ACES:
            # 3.3 step 2: a switch makes its suit trump after it is scored; the note
            # explains the next marriage's doubled (or plain) value
            if m.suit != trump:
                notes.append(Note(m.seat, "trump-switch", {"suit": m.suit}))
            trump = m.suit
    return points
