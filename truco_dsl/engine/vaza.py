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
    plays = list(plays)
    top = max(strength for _, strength in plays)
    return [seat for seat, strength in plays if strength == top]
