"""One simulated game: bots choose every action of an engine's match, counted and recorded.

``play_game(ruleset, players, seed, sides)`` plays one engine (``Engine(ruleset, players,
seed=seed)``: its seeded shuffle deals every hand) from its first deal to the end of its match.
At every step the seats that have a legal action are found, and the first of them after the seat
that acted last (in the order of play) acts: its bot is given the seat's view and its legal
actions (``bots``). The game's counts are kept by a ``GameTally`` (``measures``); with
``record``, every deal (the hands and vira dealt) and action is kept, so that the game can be
replayed with forced deals (``replay``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from truco_dsl.engine import Engine
from truco_dsl.rules import RuleSet
from truco_dsl.simulation.bots import make_bot, seat_view
from truco_dsl.simulation.measures import GameTally

#: the record format's version (a line of ``truco simulate --record`` and ``truco play --record``)
RECORD_VERSION = 1


@dataclass
class PlayedGame:
    """What ``play_game`` gives: the tally's ``counts``, the games each team won (``games_won``),
    and the ``record`` (None unless asked for: ``new_record``)."""

    counts: dict[str, Any]
    games_won: list[int]
    record: dict[str, Any] | None


def play_game(ruleset: RuleSet, players: int, seed: int, sides: tuple[str, ...], record: bool = False) -> PlayedGame:
    """Play one whole match of ``ruleset`` at ``players`` seats, shuffled by ``seed``, the bot
    ``sides[0]`` at the seats of team 0 and ``sides[1]`` at team 1's (specs of
    ``bots.make_bot``, each seat's bot seeded by ``seed`` and its seat). Returns a ``PlayedGame``.
    Raises ``RuleSetIncomplete`` when a clause fails, ``BotError`` when a bot program misbehaves."""
    engine = Engine(ruleset, players=players, seed=seed)
    bots = [make_bot(sides[seat % engine.teams], seed * 16 + seat) for seat in range(players)]
    tally = GameTally()
    steps: list[dict[str, Any]] | None = [] if record else None
    history: list[tuple[int, str]] = []  # the hand's actions so far
    last = players - 1
    try:
        while engine.phase != "game_over":
            if engine.phase == "deal":
                events = engine.deal()
                history = []
                if steps is not None:
                    steps.append(dealt_step(engine))
                tally.dealt(engine, events)
                continue
            seat, legal = _next_to_act(engine, last)
            action = bots[seat].choose(seat_view(engine, seat, history), legal)
            events = engine.act(seat, action)
            history.append((seat, action))
            if steps is not None:
                steps.append({"seat": seat, "action": action})
            tally.acted(engine, events)
            last = seat
    finally:
        for bot in bots:
            bot.close()
    played = new_record(ruleset, players, seed, players - 1, None, [sides[seat % engine.teams] for seat in range(players)])
    played["steps"] = steps
    return PlayedGame(tally.counts, list(engine.games_won), played if record else None)


def new_record(ruleset: RuleSet, players: int, seed: int | None, dealer: int, scores: list[int] | None,
               seats: list[str]) -> dict[str, Any]:
    """The start of a game's record, its ``steps`` empty: ``{"version", "ruleset", "players",
    "seed", "dealer" (the first hand's), "scores" (each team's points at the start), "seats" (who
    played each seat: a bot's spec, or ``person``), "steps"}``. A step is ``dealt_step`` or
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


def _next_to_act(engine: Engine, last: int) -> tuple[int, list[str]]:
    """The first seat after ``last``, in the order of play, that has a legal action, and those actions."""
    for offset in range(1, engine.players + 1):
        seat = (last + offset) % engine.players
        legal = engine.legal_actions(seat)
        if legal:
            return seat, legal
    raise RuntimeError("a hand in play where no seat has a legal action")  # the rule set's proof refuses such a rule set


def replay(record: dict[str, Any], ruleset: RuleSet) -> Engine:
    """The engine of a recorded game (``PlayedGame.record``, a line of ``--record``) played again:
    every deal forced as recorded, every action taken again, under ``ruleset`` (the one the record
    names). Returns the engine at the game's end. Raises ``BadDeal`` or ``IllegalAction`` when the
    record does not play under ``ruleset`` (another rule set, a record changed by hand)."""
    engine = Engine(ruleset, players=record["players"], dealer=record["dealer"], scores=record["scores"])
    for step in record["steps"]:
        if "deal" in step:
            engine.deal(step["deal"]["hands"], step["deal"]["vira"])
        else:
            engine.act(step["seat"], step["action"])
    return engine
