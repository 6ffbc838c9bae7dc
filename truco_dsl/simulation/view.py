"""What a seat sees of a hand (``SeatView``), and which seat a game asks next (``seat_to_act``).

A bot chooses from a ``SeatView`` only: the engine's per-seat state (its own cards, its partners'
when a clause showed them, no covered card of another seat), the hand's actions so far with the
cards others played face down written ``play_covered`` without the card, and the rule set (which
card beats which). ``seat_view`` builds it from an engine and the hand's full history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from truco_dsl.engine import Engine
from truco_dsl.rules import RuleSet

#: the action of a card another seat played face down, as a view writes it (the card hidden)
COVERED = "play_covered"


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` may know when it is asked to act.

    ``seat``: the seat asked (0 .. players - 1); ``state``: exactly ``Engine.state(seat)`` (plain
    JSON: the seat's cards, scores in points, the current hand's vazas with others' covered cards as
    null); ``history``: every action of the current hand so far, in order, as (seat, action), a card
    another seat played face down written ``play_covered``; ``ruleset``: the rule set played (its
    ``strengths(vira)`` say which card beats which).
    """

    seat: int
    state: dict[str, Any]
    history: tuple[tuple[int, str], ...]
    ruleset: RuleSet


def seat_view(engine: Engine, seat: int, history: list[tuple[int, str]] | tuple[tuple[int, str], ...]) -> SeatView:
    """The view of ``seat`` (0 .. players - 1) of ``engine``'s current hand.

    ``history``: the hand's full history as (seat, action), in order, as the engine took them (with
    every covered card). Returns a ``SeatView`` whose history writes another seat's
    ``play_covered:<card>`` as ``play_covered``. Raises nothing.
    """
    hidden = tuple((actor, seen_action(seat, actor, action)) for actor, action in history)
    return SeatView(seat, engine.state(seat), hidden, engine.ruleset)


def seen_action(viewer: int, actor: int, action: str) -> str:
    """``action``, taken by seat ``actor``, as seat ``viewer`` sees it: ``play_covered`` without its
    card when another seat played it face down, else as it is. Raises nothing."""
    return COVERED if actor != viewer and action.startswith(COVERED + ":") else action


def seat_to_act(engine: Engine, show_cards: bool = True) -> tuple[int, list[str]] | None:
    """The seat a game asks next and its legal actions, or None when no seat has any.
    ``show_cards=False``: showing one's cards is left out, unasked (its guards may search every line
    of play; the ``mcts`` bot's playouts leave it out).

    The seats are asked in the order of play from the one that must answer first: the seat after
    the raiser while a raise waits for its answer, else the seat whose turn it is (while a mão de
    onze decision waits too: the deciding side's seats come round in that order); the first seat
    with a legal action is the one asked. So a raise is answered by the first opponent after the
    raiser, a mão de onze decided by the first seat of its side from the mão, and an action offered
    out of turn (``show_cards`` under a rule set that allows it) is asked only when nobody's turn
    comes before it.
    """
    hand = engine.hand
    if hand is None or hand.over:
        return None
    first = (hand.pending.seat + 1) if hand.pending is not None else (hand.turn if hand.turn is not None else 0)
    for offset in range(engine.players):
        seat = (first + offset) % engine.players
        legal = engine.legal_actions(seat, show_cards)
        if legal:
            return seat, legal
    return None


def settled(legal: list[str]) -> str | None:
    """The action of ``legal`` that needs no thought, or None: the only one there is, or
    ``show_cards`` (offered only when the engine has proved the side's win: taking it wins the hand)."""
    if len(legal) == 1:
        return legal[0]
    return "show_cards" if "show_cards" in legal else None
