"""Bots of graded strength behind one interface, ``Bot``, and ``make_bot`` to build one from its spec.

A bot is asked ``choose(view, legal)``: ``view`` is a ``SeatView`` (what its seat may see), ``legal``
the seat's legal actions; it answers one of them. The rungs, weakest first:

- ``random``: any legal action, uniformly;
- ``heuristic``: plays by the strength of its hand (``heuristic.py``);
- ``mcts`` / ``mcts:N``: determinized Monte Carlo over the hidden cards, N playouts a move (``mcts.py``);
- ``cmd:PROGRAM ARGS``: any program speaking the bot protocol (conformance/BOTS.md; ``program.py``).
"""

from __future__ import annotations

import random
import shlex
from typing import Protocol

from truco_dsl.diagnostics import did_you_mean
from truco_dsl.simulation.heuristic import HeuristicBot
from truco_dsl.simulation.mcts import DEFAULT_PLAYOUTS, MctsBot
from truco_dsl.simulation.program import ProgramBot
from truco_dsl.simulation.view import SeatView

#: the bots ``make_bot`` knows by name (``cmd:`` comes before a program)
KINDS = ("random", "heuristic", "mcts", "cmd")


class Bot(Protocol):
    """What a game asks of a bot. ``name``: how reports name it (``random``, ``mcts:200``, …)."""

    name: str

    def choose(self, view: SeatView, legal: list[str]) -> str:
        """One of ``legal`` (the seat's legal actions, never empty) for the position ``view`` shows.
        A bot run as a program raises ``BotError`` when it breaks the bot protocol."""

    def close(self) -> None:
        """End what the bot holds (a program's process); nothing for the others."""


class RandomBot:
    """The ``random`` bot: every legal action equally likely, drawn from ``random.Random(seed)``."""

    def __init__(self, seed: int = 0):
        self.name = "random"
        self.random = random.Random(seed)

    def choose(self, view: SeatView, legal: list[str]) -> str:
        """A legal action drawn uniformly from ``legal`` (not empty)."""
        return self.random.choice(legal)

    def close(self) -> None:
        """Nothing to end."""


def make_bot(spec: str, seed: int = 0) -> Bot:
    """The bot ``spec`` names: ``random``, ``heuristic``, ``mcts`` (``DEFAULT_PLAYOUTS`` playouts a
    move), ``mcts:N`` (N playouts a move, N ≥ 1) or ``cmd:PROGRAM ARGS`` (split as a shell would,
    run without one; started at once, and sent ``seed`` with ``hello``). ``seed``: the same seed
    gives the same choices (a program's, if it seeds its draws with it).

    Raises ``ValueError`` for an unknown spec (with "did you mean") or a bad N, and ``BotError``
    when a program cannot be started or does not answer ``hello``.
    """
    kind, colon, argument = spec.strip().partition(":")
    if kind == "cmd" and colon:
        try:
            command = shlex.split(argument)
        except ValueError as problem:
            raise ValueError(f"bot {spec!r}: the command cannot be split as a shell would: {problem}") from None
        if not command:
            raise ValueError(f"bot {spec!r}: cmd: names no program (write cmd:PROGRAM ARGS)")
        return ProgramBot(command, seed)
    if kind == "mcts":
        if not colon:
            return MctsBot(DEFAULT_PLAYOUTS, seed)
        if argument.isdigit() and int(argument) >= 1:
            return MctsBot(int(argument), seed)
        raise ValueError(f"bot {spec!r}: mcts:N takes N, the playouts a move, a whole number from 1")
    if kind in ("random", "heuristic") and not colon:
        return RandomBot(seed) if kind == "random" else HeuristicBot(seed)
    raise ValueError(f"unknown bot {spec!r}{did_you_mean(kind, KINDS)}; the bots are random, heuristic, mcts, "
                     f"mcts:N and cmd:PROGRAM ARGS")
