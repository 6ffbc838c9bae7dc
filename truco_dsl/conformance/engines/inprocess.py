"""An engine in this process (``--engine python:module:Class``), held to the per-request timeout as
an engine program is (``process.py``).

Python cannot stop a thread. So ``TimedAdapter`` runs each call into the engine — making it, and
every ``EngineAdapter`` method and member the steps read — in a thread of its own (``timed``), and
waits at most ``timeout`` seconds for it. A call that takes longer raises ``EngineTimeout``: the
scenario's outcome is ``timeout`` and the run goes on, the next scenario with an engine made afresh.
The late call is abandoned, not stopped: it goes on in its thread (a daemon: it does not keep the
process alive) until it returns or the run ends, and its engine is never called again. A call that
waits (a sleep, a lock, a read) costs nothing more; one that computes forever takes a share of the
processor from the rest of the run. An engine that may hang that way is better run as a program
(``--engine 'CMD'``), which is killed at a timeout. Importing the engine's module is not timed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any

from truco_dsl.conformance.engines.adapter import EngineAdapter, LineCount, Outcome
from truco_dsl.conformance.reason_codes import unknown_reason_in
from truco_dsl.errors import EngineTimeout, ProtocolViolation


def timed(what: str, call: Callable[..., Any], *arguments: Any, timeout: float, **keywords: Any) -> Any:
    """``call(*arguments, **keywords)`` run in a thread of its own: what it returns, or what it
    raises (re-raised here, ``SystemExit`` too), if it ends within ``timeout`` seconds. Raises
    ``EngineTimeout`` when it has not: ``what`` names the call in the message (``act``); the call
    goes on in its thread."""
    ended: dict[str, Any] = {}

    def run() -> None:
        try:
            ended["result"] = call(*arguments, **keywords)
        except BaseException as problem:  # handed to the caller, whatever it is
            ended["raised"] = problem

    worker = threading.Thread(target=run, name=f"engine call: {what}", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise EngineTimeout(f"no reply to {what} within {timeout:g} s: the in-process engine's call has not returned "
                            f"(it is left running in the background; Python cannot stop it)")
    if "raised" in ended:
        raise ended["raised"]
    return ended["result"]


class TimedAdapter:
    """An ``EngineAdapter`` passing every call to the engine ``factory()`` makes, each within
    ``timeout`` seconds (``timed``). Making it is timed too: the constructor raises
    ``EngineTimeout`` when ``factory`` does not return in time, and whatever ``factory`` raises.
    Each call returns what the engine's returns and raises what it raises, or ``EngineTimeout``;
    after a call timed out, every later call raises ``EngineTimeout`` at once (the engine is still
    busy with it) but ``close``, which then does nothing."""

    def __init__(self, factory: Callable[[], EngineAdapter], timeout: float):
        self.timeout = timeout
        self._late: str | None = None  # the call that timed out
        self._ruleset: str | None = None  # the rule set played, whose codes a refusal may give (reason_codes)
        self.engine: EngineAdapter = self._call("making the engine", factory)

    def _call(self, what: str, call: Callable[..., Any], *arguments: Any, **keywords: Any) -> Any:
        if self._late is not None:
            raise EngineTimeout(f"the in-process engine has not yet returned from {self._late}, which timed out")
        try:
            return timed(what, call, *arguments, timeout=self.timeout, **keywords)
        except EngineTimeout:
            self._late = what
            raise

    @property
    def name(self) -> str:
        return str(self._call("name", getattr, self.engine, "name"))

    @property
    def features(self) -> frozenset[str]:
        return frozenset(self._call("features", getattr, self.engine, "features"))

    @property
    def readings(self) -> Mapping[str, str]:
        return self._call("readings", getattr, self.engine, "readings", None) or {}

    def supports(self, ruleset: str, players: int) -> bool:
        return self._call("supports", self.engine.supports, ruleset, players)

    def new_game(self, ruleset: str, players: int, dealer: int, scores: list[int], hands: list[list[str]] | None,
                 vira: str | None, seed: int | None, games_won: list[int] | None = None) -> list[dict[str, Any]]:
        self._ruleset = ruleset
        if games_won is None:  # call the engine as the steps did (an adapter may not take games_won)
            return self._call("new_game", self.engine.new_game, ruleset, players, dealer, scores, hands, vira, seed)
        return self._call("new_game", self.engine.new_game, ruleset, players, dealer, scores, hands, vira, seed,
                          games_won=games_won)

    def next_hand(self, hands: list[list[str]] | None, vira: str | None) -> list[dict[str, Any]]:
        return self._call("next_hand", self.engine.next_hand, hands, vira)

    def legal_actions(self, seat: int) -> list[str]:
        return self._call("legal_actions", self.engine.legal_actions, seat)

    def act(self, seat: int, action: str) -> Outcome:
        """The engine's ``act``; raises ``ProtocolViolation`` for a refusal whose reason code is neither
        the protocol's nor one the rule set played declares (``reason_codes.unknown_reason_in``)."""
        outcome = self._call("act", self.engine.act, seat, action)
        unknown = None if outcome.accepted else unknown_reason_in(outcome.reason, self._ruleset)
        if unknown is not None:
            raise ProtocolViolation(f"act by seat {seat} of {action!r} was refused with an {unknown}"
                                    f"{' (detail: ' + outcome.detail + ')' if outcome.detail else ''}")
        return outcome

    def state(self, seat: int | None = None) -> dict[str, Any]:
        return self._call("state", self.engine.state, seat)

    def count(self, depth: int | None) -> LineCount:
        return self._call("count", self.engine.count, depth)

    def close(self) -> None:
        if self._late is None:
            self._call("close", self.engine.close)
