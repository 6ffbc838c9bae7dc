"""One game played by bots: counted, and recorded so that it can be replayed.

``play_game`` plays one engine (``Engine(ruleset, players, seed=seed)``: its seeded shuffle deals
every hand) from its first deal to the end of its match. At each step the seat ``view.seat_to_act``
names (the first seat, in the order of play from the one that must answer first, with a legal
action) is asked: its bot is given its ``SeatView`` and its legal actions, and its answer is taken
with ``Engine.act``. A ``GameTally`` (``measures``) counts what the game showed; with ``record``,
every deal (the hands and vira dealt) and every action are kept (``new_record``), so that
``replay`` can play the game again with forced deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from truco_dsl.engine import Engine
from truco_dsl.errors import BotError
from truco_dsl.rules import RuleSet
from truco_dsl.simulation.measures import GameTally
from truco_dsl.simulation.view import seat_to_act, seat_view

if TYPE_CHECKING:  # pragma: no cover
    from truco_dsl.simulation.bots import Bot

#: the record format's version (a line of ``truco simulate --record`` and ``truco play --record``)
RECORD_VERSION = 1


@dataclass
class PlayedGame:
    """What ``play_game`` gives: the tally's ``counts``, the games each team won (``games_won``),
    the match's ``winner`` (a team, None when none won: both disqualified), the final ``score``
    (points, each team's) and the ``record`` (None unless asked for: ``new_record``)."""

    counts: dict[str, Any]
    games_won: list[int]
    winner: int | None
    score: list[int]
    record: dict[str, Any] | None


def play_game(ruleset: RuleSet | str, players: int, seed: int | None, bots: list[Bot], record: bool = False) -> PlayedGame:
    """Play one whole match of ``ruleset`` (a ``RuleSet`` or an id) at ``players`` seats, shuffled by ``seed``, ``bots[seat]``
    choosing for each seat (the last seat deals first). Returns a ``PlayedGame``. The bots are not
    closed. Raises ``ValueError`` when ``bots`` does not give each seat one (or as ``Engine`` does),
    ``BotError`` when a bot answers an action that is not legal (or, as a program, breaks the bot
    protocol), ``RuleSetIncomplete`` when a clause fails, ``RuntimeError`` when no seat has a legal
    action in a hand in play (a rule set that stalls: ``truco validate`` proves the bundled ones do not)."""
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, one a seat; got {len(bots)}")
    engine = Engine(ruleset, players=players, seed=seed)
    ruleset = engine.ruleset
    played = new_record(ruleset, players, seed, engine.next_dealer, None, [bot.name for bot in bots]) if record else None
    tally = GameTally()
    history: list[tuple[int, str]] = []  # the hand's actions so far
    while engine.phase != "game_over":
        if engine.phase == "deal":
            events = engine.deal()
            history = []
            if played is not None:
                played["steps"].append(dealt_step(engine))
            tally.dealt(engine, events)
            continue
        asked = seat_to_act(engine)
        if asked is None:
            raise RuntimeError(f"{ruleset.id}: no seat has a legal action in hand {engine.hand_count}, though it is not over")
        seat, legal = asked
        action = bots[seat].choose(seat_view(engine, seat, history), legal)
        if action not in legal:
            raise BotError(f"bot {bots[seat].name} (seat {seat}) chose {action!r}, which is not among its legal actions {legal}")
        events = engine.act(seat, action)
        history.append((seat, action))
        if played is not None:
            played["steps"].append({"seat": seat, "action": action})
        tally.acted(engine, events)
    return PlayedGame(tally.counts, list(engine.games_won), engine.winner, list(engine.score), played)


def new_record(ruleset: RuleSet, players: int, seed: int | None, dealer: int, scores: list[int] | None,
               seats: list[str]) -> dict[str, Any]:
    """The start of a game's record, its ``steps`` empty: ``{"version", "ruleset", "players",
    "seed", "dealer" (the first hand's), "scores" (each team's points at the start), "seats" (who
    played each seat: a bot's name, or ``person``), "steps"}``. A step is ``dealt_step`` or
    ``{"seat": seat, "action": action}``. The format of ``truco simulate --record`` and
    ``truco play --record``, one JSON line a game; ``replay`` plays it again."""
    return {"version": RECORD_VERSION, "ruleset": ruleset.id, "players": players, "seed": seed, "dealer": dealer,
            "scores": [0] * ruleset.teams if scores is None else list(scores), "seats": seats, "steps": []}


def dealt_step(engine: Engine) -> dict[str, Any]:
    """The step of a record for the hand ``engine`` has just dealt: ``{"deal": {"hands": [[card, ...]
    per seat], "vira": card or None}}`` (notations), the hands as dealt, before any card is played."""
    hand = engine.hand
    return {"deal": {"hands": [[str(card) for card in cards] for cards in hand.hands],
                     "vira": None if hand.vira is None else str(hand.vira)}}


def replay(record: dict[str, Any], ruleset: RuleSet) -> Engine:
    """The engine of a recorded game (``new_record``, a line of ``--record``) played again: every
    deal forced as recorded, every action taken again, under ``ruleset`` (the one the record
    names). Returns the engine at the record's end. Raises ``BadDeal`` or ``IllegalAction`` when the
    record does not play under ``ruleset`` (another rule set, a record changed by hand)."""
    engine = Engine(ruleset, players=record["players"], dealer=record["dealer"], scores=record["scores"])
    for step in record["steps"]:
        if "deal" in step:
            engine.deal(step["deal"]["hands"], step["deal"]["vira"])
        else:
            engine.act(step["seat"], step["action"])
    return engine
