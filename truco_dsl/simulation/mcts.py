"""The ``mcts`` bot: determinized Monte Carlo over the cards its seat cannot see.

Flat, determinized Monte Carlo at the root ("perfect-information Monte Carlo"): for each
*determinization* the bot deals the cards it has not seen at random among the places they may be
(the other seats' hands, as many as ``cards_held`` says, and the cards others played face down;
a card it sees — its own, its partners' when shown, the vira, a card face up on the table — is
never dealt), rebuilds an engine at the current position (the state's scores, games won and
dealer, the hand dealt as determinized, then the hand's history replayed), and plays every legal
action on a fork of it to the end of the hand, every seat then playing as the ``heuristic`` bot
plays. An action is worth the points its side gains in that hand less the opponents' gain; the
bot takes the action of best mean over the determinizations (the first listed among equals). The
budget is ``playouts`` playouts a move, one action each: ⌈playouts / legal actions⌉
determinizations. Showing one's cards, offered only on a proved sure win, is taken at once.

It reads nothing of the game but the view: its seat's state, the hand's history (others' covered
cards unnamed) and the rule set. What it cannot rebuild from the view: a flag or penalty a clause
set in an earlier hand (the rebuilt game starts at the state's scores), and points awarded before
the hand's end (a bot reports no infraction, and no determinization of the tests' games of the
bundled rule sets was passed over).
A determinization the rebuilt engine refuses to replay is passed over; with none left the bot plays
as the ``heuristic`` bot does.
"""

from __future__ import annotations

import math
import random

from truco_dsl.cards import Card
from truco_dsl.engine import Engine
from truco_dsl.errors import BadDeal, IllegalAction
from truco_dsl.simulation.heuristic import heuristic_action
from truco_dsl.simulation.view import COVERED, SeatView, seat_to_act, settled

#: playouts a move by default: a 2-player game of atb-2004 between two ``mcts`` bots then takes
#: about 0.13 s of CPU on one core (``python benchmarks/bots.py``; README's "Bots")
DEFAULT_PLAYOUTS = 60


class MctsBot:
    """The ``mcts`` bot (the module's docstring says how it plays). ``playouts``: the playouts a
    move (≥ 1); ``seed``: seeds its determinizations (same seed, same choices). ``passed_over``
    counts the determinizations the rebuilt engine refused to replay (0 is expected)."""

    def __init__(self, playouts: int, seed: int = 0):
        if playouts < 1:
            raise ValueError(f"mcts takes at least 1 playout a move, got {playouts}")
        self.name = f"mcts:{playouts}"
        self.playouts = playouts
        self.random = random.Random(seed)
        self.passed_over = 0

    def choose(self, view: SeatView, legal: list[str]) -> str:
        """One of ``legal`` (not empty): the action of best mean points over the determinizations."""
        choice = settled(legal)
        if choice is not None:
            return choice
        team = view.seat % view.ruleset.teams
        totals = dict.fromkeys(legal, 0.0)
        tried = 0
        for _ in range(math.ceil(self.playouts / len(legal))):
            position = determinized(view, legal, self.random)
            if position is None:
                self.passed_over += 1
                continue
            tried += 1
            for action in legal:
                totals[action] += playout(position.fork(), view.seat, action, team, self.random)
        if not tried:
            return heuristic_action(view.state, view.ruleset, view.seat, legal, self.random)
        return max(legal, key=totals.__getitem__)  # max keeps the first of equals

    def close(self) -> None:
        """Nothing to end."""


def determinized(view: SeatView, legal: list[str], rng: random.Random) -> Engine | None:
    """An engine at the position ``view`` shows, the cards the seat has not seen dealt at random
    (``rng``), or None when the rebuilt engine refuses the deal or an action of the history, or
    does not offer the seat every action of ``legal`` (``show_cards`` left out)."""
    state, ruleset = view.state, view.ruleset
    hand = state["hand"]
    players = state["players"]
    vira = Card.parse(hand["vira"]) if hand["vira"] else None
    shown = {int(seat): [Card.parse(card) for card in cards] for seat, cards in hand["hands"].items()}
    played: list[list[Card | None]] = [[] for _ in range(players)]  # each seat's cards on the table, in order
    for trick in hand["tricks"]:
        for play in trick["cards"]:
            played[play["seat"]].append(None if play["card"] is None else Card.parse(play["card"]))
    seen = {card for cards in shown.values() for card in cards} | {card for cards in played for card in cards if card}
    unseen = [card for card in ruleset.deck if card not in seen and card != vira]
    rng.shuffle(unseen)
    held = [shown[seat] if seat in shown else [unseen.pop() for _ in range(hand["cards_held"][seat])]
            for seat in range(players)]
    played = [[card if card is not None else unseen.pop() for card in cards] for cards in played]
    dealt = [list(cards) for cards in held]
    turns = [0] * players  # each seat's plays met so far, going through the history
    history = []
    for seat, action in view.history:
        if action.startswith(("play:", "play_blind:", COVERED)):
            card = played[seat][turns[seat]]
            turns[seat] += 1
            if action == COVERED:
                action = f"{COVERED}:{card}"
        history.append((seat, action))
    for seat, action in reversed(view.history):  # put each card back where it was dealt
        if action.startswith(("play:", "play_blind:", COVERED)):
            turns[seat] -= 1
            card = played[seat][turns[seat]]
            position = int(action.partition(":")[2]) - 1 if action.startswith("play_blind:") else len(dealt[seat])
            dealt[seat].insert(position, card)
    engine = Engine(ruleset, players, seed=rng.getrandbits(32), dealer=hand["dealer"], scores=state["score"],
                    games_won=state["games_won"])
    try:
        engine.deal(dealt, vira)
        for seat, action in history:
            engine.act(seat, action)
    except (BadDeal, IllegalAction):
        return None
    offered = set(engine.legal_actions(view.seat, show_cards=False))
    return engine if offered.issuperset(action for action in legal if action != "show_cards") else None


def playout(engine: Engine, seat: int, action: str, team: int, rng: random.Random) -> int:
    """``seat`` takes ``action`` in ``engine`` (changed), then the hand is played to its end by the
    heuristic policy. Returns the points ``team`` gained in it less those the other teams gained.
    Raises ``IllegalAction`` when the engine refuses ``action``."""
    before = list(engine.score)
    engine.act(seat, action)
    while (asked := seat_to_act(engine, show_cards=False)) is not None:
        actor, legal = asked
        engine.act(actor, heuristic_action(engine.state(actor), engine.ruleset, actor, legal, rng))
    gained = [after - start for after, start in zip(engine.score, before)]
    return gained[team] - (sum(gained) - gained[team])
