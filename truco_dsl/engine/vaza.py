"""The shape of a vaza's end, shared by the engine and the sure-win search: which cards are on top.

No rule of a regulation lives here: the strengths come from the rule file (``RuleSet.strengths``),
and what a tie or a top card does to the vaza and the hand is said by the clauses at ``trick_end``
and ``after_trick``.
"""

from __future__ import annotations

from collections.abc import Iterable


def top_seats(plays: Iterable[tuple[int, int]]) -> list[int]:
    """The seats whose cards are the strongest of a complete vaza, in the order they were played.

    ``plays``: ``(seat, strength)`` of each card in the order played (a covered card has strength
    0, below every card). One seat: its card is on top alone; several: the top is tied among them.
    """
    top, seats = -1, []
    for seat, strength in plays:  # one pass, no generator: the sure-win search asks at every vaza it ends
        if strength > top:
            top, seats = strength, [seat]
        elif strength == top:
            seats.append(seat)
    return seats
